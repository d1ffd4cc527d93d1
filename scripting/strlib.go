package scripting

import (
	"fmt"
	"strings"
	"unsafe"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/scripting/internal/luapattern"
)

// Limits of the string and table builtins that can allocate much or run long. A hook that needs more is
// not a tabletop game's: these keep one hook from taking the machine (see docs/sandbox.md, "Running rules you
// did not write").
const (
	// MaxStringBytes is the largest string a builtin builds (string.rep, string.format, string.gsub,
	// table.concat, string.upper ...), and the `..` operator (vmloop_concat.go).
	MaxStringBytes = 1 << 20
	// MaxPatternBytes is the longest Lua pattern string.find/match/gmatch/gsub accept.
	MaxPatternBytes = 1024
	// maxResults is the most values unpack and string.byte return.
	maxResults = 4096
	// bytesPerWork: building or scanning this many bytes costs one unit of work.
	bytesPerWork = 16
	// matchWork is the work of one match that string.gsub replaces or string.gmatch hands out, beyond
	// its pattern's steps and bytes: the match data, the captures and the replacement cost about as
	// much as that many Lua instructions (measured: without it a gsub-heavy hook ran 2-5 times
	// longer than its budget allowed).
	matchWork = 12
)

// bindBuiltins replaces the builtins that can run long or allocate much with bounded versions: pattern
// matching spends the hook's work budget step by step; building a string checks its size first.
func (h *Host) bindBuiltins(str, tab *lua.LTable) {
	L := h.L
	set := func(t *lua.LTable, name string, fn lua.LGFunction) { t.RawSetString(name, L.NewFunction(fn)) }
	set(str, "find", h.strFind)
	set(str, "match", h.strMatch)
	set(str, "gmatch", h.strGmatch)
	set(str, "gsub", h.strGsub)
	set(str, "rep", h.strRep)
	set(str, "format", h.wrapFormat(str.RawGetString("format").(*lua.LFunction).GFunction))
	set(str, "byte", func(L *lua.LState) int {
		s := L.CheckString(1)
		i, j := strIndex(s, L.OptInt(2, 1)), L.OptInt(3, L.OptInt(2, 1))
		if j < 0 {
			j = len(s) + j + 1
		}
		if j-i > maxResults {
			L.RaiseError("string.byte: too many results (%d; at most %d)", j-i, maxResults)
		}
		return h.strByte(L)
	})
	for _, name := range []string{"upper", "lower", "reverse", "sub", "len"} {
		orig := str.RawGetString(name).(*lua.LFunction).GFunction
		set(str, name, func(L *lua.LState) int {
			h.chargeBytes(L, len(L.CheckString(1)))
			return orig(L)
		})
	}
	set(tab, "concat", h.tabConcat)
	for _, name := range []string{"insert", "remove", "sort", "getn", "maxn"} {
		orig := tab.RawGetString(name).(*lua.LFunction).GFunction
		name := name
		set(tab, name, func(L *lua.LState) int {
			t := L.CheckTable(1)
			if name != "getn" && name != "maxn" {
				h.checkWritable(L, t, "table."+name)
			}
			n := t.Len()
			if name == "sort" && n > 1 {
				// n log n comparisons
				lg := 0
				for m := n; m > 1; m >>= 1 {
					lg++
				}
				n *= lg
			}
			h.chargeWork(L, n/bytesPerWork)
			if real := h.readable(t); real != t {
				L.Replace(1, real)
			}
			return orig(L)
		})
	}
}

// chargeWork spends n units of the running hook's budget and stops the hook when it is spent.
func (h *Host) chargeWork(L *lua.LState, n int) {
	if n > 0 && !h.charge(n) {
		L.RaiseError("out of work budget")
	}
}

func (h *Host) chargeBytes(L *lua.LState, n int) { h.chargeWork(L, n/bytesPerWork) }

func checkSize(L *lua.LState, fn string, n int) {
	if n > MaxStringBytes || n < 0 {
		L.RaiseError("%s: the result would be %s (strings built by the library are limited to %d KiB)", fn, sizeString(n), MaxStringBytes>>10)
	}
}

