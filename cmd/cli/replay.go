package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/scripting"
)

// ReplayOptions are the options of `ruleslab replay`.
type ReplayOptions struct {
	IO      *IO
	File    string
	Variant string // re-play under this variant and report where each game diverges
	JSON    bool
}

func newReplayCmd(io *IO) *cobra.Command {
	opts := &ReplayOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "replay FILE.jsonl",
		Short: "Re-play every game of a sim --log file and fail if any recorded event differs; --variant: report where each game diverges under another variant",
		Args:  exactArgs(1, "a FILE.jsonl written by sim --log"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.File = args[0]
			if opts.Variant != "" {
				return runReplayVariant(opts)
			}
			return runReplay(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Variant, "variant", "", "re-play each game under this variant (base, a bundled variant or a variant file) with the same seed and moves while they stay legal, and report the first point where it diverges")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "with --variant: print one JSON object per game")
	return cmd
}

func runReplay(opts *ReplayOptions) error {
	f, err := os.Open(opts.File)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	progs := map[string]*scripting.Program{}
	engines := map[string]*scripting.Engine{}
	h := scripting.NewHost()
	defer h.Close()
	line, verified, skipped := 0, 0, 0
	for sc.Scan() {
		line++
		var rec replayRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return fmt.Errorf("%s:%d: not a log record: %v", opts.File, line, err)
		}
		if rec.Error != "" {
			skipped++
			continue
		}
		key := rec.Game + "\x00" + rec.Variant
		p := progs[key]
		if p == nil {
			if p, err = scripting.Load(rec.Game, rec.Variant); err != nil {
				return fmt.Errorf("%s:%d: %v", opts.File, line, err)
			}
			progs[key] = p
		}
		if rec.Events == nil {
			return fmt.Errorf("%s:%d: the record has no events to check", opts.File, line)
		}
		e := engines[key]
		if e == nil {
			if e, err = p.NewEngine(h); err != nil {
				return fmt.Errorf("%s:%d: %v", opts.File, line, err)
			}
			engines[key] = e
		}
		s, err := e.NewState(rec.Players, rec.Seed, core.Options{})
		if err != nil {
			return fmt.Errorf("%s:%d: game %d: %v", opts.File, line, rec.Index, err)
		}
		for i, m := range rec.Moves {
			if err := s.Apply(e, m); err != nil {
				return fmt.Errorf("%s:%d: game %d: move %d (%q): %v", opts.File, line, rec.Index, i, m, err)
			}
		}
		want, _ := json.Marshal(rec.Events)
		got, _ := json.Marshal(s.Events())
		if !bytes.Equal(want, got) {
			var wantEvents []json.RawMessage
			_ = json.Unmarshal(want, &wantEvents)
			return fmt.Errorf("%s:%d: game %d: the replayed events differ from the log (%s)", opts.File, line, rec.Index, firstDiff(wantEvents, s.Events()))
		}
		if !s.Over() {
			return fmt.Errorf("%s:%d: game %d: the logged moves do not finish the game", opts.File, line, rec.Index)
		}
		seatStats, gameStats, err := e.GameStats(s)
		if err != nil {
			return fmt.Errorf("%s:%d: game %d: %v", opts.File, line, rec.Index, err)
		}
		for _, c := range []struct {
			name   string
			logged json.RawMessage
			got    any
		}{{"totals", rec.Totals, s.Totals()}, {"winners", rec.Winners, s.Winners()},
			{"seat_stats", rec.SeatStats, omitEmpty(seatStats)}, {"game_stats", rec.GameStats, omitEmpty(gameStats)}} {
			got, _ := json.Marshal(c.got)
			logged := []byte(c.logged)
			if len(logged) == 0 {
				logged = []byte("null")
			}
			if !bytes.Equal(logged, got) {
				return fmt.Errorf("%s:%d: game %d: the replayed %s differ from the log (logged %s, replayed %s)", opts.File, line, rec.Index, c.name, logged, got)
			}
		}
		verified++
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %v", opts.File, err)
	}
	fmt.Fprintf(opts.IO.Out, "%s: %d games replayed, all events identical, and their totals, winners and statistics", opts.File, verified)
	if skipped > 0 {
		fmt.Fprintf(opts.IO.Out, " (%d failed games skipped)", skipped)
	}
	fmt.Fprintln(opts.IO.Out)
	return nil
}

// replayRecord reads a LogRecord keeping its events as written, so they compare byte for byte.
type replayRecord struct {
	Game    string            `json:"game"`
	Variant string            `json:"variant"`
	Index   int               `json:"index"`
	Seed    uint64            `json:"seed"`
	Players int               `json:"players"`
	Moves   []string          `json:"moves"`
	Events  []json.RawMessage `json:"events"`
	Error   string            `json:"error"`

	Totals    json.RawMessage `json:"totals"`
	Winners   json.RawMessage `json:"winners"`
	SeatStats json.RawMessage `json:"seat_stats"`
	GameStats json.RawMessage `json:"game_stats"`
}

// omitEmpty is nil for an empty map, as the log's omitempty writes it.
func omitEmpty[M ~map[K]V, K comparable, V any](m M) any {
	if len(m) == 0 {
		return nil
	}
	return m
}

func firstDiff(want []json.RawMessage, got []core.Event) string {
	for i := 0; i < len(want) || i < len(got); i++ {
		if i >= len(want) {
			return fmt.Sprintf("event %d is extra", i)
		}
		if i >= len(got) {
			return fmt.Sprintf("event %d is missing", i)
		}
		w := []byte(want[i])
		g, _ := json.Marshal(got[i])
		if !bytes.Equal(w, g) {
			return fmt.Sprintf("event %d: logged %s, replayed %s", i, w, g)
		}
	}
	return "same events"
}
