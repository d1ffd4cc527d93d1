package scripting

import (
	"cmp"
	"slices"

	"github.com/yuin/gopher-lua/ast"
)

// A function called while the script loads can make closures over its own locals that outlive the
// call:
//
//	local function make() local n = 0; return function() n = n + 1; return n end end
//	local count = make() -- at load: every game's count() then adds to the same n
//
// Such a local is state kept between games as surely as a module-level one, though no module-level
// name is written. The scan cannot tell which functions run at load, so it counts a write to an
// enclosing function's local as kept state whenever a function between the write and that local's
// function may outlive its call: its value is handed on (returned, stored, passed to a function)
// rather than only called where it was made, or run at once by string.gsub, table.sort, pcall,
// xpcall or a local function of the script that only calls that parameter. A closure that counts
// the matches of a gsub inside a hook, or a local helper the hook calls, keeps nothing.
//
// The same scan tells which functions only run at load (a local function the top level only calls:
// a builder of tables), whose writes are no state, and follows a function's locals declared as a
// module-level local (`local T = T`), whose uses are T's.

// funcCtx is a function body being scanned; escapes: its value may outlive the call of the function
// around it (settled once the whole chunk is scanned: `return f` may come after f's body); bound: a
// local holds it (`local function f`).
type funcCtx struct {
	parent  *funcCtx
	escapes bool
	bound   bool
	// params are the function's parameter names, kept: those its body only calls (f(...)), so a
	// function handed to it there runs while it does; done once its body is scanned
	params  []string
	kept    map[string]bool
	done    bool
	rebound bool // its local is assigned another value somewhere: a call by that name may run another
}

// handoff is a function made as argument i of a call to the local function callee: it runs only while
// the call does if callee only calls that parameter (settled at the end: callee may be rebound later).
type handoff struct {
	fn, callee *funcCtx
	i          int
}

// runsAt says whether a function handed to ctx as argument i only runs while ctx does: ctx's body,
// scanned, only calls that parameter, and its local holds no other function.
func (c *funcCtx) runsAt(i int) bool {
	return c.done && !c.rebound && i < len(c.params) && !c.kept[c.params[i]]
}

// loadOnly says whether the function only runs while the script loads: a local function the top level
// only calls where it made it (a builder of tables), or one such a function only calls.
func (c *funcCtx) loadOnly() bool {
	for ; c != nil; c = c.parent {
		if !c.bound || c.escapes {
			return false
		}
	}
	return true
}

// ctxWrite is a write or an escape of a module-level name, in the function ctx.
type ctxWrite struct {
	w   StateWrite
	ctx *funcCtx
}

// outerWrite is a write, in function in, to a local of the enclosing function owner.
type outerWrite struct {
	name      string
	line      int
	in, owner *funcCtx
}

// function scans a function expression's body in a scope of its own and returns its context. self
// names the local the function is made for when its body sees it (`local function f`: gopher-lua
// gives `local f = function` the same meaning).
func (s *stateScan) function(e *ast.FunctionExpr, sc *luaScope, escapes bool, self string) *funcCtx {
	ctx := &funcCtx{parent: sc.function(), escapes: escapes, bound: self != ""}
	if self != "" {
		sc = &luaScope{names: map[string]bool{self: true}, parent: sc}
		sc.bindFunction(self, ctx)
	}
	params := &luaScope{names: map[string]bool{}, parent: sc, fn: true, ctx: ctx}
	if e.ParList != nil {
		for _, n := range e.ParList.Names {
			params.names[n] = true
		}
		ctx.params = e.ParList.Names
	}
	params.names["self"] = true // a method's implicit parameter
	ctx.kept = map[string]bool{}
	s.block(e.Stmts, params, false)
	ctx.done = true
	return ctx
}

// param is the function whose parameter name is, as seen from sc, when sc's code runs in that very
// function (nil otherwise: a closure inside it, or not a parameter).
func (sc *luaScope) param(name string) *funcCtx {
	d := sc.declaring(name)
	if d == nil || !d.fn || d.ctx != sc.function() {
		return nil
	}
	return d.ctx
}

// localValues scans the values of a local statement and returns the names given a function as value
// (`local function f`, `local f = function`), whose functions do not escape by being made, and, in a
// function, those given a module-level local (`local t = T`, for speed), whose uses are T's.
func (s *stateScan) localValues(st *ast.LocalAssignStmt, sc *luaScope) (funcs map[string]*funcCtx, aliases map[string]string) {
	funcs, aliases = map[string]*funcCtx{}, map[string]string{}
	for i, e := range st.Exprs {
		if i >= len(st.Names) {
			s.expr(e, sc)
			continue
		}
		switch v := e.(type) {
		case *ast.FunctionExpr:
			self := ""
			if len(st.Names) == 1 && len(st.Exprs) == 1 {
				self = st.Names[0]
			}
			funcs[st.Names[i]] = s.function(v, sc, false, self)
			continue
		case *ast.IdentExpr:
			if m, ok := sc.moduleName(v.Value); ok && inside(sc) {
				aliases[st.Names[i]] = m
				continue
			}
		}
		s.expr(e, sc)
	}
	return funcs, aliases
}

// bindAlias records that the local name of sc was declared as the module-level local m.
func (sc *luaScope) bindAlias(name, m string) {
	if sc.aliases == nil {
		sc.aliases = map[string]string{}
	}
	sc.aliases[name] = m
}

// aliasOf is the module-level local the local name (as seen from sc) was declared as, if any.
func (sc *luaScope) aliasOf(name string) (string, bool) {
	d := sc.declaring(name)
	if d == nil {
		return "", false
	}
	m, ok := d.aliases[name]
	return m, ok
}

