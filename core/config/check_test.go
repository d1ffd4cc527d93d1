package config

import (
	"errors"
	"path/filepath"
	"testing"
)

// Every problem the checks find is reported, each a *PosError at its place, not only the first.
func TestCheckReportsEveryProblem(t *testing.T) {
	dir := t.TempDir()
	path := writeGame(t, dir, "bad.yaml", "components: [{kind: c, id: X}]\n"+
		"private_moves: {keep: secret, give: hidden}\n"+
		"stats: {tricks: counts, wins: rate, bonus: average}\n")
	_, err := Load(path)
	if err == nil {
		t.Fatal("bad.yaml loaded")
	}
	var bad *InvalidGame
	if !errors.As(err, &bad) || bad.Game == nil || len(bad.Game.Scripts) != 1 {
		t.Fatalf("error %#v does not carry the game with its scripts", err)
	}
	multi, ok := err.(interface{ Unwrap() []error })
	if !ok {
		t.Fatalf("error %q is one problem, want them joined", err)
	}
	var got []string
	var flatten func(error)
	flatten = func(e error) {
		if m, ok := e.(interface{ Unwrap() []error }); ok {
			for _, p := range m.Unwrap() {
				flatten(p)
			}
			return
		}
		var pe *PosError
		if !errors.As(e, &pe) || pe.Line == 0 {
			t.Errorf("%q has no position", e)
		}
		got = append(got, filepath.Base(pe.File)+": "+pe.Msg)
	}
	flatten(multi.(error))
	want := []string{
		"bad.yaml: private_moves.give must be owner, public or none",
		"bad.yaml: private_moves.keep must be owner, public or none",
		`bad.yaml: stats.bonus: the kind must be rate, count or mean, not "average"`,
		`bad.yaml: stats.tricks: the kind must be rate, count or mean, not "counts"`,
	}
	if len(got) != len(want) {
		t.Fatalf("problems %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("problem %d: %q, want %q", i, got[i], want[i])
		}
	}
}
