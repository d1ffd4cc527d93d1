package core

import (
	"runtime"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core/config"
)

// The catalogue is counted before it is built: 300,000,000 copies is an error, not gigabytes.
func TestCatalogCountedBeforeBuilding(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := NewCatalog([]config.Component{{Kind: "x", ID: "X", Count: 300_000_000}})
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "too many components (more than 32000)") {
		t.Fatalf("error %v", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("refusing allocated %d bytes", n)
	}

	each := map[string][]any{"a": make([]any, 100), "b": make([]any, 100)}
	for _, c := range []struct {
		defs []config.Component
		ok   bool
	}{
		{[]config.Component{{ID: "X", Count: 32000}}, true},
		{[]config.Component{{ID: "X", Count: 31999}, {ID: "Y"}}, true},
		{[]config.Component{{ID: "X", Count: 32000}, {ID: "Y"}}, false},
		{[]config.Component{{ID: "X{a}{b}", Each: each, Count: 3}}, true},
		{[]config.Component{{ID: "X{a}{b}", Each: each, Count: 4}}, false},
		{[]config.Component{{ID: "X", Count: 1 << 62, Each: each}}, false}, // no overflow to a small number
	} {
		_, err := NewCatalog(c.defs)
		if (err == nil) != c.ok {
			t.Errorf("%d components: error %v", len(c.defs), err)
		}
	}
}

// A filled-in id longer than config.MaxIDBytes is an error (ids are filled in one pass, so a value that
// spells another key is not filled in again and ids cannot grow key after key).
func TestCatalogIDs(t *testing.T) {
	c, err := NewCatalog([]config.Component{{Kind: "x", ID: "{a}-{b}", Each: map[string][]any{"a": {"A"}, "b": {1}}}})
	if err != nil || c.ID(0) != "A-1" {
		t.Fatalf("catalogue %v, error %v", c, err)
	}
	_, err = NewCatalog([]config.Component{{Kind: "x", ID: "{a}-{b}", Each: map[string][]any{"a": {"{b}{b}"}, "b": {1}}}})
	if err == nil || !strings.Contains(err.Error(), "names a key not in `each`") {
		t.Fatalf("error %v", err)
	}
	_, err = NewCatalog([]config.Component{{Kind: "x", ID: "{a}", Each: map[string][]any{"a": {strings.Repeat("y", 65)}}}})
	if err == nil || !strings.Contains(err.Error(), "is 65 bytes long; at most 64") {
		t.Fatalf("error %v", err)
	}
}
