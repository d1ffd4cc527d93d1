package lab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core"
)

// A results file (sim --out FILE) is JSON lines: a header naming the batch (Header), then one
// record per finished or failed game in game order (Record), written as the games finish. It
// holds everything the summary needs, so `sim --resume` continues it and `merge` summarises shards
// without playing anything; both feed the records to the same tally in game order, so they print
// exactly what one uninterrupted run prints.

// ResultsFormat is the header's "ruleslab_results" value.
const ResultsFormat = "1"

// Header is the first line of a results file.
type Header struct {
	Format  string   `json:"ruleslab_results"`
	Game    string   `json:"game"`              // GAME as given to sim
	Variant string   `json:"variant,omitempty"` // --variant
	ID      string   `json:"id"`                // the game's id and variant as the summary names them
	Named   string   `json:"named_variant,omitempty"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"` // one bot per seat
	Seed    uint64   `json:"seed"`
	Games   int      `json:"games"` // the whole batch's
	// Shard and Shards: this file holds games i with i mod Shards = Shard (0 and 1 without --shard).
	Shard  int               `json:"shard"`
	Shards int               `json:"shards"`
	Stats  map[string]string `json:"stats,omitempty"` // the declared statistic kinds
}

// batch is the slice of games the header's file holds.
func (h Header) Batch() Batch {
	return Batch{Games: h.Games, Start: h.Shard, Step: h.Shards, Seed: h.Seed}
}

func (h Header) ShardName() string { return fmt.Sprintf("%d/%d", h.Shard, h.Shards) }

// command is the sim command line that writes this header's file (without --out).
func (h Header) Command() string {
	args := []string{"ruleslab", "sim", ShellQuote(h.Game)}
	if h.Variant != "" {
		args = append(args, "--variant", ShellQuote(h.Variant))
	}
	args = append(args, "--players", fmt.Sprint(h.Players), "--seats", ShellQuote(strings.Join(h.Seats, ",")),
		"--seed", fmt.Sprint(h.Seed), "--games", fmt.Sprint(h.Games))
	return strings.Join(args, " ")
}

// reproCommand is a command that plays game index of the batch alone, with its moves in a log.
func (h Header) ReproCommand(index int) string {
	return fmt.Sprintf("%s --index %d --log game-%d.jsonl", h.Command(), index, index)
}

// ShellQuote quotes s for a POSIX shell when it needs it.
func ShellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./,=:+@", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Record is one game of a results file: what the tally needs.
type Record struct {
	Index     int                  `json:"index"`
	Seed      uint64               `json:"seed"`
	Moves     int                  `json:"moves"`
	Totals    []int                `json:"totals,omitempty"`
	Winners   []int                `json:"winners,omitempty"`
	SeatStats map[string][]float64 `json:"seat_stats,omitempty"`
	GameStats map[string]float64   `json:"game_stats,omitempty"`
	Error     string               `json:"error,omitempty"`
}

func RecordOf(r core.Result) Record {
	return Record{Index: r.Index, Seed: r.Seed, Moves: r.Length(), Totals: r.Totals, Winners: r.Winners,
		SeatStats: r.SeatStats, GameStats: r.GameStats, Error: r.Error}
}

func (rec Record) Result(players int, seats []string) core.Result {
	return core.Result{Index: rec.Index, Seed: rec.Seed, Players: players, Seats: seats, MoveCount: rec.Moves,
		Totals: rec.Totals, Winners: rec.Winners, SeatStats: rec.SeatStats, GameStats: rec.GameStats, Error: rec.Error}
}

// ResultsReader reads a results file record by record.
type ResultsReader struct {
	*Lines
	Header Header
	f      *os.File
}

// OpenResults opens a results file and reads its header.
func OpenResults(path string) (*ResultsReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	rr := &ResultsReader{Lines: NewLines(path, f), f: f}
	data, err := rr.Lines.Next()
	if err == nil && data == nil {
		err = errors.New("empty file")
	}
	if err == nil {
		err = json.Unmarshal(data, &rr.Header)
		if err == nil && rr.Header.Format != ResultsFormat {
			err = fmt.Errorf("not a ruleslab results file (written by sim --out)")
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s:1: %v", path, err)
	}
	if h := rr.Header; h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards || h.Games < 1 || h.Players < 1 || len(h.Seats) != h.Players {
		f.Close()
		return nil, fmt.Errorf("%s:1: the header is inconsistent", path)
	}
	return rr, nil
}

// Next returns the next game's record; ok is false at the end of the file.
func (rr *ResultsReader) Next() (rec Record, ok bool, err error) {
	ok, err = rr.Lines.Decode(&rec, "not a game record")
	return rec, ok, err
}

// Close closes the file.
func (rr *ResultsReader) Close() error { return rr.f.Close() }

// DiffHeaders names the fields in which a results file's header differs from the command's.
func DiffHeaders(file, cmd Header) []string {
	var a, b map[string]json.RawMessage
	da, _ := json.Marshal(file)
	db, _ := json.Marshal(cmd)
	_ = json.Unmarshal(da, &a)
	_ = json.Unmarshal(db, &b)
	var diff []string
	for k := range a {
		if !bytes.Equal(a[k], b[k]) {
			diff = append(diff, fmt.Sprintf("%s %s (this command: %s)", k, a[k], rawOrNone(b[k])))
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			diff = append(diff, fmt.Sprintf("%s none (this command: %s)", k, b[k]))
		}
	}
	sort.Strings(diff)
	return diff
}

func rawOrNone(m json.RawMessage) string {
	if m == nil {
		return "none"
	}
	return string(m)
}

// Resume reads the games an earlier run of the same command saved in path, hands each to add
// in game order, truncates a partial last line, and returns how many games it had.
func Resume(path string, want Header, add func(core.Result)) (int, error) {
	rr, err := OpenResults(path)
	if err != nil {
		return 0, err
	}
	defer rr.Close()
	if diff := DiffHeaders(rr.Header, want); len(diff) > 0 {
		return 0, fmt.Errorf("%s was written by another command, cannot resume: %s", path, strings.Join(diff, "; "))
	}
	b := want.Batch()
	k := 0
	for {
		rec, ok, err := rr.Next()
		if err != nil {
			return 0, err
		}
		if !ok {
			break
		}
		if k >= b.Count() || rec.Index != b.Index(k) {
			return 0, fmt.Errorf("%s:%d: game %d where game %d was expected", path, rr.Line, rec.Index, b.Index(min(k, b.Count())))
		}
		add(rec.Result(want.Players, want.Seats))
		k++
	}
	if rr.Partial {
		if err := os.Truncate(path, rr.Offset); err != nil {
			return 0, err
		}
	}
	return k, nil
}

// TrimLog keeps the first n games of a --log file being resumed (it may be ahead of the results file)
// and returns the file to append to.
func TrimLog(path string, b Batch, n int) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("--log %s: %v (to resume, give the log of the interrupted run)", path, err)
	}
	lines := NewLines(path, f)
	for k := 0; k < n; k++ {
		var rec struct {
			Index int `json:"index"`
		}
		ok, err := lines.Decode(&rec, "")
		if err == nil && !ok {
			f.Close()
			return nil, fmt.Errorf("--log %s has %d games, fewer than the %d saved in the results file: cannot resume it", path, k, n)
		}
		if err != nil || rec.Index != b.Index(k) {
			f.Close()
			return nil, fmt.Errorf("--log %s: line %d is not game %d", path, k+1, b.Index(k))
		}
	}
	if err := f.Truncate(lines.Offset); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(lines.Offset, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
