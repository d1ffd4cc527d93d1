package scripting

import (
	"fmt"
	"reflect"
	"sort"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"

	"github.com/ruleslab/ruleslab/core/suggest"
)

// checkSwaps rejects a multiple assignment of plain names in which a later value reads a name assigned
// earlier in the same statement (`a, b = b, a`, `a, b = 10, a + 1`): gopher-lua v1.1.2 compiles it
// wrongly for locals (the later value sees the new value), silently. A temporary variable is correct.
func checkSwaps(path string, stmts []ast.Stmt, toks []ast.Token) []error {
	var found []error
	walkAST(stmts, func(n any) bool {
		if a, ok := n.(*ast.AssignStmt); ok {
			if err := swapError(path, a, toks); err != nil {
				found = append(found, err)
			}
		}
		return true
	})
	return found
}

// walkAST calls visit for every node of a parsed chunk (statements and expressions, depth first) until
// visit returns false.
func walkAST(stmts []ast.Stmt, visit func(node any) bool) {
	stop, fields := false, structFields{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		if stop || !v.IsValid() {
			return
		}
		switch v.Kind() {
		case reflect.Interface:
			walk(v.Elem()) // the node it holds is visited as the pointer it is
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			if !visit(v.Interface()) {
				stop = true
				return
			}
			walk(v.Elem())
		case reflect.Struct:
			for _, i := range fields.of(v.Type()) {
				walk(v.Field(i))
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(stmts))
}

// structFields caches the indexes of the exported fields of each struct type a walk meets (a syntax
// node's parts): reflect's Field builds a StructField at each call, which asked at every node was
// half the time of walking a script.
type structFields map[reflect.Type][]int

func (c structFields) of(t reflect.Type) []int {
	if idx, ok := c[t]; ok {
		return idx
	}
	idx := []int{}
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			idx = append(idx, i)
		}
	}
	c[t] = idx
	return idx
}

func swapError(path string, a *ast.AssignStmt, toks []ast.Token) error {
	if len(a.Lhs) < 2 {
		return nil
	}
	for _, l := range a.Lhs {
		if _, ok := l.(*ast.IdentExpr); !ok {
			return nil
		}
	}
	assigned := map[string]bool{}
	for j, r := range a.Rhs {
		if j > 0 && j-1 < len(a.Lhs) {
			assigned[a.Lhs[j-1].(*ast.IdentExpr).Value] = true
		}
		if name := readsName(reflect.ValueOf(r), assigned, structFields{}); name != "" {
			first := a.Lhs[0].(*ast.IdentExpr).Value
			return fmt.Errorf("%s:%d:%d: `%s` is assigned and then read in one multiple assignment: gopher-lua computes this wrongly for locals (a swap gives both the same value); use a temporary variable",
				path, a.Line(), nameColumn(toks, a.Line(), first), name)
		}
	}
	return nil
}

func readsName(v reflect.Value, names map[string]bool, fields structFields) string {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return ""
		}
		if id, ok := v.Interface().(*ast.IdentExpr); ok && names[id.Value] {
			return id.Value
		}
		if _, ok := v.Interface().(*ast.FunctionExpr); ok {
			return "" // a function body runs later
		}
		return readsName(v.Elem(), names, fields)
	case reflect.Struct:
		for _, i := range fields.of(v.Type()) {
			if n := readsName(v.Field(i), names, fields); n != "" {
				return n
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			if n := readsName(v.Index(i), names, fields); n != "" {
				return n
			}
		}
	}
	return ""
}

// MethodCall is a `g:name(...)` call in a script, found at compile time so `validate` can name a
// method g does not have before any game runs.
type MethodCall struct {
	Method string
	Line   int
}

// gCalls lists every method call on a plain name `g` (rules and bots both call their handle g).
func gCalls(stmts []ast.Stmt) []MethodCall {
	var out []MethodCall
	walkAST(stmts, func(n any) bool {
		if c, ok := n.(*ast.FuncCallExpr); ok && c.Method != "" {
			if id, ok := c.Receiver.(*ast.IdentExpr); ok && id.Value == "g" {
				out = append(out, MethodCall{Method: c.Method, Line: c.Line()})
			}
		}
		return true
	})
	return out
}

// unknownGMethods returns an error for each call of a method not in known.
func unknownGMethods(c *Chunk, known map[string]lua.LGFunction, who string) []error {
	var errs []error
	for _, m := range c.GCalls {
		if _, ok := known[m.Method]; !ok {
			errs = append(errs, fmt.Errorf("%s:%d: g:%s: %s g has no method %q%s", c.Path, m.Line, m.Method, who, m.Method,
				suggest.DidYouMean(m.Method, sortedMethods(known))))
		}
	}
	return errs
}

// sortedMethods are the names of a method table, sorted (suggestions are then deterministic).
func sortedMethods(known map[string]lua.LGFunction) []string {
	names := make([]string, 0, len(known))
	for n := range known {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
