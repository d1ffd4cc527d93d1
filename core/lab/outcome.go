package lab

import (
	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/stats"
)

// Failures notes a batch's failed games: the first, with its index, and the first few messages.
type Failures struct {
	First      string   // the first failure's message
	FirstIndex int      // the first failed game's index (when Count > 0)
	List       []string // the first few failures
	Count      int
}

// maxListed is how many failures Failures lists.
const maxListed = 5

// Note counts r if it failed.
func (f *Failures) Note(r core.Result) {
	if r.Error == "" {
		return
	}
	if f.Count == 0 {
		f.First, f.FirstIndex = r.Error, r.Index
	}
	f.Count++
	if len(f.List) < maxListed {
		f.List = append(f.List, r.Error)
	}
}

// BatchOutcome is what sim and merge report after a batch: the summary of the games that finished, the
// failures, and how far an interrupted batch got.
type BatchOutcome struct {
	Summary stats.Summary
	Header  Header
	Failures
	Interrupted bool
	Done, Total int    // with Interrupted: the games finished and planned
	Out         string // the results file, if any
	Resume      bool   // an interrupted batch can be resumed (it has a results file)
}
