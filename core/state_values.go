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
	for i := range s.vars {
		if e := &s.vars[i]; e.seat == seat && e.key == key {
			return e.val, true
		}
	}
	return Value{}, false
}

func (s *State) setVar(seat int, key string, v Value) error {
	if len(v.Str) > MaxValueBytes || len(key) > MaxValueBytes {
		return fmt.Errorf("value %q: strings stored in values are limited to %d KiB", key[:min(len(key), 32)], MaxValueBytes>>10)
	}
	for i := range s.vars {
		if e := &s.vars[i]; e.seat == seat && e.key == key {
			if v.IsNil() {
				last := len(s.vars) - 1
				s.vars[i] = s.vars[last]
				s.vars = s.vars[:last]
				return nil
			}
			e.val = v
			return nil
		}
	}
	if !v.IsNil() {
		if len(s.vars) >= MaxValues {
			return fmt.Errorf("value %q: a game holds at most %d values", key, MaxValues)
		}
		s.vars = append(s.vars, varEntry{seat: seat, key: key, val: v})
	}
	return nil
}