func sizeString(n int) string {
	if n < 0 {
		return "too long"
	}
	if n >= 10<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

func (h *Host) compilePattern(L *lua.LState, fn, p string) *luapattern.Pattern {
	if len(p) > MaxPatternBytes {
		L.RaiseError("%s: the pattern is %d bytes long (at most %d)", fn, len(p), MaxPatternBytes)
	}
	pat, err := luapattern.Compile(p)
	if err != nil {
		L.RaiseError("%s: %s", fn, err.Error())
	}
	return pat
}

// find runs a compiled pattern on the running hook's budget.
func (h *Host) find(L *lua.LState, fn string, pat *luapattern.Pattern, src string, offset, limit int) []*luapattern.MatchData {
	budget := h.work.left
	mds, err := pat.Find(unsafeBytes(src), offset, limit, &budget)
	h.work.left = budget
	if err == luapattern.ErrBudget || budget < 0 {
		h.work.left = -1
		L.RaiseError("out of work budget")
	}
	if err != nil {
		L.RaiseError("%s: %s", fn, err.Error())
	}
	return mds
}

func unsafeBytes(s string) []byte {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// strIndex converts a Lua string index (1-based, negative from the end) to a 0-based offset.
func strIndex(str string, i int) int {
	if i < 0 {
		i = len(str) + i + 1
	}
	if i < 1 {
		i = 1
	}
	if i > len(str)+1 {
		i = len(str) + 1
	}
	return i - 1
}

func pushCaptures(L *lua.LState, str string, md *luapattern.MatchData, whole bool) int {
	if md.CaptureLength() == 2 {
		if whole {
			L.Push(lua.LString(str[md.Capture(0):md.Capture(1)]))
			return 1
		}
		return 0
	}
	n := 0
	for i := 2; i < md.CaptureLength(); i += 2 {
		if md.IsPosCapture(i) {
			L.Push(lua.LNumber(md.Capture(i)))
		} else {
			L.Push(lua.LString(str[md.Capture(i):md.Capture(i+1)]))
		}
		n++
	}
	return n
}

func (h *Host) strFind(L *lua.LState) int {
	str, p := L.CheckString(1), L.CheckString(2)
	init := strIndex(str, L.OptInt(3, 1))
	if L.GetTop() >= 4 && lua.LVAsBool(L.Get(4)) || !strings.ContainsAny(p, "^$*+?.([%-") {
		h.chargeBytes(L, len(str)-init)
		pos := strings.Index(str[init:], p)
		if pos < 0 {
			L.Push(lua.LNil)
			return 1
		}
		L.Push(h.int(init + pos + 1)) // preboxed: a plain find allocated two numbers
		L.Push(h.int(init + pos + len(p)))
		return 2
	}
	if init > len(str) {
		L.Push(lua.LNil)
		return 1
	}
	mds := h.find(L, "string.find", h.compilePattern(L, "string.find", p), str, init, 1)
	if len(mds) == 0 {
		L.Push(lua.LNil)
		return 1
	}
	md := mds[0]
	L.Push(lua.LNumber(md.Capture(0) + 1))
	L.Push(lua.LNumber(md.Capture(1)))
	return 2 + pushCaptures(L, str, md, false)
}

func (h *Host) strMatch(L *lua.LState) int {
	str, p := L.CheckString(1), L.CheckString(2)
	init := strIndex(str, L.OptInt(3, 1))
	if init > len(str) {
		L.Push(lua.LNil)
		return 1
	}
	mds := h.find(L, "string.match", h.compilePattern(L, "string.match", p), str, init, 1)
	if len(mds) == 0 {
		L.Push(lua.LNil)
		return 1
	}
	return pushCaptures(L, str, mds[0], true)
}

// strGmatch finds one match per call of the iterator (gopher-lua's finds them all at once).
func (h *Host) strGmatch(L *lua.LState) int {
	str, p := L.CheckString(1), L.CheckString(2)
	pat := h.compilePattern(L, "string.gmatch", p)
	pos := 0
	done := false
	L.Push(L.NewFunction(func(L *lua.LState) int {
		if done || pos > len(str) {
			return 0
		}
		mds := h.find(L, "string.gmatch", pat, str, pos, 1)
		if len(mds) == 0 || pat.MustHead {
			done = true
		}
		if len(mds) == 0 {
			return 0
		}
		md := mds[0]
		start, end := md.Capture(0), md.Capture(1)
		h.chargeWork(L, matchWork)
		if end > start {
			pos = end
		} else {
			pos = end + 1
		}
		return pushCaptures(L, str, md, true)
	}))
	return 1
}

// strGsub builds its result once (gopher-lua's copies the whole string per replacement), no longer
// than MaxStringBytes.
func (h *Host) strGsub(L *lua.LState) int {
	str, p := L.CheckString(1), L.CheckString(2)
	L.CheckTypes(3, lua.LTString, lua.LTNumber, lua.LTTable, lua.LTFunction)
	repl := L.Get(3)
	limit := L.OptInt(4, -1)
	pat := h.compilePattern(L, "string.gsub", p)
	s := gsub{h: h, L: L, str: str}
	pos, n := 0, 0
	for pos <= len(str) && (limit < 0 || n < limit) {
		mds := h.find(L, "string.gsub", pat, str, pos, 1)
		if len(mds) == 0 {
			break
		}
		md := mds[0]
		start, end := md.Capture(0), md.Capture(1)
		h.chargeWork(L, matchWork)
		s.grow(str[pos:start])
		whole := str[start:end]
		s.substitute(s.replacement(repl, md, whole), whole)
		n++
		if end > start {
			pos = end
		} else {
			if start < len(str) {
				s.grow(str[start : start+1])
			}
			pos = end + 1
		}
		if pat.MustHead {
			break
		}
	}
	if pos < len(str) {
		s.grow(str[pos:])
	}
	L.Push(lua.LString(s.out.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// gsub is one string.gsub call: its subject and the result built so far.
type gsub struct {
	h   *Host
	L   *lua.LState
	str string
	out strings.Builder
}

// grow appends s to the result, within MaxStringBytes and the hook's work budget.
func (s *gsub) grow(str string) {
	checkSize(s.L, "string.gsub", s.out.Len()+len(str))
	s.h.chargeBytes(s.L, len(str))
	s.out.WriteString(str)
}

// capture is the match md's capture i (the whole match, whole, when the pattern has no captures).
func (s *gsub) capture(md *luapattern.MatchData, whole string, i int) lua.LValue {
	if md.CaptureLength() == 2 {
		if i > 1 {
			s.L.RaiseError("string.gsub: invalid capture index %%%d", i)
		}
		return lua.LString(whole)
	}
	if 2*i >= md.CaptureLength() {
		s.L.RaiseError("string.gsub: invalid capture index %%%d", i)
	}
	if md.IsPosCapture(2 * i) {
		return lua.LNumber(md.Capture(2 * i))
	}
	return lua.LString(s.str[md.Capture(2*i):md.Capture(2*i+1)])
}

// replacement is what repl gives for the match md: the string with its captures expanded, the table's
// value at the first capture, or the function's result for the captures.
func (s *gsub) replacement(repl lua.LValue, md *luapattern.MatchData, whole string) lua.LValue {
	L := s.L
	switch r := repl.(type) {
	case lua.LString, lua.LNumber:
		return lua.LString(s.expand(lua.LVAsString(r), md, whole))
	case *lua.LTable:
		return L.GetTable(r, s.capture(md, whole, 1))
	case *lua.LFunction:
		L.Push(r)
		nargs := 1
		if md.CaptureLength() == 2 {
			L.Push(lua.LString(whole))
		} else {
			nargs = pushCaptures(L, s.str, md, false)
		}
		L.Call(nargs, 1)
		val := L.Get(-1)
		L.Pop(1)
		return val
	}
	return nil
}

// expand is the replacement string rs for the match md: %0 the whole match, %1..%9 its captures, %x x.
func (s *gsub) expand(rs string, md *luapattern.MatchData, whole string) string {
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if c != '%' || i+1 == len(rs) {
			b.WriteByte(c)
			continue
		}
		i++
		switch d := rs[i]; {
		case d == '0':
			b.WriteString(whole)
		case d >= '1' && d <= '9':
			b.WriteString(lua.LVAsString(s.capture(md, whole, int(d-'0'))))
		default:
			b.WriteByte(d)
		}
		checkSize(s.L, "string.gsub", s.out.Len()+b.Len())
	}
	return b.String()
}

// substitute appends the replacement val for the match whole: nil or false keeps the match.
func (s *gsub) substitute(val lua.LValue, whole string) {
	switch v := val.(type) {
	case lua.LString, lua.LNumber:
		s.grow(lua.LVAsString(v))
	case *lua.LNilType:
		s.grow(whole)
	case lua.LBool:
		if !bool(v) {
			s.grow(whole)
		} else {
			s.L.RaiseError("string.gsub: invalid replacement value (a boolean)")
		}
	default:
		s.L.RaiseError("string.gsub: invalid replacement value (a %s)", val.Type().String())
	}
}

func (h *Host) strRep(L *lua.LState) int {
	str := L.CheckString(1)
	n := L.CheckNumber(2)
	if n <= 0 || str == "" {
		L.Push(lua.LString(""))
		return 1
	}
	total := float64(len(str)) * float64(n)
	if total > 1<<40 {
		checkSize(L, "string.rep", -1)
	}
	checkSize(L, "string.rep", int(total))
	h.chargeBytes(L, int(total))
	L.Push(lua.LString(strings.Repeat(str, int(n))))
	return 1
}

// wrapFormat checks a format before gopher-lua's string.format runs it on Go's fmt: widths and
// precisions of at most two digits (as Lua 5.1 requires), and a result within MaxStringBytes.
func (h *Host) wrapFormat(orig lua.LGFunction) lua.LGFunction {
	return func(L *lua.LState) int {
		f := L.CheckString(1)
		size, arg := len(f), 2
		for i := 0; i < len(f); i++ {
			if f[i] != '%' {
				continue
			}
			i++
			if i < len(f) && f[i] == '%' {
				continue
			}
			for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
				i++
			}
			digits := 0
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				i++
				digits++
			}
			if i < len(f) && f[i] == '.' {
				i++
				pd := 0
				for i < len(f) && f[i] >= '0' && f[i] <= '9' {
					i++
					pd++
				}
				digits = max(digits, pd)
			}
			if digits > 2 {
				L.RaiseError("string.format: invalid format (width or precision too long)")
			}
			size += 100 + 320 // width or precision, and the digits of a huge float
			if i < len(f) && (f[i] == 's' || f[i] == 'q') {
				size += 2 * len(lua.LVAsString(L.Get(arg)))
			}
			arg++
		}
		checkSize(L, "string.format", size)
		h.chargeBytes(L, size)
		return orig(L)
	}
}

func (h *Host) tabConcat(L *lua.LState) int {
	t := h.readable(L.CheckTable(1))
	sep := L.OptString(2, "")
	i := L.OptInt(3, 1)
	j := L.OptInt(4, t.Len())
	if j-i > MaxStringBytes {
		checkSize(L, "table.concat", -1)
	}
	total := 0
	for k := i; k <= j; k++ {
		v := t.RawGetInt(k)
		if !lua.LVCanConvToString(v) {
			L.RaiseError("table.concat: invalid value (%s) at index %d", v.Type().String(), k)
		}
		total += len(lua.LVAsString(v))
		if k < j {
			total += len(sep)
		}
		checkSize(L, "table.concat", total)
	}
	h.chargeBytes(L, total)
	var b strings.Builder
	b.Grow(total)
	for k := i; k <= j; k++ {
		b.WriteString(lua.LVAsString(t.RawGetInt(k)))
		if k < j {
			b.WriteString(sep)
		}
	}
	L.Push(lua.LString(b.String()))
	return 1
}
