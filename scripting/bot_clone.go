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

func layout(t *lua.LTable) *luaTableLayout { return (*luaTableLayout)(unsafe.Pointer(t)) }

// loadedGraph is the mutable part of a loaded bot, found once (botTemplate): its tables, its closures
// and their upvalue cells, each by index, the userdata standing for the template's own g, and where
// each of them refers to another (a copy sets those places only).
type loadedGraph struct {
	tables []*lua.LTable
	funcs  []*lua.LFunction
	cells  []*lua.Upvalue
	// index of each object in its list
	tableAt map[*lua.LTable]int
	funcAt  map[*lua.LFunction]int
	cellAt  map[*lua.Upvalue]int
	g       *lua.LUserData

	tablePlans []tablePlan
	funcEnv    []int   // the index of each closure's environment
	funcCells  [][]int // the index of each closure's cells (-1: none)
	cellRefs   []objRef
	upvalues   int // how many upvalue slots the closures have in all
}

// objRef says what a place holds in a copy: an object of the copy (a table, a closure or g, by
// index), or else the template's value itself.
type objRef struct {
	kind int8 // refShared, refTable, refFunc, refG
	at   int32
}

const (
	refShared int8 = iota
	refTable
	refFunc
	refG
)

// tablePlan is where a table of the graph holds objects of the graph.
type tablePlan struct {
	meta   objRef
	array  []arrayRef
	fields []fieldRef
	// other: a key of the hash part (or a removed key) is an object of the graph, or a value under a
	// key that is neither a string nor an index: that table is copied entry by entry (copyMapped)
	other bool
}

type arrayRef struct {
	i   int
	ref objRef
}

type fieldRef struct {
	key string
	ref objRef
}

// graphCopy is one copy of a loadedGraph, being made.
type graphCopy struct {
	from   *loadedGraph
	tables []*lua.LTable
	funcs  []*lua.LFunction
	cells  []*lua.Upvalue
	g      *lua.LUserData
}

// newCopy allocates the objects of a copy of the graph: the objects of each kind together (a copy
// lives as long as its bot). fill gives them the template's contents.
func (lg *loadedGraph) newCopy() *graphCopy {
	c := &graphCopy{from: lg,
		tables: make([]*lua.LTable, len(lg.tables)),
		funcs:  make([]*lua.LFunction, len(lg.funcs)),
		cells:  make([]*lua.Upvalue, len(lg.cells)),
	}
	tables := make([]lua.LTable, len(lg.tables))
	for i := range tables {
		c.tables[i] = &tables[i]
	}
	cells := make([]lua.Upvalue, len(lg.cells))
	for i := range cells {
		c.cells[i] = &cells[i]
	}
	funcs := make([]lua.LFunction, len(lg.funcs))
	slots := make([]*lua.Upvalue, lg.upvalues)
	for i, fn := range lg.funcs {
		n := len(fn.Upvalues)
		funcs[i].Upvalues = slots[:n:n]
		slots = slots[n:]
		c.funcs[i] = &funcs[i]
	}
	return c
}

// fill makes the copy's objects hold what the template's hold, for a bot whose g is g, and returns
// the copy of root (a table of the graph). Objects that held an earlier game's bot are refilled in
// place: a bot started again (a new game, a new line of play) reuses its copy's memory rather than
// allocating it again, as nothing but that bot reaches them.
func (c *graphCopy) fill(root *lua.LTable, g *lua.LUserData) *lua.LTable {
	lg := c.from
	c.g = g
	for i, uv := range lg.cells {
		*c.cells[i] = *uv // a closed cell: its value is its own (set below)
	}
	for i, fn := range lg.funcs {
		*c.funcs[i] = lua.LFunction{Proto: fn.Proto, Env: c.tables[lg.funcEnv[i]], Upvalues: c.funcs[i].Upvalues}
		for j, at := range lg.funcCells[i] {
			c.funcs[i].Upvalues[j] = nil
			if at >= 0 {
				c.funcs[i].Upvalues[j] = c.cells[at]
			}
		}
	}
	for i, r := range lg.cellRefs {
		if r.kind != refShared {
			c.cells[i].SetValue(c.ref(r))
		}
	}
	for i, t := range lg.tables {
		c.fillTable(c.tables[i], t, &lg.tablePlans[i])
	}
	return c.tables[lg.tableAt[root]]
}

