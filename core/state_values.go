package core

import "fmt"

// varEntry is one stored value (g:set, g:sset).
type varEntry struct {
	seat int // -1: a game-wide value
	key  string
	val  Value
}

// statEntry is one per-seat statistic: its values are statV[off : off+Players].
type statEntry struct {
	name string
	off  int
}

// Score returns a seat's total; AddScore changes it.
func (h Handle) Score(seat int) int       { return h.s.scores[seat] }
func (h Handle) AddScore(seat int, d int) { h.s.scores[seat] += d }

// StatsSoFar returns the per-seat statistics recorded with AddStat, by name.
func (s *State) StatsSoFar() map[string][]float64 {
	out := make(map[string][]float64, len(s.stats))
	for _, e := range s.stats {
		out[e.name] = append([]float64(nil), s.statV[e.off:e.off+s.Players]...)
	}
	return out
}

// AddStat adds to a per-seat statistic.
func (h Handle) AddStat(seat int, name string, d float64) error {
	s := h.s
	for _, e := range s.stats {
		if e.name == name {
			s.statV[e.off+seat] += d
			return nil
		}
	}
	if len(s.stats) >= MaxStats {
		return fmt.Errorf("stat %q: a game records at most %d statistics", name, MaxStats)
	}
	off := len(s.statV)
	for i := 0; i < s.Players; i++ {
		s.statV = append(s.statV, 0)
	}
	s.statV[off+seat] += d
	s.stats = append(s.stats, statEntry{name: name, off: off})
	return nil
}

// Get / Set game-wide values. Setting a nil value deletes it.
func (h Handle) Get(key string) (Value, bool)  { return h.s.getVar(-1, key) }
func (h Handle) Set(key string, v Value) error { return h.s.setVar(-1, key, v) }

// SeatGet / SeatSet per-seat values.
func (h Handle) SeatGet(seat int, key string) (Value, bool)  { return h.s.getVar(seat, key) }
func (h Handle) SeatSet(seat int, key string, v Value) error { return h.s.setVar(seat, key, v) }

func (s *State) getVar(seat int, key string) (Value, bool) {
	if i := s.findVar(seat, key); i >= 0 {
		return s.vars[i].val, true
	}
	return Value{}, false
}

func (s *State) setVar(seat int, key string, v Value) error {
	if len(v.Str) > MaxValueBytes || len(key) > MaxValueBytes {
		return fmt.Errorf("value %q: strings stored in values are limited to %d KiB", key[:min(len(key), 32)], MaxValueBytes>>10)
	}
	h := varHint(seat, key)
	if i := s.findVar(seat, key); i >= 0 {
		if v.IsNil() {
			s.removeVar(i, h)
			return nil
		}
		s.vars[i].val = v
		s.varIndex.at[h] = uint16(i)
		return nil
	}
	if !v.IsNil() {
		if len(s.vars) >= MaxValues {
			return fmt.Errorf("value %q: a game holds at most %d values", key, MaxValues)
		}
		s.varIndex.at[h] = uint16(len(s.vars))
		s.varIndex.count[h]++
		s.vars = append(s.vars, varEntry{seat: seat, key: key, val: v})
	}
	return nil
}

// removeVar deletes entry i, whose hint slot is h, the last entry taking its place (the order of the
// others is kept).
func (s *State) removeVar(i, h int) {
	s.varIndex.count[h]--
	last := len(s.vars) - 1
	s.vars[i] = s.vars[last]
	s.vars = s.vars[:last]
	if i < last {
		moved := &s.vars[i]
		s.varIndex.at[varHint(moved.seat, moved.key)] = uint16(i)
	}
}

// varIndex says where values lie in State.vars, by hint slot (varHint of the seat and key): how many
// values have that slot (none: a value looked up there is not set, no scan needed), and where the
// last one set lies. Hooks read and write a few values on every move, often ones not set (a phase's
// leftovers cleared, an optional value read), and scanning every value (dozens in some games) cost
// more than the rest of the call. It is copied with the state, as vars is.
type varIndex struct {
	count [varHints]uint16
	at    [varHints]uint16
}

// findVar is the index in vars of seat's value key, or -1. A slot's place is checked before it is
// trusted (another key may share the slot, a removal moves an entry), so a stale one costs only the
// scan it would have saved; places are written when a value is set, never when one is read, so
// reading a state changes nothing in it.
func (s *State) findVar(seat int, key string) int {
	h := varHint(seat, key)
	if s.varIndex.count[h] == 0 {
		return -1
	}
	if i := int(s.varIndex.at[h]); i < len(s.vars) {
		if e := &s.vars[i]; e.seat == seat && e.key == key {
			return i
		}
	}
	for i := range s.vars {
		if e := &s.vars[i]; e.seat == seat && e.key == key {
			return i
		}
	}
	return -1
}

// varHints is the number of hint slots of varIndex.
const varHints = 128

// varHint is the hint slot of seat's value key: a cheap mix of the seat, the key's length and three of
// its bytes (keys that differ by a suffix, "signal_1" and "signal_2", get different slots).
func varHint(seat int, key string) int {
	h := uint(seat+1)*0x9e37 ^ uint(len(key))*0x85eb
	if n := len(key); n > 0 {
		h += uint(key[0])*31 + uint(key[n/2])*131 + uint(key[n-1])*1031
	}
	return int((h ^ h>>7) % varHints)
}
