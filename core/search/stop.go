package search

import "errors"

// ErrInterrupted is the error of a search stopped by ISMCTS.Stop (Ctrl-C, SIGTERM): the decision is
// not made.
var ErrInterrupted = errors.New("ismcts: the search was interrupted")

// endsSearch is an error that no later iteration can avoid, such as a hook stopped by one of its
// limits (an endless loop runs out its budget in every world): it ends the search at once instead of
// dropping the iteration as a world the rules cannot play. The Lua host's limit errors implement it.
type endsSearch interface{ EndsSearch() bool }

// fatal reports whether err ends the search: a search policy's error (policyError) or an error that
// says it does (endsSearch).
func fatal(err error) bool {
	if pe := (policyError{}); errors.As(err, &pe) {
		return true
	}
	var es endsSearch
	return errors.As(err, &es) && es.EndsSearch()
}

// stopped reports whether the search must stop now (Stop says so).
func (b *ISMCTS) stopped() bool { return b.Stop != nil && b.Stop() }