// ref is the copy's object r names (r.kind is not refShared).
func (c *graphCopy) ref(r objRef) lua.LValue {
	switch r.kind {
	case refTable:
		return c.tables[r.at]
	case refFunc:
		return c.funcs[r.at]
	}
	return c.g
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

// fillTable makes nt hold what t holds, internals included: its slices and maps copied whole (into
// nt's own when it has them), then the places plan names set to the copy's objects.
//
// A table refilled that gained no key since its last fill keeps its key list and the list's index:
// gopher-lua adds to them only for a key new to the table and removes from neither, so they still are
// the template's. Its maps of values get the template's values back (restoreMap). Rebuilding the
// index, whose keys are interface values, was most of the cost of restarting a bot with a large
// table keyed by strings (Zoomies' moves).
func (c *graphCopy) fillTable(nt, t *lua.LTable, plan *tablePlan) {
	src, dst := layout(t), layout(nt)
	dst.Metatable = src.Metatable
	if plan.meta.kind != refShared {
		dst.Metatable = c.ref(plan.meta)
	}
	dst.array = refillSlice(dst.array, src.array)
	switch {
	case plan.other:
		dst.strdict = refillMap(dst.strdict, src.strdict)
		dst.keys = refillSlice(dst.keys, src.keys)
		c.copyMapped(src, dst)
	case dst.keys != nil && len(dst.keys) == len(src.keys):
		dst.strdict = restoreMap(dst.strdict, src.strdict)
		dst.dict = restoreMap(dst.dict, src.dict)
	default:
		dst.strdict = refillMap(dst.strdict, src.strdict)
		dst.keys = refillSlice(dst.keys, src.keys)
		dst.dict = refillMap(dst.dict, src.dict)
		dst.k2i = refillMap(dst.k2i, src.k2i)
	}
	for _, a := range plan.array {
		dst.array[a.i] = c.ref(a.ref)
	}
	for _, f := range plan.fields {
		dst.strdict[f.key] = c.ref(f.ref)
	}
}

// copyMapped copies the hash part of a table whose keys include objects of the graph.
func (c *graphCopy) copyMapped(src, dst *luaTableLayout) {
	for i, k := range dst.keys {
		dst.keys[i] = c.value(k)
	}
	dst.dict = emptied(dst.dict, src.dict)
	for k, v := range src.dict {
		dst.dict[c.value(k)] = c.value(v)
	}
	dst.k2i = emptied(dst.k2i, src.k2i)
	for k, i := range src.k2i {
		dst.k2i[c.value(k)] = i
	}
}

// refillSlice is a copy of src in dst's memory when dst has some (its entries past src's cleared:
// they held the last game's values), else a new one (nil for nil, as slices.Clone). An empty part
// where the template has none (nil) keeps its memory for the game to grow into: gopher-lua reads a
// table's empty part and its missing one alike, by length.
func refillSlice[T any](dst, src []T) []T {
	if dst == nil {
		return slices.Clone(src)
	}
	clear(dst[min(len(src), len(dst)):])
	return append(dst[:0], src...)
}

// refillMap is a copy of src in dst when dst is a map, else a new one (nil for nil, as maps.Clone).
func refillMap[K comparable, V any](dst, src map[K]V) map[K]V {
	if dst == nil {
		return maps.Clone(src)
	}
	clear(dst)
	maps.Copy(dst, src)
	return dst
}

// restoreMap is refillMap for a dst whose keys are among src's (a table that gained no key): src's
// values set again, and only when dst then holds more keys (one the template had deleted and the game
// set again) emptied and refilled. Setting a key a map holds costs less than adding it.
func restoreMap[K comparable, V any](dst, src map[K]V) map[K]V {
	if dst == nil {
		return maps.Clone(src)
	}
	maps.Copy(dst, src)
	if len(dst) != len(src) {
		clear(dst)
		maps.Copy(dst, src)
	}
	return dst
}

// emptied is dst emptied, or a new map for src's entries when dst is nil (nil when src is nil too).
func emptied[K comparable, V any](dst, src map[K]V) map[K]V {
	if dst == nil && src != nil {
		return make(map[K]V, len(src))
	}
	clear(dst)
	return dst
}
