package scripting

import (
	"reflect"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// The `..` operator builds strings as the library does, within the same limit: at most MaxStringBytes,
// charging the hook's work budget for the bytes it copies. Without it a doubling string (`s = s .. s`)
// reaches hundreds of MiB in a few dozen instructions and only the heap monitor, which looks every few
// milliseconds and cannot tell whose memory it is, could stop it; now it stops at the line that would
// pass the limit, with an error saying so, whatever the machine and its load.
//
// gopher-lua runs `..` (its OP_CONCAT) in a function of its instruction table: checkedConcat takes that
// entry's place when the mirrors of the state (vmloop.go) and of its registers match the library built
// in, and runs it after the check. A concatenation with an operand that is neither a string nor a
// number (a table with a __concat metamethod, or an error) is left to gopher-lua whole.

// concatOp is gopher-lua's OP_CONCAT.
var concatOp func(*lua.LState, uint32, *callFrameLayout) int

func init() {
	if stateLayoutOK && registryLayoutOK() {
		concatOp = jumpTable[lua.OP_CONCAT]
		jumpTable[lua.OP_CONCAT] = checkedConcat
	}
}

// maxNumberText is the most bytes gopher-lua writes for a number (as "-1.2345678901234567e+308").
const maxNumberText = 24

// checkedConcat checks the size of R(B) .. ... .. R(C) and charges its bytes, then concatenates.
func checkedConcat(L *lua.LState, inst uint32, baseframe *callFrameLayout) int {
	if size, ok := concatSize(L, argB(inst), argC(inst), false); ok {
		if size > MaxStringBytes {
			if size, _ = concatSize(L, argB(inst), argC(inst), true); size > MaxStringBytes {
				L.RaiseError("`..`: the result would be %s (strings are limited to %d KiB)", sizeString(size), MaxStringBytes>>10)
			}
		}
		if w, isWork := stateLayout(L).ctx.(*workCtx); isWork && w.host != nil {
			w.host.chargeBytes(L, size)
		}
	}
	return concatOp(L, inst, baseframe)
}

// concatSize is the length of the string `..` builds from registers b..c of the running function: at
// most, a number counted as its longest text, or exactly (a number written out); false when an
// operand is not a string or a number.
func concatSize(L *lua.LState, b, c int, exact bool) (int, bool) {
	s := stateLayout(L)
	regs, base := (*registryLayout)(s.reg).array, s.currentFrame.LocalBase
	if base+c >= len(regs) {
		return 0, false
	}
	size := 0
	for _, v := range regs[base+b : base+c+1] {
		switch v := v.(type) {
		case lua.LString:
			size += len(v)
		case lua.LNumber:
			if exact {
				size += len(v.String())
			} else {
				size += maxNumberText
			}
		default:
			return 0, false
		}
	}
	return size, true
}

// argB and argC are fields B and C of an instruction (gopher-lua's GETB, GETC).
func argB(inst uint32) int { return int(inst & 0x1ff) }
func argC(inst uint32) int { return int(inst>>9) & 0x1ff }

// registryLayout mirrors gopher-lua's registry, the registers of a state (concatSize reads them
// directly: LState.Get answers nil above the registry's top, which a for loop's end lowers).
type registryLayout struct {
	array   []lua.LValue
	top     int
	growBy  int
	maxSize int
	alloc   unsafe.Pointer
	handler interface{ registryOverflow() }
}

// registryLayoutOK compares the mirror with the registry of the library built in (its type is reached
// through LState's field reg: it is not exported).
func registryLayoutOK() bool {
	reg, ok := reflect.TypeFor[lua.LState]().FieldByName("reg")
	return ok && reg.Type.Kind() == reflect.Pointer && sameLayout(reg.Type.Elem(), reflect.TypeFor[registryLayout]())
}
