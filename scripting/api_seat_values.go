package scripting

import (
	lua "github.com/yuin/gopher-lua"
)

// Every seat's value at once: a trick game reads what each seat declared, then clears it, once per
// trick; one call instead of a g:sget and a g:sset per seat. (g:sadd, a seat's counter in one call, is
// in api_add.go.)

func init() {
	registerMethod("sget_all", false, sgetAll)
	registerMethod("sset_all", true, ssetAll)
}

// sgetAll is g:sget_all(key [, first]): a new list of every seat's value of key, clockwise from seat
// first (default 0), so its k-th entry is seat first+k-1's; a seat without the value gives false (a
// Lua list has no holes).
func sgetAll(L *lua.LState) int {
	g := handle(L)
	key := L.CheckString(2)
	first := 0
	if L.GetTop() >= 3 && L.Get(3) != lua.LNil {
		first = checkSeat(L, g, 3)
	}
	n := g.s.Players
	t := L.CreateTable(n, 0)
	for k := 0; k < n; k++ {
		v, ok := g.s.Handle().SeatGet((first+k)%n, key)
		if !ok {
			t.RawSetInt(k+1, lua.LFalse)
			continue
		}
		t.RawSetInt(k+1, g.r.h.valueLua(v))
	}
	L.Push(t)
	return 1
}

// ssetAll is g:sset_all(key, value [, vis]): g:sset(seat, key, value, vis) for every seat, seat 0
// first (nil clears the value everywhere).
func ssetAll(L *lua.LState) int {
	g := handle(L)
	key := L.CheckString(2)
	for seat := 0; seat < g.s.Players; seat++ {
		must(L, g.s.Handle().SeatSet(seat, key, plainArg(L, 3, visArg(L, g, 4, seat))))
	}
	return 0
}
