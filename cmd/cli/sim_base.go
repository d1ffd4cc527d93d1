package cli

import "fmt"

// baseStatus reports on stderr why a variant was not compared with its base and the base's failed
// games; it tells whether that fails the command (exit 1), as the same failures fail compare. (An
// interrupted sim has no comparison: the variant's game and the base's are played as one unit.)
func (rep *batchReport) baseStatus(io *IO) bool {
	if rep.BaseSkipped != "" {
		fmt.Fprintf(io.Err, "note: not compared with what it extends: %s\n", rep.BaseSkipped)
	}
	b := rep.Base
	if b == nil {
		return false
	}
	failed := false
	if base := b.Runs[0]; base.Failed > 0 {
		fmt.Fprintf(io.Err, "%s (%s): %d games failed (left out of the comparison); the first: %s\n", base.Name, b.BaseFile, base.Failed, base.First)
		failed = true
	}
	if b.Pairs == 0 {
		fmt.Fprintln(io.Err, "not compared with what it extends: no game finished under both")
	}
	return failed
}