// moduleName is the module-level local name stands for: itself, or what the local it names was
// declared as.
func (sc *luaScope) moduleName(name string) (string, bool) {
	if m, ok := sc.aliasOf(name); ok {
		return m, true
	}
	return name, sc.moduleLocal(name)
}

// indexable says whether e is a module-level local, or a local declared as one: indexing it or taking
// its length only reads it.
func (sc *luaScope) indexable(e ast.Expr) bool {
	id, ok := e.(*ast.IdentExpr)
	if !ok {
		return false
	}
	_, ok = sc.moduleName(id.Value)
	return ok
}

// bindFunction records that the local name of sc holds the function ctx.
func (sc *luaScope) bindFunction(name string, ctx *funcCtx) {
	if sc.funcs == nil {
		sc.funcs = map[string]*funcCtx{}
	}
	sc.funcs[name] = ctx
}

// boundFunction is the function the local name holds, as seen from sc, and the scope declaring it.
func (sc *luaScope) boundFunction(name string) (*funcCtx, *luaScope) {
	d := sc.declaring(name)
	if d == nil {
		return nil, nil
	}
	return d.funcs[name], d
}

// handedOn notes a use of name other than a call where it was made: the function it holds escapes, and
// so does a function handed to a parameter of that name.
func (sc *luaScope) handedOn(name string) {
	if f, _ := sc.boundFunction(name); f != nil {
		f.escapes = true
	}
	if d := sc.declaring(name); d != nil && d.fn && d.ctx != nil {
		d.ctx.kept[name] = true
	}
}

// immediateCallers run a function they are handed before they return, and keep no reference to it.
var immediateCallers = map[string]bool{"gsub": true, "sort": true, "pcall": true, "xpcall": true}

// call scans a call: a local function called where it was made does not escape, nor does a function
// made in the arguments of one that runs it at once.
func (s *stateScan) call(e *ast.FuncCallExpr, sc *luaScope) {
	var callee *funcCtx // the local function called
	direct := false
	if id, ok := e.Func.(*ast.IdentExpr); ok {
		f, d := sc.boundFunction(id.Value)
		callee = f
		switch {
		case f != nil && d.function() == sc.function():
			direct = true // called where it was made
		case f == nil && sc.param(id.Value) != nil:
			direct = true // a parameter called: what was handed to it runs now
		}
	}
	if !direct {
		s.expr(e.Func, sc)
	}
	s.expr(e.Receiver, sc)
	runsAtOnce := immediateCallers[calleeName(e, sc)]
	for i, a := range e.Args {
		f, ok := a.(*ast.FunctionExpr)
		switch {
		case ok && runsAtOnce:
			s.function(f, sc, false, "")
		case ok && callee != nil:
			s.handoffs = append(s.handoffs, handoff{fn: s.function(f, sc, false, ""), callee: callee, i: i})
		default:
			s.expr(a, sc)
		}
	}
}

// calleeName is the name a call's function goes by: the library field (table.sort, string.gsub), the
// global (pcall) or a string's gsub method (s:gsub; no other of immediateCallers is a method); ""
// for a local or anything else.
func calleeName(e *ast.FuncCallExpr, sc *luaScope) string {
	if e.Receiver != nil {
		if e.Method == "gsub" {
			return e.Method
		}
		return ""
	}
	switch f := e.Func.(type) {
	case *ast.IdentExpr:
		if sc.declaring(f.Value) == nil {
			return f.Value
		}
	case *ast.AttrGetExpr:
		lib, ok1 := f.Object.(*ast.IdentExpr)
		key, ok2 := f.Key.(*ast.StringExpr)
		if ok1 && ok2 && sc.declaring(lib.Value) == nil && (lib.Value == "string" || lib.Value == "table") {
			return key.Value
		}
	}
	return ""
}

// outerTarget records a write to name from inside a function when name is a local of an enclosing
// function (not of the writing function itself, not module-level: those are handled by target).
func (s *stateScan) outerTarget(name string, sc *luaScope, line int) {
	d := sc.declaring(name)
	if d == nil {
		return
	}
	owner, in := d.function(), sc.function()
	if owner == nil || owner == in {
		return
	}
	s.outer = append(s.outer, outerWrite{name: name, line: line, in: in, owner: owner})
}

// settle decides, once the whole chunk is scanned, what its functions keep: their writes and escapes
// of module-level names, but for those of functions that only run at load, and the writes of closures
// that may outlive the call that made them (some function from the writing one up to the local's own
// escapes).
func (s *stateScan) settle() {
	for _, h := range s.handoffs {
		if !h.callee.runsAt(h.i) {
			h.fn.escapes = true
		}
	}
	for _, w := range s.inWrites {
		if !w.ctx.loadOnly() {
			s.writes = append(s.writes, w.w)
		}
	}
	for _, w := range s.inEscapes {
		if !w.ctx.loadOnly() {
			s.escapes[w.w.Name] = true
		}
	}
	for _, w := range s.outer {
		for c := w.in; c != nil && c != w.owner; c = c.parent {
			if c.escapes {
				s.writes = append(s.writes, StateWrite{Path: s.path, Name: w.name, Line: w.line})
				break
			}
		}
	}
	sortWrites(s.writes)
}

// sortWrites puts writes in source order (those of closures are found after the others).
func sortWrites(ws []StateWrite) {
	slices.SortStableFunc(ws, func(a, b StateWrite) int { return cmp.Compare(a.Line, b.Line) })
}
