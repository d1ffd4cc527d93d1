package cli

import "fmt"

// baseStatus reports on stderr why a variant was not compared with its base, the base's failed games
// and an interrupted comparison; it tells whether that fails the command (exit 1), as the same
// failures fail compare.
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
	if b.Pairs == 0 && !b.Interrupted {
		fmt.Fprintln(io.Err, "not compared with what it extends: no game finished under both")
	}
	if b.Interrupted {
		fmt.Fprintf(io.Err, "interrupted while playing what it extends: the comparison covers %d of %d games\n", b.Pairs, b.Planned)
		failed = true
	}
	return failed
}
