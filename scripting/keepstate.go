package scripting

import (
	"fmt"

	"github.com/yuin/gopher-lua/ast"
)

// StateWrite is a place where a function of a script writes a module-level local or a global (or a
// field of one): state that would outlive the game it was written in if the script were loaded once
// for every game of a worker. Such a script is loaded again for each game instead (Program.KeepsState).
type StateWrite struct {
	Path string
	Name string // the module-level local or global written
	Line int
	// GoFunction: Name holds a Go function a library made while the script loaded (a string.gmatch
	// iterator), found once the scripts are loaded; Line is where Name is declared (0: not found)
	GoFunction bool
}

// Message says what is kept and what it costs, as `validate` shows it.
func (w StateWrite) Message() string {
	if w.GoFunction {
		at := ""
		if w.Line > 0 {
			at = fmt.Sprintf(" (line %d)", w.Line)
		}
		return fmt.Sprintf("keeps state between games in `%s`%s, a library's function made while loading (a string.gmatch iterator keeps its place): make it in the hook, or it is reloaded for every game at a cost", w.Name, at)
	}
	return fmt.Sprintf("keeps state between games in `%s` (line %d): use g:set, or it is reloaded for every game at a cost",
		w.Name, w.Line)
}

func (w StateWrite) String() string { return w.Path + ": " + w.Message() }

// firstWrites keeps the first write of each name of each file (a cache is usually written in
// several places; one note says it).
func firstWrites(ws []StateWrite) []StateWrite {
	seen := map[[2]string]bool{}
	var out []StateWrite
	for _, w := range ws {
		if k := [2]string{w.Path, w.Name}; !seen[k] {
			seen[k] = true
			out = append(out, w)
		}
	}
	return out
}

// luaScope is one block's local names; fn marks the outermost block of a function body, ctx that
// function (nil for the chunk's top level), funcs the locals declared with a function as value, and
// aliases the locals declared as a module-level local.
type luaScope struct {
	names   map[string]bool
	parent  *luaScope
	fn      bool
	ctx     *funcCtx
	funcs   map[string]*funcCtx
	aliases map[string]string // a function's locals declared as a module-level local (`local t = T`)
}

// function is the function the scope's code runs in (nil: the chunk's top level, at load).
func (s *luaScope) function() *funcCtx {
	for sc := s; sc != nil; sc = sc.parent {
		if sc.fn {
			return sc.ctx
		}
	}
	return nil
}

// declaring is the scope that declares name as seen from s (nil: a global).
func (s *luaScope) declaring(name string) *luaScope {
	for sc := s; sc != nil; sc = sc.parent {
		if sc.names[name] {
			return sc
		}
	}
	return nil
}

// inFunction says whether name is a local of the running function (or of a function around it) rather
// than a module-level local or a global.
func (s *luaScope) inFunction(name string) bool {
	for sc := s; sc != nil; sc = sc.parent {
		if sc.names[name] {
			return inside(sc)
		}
	}
	return false
}

// moduleLocal says whether name, read in scope s, is a module-level local.
func (s *luaScope) moduleLocal(name string) bool {
	for sc := s; sc != nil; sc = sc.parent {
		if sc.names[name] {
			return !inside(sc)
		}
	}
	return false
}

// stateScan walks a chunk's syntax tree with its scopes and records every write, from inside a
// function, to a name that is not the function's own local, and every module-level local a function
// uses other than by indexing it (t[k], t.k) or taking its length: such a table may reach code that
// writes it.
type stateScan struct {
	path    string
	writes  []StateWrite
	escapes map[string]bool
	outer   []outerWrite // writes to an enclosing function's local (keepstate_closures.go)
	// the writes and escapes found in functions, with the function: those of a function that only
	// runs while the script loads are no state (keepstate_closures.go)
	inWrites  []ctxWrite
	inEscapes []ctxWrite
	handoffs  []handoff
}

// keptState lists the writes to module-level state in a parsed chunk, in source order.
func keptState(path string, stmts []ast.Stmt) []StateWrite {
	return scanState(path, stmts).writes
}

func scanState(path string, stmts []ast.Stmt) *stateScan {
	s := &stateScan{path: path, escapes: map[string]bool{}}
	s.block(stmts, &luaScope{names: map[string]bool{}}, false)
	s.settle()
	return s
}

func (s *stateScan) block(stmts []ast.Stmt, parent *luaScope, fn bool) {
	sc := &luaScope{names: map[string]bool{}, parent: parent, fn: fn}
	for _, st := range stmts {
		s.stmt(st, sc)
	}
}

// inside says whether code in scope sc runs inside a function (at call time, not at load time).
func inside(sc *luaScope) bool {
	for ; sc != nil; sc = sc.parent {
		if sc.fn {
			return true
		}
	}
	return false
}

