package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"
)

// graphWalk finds the loadedGraph of a bot loaded into env, or says why it cannot be copied.
type graphWalk struct {
	lg     *loadedGraph
	protos map[*lua.FunctionProto]bool // the bot script's functions (its closures are copied)
	shared map[lua.LValue]bool         // objects every copy shares: the libraries, their Go functions, g's methods
	env    *lua.LTable
	why    string // the first thing that cannot be copied ("" when none)
}

// findGraph walks everything env reaches. shared lists the host's objects a copy may share; g is the
// userdata the bot's script saw as g.
func findGraph(env *lua.LTable, chunk *Chunk, shared map[lua.LValue]bool, g *lua.LUserData) (*loadedGraph, string) {
	w := &graphWalk{
		lg: &loadedGraph{tableAt: map[*lua.LTable]int{}, funcAt: map[*lua.LFunction]int{},
			cellAt: map[*lua.Upvalue]int{}, g: g},
		protos: map[*lua.FunctionProto]bool{}, shared: shared, env: env,
	}
	w.addProtos(chunk.Proto)
	w.value(env)
	if w.why != "" {
		return nil, w.why
	}
	w.lg.plan()
	return w.lg, ""
}

func (w *graphWalk) addProtos(p *lua.FunctionProto) {
	w.protos[p] = true
	for _, c := range p.FunctionPrototypes {
		w.addProtos(c)
	}
}

func (w *graphWalk) fail(format string, args ...any) {
	if w.why == "" {
		w.why = fmt.Sprintf(format, args...)
	}
}

// value adds v, and what it reaches, to the graph when a copy needs its own.
func (w *graphWalk) value(v lua.LValue) {
	switch x := v.(type) {
	case lua.LNumber, lua.LString, lua.LBool:
	case *lua.LTable:
		w.table(x)
	case *lua.LFunction:
		w.function(x)
	case *lua.LUserData:
		if x != w.lg.g {
			w.fail("it keeps a userdata")
		}
	default:
		if v != lua.LNil {
			w.fail("it keeps a %s", v.Type().String())
		}
	}
}

// table adds t unless it is shared: read-only (CARDS, PARAMS, RULES...) or one of the host's.
func (w *graphWalk) table(t *lua.LTable) {
	if _, ok := w.lg.tableAt[t]; ok || w.shared[t] || roName(t) != "" {
		return
	}
	w.lg.tableAt[t] = len(w.lg.tables)
	w.lg.tables = append(w.lg.tables, t)
	l := layout(t)
	w.value(l.Metatable)
	for _, v := range l.array {
		w.value(v)
	}
	for k, v := range l.dict {
		w.value(k)
		w.value(v)
	}
	for _, v := range l.strdict {
		w.value(v)
	}
	for _, k := range l.keys { // a removed key stays in the order
		w.value(k)
	}
}

// function adds a closure of the bot's script with its upvalue cells. A function of the host or of
// the rules is shared when it was there before the bot loaded (shared: the libraries', g's, the rules'
// as RULES lists them); one made while the bot loaded may keep state of its own (a string.gmatch
// iterator, a closure a rules helper returned), which a copy cannot make anew.
func (w *graphWalk) function(fn *lua.LFunction) {
	if _, ok := w.lg.funcAt[fn]; ok || w.shared[fn] {
		return
	}
	if fn.IsG {
		w.fail("it keeps a Go function made while it loaded")
		return
	}
	if !w.protos[fn.Proto] {
		w.fail("it keeps a function of the rules made while it loaded")
		return
	}
	if fn.Env != w.env {
		w.fail("a function of it has another environment")
		return
	}
	w.lg.funcAt[fn] = len(w.lg.funcs)
	w.lg.funcs = append(w.lg.funcs, fn)
	for _, uv := range fn.Upvalues {
		w.cell(uv)
	}
}

func (w *graphWalk) cell(uv *lua.Upvalue) {
	if uv == nil {
		return
	}
	if _, ok := w.lg.cellAt[uv]; ok {
		return
	}
	if !uv.IsClosed() {
		w.fail("a function of it closes over a variable still open")
		return
	}
	w.lg.cellAt[uv] = len(w.lg.cells)
	w.lg.cells = append(w.lg.cells, uv)
	w.value(uv.Value())
}

// refOf is what a place holding v holds in a copy.
func (lg *loadedGraph) refOf(v lua.LValue) objRef {
	switch x := v.(type) {
	case *lua.LTable:
		if i, ok := lg.tableAt[x]; ok {
			return objRef{kind: refTable, at: int32(i)}
		}
	case *lua.LFunction:
		if i, ok := lg.funcAt[x]; ok {
			return objRef{kind: refFunc, at: int32(i)}
		}
	case *lua.LUserData:
		if x == lg.g {
			return objRef{kind: refG}
		}
	}
	return objRef{}
}

// plan finds, once the graph is whole, the places a copy sets to its own objects.
func (lg *loadedGraph) plan() {
	lg.tablePlans = make([]tablePlan, len(lg.tables))
	for i, t := range lg.tables {
		lg.tablePlans[i] = lg.tablePlan(t)
	}
	lg.funcEnv = make([]int, len(lg.funcs))
	lg.funcCells = make([][]int, len(lg.funcs))
	for i, fn := range lg.funcs {
		lg.funcEnv[i] = lg.tableAt[fn.Env]
		lg.upvalues += len(fn.Upvalues)
		for _, uv := range fn.Upvalues {
			at := -1
			if uv != nil {
				at = lg.cellAt[uv]
			}
			lg.funcCells[i] = append(lg.funcCells[i], at)
		}
	}
	lg.cellRefs = make([]objRef, len(lg.cells))
	for i, uv := range lg.cells {
		lg.cellRefs[i] = lg.refOf(uv.Value())
	}
}

func (lg *loadedGraph) tablePlan(t *lua.LTable) tablePlan {
	l := layout(t)
	p := tablePlan{meta: lg.refOf(l.Metatable)}
	for i, v := range l.array {
		if r := lg.refOf(v); r.kind != refShared {
			p.array = append(p.array, arrayRef{i, r})
		}
	}
	for k, v := range l.strdict {
		if r := lg.refOf(v); r.kind != refShared {
			p.fields = append(p.fields, fieldRef{k, r})
		}
	}
	for k, v := range l.dict {
		p.other = p.other || lg.refOf(k).kind != refShared || lg.refOf(v).kind != refShared
	}
	for _, k := range l.keys {
		p.other = p.other || lg.refOf(k).kind != refShared
	}
	return p
}
