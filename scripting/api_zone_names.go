package scripting

import (
	"unsafe"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// zoneNameSlots is how many zone names a g remembers: a power of two, a few times the number of
// places a game's hooks name zones in, so the names a move uses rarely evict each other.
const zoneNameSlots = 32

// zoneNames remembers which zone a name string names, by the address of the string's bytes. Hooks name
// zones with Lua constants, which are the same string on every call, so most g: calls that name a zone
// find it with one comparison instead of comparing the name with every zone's. A slot keeps its
// string, so its bytes stay allocated (and unchanged: Go strings are immutable) while they are
// remembered: an address cannot come to name another zone.
type zoneNames struct {
	game  *core.Game
	slots [zoneNameSlots]struct {
		name string
		zone int
	}
}

// index is game.ZoneIndex(name), remembered.
func (c *zoneNames) index(game *core.Game, name string) (int, bool) {
	if c.game != game { // a handle serves one program, but a state of another game must not hit
		*c = zoneNames{game: game}
	}
	p := unsafe.StringData(name)
	slot := &c.slots[(uintptr(unsafe.Pointer(p))>>3)%zoneNameSlots]
	if len(name) != 0 && len(slot.name) == len(name) && unsafe.StringData(slot.name) == p {
		return slot.zone, true
	}
	i, ok := game.ZoneIndex(name)
	if ok {
		slot.name, slot.zone = name, i
	}
	return i, ok
}

// zoneArg reads a zone: its name (argument nameIdx) and, for a per-seat zone, its seat (seatIdx).
func zoneArg(L *lua.LState, g *gHandle, nameIdx, seatIdx int) core.ZoneRef {
	name, ok := L.Get(nameIdx).(lua.LString)
	if !ok {
		name = lua.LString(L.CheckString(nameIdx)) // a number is a string too, or the type error
	}
	seat := optSeat(L, seatIdx)
	i, ok := g.zones.index(g.s.Game, string(name))
	if !ok {
		z, err := g.s.Zone(string(name), seat) // the error naming the zone
		must(L, err)
		return z
	}
	z, err := g.s.ZoneAt(i, seat)
	must(L, err)
	return z
}