func (s *stateScan) stmt(st ast.Stmt, sc *luaScope) {
	switch st := st.(type) {
	case *ast.LocalAssignStmt:
		// the names are declared after their values: `local x = x` reads the outer x; but a single
		// function's body sees its own name (`local function f`, and gopher-lua compiles `local f =
		// function` alike: localValues)
		funcs, aliases := s.localValues(st, sc)
		for _, n := range st.Names {
			sc.names[n] = true
			delete(sc.funcs, n)
			delete(sc.aliases, n)
		}
		for n, ctx := range funcs {
			sc.bindFunction(n, ctx)
		}
		for n, m := range aliases {
			sc.bindAlias(n, m)
		}
	case *ast.AssignStmt:
		for _, l := range st.Lhs {
			s.target(l, sc, st.Line())
		}
		s.exprs(st.Rhs, sc)
	case *ast.FuncDefStmt:
		if st.Name.Receiver != nil {
			s.target(st.Name.Receiver, sc, st.Line())
		} else {
			s.target(st.Name.Func, sc, st.Line())
		}
		s.expr(st.Func, sc)
	case *ast.FuncCallStmt:
		s.expr(st.Expr, sc)
	case *ast.DoBlockStmt:
		s.block(st.Stmts, sc, false)
	case *ast.WhileStmt:
		s.expr(st.Condition, sc)
		s.block(st.Stmts, sc, false)
	case *ast.RepeatStmt:
		// the condition sees the body's locals
		body := &luaScope{names: map[string]bool{}, parent: sc}
		for _, b := range st.Stmts {
			s.stmt(b, body)
		}
		s.expr(st.Condition, body)
	case *ast.IfStmt:
		s.expr(st.Condition, sc)
		s.block(st.Then, sc, false)
		s.block(st.Else, sc, false)
	case *ast.NumberForStmt:
		s.exprs([]ast.Expr{st.Init, st.Limit, st.Step}, sc)
		s.loop([]string{st.Name}, st.Stmts, sc)
	case *ast.GenericForStmt:
		s.exprs(st.Exprs, sc)
		s.loop(st.Names, st.Stmts, sc)
	case *ast.ReturnStmt:
		s.exprs(st.Exprs, sc)
	}
}

func (s *stateScan) loop(names []string, body []ast.Stmt, sc *luaScope) {
	vars := &luaScope{names: map[string]bool{}, parent: sc}
	for _, n := range names {
		vars.names[n] = true
	}
	s.block(body, vars, false)
}

// target records an assignment to a name, or to a field of a table reached from a name, when it runs
// inside a function and the name is not the function's own.
func (s *stateScan) target(e ast.Expr, sc *luaScope, line int) {
	root := e
	for {
		a, ok := root.(*ast.AttrGetExpr)
		if !ok {
			break
		}
		s.expr(a.Key, sc)
		root = a.Object
	}
	id, ok := root.(*ast.IdentExpr)
	if !ok {
		s.expr(root, sc) // a field of a call's result or of a literal: nothing kept by name
		return
	}
	name := id.Value
	if f, _ := sc.boundFunction(name); f != nil && root == e {
		f.rebound = true
	}
	if m, ok := sc.aliasOf(name); ok && root != e {
		// t[k] = v with t a local declared as T writes T (often `local T = T`: the name alone would
		// find the local)
		s.inWrites = append(s.inWrites, ctxWrite{StateWrite{Path: s.path, Name: m, Line: line}, sc.function()})
		return
	}
	if inside(sc) && !sc.inFunction(name) {
		s.inWrites = append(s.inWrites, ctxWrite{StateWrite{Path: s.path, Name: name, Line: line}, sc.function()})
		return
	}
	s.outerTarget(name, sc, line)
}

func (s *stateScan) exprs(es []ast.Expr, sc *luaScope) {
	for _, e := range es {
		s.expr(e, sc)
	}
}

// expr looks for function bodies inside an expression (only their statements can write) and for
// module-level locals a function uses other than by indexing them.
func (s *stateScan) expr(e ast.Expr, sc *luaScope) {
	switch e := e.(type) {
	case *ast.FunctionExpr:
		s.function(e, sc, true, "") // a function value handed on: it may outlive the call it was made in
	case *ast.FuncCallExpr:
		s.call(e, sc)
	case *ast.IdentExpr:
		if m, ok := sc.moduleName(e.Value); ok && inside(sc) {
			s.inEscapes = append(s.inEscapes, ctxWrite{StateWrite{Name: m}, sc.function()})
		}
		sc.handedOn(e.Value)
	case *ast.AttrGetExpr:
		if !sc.indexable(e.Object) {
			s.expr(e.Object, sc) // t[k] with t a module-level local (or a local declared as one) only reads t
		}
		s.expr(e.Key, sc)
	case *ast.UnaryLenOpExpr:
		if !sc.indexable(e.Expr) {
			s.expr(e.Expr, sc)
		}
	default:
		s.exprs(operands(e), sc)
	}
}

// operands are the expressions inside a call, a table constructor or an operator.
func operands(e ast.Expr) []ast.Expr {
	switch e := e.(type) {
	case *ast.FuncCallExpr:
		return append([]ast.Expr{e.Func, e.Receiver}, e.Args...)
	case *ast.TableExpr:
		var out []ast.Expr
		for _, f := range e.Fields {
			out = append(out, f.Key, f.Value)
		}
		return out
	case *ast.LogicalOpExpr:
		return []ast.Expr{e.Lhs, e.Rhs}
	case *ast.RelationalOpExpr:
		return []ast.Expr{e.Lhs, e.Rhs}
	case *ast.ArithmeticOpExpr:
		return []ast.Expr{e.Lhs, e.Rhs}
	case *ast.StringConcatOpExpr:
		return []ast.Expr{e.Lhs, e.Rhs}
	case *ast.UnaryMinusOpExpr:
		return []ast.Expr{e.Expr}
	case *ast.UnaryNotOpExpr:
		return []ast.Expr{e.Expr}
	}
	return nil
}
