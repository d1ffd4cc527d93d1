package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// A Go function the libraries make while the scripts load can keep state of its own: a
// string.gmatch iterator keeps its place, so
//
//	local next_word = ("a b c"):gmatch("%a") -- at load
//	function setup(g) g:event("w", {w = next_word()}) ... end
//
// gives "a" to an engine's first game and "b" to its second. The syntax tree does not show it (no
// name is written), so once the scripts are loaded the engine looks for such a function among what
// they keep (their globals, the upvalues of their functions and the tables these reach): where one is
// kept, the scripts are loaded again for every game, as for a kept state the scan found. The Go
// functions every environment shares (the libraries', `words`, the read-only tables' own) keep none.

// keptGoFunction is where the loaded environment env keeps a Go function that is not one of the
// host's shared ones: the global or upvalue holding it (or the table it is in), and the script of
// that upvalue's function ("" for a global). name is "" when there is none.
func (h *Host) keptGoFunction(env *lua.LTable) (name, path string) {
	w := &goStateWalk{known: h.sharedGoFunctions(), tables: map[*lua.LTable]bool{}, funcs: map[*lua.LFunction]bool{}}
	raw(env).ForEach(func(k, v lua.LValue) {
		w.value(v, keyString(k), "")
	})
	return w.name, w.path
}

// sharedGoFunctions are the Go functions of the host's libraries and read-only tables.
func (h *Host) sharedGoFunctions() map[*lua.LFunction]bool {
	known := map[*lua.LFunction]bool{}
	seen := map[*lua.LTable]bool{}
	var walk func(t *lua.LTable)
	walk = func(t *lua.LTable) {
		if seen[t] {
			return
		}
		seen[t] = true
		raw(t).ForEach(func(_, v lua.LValue) {
			switch x := v.(type) {
			case *lua.LFunction:
				if x.IsG {
					known[x] = true
				}
			case *lua.LTable:
				walk(x)
			}
		})
	}
	walk(h.globals)
	for _, f := range []*lua.LFunction{h.roNewindex, h.roLen} {
		if f != nil {
			known[f] = true
		}
	}
	return known
}

// goStateWalk looks for a Go function that is not a known one; name and path say where the first is.
type goStateWalk struct {
	known      map[*lua.LFunction]bool
	tables     map[*lua.LTable]bool
	funcs      map[*lua.LFunction]bool
	name, path string
}

// value looks at v, held under name (in the script path, for an upvalue).
func (w *goStateWalk) value(v lua.LValue, name, path string) {
	if w.name != "" {
		return
	}
	switch x := v.(type) {
	case *lua.LFunction:
		w.function(x, name, path)
	case *lua.LTable:
		w.table(x, name, path)
	}
}

func (w *goStateWalk) function(f *lua.LFunction, name, path string) {
	if f.IsG {
		if !w.known[f] {
			w.name, w.path = name, path
		}
		return
	}
	if w.funcs[f] {
		return
	}
	w.funcs[f] = true
	for i, uv := range f.Upvalues {
		if uv == nil {
			continue
		}
		upName := name
		if i < len(f.Proto.DbgUpvalues) {
			upName = f.Proto.DbgUpvalues[i]
		}
		w.value(uv.Value(), upName, f.Proto.SourceName)
	}
}

// table looks inside t (the real table of a read-only one) and at its metatable when it is a script's.
func (w *goStateWalk) table(t *lua.LTable, name, path string) {
	if w.tables[t] {
		return
	}
	w.tables[t] = true
	if roName(t) == "" && t.Metatable != lua.LNil {
		w.value(t.Metatable, name, path)
	}
	raw(t).ForEach(func(k, v lua.LValue) {
		w.value(k, name, path)
		w.value(v, name, path)
	})
}

// goFunctionKept is the note of a Go function the loaded environment env of p's scripts keeps (nil:
// none), held under a global or in the script of the function whose upvalue holds it.
func (p *Program) goFunctionKept(h *Host, env *lua.LTable) *StateWrite {
	name, path := h.keptGoFunction(env)
	if name == "" {
		return nil
	}
	if path == "" {
		path = p.Chunks[len(p.Chunks)-1].Path
	}
	w := &StateWrite{Path: path, Name: name, GoFunction: true}
	for _, c := range p.Chunks {
		if c.Path == path {
			w.Line = holderLine(c.Proto, name)
		}
	}
	return w
}

// holderLine is the line where the script of proto declares the local name (the first function that
// declares one, the script's own level first), else the line of its first assignment to the global
// name; 0 when it does neither.
func holderLine(proto *lua.FunctionProto, name string) int {
	if line := localLine(proto, name); line > 0 {
		return line
	}
	for pc, inst := range proto.Code {
		if int(inst>>26) == lua.OP_SETGLOBAL {
			if k, ok := proto.Constants[inst&0x3ffff].(lua.LString); ok && string(k) == name {
				return sourceLine(proto, pc)
			}
		}
	}
	return 0
}

// localLine is the line of the instruction that gives the local name its first value, in proto or
// the first function inside it that declares one; 0 when none does.
func localLine(proto *lua.FunctionProto, name string) int {
	for _, l := range proto.DbgLocals {
		if l.Name == name {
			return sourceLine(proto, max(l.StartPc-1, 0))
		}
	}
	for _, inner := range proto.FunctionPrototypes {
		if line := localLine(inner, name); line > 0 {
			return line
		}
	}
	return 0
}

func sourceLine(proto *lua.FunctionProto, pc int) int {
	if pc < len(proto.DbgSourcePositions) {
		return proto.DbgSourcePositions[pc]
	}
	return 0
}
