package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// Divergence says where a logged game, re-played under another variant with the same seed and moves,
// first differs from the log.
type Divergence struct {
	Index   int    `json:"index"`
	Seed    uint64 `json:"seed"`
	Moves   int    `json:"moves"` // the logged moves
	Same    bool   `json:"same"`  // every event identical
	Event   int    `json:"first_event,omitempty"`
	Logged  string `json:"logged_event,omitempty"`
	Replay  string `json:"replayed_event,omitempty"`
	Move    *int   `json:"first_illegal_move,omitempty"` // index of the first logged move that is not legal
	What    string `json:"what"`
	Applied int    `json:"moves_applied"`
}

// runReplayVariant re-plays every game of a log under opts.Variant: the same seed, then the logged
// moves while they stay legal; it reports the first event that differs from the log and the first move
// that is not legal (or that comes after the game ended).
func runReplayVariant(ctx context.Context, opts *ReplayOptions) error {
	engines := map[string]*scripting.Engine{}
	same, diverged := 0, 0
	enc := json.NewEncoder(opts.IO.Out)
	err := eachLogRecord(ctx, opts.File, func(h *scripting.Host, line int, rec *replayRecord) error {
		if rec.Error != "" {
			return nil
		}
		if rec.Events == nil {
			return fmt.Errorf("%s:%d: the record has no events to compare", opts.File, line)
		}
		e := engines[rec.Game]
		if e == nil {
			p, err := loadVariant(rec.Game, opts.Variant)
			if err != nil {
				return err
			}
			if e, err = p.NewEngine(h); err != nil {
				return err
			}
			engines[rec.Game] = e
		}
		d, err := divergence(e, *rec)
		if err != nil {
			return fmt.Errorf("%s:%d: game %d: %v", opts.File, line, rec.Index, err)
		}
		if d.Same {
			same++
		} else {
			diverged++
		}
		if opts.JSON {
			return enc.Encode(d)
		}
		fmt.Fprintf(opts.IO.Out, "game %d (seed %d): %s\n", d.Index, d.Seed, d.What)
		return nil
	})
	if stopped := (replayInterrupted{}); err != nil && !errors.As(err, &stopped) {
		return err
	}
	if !opts.JSON {
		fmt.Fprintf(opts.IO.Out, "%s under %s: %d games identical, %d diverge\n", opts.File, opts.Variant, same, diverged)
	}
	return err
}

func divergence(e *scripting.Engine, rec replayRecord) (Divergence, error) {
	d := Divergence{Index: rec.Index, Seed: rec.Seed, Moves: len(rec.Moves)}
	s, err := e.NewState(rec.Players, rec.Seed, core.StateOptions{})
	if err != nil {
		return d, err
	}
	for i, m := range rec.Moves {
		if s.Over() {
			i := i
			d.Move = &i
			d.What = fmt.Sprintf("the game ended after %d of the %d logged moves", i, len(rec.Moves))
			break
		}
		if err := s.Apply(e, m); err != nil {
			var ill *core.IllegalMoveError
			if !errors.As(err, &ill) {
				return d, err
			}
			i := i
			d.Move = &i
			d.What = fmt.Sprintf("move %d (seat %d: %q) is not legal here (legal: %s)", i, ill.Seat, m, shorten(ill.Legal, 8))
			break
		}
		d.Applied++
	}
	got := s.Events()
	d.Event = -1
	for i := 0; i < len(rec.Events) || i < len(got); i++ {
		var g []byte
		if i < len(got) {
			g, _ = json.Marshal(got[i])
		}
		if i >= len(rec.Events) || i >= len(got) || !bytes.Equal(rec.Events[i], g) {
			d.Event = i
			if i < len(rec.Events) {
				d.Logged = string(rec.Events[i])
			}
			d.Replay = string(g)
			break
		}
	}
	switch {
	case d.Event < 0:
		d.Event = 0
		d.Same = true
		d.What = fmt.Sprintf("identical: all %d moves legal, every event the same", len(rec.Moves))
	case d.Move == nil:
		end := "finished"
		if !s.Over() {
			end = "not finished"
		}
		totals, _ := json.Marshal(s.Totals()) // written as the log writes them, to read side by side
		d.What = fmt.Sprintf("first differs at event %d (logged %s, replayed %s); all %d moves legal, game %s, totals %s (logged %s)",
			d.Event, orNone(d.Logged), orNone(d.Replay), len(rec.Moves), end, totals, orNone(string(rec.Totals)))
	default:
		d.What = fmt.Sprintf("first differs at event %d (logged %s, replayed %s); %s", d.Event, orNone(d.Logged), orNone(d.Replay), d.What)
	}
	return d, nil
}

func orNone(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}

func shorten(list []string, n int) string {
	if len(list) <= n {
		return strings.Join(list, ", ")
	}
	return strings.Join(list[:n], ", ") + fmt.Sprintf(", ... (%d in all)", len(list))
}
