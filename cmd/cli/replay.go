package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/lab"
	"github.com/ruleslab/ruleslab/scripting"
)

// ReplayOptions are the options of `ruleslab replay`.
type ReplayOptions struct {
	IO      *IO
	File    string
	Variant string // re-play under this variant and report where each game diverges
	JSON    bool
}

// NewCmdReplay builds `ruleslab replay`; runF runs the parsed options (nil: runReplay).
func NewCmdReplay(io *IO, runF func(*ReplayOptions) error) *cobra.Command {
	opts := &ReplayOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "replay FILE.jsonl",
		Short: "Re-play every game of a sim --log file and fail if any recorded event differs; --variant: report where each game diverges under another variant",
		Long: `Re-plays every game of a log written by sim --log (or tournament --log) from its seed and moves, and
checks that its events, totals, winners and statistics are those logged; failed games (logged with
their error) are skipped. Without --json it stops at the first game that differs, naming its line;
with --json it checks every game and prints one object on stdout: "ok", the counts, and per game its
"index", "line", "seed" and "ok", with the first "difference" of a game that differs.

--variant re-plays each game under another variant instead and reports where it first diverges.`,
		Example: `  ruleslab sim mimic-taking --games 3 --seats greedy,random --log three.jsonl
  ruleslab replay three.jsonl
  ruleslab replay three.jsonl --json
  ruleslab replay three.jsonl --variant face-up`,
		Args: exactArgs(1, "a FILE.jsonl written by sim --log"),
		RunE: runOnGame(opts, &opts.File, runF, runReplay),
	}
	cmd.Flags().StringVar(&opts.Variant, "variant", "", "re-play each game under this variant (base, a bundled variant or a variant file) with the same seed and moves while they stay legal, and report the first point where it diverges")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the result as JSON: one object for the whole log (with --variant: one object per game)")
	return cmd
}

// ReplayReport is `replay --json` (without --variant).
type ReplayReport struct {
	File      string `json:"file"`
	OK        bool   `json:"ok"`        // every replayed game is identical to its record
	Replayed  int    `json:"replayed"`  // games re-played
	Identical int    `json:"identical"` // of which identical
	Skipped   int    `json:"skipped"`   // failed games in the log, not re-played
	// Interrupted: a signal stopped the replay; the games after the last of Games were not replayed
	Interrupted bool         `json:"interrupted,omitempty"`
	Games       []ReplayGame `json:"games"`
}

// ReplayGame is one logged game: identical (ok), different (the first difference), or skipped (a game
// that failed when it was played, with its logged error).
type ReplayGame struct {
	Index      int    `json:"index"`
	Line       int    `json:"line"`
	Seed       uint64 `json:"seed"`
	OK         bool   `json:"ok"`
	Difference string `json:"difference,omitempty"`
	Skipped    bool   `json:"skipped,omitempty"`
	Error      string `json:"error,omitempty"`
}

// replayer re-plays logged games, one engine per game and variant.
type replayer struct {
	host    *scripting.Host
	engines map[string]*scripting.Engine
}

// engine loads a record's game once.
func (r *replayer) engine(rec *replayRecord) (*scripting.Engine, error) {
	key := rec.Game + "\x00" + rec.Variant
	if e := r.engines[key]; e != nil {
		return e, nil
	}
	p, err := scripting.Load(rec.Game, rec.Variant)
	if err != nil {
		return nil, err
	}
	e, err := p.NewEngine(r.host)
	if err != nil {
		return nil, err
	}
	r.engines[key] = e
	return e, nil
}

// check re-plays one logged game and says how it first differs from its record (nil: identical).
func (r *replayer) check(e *scripting.Engine, rec *replayRecord) error {
	s, err := e.NewState(rec.Players, rec.Seed, core.StateOptions{})
	if err != nil {
		return err
	}
	for i, m := range rec.Moves {
		if err := s.Apply(e, m); err != nil {
			return fmt.Errorf("move %d (%q): %v", i, m, err)
		}
	}
	want, _ := json.Marshal(rec.Events)
	got, _ := json.Marshal(s.Events())
	if !bytes.Equal(want, got) {
		var wantEvents []json.RawMessage
		_ = json.Unmarshal(want, &wantEvents)
		return fmt.Errorf("the replayed events differ from the log (%s)", firstDiff(wantEvents, s.Events()))
	}
	if !s.Over() {
		return fmt.Errorf("the logged moves do not finish the game")
	}
	seatStats, gameStats, err := e.GameStats(s)
	if err != nil {
		return err
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
			return fmt.Errorf("the replayed %s differ from the log (logged %s, replayed %s)", c.name, logged, got)
		}
	}
	return nil
}

