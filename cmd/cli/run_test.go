package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core"
)

func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Execute(&IO{In: strings.NewReader(""), Out: &out, Err: &errb}, args)
	return out.String(), errb.String(), code
}

func zoneView(t *testing.T, o *core.Observation, name string, seat int) core.ZoneView {
	t.Helper()
	for _, z := range o.Zones {
		if z.Name == name && z.Seat == seat {
			return z
		}
	}
	t.Fatalf("observation has no zone %s/%d: %+v", name, seat, o.Zones)
	return core.ZoneView{}
}

// --observe SEAT adds that seat's final observation: its own hand's cards, only the size of the others'
// hidden zones, and only the events it may see.
func TestRunObserve(t *testing.T) {
	stdout, stderr, code := runCLI(t, "run", "testdata/observe/wait.yaml", "--json", "--observe", "1")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		ToAct       *int              `json:"to_act"`
		Observation *core.Observation `json:"observation"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	o := res.Observation
	if o == nil || o.Seat != 1 {
		t.Fatalf("no observation of seat 1: %s", stdout)
	}
	if mine := zoneView(t, o, "hand", 1); !mine.Visible || len(mine.Cards) != 2 || mine.Count != 2 {
		t.Errorf("seat 1 should see its own 2 cards: %+v", mine)
	}
	if theirs := zoneView(t, o, "hand", 0); theirs.Visible || len(theirs.Cards) != 0 || theirs.Count != 2 {
		t.Errorf("seat 1 should see only the size of seat 0's hand: %+v", theirs)
	}
	if deck := zoneView(t, o, "deck", -1); deck.Visible || deck.Count != 1 {
		t.Errorf("the deck is face down: %+v", deck)
	}
	if o.Legal != nil {
		t.Errorf("seat 1 is not to act, yet sees legal moves %v", o.Legal)
	}

	// without --observe there is no observation
	stdout, _, _ = runCLI(t, "run", "testdata/observe/wait.yaml", "--json")
	if strings.Contains(stdout, "observation") {
		t.Errorf("observation printed without --observe: %s", stdout)
	}
}

func TestRunObservePrivateEvent(t *testing.T) {
	for _, tc := range []struct {
		seat       int
		seesShow   bool
		tableCards int
	}{{0, true, 1}, {1, false, 1}} {
		stdout, stderr, code := runCLI(t, "run", "testdata/observe/shown.yaml", "--json", "--observe", string(rune('0'+tc.seat)))
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var res struct {
			Observation *core.Observation `json:"observation"`
		}
		if err := json.Unmarshal([]byte(stdout), &res); err != nil {
			t.Fatal(err)
		}
		o := res.Observation
		sees := false
		for _, e := range o.Events {
			if e.Type == "move" && e.Move == "show" {
				sees = true
			}
		}
		if sees != tc.seesShow {
			t.Errorf("seat %d sees the private move: %v, want %v", tc.seat, sees, tc.seesShow)
		}
		if table := zoneView(t, o, "table", -1); !table.Visible || len(table.Cards) != tc.tableCards {
			t.Errorf("seat %d: the table is public: %+v", tc.seat, table)
		}
	}
}

func TestRunObserveText(t *testing.T) {
	stdout, stderr, code := runCLI(t, "run", "testdata/observe/shown.yaml", "--observe", "0")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	var o core.Observation
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &o); err != nil || o.Seat != 0 {
		t.Fatalf("last line is not seat 0's observation (%v): %s", err, stdout)
	}
}

func TestRunObserveBadSeat(t *testing.T) {
	_, stderr, code := runCLI(t, "run", "testdata/observe/wait.yaml", "--observe", "2")
	if code != ExitError || !strings.Contains(stderr, "cannot observe seat 2") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = runCLI(t, "run", "testdata/observe/wait.yaml", "--observe", "-3")
	if code != ExitUsage {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
