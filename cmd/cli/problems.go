package cli

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
)

// Problem is one problem found: where and what. Line and col are 0 when the problem has no position
// (a missing file, a setup that fails); col alone is 0 when the message gives only a line.
type Problem struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// String is the problem as a line: file:line:col: message (file:line: or file: when it has less).
func (p Problem) String() string {
	switch {
	case p.File == "":
		return p.Message
	case p.Line == 0:
		return fmt.Sprintf("%s: %s", p.File, p.Message)
	case p.Col == 0:
		return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Message)
	}
	return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Message)
}

// errorParts flattens joined errors into the problems they join (config.ErrorParts).
func errorParts(err error) []error { return config.ErrorParts(err) }

// posPrefix is the file:line:col: (or file:line:) a positioned message starts with (YAML, Lua, scenarios).
var posPrefix = regexp.MustCompile(`^([^:]+):(\d+):(?:(\d+):)? `)

// problemsOf splits an error into problems (a joined error is one per part), each with its position,
// ordered by file (in the order the files first appear) then by line and column; a part without a
// file is path's ("" for none).
func problemsOf(path string, err error) []Problem {
	var out []Problem
	for _, e := range errorParts(err) {
		out = append(out, problemOf(path, e))
	}
	sortProblems(out)
	return out
}

func problemOf(path string, err error) Problem {
	var pe *config.PosError
	if errors.As(err, &pe) && err.Error() == pe.Error() {
		return Problem{File: config.Shown(pe.File), Line: pe.Line, Col: pe.Col, Message: pe.Msg}
	}
	msg := err.Error()
	if m := posPrefix.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		return Problem{File: m[1], Line: line, Col: col, Message: msg[len(m[0]):]}
	}
	if path != "" {
		if rest, ok := strings.CutPrefix(msg, path+": "); ok {
			msg = rest
		}
	}
	return Problem{File: path, Message: msg}
}

// sortProblems orders problems by file, in the order each file first appears (the order scripts
// load), then by line and column, so a file's problems read top to bottom.
func sortProblems(ps []Problem) {
	rank := map[string]int{}
	for _, p := range ps {
		if _, ok := rank[p.File]; !ok {
			rank[p.File] = len(rank)
		}
	}
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if rank[a.File] != rank[b.File] {
			return rank[a.File] < rank[b.File]
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// printProblems writes each problem on its own line.
func printProblems(w io.Writer, ps []Problem) {
	for _, p := range ps {
		fmt.Fprintln(w, p)
	}
}
