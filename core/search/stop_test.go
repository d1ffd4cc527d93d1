package search

import (
	"errors"
	"fmt"
	"testing"
)

type limitErr struct{}

func (limitErr) Error() string    { return "hook evaluate was stopped" }
func (limitErr) EndsSearch() bool { return true }

// Which errors end a search at once and which only drop the iteration (a world the rules cannot play).
func TestFatalErrors(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{errors.New("hook on_move: no card X in hand"), false},
		{policyError{errors.New("hook rollout returned 7")}, true},
		{fmt.Errorf("move 3: %w", policyError{errors.New("evaluate")}), true},
		{limitErr{}, true},
		{fmt.Errorf("hook on_move: %w", limitErr{}), true},
	} {
		if got := fatal(c.err); got != c.want {
			t.Errorf("fatal(%v) = %v, want %v", c.err, got, c.want)
		}
	}
	if err := unwrapPolicy(policyError{limitErr{}}); err != (limitErr{}) {
		t.Errorf("unwrapPolicy kept the wrapper: %#v", err)
	}
}

// Stop is read before every iteration; a search whose Stop says so fails with ErrInterrupted.
func TestStopped(t *testing.T) {
	b := &ISMCTS{}
	if b.stopped() {
		t.Error("a search without Stop stopped")
	}
	b.Stop = func() bool { return true }
	if !b.stopped() {
		t.Error("Stop was not read")
	}
}
