package scripting

import (
	"context"
	"reflect"
	"sync"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// The budget's loop. gopher-lua runs a state that has a context through its mainLoopWithContext, which
// before every Lua instruction calls the context's Done (workCtx counts the work there) and selects on
// the channel it returns: two calls per instruction, 10-14% of a game's machine instructions and of a
// search's. budgetLoop is that loop with the count written inline: the same instructions run in the
// same order, each costs one unit of work as before, and a call stops at the same instruction.
//
// gopher-lua keeps its loop in an unexported field of LState and its instruction table unexported, so
// the loop is installed through a mirror of LState's fields (checked against the library built in, as
// the table mirror of bot_clone.go is) and the table is reached by go:linkname. If the check fails (a
// gopher-lua upgrade), hosts run gopher-lua's own loop, which counts the same work through Done, and a
// test fails. Written against gopher-lua v1.1.2's vm.go (mainLoopWithContext): an upgrade re-reads it.

// luaStateLayout mirrors gopher-lua's LState. The fields this file reads or writes (stack,
// currentFrame, mainLoop, ctx) have mirrored types; the others only hold their place.
type luaStateLayout struct {
	G       *lua.Global
	Parent  *lua.LState
	Env     *lua.LTable
	Panic   func(*lua.LState)
	Dead    bool
	Options lua.Options

	stop         int32
	reg          unsafe.Pointer
	stack        callFrameStackLayout
	alloc        unsafe.Pointer
	currentFrame *callFrameLayout
	wrapped      bool
	uvcache      *lua.Upvalue
	hasErrorFunc bool
	mainLoop     func(*lua.LState, *callFrameLayout)
	ctx          context.Context
	ctxCancelFn  context.CancelFunc
}

// callFrameLayout mirrors gopher-lua's callFrame.
type callFrameLayout struct {
	Idx        int
	Fn         *lua.LFunction
	Parent     *callFrameLayout
	Pc         int
	Base       int
	LocalBase  int
	ReturnBase int
	NArgs      int
	NRet       int
	TailCall   int
}

// callFrameStackLayout mirrors gopher-lua's callFrameStack interface: the same methods, so a call
// through it takes the same entry of the value's method table (ordered by name).
type callFrameStackLayout interface {
	Push(v callFrameLayout)
	Pop() *callFrameLayout
	Last() *callFrameLayout
	SetSp(sp int)
	Sp() int
	At(sp int) *callFrameLayout
	IsFull() bool
	IsEmpty() bool
	FreeAll()
}

// jumpTable is gopher-lua's table of instruction functions, indexed by opcode.
//
//go:linkname jumpTable github.com/yuin/gopher-lua.jumpTable
var jumpTable [lua.OP_NOP + 1]func(*lua.LState, uint32, *callFrameLayout) int

// stateLayoutOK says the mirrors match the library built in; budgetLoopOn whether hosts use
// budgetLoop (tests turn it off to compare with gopher-lua's loop).
var (
	stateLayoutOK = sameLayout(reflect.TypeFor[lua.LState](), reflect.TypeFor[luaStateLayout]())
	budgetLoopOn  = stateLayoutOK
)

// contextLoop is gopher-lua's own loop for a state with a context, taken from the first host.
var (
	contextLoop     func(*lua.LState, *callFrameLayout)
	contextLoopOnce sync.Once
)

func stateLayout(L *lua.LState) *luaStateLayout { return (*luaStateLayout)(unsafe.Pointer(L)) }

// useBudgetLoop makes L, whose context is already set to its host's workCtx, run budgetLoop.
func useBudgetLoop(L *lua.LState) {
	if !budgetLoopOn {
		return
	}
	s := stateLayout(L)
	contextLoopOnce.Do(func() { contextLoop = s.mainLoop })
	s.mainLoop = budgetLoop
}

// budgetLoop is mainLoopWithContext with workCtx.Done's count inline.
func budgetLoop(L *lua.LState, baseframe *callFrameLayout) {
	s := stateLayout(L)
	if s.stack.IsEmpty() {
		return
	}
	if s.stack.Last().Fn.IsG {
		contextLoop(L, baseframe) // a Go function: gopher-lua's loop calls it, with no instruction to count
		return
	}
	s.currentFrame = s.stack.Last()
	w := s.ctx.(*workCtx)
	for {
		cf := s.currentFrame
		inst := cf.Fn.Proto.Code[cf.Pc]
		cf.Pc++
		// the monitor's stop is read at every instruction too: a table grown in a loop adds megabytes
		// a millisecond
		if w.left--; w.left < 0 || w.stop.Load() != 0 {
			stopIfSpent(L, w)
		}
		if jumpTable[inst>>26](L, inst, baseframe) == 1 {
			return
		}
	}
}

// stopIfSpent raises the error that stops a call whose budget is spent or that the monitor stopped
// (out of line: the loop's common path stays short).
//
//go:noinline
func stopIfSpent(L *lua.LState, w *workCtx) {
	if w.spent() {
		L.RaiseError("%s", errStopped.Error())
	}
}
