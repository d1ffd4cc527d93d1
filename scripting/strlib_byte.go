package scripting

import lua "github.com/yuin/gopher-lua"

// strByte is gopher-lua's string.byte, the same results for the same arguments, with the bytes
// preboxed (h.int): each byte it returned allocated a number.
func (h *Host) strByte(L *lua.LState) int {
	str := L.CheckString(1)
	start, end, l := L.OptInt(2, 1)-1, L.OptInt(3, -1), len(str)
	if start < 0 {
		start = l + start + 1
	}
	if end < 0 {
		end = l + end + 1
	}
	if L.GetTop() == 2 {
		if start < 0 || start >= l {
			return 0
		}
		L.Push(h.int(int(str[start])))
		return 1
	}
	start, end = max(start, 0), min(end, l)
	if end < 0 || end <= start || start >= l {
		return 0
	}
	for i := start; i < end; i++ {
		L.Push(h.int(int(str[i])))
	}
	return end - start
}