// replayInterrupted is the error of a replay that a signal stopped before the end of its log: the
// games before line are replayed; the game of line, in progress, is not counted.
type replayInterrupted struct{ line int }

func (e replayInterrupted) Error() string {
	return fmt.Sprintf("interrupted: the games from line %d of the log on were not replayed", e.line)
}

// eachLogRecord hands every record of a --log file to fn with its line, on a Lua host for the file's
// games; a line that is not a record (a partial last line included) is an error naming it. Once ctx is
// done (Ctrl-C, SIGTERM, SIGHUP) the host stops the hook in progress and no record follows: the error
// is a replayInterrupted.
func eachLogRecord(ctx context.Context, path string, fn func(h *scripting.Host, line int, rec *replayRecord) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	lines := lab.NewLines(path, f)
	lines.Strict = true
	h := scripting.NewHost()
	defer h.Close()
	defer context.AfterFunc(ctx, h.Interrupt)()
	for {
		if ctx.Err() != nil {
			return replayInterrupted{lines.Line + 1}
		}
		var rec replayRecord
		ok, err := lines.Decode(&rec, "not a log record")
		if !ok || err != nil {
			return err
		}
		if err := fn(h, lines.Line, &rec); err != nil {
			if ctx.Err() != nil { // the game was stopped, not wrong
				return replayInterrupted{lines.Line}
			}
			return err
		}
	}
}

// runReplay checks every game of the log against its record, or with --variant reports where each
// diverges under that variant. Ctrl-C, SIGTERM or SIGHUP stops it: what was replayed is reported, and
// it exits ExitInterrupted.
func runReplay(opts *ReplayOptions) error {
	ctx, stop := stopSignals()
	defer stop()
	var err error
	if opts.Variant != "" {
		err = runReplayVariant(ctx, opts)
	} else {
		err = runReplayCheck(ctx, opts)
	}
	if stopped := (replayInterrupted{}); errors.As(err, &stopped) {
		opts.IO.stopped = true
		fmt.Fprintf(opts.IO.Err, "%v\n", err)
		return nil
	}
	return err
}

// runReplayCheck re-plays every game of the log and checks it is identical to its record.
func runReplayCheck(ctx context.Context, opts *ReplayOptions) error {
	var r *replayer
	rep := ReplayReport{File: opts.File, OK: true, Games: []ReplayGame{}}
	err := eachLogRecord(ctx, opts.File, func(h *scripting.Host, line int, rec *replayRecord) error {
		if r == nil {
			r = &replayer{host: h, engines: map[string]*scripting.Engine{}}
		}
		game := ReplayGame{Index: rec.Index, Line: line, Seed: rec.Seed}
		if rec.Error != "" {
			rep.Skipped++
			game.Skipped, game.Error = true, rec.Error
			rep.Games = append(rep.Games, game)
			return nil
		}
		e, err := r.engine(rec)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", opts.File, line, err)
		}
		if rec.Events == nil {
			return fmt.Errorf("%s:%d: the record has no events to check", opts.File, line)
		}
		rep.Replayed++
		if err := r.check(e, rec); err != nil {
			if !opts.JSON || h.Interrupted() { // a game a signal stopped is not a difference
				return fmt.Errorf("%s:%d: game %d: %v", opts.File, line, rec.Index, err)
			}
			rep.OK, game.Difference = false, err.Error()
		} else {
			rep.Identical++
			game.OK = true
		}
		rep.Games = append(rep.Games, game)
		return nil
	})
	var stopped replayInterrupted
	if err != nil && !errors.As(err, &stopped) {
		return err
	}
	if opts.JSON {
		rep.Interrupted = stopped.line > 0
		if err := writeJSON(opts.IO.Out, rep); err != nil {
			return err
		}
		if !rep.OK && !rep.Interrupted {
			return &SilentError{Code: ExitError}
		}
		return err
	}
	printReplayed(opts.IO.Out, rep)
	return err
}

// printReplayed is replay's line for the games replayed, all identical.
func printReplayed(out io.Writer, rep ReplayReport) {
	fmt.Fprintf(out, "%s: %d games replayed, all events identical, and their totals, winners and statistics", rep.File, rep.Identical)
	if rep.Skipped > 0 {
		fmt.Fprintf(out, " (%d failed games skipped)", rep.Skipped)
	}
	fmt.Fprintln(out)
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
