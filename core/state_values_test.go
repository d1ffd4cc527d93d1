package core

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// valueKey names one value in the model the hinted store is checked against.
type valueKey struct {
	seat int
	key  string
}

// Values read back what was last set, through sets, changes, removals (nil) and clones, whatever the
// hints of where they lie say: many keys share a hint (more keys than hints, keys that differ in one
// byte), and a removal moves the last value into the gap. The order of the values, which observations
// and the multi-observer labels list, is the order of first setting, the last moved into a removed one's
// place.
func TestValuesReadBackWhatWasSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	var keys []valueKey
	for seat := -1; seat < 4; seat++ {
		for i := 0; i < 60; i++ {
			keys = append(keys, valueKey{seat, fmt.Sprintf("k%d", i)})
		}
	}
	s := &State{Players: 4}
	model := map[valueKey]float64{}
	var order []valueKey // the order the store must keep
	for step := 0; step < 20000; step++ {
		k := keys[rng.IntN(len(keys))]
		if rng.IntN(3) == 0 {
			if err := s.setVar(k.seat, k.key, Value{}); err != nil {
				t.Fatal(err)
			}
			order = removeKey(order, k)
			delete(model, k)
		} else {
			x := float64(step)
			if err := s.setVar(k.seat, k.key, NumberValue(x)); err != nil {
				t.Fatal(err)
			}
			if _, ok := model[k]; !ok {
				order = append(order, k)
			}
			model[k] = x
		}
		if step%1000 == 999 {
			s = s.Clone() // a clone's hints are its own copy
		}
		checked := keys[rng.IntN(len(keys)-8):][:8] // a few keys each step, all now and then
		if step%500 == 0 {
			checked = keys
		}
		checkValues(t, s, checked, model, order)
	}
}

func removeKey(order []valueKey, k valueKey) []valueKey {
	for i, o := range order {
		if o == k {
			last := len(order) - 1
			order[i] = order[last]
			return order[:last]
		}
	}
	return order
}

// checkValues compares the store with the model: each of keys reads its value or nothing, and the
// store lists the values in order.
func checkValues(t *testing.T, s *State, keys []valueKey, model map[valueKey]float64, order []valueKey) {
	t.Helper()
	for _, k := range keys {
		v, ok := s.getVar(k.seat, k.key)
		want, wantOK := model[k]
		if ok != wantOK || (ok && v.Num != want) {
			t.Fatalf("value %d/%s reads %v (%v), want %v (%v)", k.seat, k.key, v.Num, ok, want, wantOK)
		}
	}
	if len(s.vars) != len(order) {
		t.Fatalf("%d values stored, want %d", len(s.vars), len(order))
	}
	for i, e := range s.vars {
		if (valueKey{e.seat, e.key}) != order[i] {
			t.Fatalf("value %d is %d/%s, want %v", i, e.seat, e.key, order[i])
		}
	}
}

// A value read through a key spelled by another string (a key built at run time, not the constant it
// was set with) is found all the same.
func TestValuesFoundByTheirSpelling(t *testing.T) {
	s := &State{Players: 2}
	if err := s.setVar(1, "signal_1", StringValue("up")); err != nil {
		t.Fatal(err)
	}
	key := fmt.Sprintf("signal_%d", 1)
	if v, ok := s.getVar(1, key); !ok || v.Str != "up" {
		t.Fatalf("signal_1 of seat 1 reads %q (%v), want up", v.Str, ok)
	}
	if _, ok := s.getVar(0, key); ok {
		t.Fatal("seat 0 reads seat 1's value")
	}
}
