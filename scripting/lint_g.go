package scripting

import (
	"fmt"

	"github.com/yuin/gopher-lua/ast"
)

// gWrites finds the statements that write a field of g (`g.x = v`, `g[k] = v`, `function g.f()`,
// `function g:f()`): g is read-only, and a write over one of its methods would otherwise be found only
// at the end of the game (gHandle.checkMethods). Like gCalls, it looks at the plain name g, which rules
// and bots both use for their handle.
func gWrites(path string, stmts []ast.Stmt) []error {
	var found []error
	report := func(line int, what string) {
		found = append(found, fmt.Errorf("%s:%d: %s: g is read-only: keep game state in zones and values (g:set), not in fields of g", path, line, what))
	}
	walkAST(stmts, func(n any) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range s.Lhs {
				if field, ok := gField(lhs); ok {
					report(s.Line(), "assigns "+field)
				}
			}
		case *ast.FuncDefStmt:
			if isG(s.Name.Receiver) {
				report(s.Line(), "defines g:"+s.Name.Method)
			} else if field, ok := gField(s.Name.Func); ok {
				report(s.Line(), "defines "+field)
			}
		}
		return true
	})
	return found
}

// gField spells e when it is a field of g (g.name, or g[...]).
func gField(e ast.Expr) (string, bool) {
	a, ok := e.(*ast.AttrGetExpr)
	if !ok || !isG(a.Object) {
		return "", false
	}
	if k, ok := a.Key.(*ast.StringExpr); ok {
		return "g." + k.Value, true
	}
	return "g[...]", true
}

func isG(e ast.Expr) bool {
	id, ok := e.(*ast.IdentExpr)
	return ok && id.Value == "g"
}
