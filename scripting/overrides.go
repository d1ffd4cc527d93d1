package scripting

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/suggest"
)

// The static checks of a game's scripts taken together, before any of them runs (a typo in a house
// rule must not run silently as something else):
//   - a global function an override defines must replace an engine hook, a function of the scripts
//     loaded before it, or a global they call without defining it (else it replaces nothing; a local
//     function of theirs cannot be replaced, and the message says so);
//   - every `base.NAME` (in any script after the first: `base` is what the scripts before it defined)
//     must name a function of those scripts;
//   - a hook may not declare more parameters than the engine passes, nor a replacing function more
//     than its base function takes (the extra ones would always be nil). Fewer are fine: Lua drops the
//     arguments a function does not name, and a rule that ignores the last ones is common. A parameter
//     named like another position's (`trick_winner(trick)`) is an error too.

// baseFunc is a function of the scripts loaded so far, as `base` will hold it.
type baseFunc struct {
	def  FuncDef
	path string // the script that defined it (the last to)
}

// baseSet is what `base` holds before a script loads: every global function defined earlier, by name.
type baseSet struct {
	byName map[string]baseFunc
	order  []string            // names, first definition first (suggestions prefer the earlier on a tie)
	locals map[string]baseFunc // the earlier scripts' local functions, which base does not hold
	called map[string]int      // the names the earlier scripts call, with the most arguments passed
}

func newBaseSet() *baseSet {
	return &baseSet{byName: map[string]baseFunc{}, locals: map[string]baseFunc{}, called: map[string]int{}}
}

// add adds what script c defines and calls, once it has loaded.
func (b *baseSet) add(c *Chunk) {
	b.called = mergeCallArgs([]map[string]int{b.called, c.calls})
	for _, d := range c.locals {
		b.locals[d.Name] = baseFunc{def: d, path: c.Path}
	}
	for _, d := range c.Defs {
		if _, seen := b.byName[d.Name]; !seen {
			b.order = append(b.order, d.Name)
		}
		b.byName[d.Name] = baseFunc{def: d, path: c.Path}
	}
}

// overrideProblems checks chunks (in load order, overrides from index first on) as described above;
// callArgs is the most arguments any call of each name passes in the game's scripts.
func overrideProblems(chunks []*Chunk, first int, callArgs map[string]int) []error {
	var errs []error
	base := newBaseSet()
	for i, c := range chunks {
		if i > 0 {
			errs = append(errs, base.refProblems(c)...)
		}
		for _, d := range c.Defs {
			if err := defProblem(c, d, base, i >= first, callArgs); err != nil {
				errs = append(errs, err)
			}
		}
		base.add(c)
	}
	return errs
}

// refProblems checks each base.NAME of c.
func (b *baseSet) refProblems(c *Chunk) []error {
	var errs []error
	for _, r := range c.baseRefs {
		if _, ok := b.byName[r.Name]; ok {
			continue
		}
		known := make([]string, len(b.order))
		for i, n := range b.order {
			known[i] = "base." + n
		}
		hint := suggest.DidYouMean("base."+r.Name, known)
		if h, ok := HookNamed(r.Name); ok && hint == "" {
			hint = fmt.Sprintf(" (the base defines no %s hook)", h.Name)
		}
		errs = append(errs, &config.PosError{File: c.Path, Line: r.Line, Col: r.Col,
			Msg: fmt.Sprintf("base.%s is not a function of the base rules%s", r.Name, hint)})
	}
	return errs
}

// defProblem checks one global function a script defines: a hook against the engine's signature; in
// an override, any other function against the base function it replaces, which must exist.
func defProblem(c *Chunk, d FuncDef, base *baseSet, override bool, callArgs map[string]int) error {
	if d.Opaque || d.Vararg {
		return nil
	}
	msg := ""
	if h, ok := HookNamed(d.Name); ok {
		msg = hookProblem(d, h)
	} else if override {
		msg = replacementProblem(d, base, callArgs)
	}
	if msg == "" {
		return nil
	}
	return &config.PosError{File: c.Path, Line: d.Line, Col: d.Col, Msg: msg}
}

// hookProblem checks a hook's parameters against the engine's signature.
func hookProblem(d FuncDef, h Hook) string {
	if len(d.Params) > len(h.Params) {
		return fmt.Sprintf("%s declares %d parameters, but the engine calls %s with %d: %s",
			d.Signature(), len(d.Params), h.Signature(), len(h.Params), alwaysNil(d.Params[len(h.Params):]))
	}
	if m := misplaced(d.Params, h.Params); m != "" {
		return fmt.Sprintf("%s: %s in the engine's %s", d.Signature(), m, h.Signature())
	}
	return ""
}

