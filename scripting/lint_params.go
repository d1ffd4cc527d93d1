package scripting

import (
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/gopher-lua/ast"

	"github.com/ruleslab/ruleslab/core/suggest"
)

// paramRead is a read of a parameter by a name written in a script, `g:param("a.b")` or `PARAMS.a.b`,
// found at compile time so that a misspelled name is an error before any game runs, not a nil that
// plays as some default.
type paramRead struct {
	shown string // as written: g:param("a.b") or PARAMS.a.b
	path  []string
	line  int
}

// paramReads lists the parameter reads of a chunk whose names are constant strings.
func paramReads(stmts []ast.Stmt) []paramRead {
	var out []paramRead
	inner := map[ast.Expr]bool{} // the parts of a chain already read, whose paths are its prefixes
	walkAST(stmts, func(n any) bool {
		switch e := n.(type) {
		case *ast.FuncCallExpr:
			if r, ok := gParamRead(e); ok {
				out = append(out, r)
			}
		case *ast.AttrGetExpr:
			if inner[e] {
				break
			}
			if path := paramsChain(e); path != nil {
				out = append(out, paramRead{shown: "PARAMS." + strings.Join(path, "."), path: path, line: e.Line()})
				for x, ok := e.Object.(*ast.AttrGetExpr); ok; x, ok = x.Object.(*ast.AttrGetExpr) {
					inner[x] = true
				}
			}
		}
		return true
	})
	return out
}

// gParamRead is the read of `g:param("NAME")` with a constant NAME.
func gParamRead(c *ast.FuncCallExpr) (paramRead, bool) {
	id, ok := c.Receiver.(*ast.IdentExpr)
	if !ok || id.Value != "g" || c.Method != "param" || len(c.Args) == 0 {
		return paramRead{}, false
	}
	name, ok := c.Args[0].(*ast.StringExpr)
	if !ok {
		return paramRead{}, false
	}
	return paramRead{shown: fmt.Sprintf("g:param(%q)", name.Value), path: strings.Split(name.Value, "."), line: c.Line()}, true
}

// paramsChain is the path of names of `PARAMS.a.b` (or `PARAMS["a"]`), as far as its keys are constant
// strings; nil when e does not start at the global PARAMS with such a key.
func paramsChain(e *ast.AttrGetExpr) []string {
	var rev []string
	var cur ast.Expr = e
	for {
		switch x := cur.(type) {
		case *ast.AttrGetExpr:
			key, ok := x.Key.(*ast.StringExpr)
			if !ok {
				rev = nil // a computed key: only the part of the chain below it is known
			} else {
				rev = append(rev, key.Value)
			}
			cur = x.Object
		case *ast.IdentExpr:
			if x.Value != "PARAMS" || len(rev) == 0 {
				return nil
			}
			slices.Reverse(rev)
			return rev
		default:
			return nil
		}
	}
}

// unknownParams returns an error for each read of c naming a parameter that params (the game's, after
// its variants) does not have, with the closest name at the level that is wrong. A value that is not
// a group (a list, a map by player count read with a number) is not looked into.
func unknownParams(c *Chunk, params map[string]any) []error {
	var errs []error
	for _, r := range c.paramReads {
		if bad, hint := missingParam(r.path, params); bad != "" {
			errs = append(errs, fmt.Errorf("%s:%d: %s: the game has no parameter %s%s", c.Path, r.line, r.shown, bad, hint))
		}
	}
	return errs
}

// missingParam is the first prefix of path that params lacks ("" when none) and the closest name there.
func missingParam(path []string, params map[string]any) (string, string) {
	level := params
	for i, name := range path {
		v, ok := level[name]
		if !ok {
			prefix := strings.Join(path[:i], ".")
			var names []string
			for k := range level {
				names = append(names, joinParamPath(prefix, k))
			}
			slices.Sort(names)
			full := joinParamPath(prefix, name)
			return full, suggest.DidYouMean(full, names)
		}
		if level, ok = v.(map[string]any); !ok {
			return "", ""
		}
	}
	return "", ""
}

func joinParamPath(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}
