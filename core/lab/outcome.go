package lab

import (
	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/stats"
)

// Failures notes a batch's failed games: the first, with its index, and the first few messages. Its
// JSON is what --json prints of the failures of any batch: {"count", "first_index", "first": [...]}.
type Failures struct {
	Count      int      `json:"count"`
	First      string   `json:"-"`           // the first failure's message
	FirstIndex int      `json:"first_index"` // the first failed game's index (when Count > 0)
	List       []string `json:"first"`       // the first few failures
}

// maxListed is how many failures Failures lists.
const maxListed = 5

// Note counts r if it failed.
func (f *Failures) Note(r core.Result) { f.NoteError(r.Index, r.Error) }

// NoteError counts game index's failure msg; "" is no failure.
func (f *Failures) NoteError(index int, msg string) {
	if msg == "" {
		return
	}
	if f.Count == 0 {
		f.First, f.FirstIndex = msg, index
	}
	f.Count++
	if len(f.List) < maxListed {
		f.List = append(f.List, msg)
	}
}

// IfAny is f, or nil (left out of --json) when no game failed.
func (f *Failures) IfAny() *Failures {
	if f.Count == 0 {
		return nil
	}
	return f
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
