package scripting

import (
	"maps"
	"reflect"
	"slices"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Copying what a bot's script loaded. A loaded bot is a graph of Lua values: its environment, the
// tables its module-level code built, the closures of its functions and the upvalue cells they close
// over. A copy of that graph for another seat or game makes a new object for each mutable one (a table
// that is not read-only, a closure of the bot's own script, an upvalue cell) and shares the rest
// (plain values, the read-only tables CARDS, PARAMS and RULES, the host's libraries, the rules'
// functions, the Go functions of the libraries and of g). Each object is copied once, so aliasing
// (two locals holding one table, two closures sharing a cell) is kept.
//
// A table is copied whole, its internals included: gopher-lua's iteration order (pairs, next) follows
// the order keys were first set, a removed key included, which setting keys one by one would not
// rebuild; and it is cheaper (a map copied whole costs far less than its keys inserted one by one).

// luaTableLayout mirrors gopher-lua's LTable, whose internals are unexported; tableLayoutOK says the
// mirror matches the library built in (field names, types and offsets), else no bot is copied.
type luaTableLayout struct {
	Metatable lua.LValue
	array     []lua.LValue
	dict      map[lua.LValue]lua.LValue
	strdict   map[string]lua.LValue
	keys      []lua.LValue
	k2i       map[lua.LValue]int
}

var tableLayoutOK = sameLayout(reflect.TypeFor[lua.LTable](), reflect.TypeFor[luaTableLayout]())

// sameLayout says whether two struct types have the same fields at the same offsets.
func sameLayout(a, b reflect.Type) bool {
	if a.Kind() != reflect.Struct || b.Kind() != reflect.Struct || a.NumField() != b.NumField() || a.Size() != b.Size() {
		return false
	}
	for i := range a.NumField() {
		fa, fb := a.Field(i), b.Field(i)
		if fa.Name != fb.Name || fa.Type != fb.Type || fa.Offset != fb.Offset {
			return false
		}
	}
	return true
}

func layout(t *lua.LTable) *luaTableLayout { return (*luaTableLayout)(unsafe.Pointer(t)) }

// loadedGraph is the mutable part of a loaded bot, found once (botTemplate): its tables, its closures
// and their upvalue cells, each by index, and the userdata standing for the template's own g.
type loadedGraph struct {
	tables []*lua.LTable
	funcs  []*lua.LFunction
	cells  []*lua.Upvalue
	// index of each object in its list
	tableAt map[*lua.LTable]int
	funcAt  map[*lua.LFunction]int
	cellAt  map[*lua.Upvalue]int
	// mapped: the tables whose keys or values include a copied object (the others are copied as they are)
	mapped []bool
	g      *lua.LUserData
}

// graphCopy is one copy of a loadedGraph, being made.
type graphCopy struct {
	from   *loadedGraph
	tables []*lua.LTable
	funcs  []*lua.LFunction
	cells  []*lua.Upvalue
	g      *lua.LUserData
}

// copyGraph copies the graph for a bot whose g is g; it returns the copy of root (a table of the graph).
func (lg *loadedGraph) copyGraph(root *lua.LTable, g *lua.LUserData) *lua.LTable {
	c := &graphCopy{from: lg, g: g,
		tables: make([]*lua.LTable, len(lg.tables)),
		funcs:  make([]*lua.LFunction, len(lg.funcs)),
		cells:  make([]*lua.Upvalue, len(lg.cells)),
	}
	for i := range lg.tables {
		c.tables[i] = &lua.LTable{}
	}
	for i, fn := range lg.funcs {
		c.funcs[i] = &lua.LFunction{Proto: fn.Proto, Upvalues: make([]*lua.Upvalue, len(fn.Upvalues))}
	}
	for i, uv := range lg.cells {
		nu := new(lua.Upvalue)
		*nu = *uv // a closed cell: its value is its own (set below)
		c.cells[i] = nu
	}
	for i, fn := range lg.funcs {
		c.fillFunction(c.funcs[i], fn)
	}
	for i, uv := range lg.cells {
		c.cells[i].SetValue(c.value(uv.Value()))
	}
	for i, t := range lg.tables {
		c.fillTable(c.tables[i], t, lg.mapped[i])
	}
	return c.tables[lg.tableAt[root]]
}

func (c *graphCopy) fillFunction(nf, fn *lua.LFunction) {
	nf.Env = c.value(fn.Env).(*lua.LTable)
	for j, uv := range fn.Upvalues {
		if uv != nil {
			nf.Upvalues[j] = c.cells[c.from.cellAt[uv]]
		}
	}
}

// value is v's copy: the copy of a table, closure or g of the graph, else v itself (shared).
func (c *graphCopy) value(v lua.LValue) lua.LValue {
	switch x := v.(type) {
	case *lua.LTable:
		if i, ok := c.from.tableAt[x]; ok {
			return c.tables[i]
		}
	case *lua.LFunction:
		if i, ok := c.from.funcAt[x]; ok {
			return c.funcs[i]
		}
	case *lua.LUserData:
		if x == c.from.g {
			return c.g
		}
	}
	return v
}

// fillTable makes nt hold what t holds, internals included; mapped: some key or value is an object of
// the graph (else the maps and slices are copied as they are).
func (c *graphCopy) fillTable(nt, t *lua.LTable, mapped bool) {
	src, dst := layout(t), layout(nt)
	dst.Metatable = c.value(src.Metatable)
	dst.array = slices.Clone(src.array)
	dst.dict = maps.Clone(src.dict)
	dst.strdict = maps.Clone(src.strdict)
	dst.keys = slices.Clone(src.keys)
	dst.k2i = maps.Clone(src.k2i)
	if !mapped {
		return
	}
	for i, v := range dst.array {
		dst.array[i] = c.value(v)
	}
	for k, v := range src.strdict {
		if nv := c.value(v); nv != v {
			dst.strdict[k] = nv
		}
	}
	for i, k := range dst.keys {
		dst.keys[i] = c.value(k)
	}
	if src.dict != nil {
		dst.dict = make(map[lua.LValue]lua.LValue, len(src.dict))
		for k, v := range src.dict {
			dst.dict[c.value(k)] = c.value(v)
		}
	}
	if src.k2i != nil {
		dst.k2i = make(map[lua.LValue]int, len(src.k2i))
		for k, i := range src.k2i {
			dst.k2i[c.value(k)] = i
		}
	}
}