// replacementProblem checks an override's function against the base function it replaces; a name the
// base does not define but calls (a hook point of its own, `if extra then extra(g) end`) is one too.
func replacementProblem(d FuncDef, base *baseSet, callArgs map[string]int) string {
	b, ok := base.byName[d.Name]
	if !ok {
		return newFunctionProblem(d, base)
	}
	if n, ok := takes(b.def, callArgs); ok && len(d.Params) > n {
		return fmt.Sprintf("%s declares %d parameters, but the base's %s (%s:%d) is called with at most %d: %s",
			d.Signature(), len(d.Params), b.def.Signature(), b.path, b.def.Line, n, alwaysNil(d.Params[n:]))
	}
	if m := misplaced(d.Params, b.def.Params); m != "" && !b.def.Opaque {
		return fmt.Sprintf("%s: %s in the base's %s (%s:%d)", d.Signature(), m, b.def.Signature(), b.path, b.def.Line)
	}
	return ""
}

// misplaced says which parameter of params has the name of another position's parameter in want
// (`trick_winner(trick)`: the engine passes g first, so trick would be g); "" when none does.
func misplaced(params, want []string) string {
	for i, p := range params {
		if i < len(want) && p == want[i] {
			continue
		}
		if j := slices.Index(want, p); j >= 0 {
			return fmt.Sprintf("%s is parameter %d here but parameter %d", p, i+1, j+1)
		}
	}
	return ""
}

// newFunctionProblem checks a function of an override that the base does not define: fine when the
// base calls it as a global (with no more parameters than the base passes), else it replaces nothing.
func newFunctionProblem(d FuncDef, base *baseSet) string {
	_, local := base.locals[d.Name]
	n, called := base.called[d.Name]
	switch {
	case local || !called:
		return replacesNothing(d.Name, base)
	case n >= 0 && len(d.Params) > n:
		return fmt.Sprintf("%s declares %d parameters, but the base calls %s with at most %d: %s",
			d.Signature(), len(d.Params), d.Name, n, alwaysNil(d.Params[n:]))
	}
	return ""
}

// replacesNothing is the message for a function an override defines that is neither a hook nor a
// function of its base: the closest name, or the base's local function of that name, or how to write
// a helper.
func replacesNothing(name string, base *baseSet) string {
	if l, ok := base.locals[name]; ok {
		return fmt.Sprintf("function %s replaces nothing: %s:%d defines %s as a local function, which no later script can reach (replace the functions that call it: ruleslab hooks lists them)",
			name, l.path, l.def.Line, name)
	}
	hint := suggest.DidYouMean(name, append(append([]string{}, hookNames...), base.order...))
	if hint == "" {
		hint = fmt.Sprintf(" (a helper only this file uses is written `local function %s`)", name)
	}
	return fmt.Sprintf("function %s replaces nothing: no hook or base function has that name%s", name, hint)
}

// takes is how many arguments a base function is given at most: its parameters, or more when a call
// in the scripts passes more; false when nobody can tell (it takes `...`, is assigned an opaque value,
// or a call passes a variable number).
func takes(d FuncDef, callArgs map[string]int) (int, bool) {
	if d.Opaque || d.Vararg {
		return 0, false
	}
	n, called := callArgs[d.Name]
	if called && n < 0 {
		return 0, false
	}
	return max(len(d.Params), n), true
}

func alwaysNil(extra []string) string {
	if len(extra) == 1 {
		return extra[0] + " would always be nil"
	}
	return strings.Join(extra, ", ") + " would always be nil"
}

// callArgsOf is the most arguments a call of each name passes in the chunks.
func callArgsOf(chunks []*Chunk) map[string]int {
	all := make([]map[string]int, len(chunks))
	for i, c := range chunks {
		all[i] = c.callArgs
	}
	return mergeCallArgs(all)
}

// mergeCallArgs is the most arguments a call of each name passes over several chunks' CallArgs (-1,
// a variable number, is the most).
func mergeCallArgs(all []map[string]int) map[string]int {
	out := map[string]int{}
	for _, m := range all {
		for name, n := range m {
			prev, seen := out[name]
			switch {
			case !seen, n < 0:
				out[name] = n
			case prev >= 0 && n > prev:
				out[name] = n
			}
		}
	}
	return out
}
