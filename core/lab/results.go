package lab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core"
)

// A results file (--out FILE of sim, tournament, compare, sweep and fuzz) is JSON lines: a header naming
// the batch (Header), then one record per unit of work (a game, or compare's paired game) in index
// order, written as the units finish, each line ending in a checksum of itself. It holds everything
// the command's output needs, so --resume continues it and `merge` summarises shards without playing
// anything; both feed the records to the same tally in index order as the uninterrupted run does, so
// they print exactly what it prints.

// ResultsFormat is the header's "ruleslab_results" value; files of another format are refused.
const ResultsFormat = "2"

// Header is the first line of a results file.
type Header struct {
	Format string `json:"ruleslab_results"`
	Kind   string `json:"kind"` // the batch command: sim, tournament, compare, sweep or fuzz
	// Args is the command line that matters to the results, canonical (flags sorted, without --out,
	// --resume, --shard, --workers, --log and the output flags); merge runs it to print the output.
	Args []string `json:"args,omitempty"`
	// Command is the command as typed, without those flags: what the merged output names.
	Command string `json:"command,omitempty"`
	Version string `json:"version,omitempty"` // ruleslab's
	// Rules is a fingerprint of the resolved rules: every variant's configuration and scripts.
	Rules   string   `json:"rules"`
	Game    string   `json:"game"`              // GAME as given
	Variant string   `json:"variant,omitempty"` // --variant
	ID      string   `json:"id"`                // the game's id and variant as the summary names them
	Named   string   `json:"named_variant,omitempty"`
	Players int      `json:"players"`
	Seats   []string `json:"seats"` // sim: one bot per seat; tournament: the bots
	Seed    uint64   `json:"seed"`
	Games   int      `json:"games"` // the whole batch's units of work
	// Shard and Shards: this file holds units i with i mod Shards = Shard (0 and 1 without --shard).
	Shard  int               `json:"shard"`
	Shards int               `json:"shards"`
	Stats  map[string]string `json:"stats,omitempty"` // the declared statistic kinds
}

// notCompared are the header fields that may differ between the files of one batch.
var notCompared = map[string]bool{"command": true}

// Batch is the slice of units the header's file holds.
func (h Header) Batch() Batch {
	return Batch{Games: h.Games, Start: h.Shard, Step: h.Shards, Seed: h.Seed}
}

func (h Header) ShardName() string { return fmt.Sprintf("%d/%d", h.Shard, h.Shards) }

// CommandLine is the command that writes this header's file (without --out and --shard).
func (h Header) CommandLine() string {
	if h.Command != "" {
		return h.Command
	}
	return h.simCommand()
}

// simCommand spells a sim's command line from the header's fields.
func (h Header) simCommand() string {
	args := []string{"ruleslab", "sim", ShellQuote(h.Game)}
	if h.Variant != "" {
		args = append(args, "--variant", ShellQuote(h.Variant))
	}
	args = append(args, "--players", fmt.Sprint(h.Players), "--seats", ShellQuote(strings.Join(h.Seats, ",")),
		"--seed", fmt.Sprint(h.Seed), "--games", fmt.Sprint(h.Games))
	return strings.Join(args, " ")
}

// ReproCommand is a command that plays game index of a sim alone, with its moves in a log.
func (h Header) ReproCommand(index int) string {
	return fmt.Sprintf("%s --index %d --log game-%d.jsonl", h.simCommand(), index, index)
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

// Record is one game of a results file: what the tallies need.
type Record struct {
	Index     int                  `json:"index"`
	Seed      uint64               `json:"seed"`
	Moves     int                  `json:"moves"`
	Totals    []int                `json:"totals,omitempty"`
	Winners   []int                `json:"winners,omitempty"`
	SeatStats map[string][]float64 `json:"seat_stats,omitempty"`
	GameStats map[string]float64   `json:"game_stats,omitempty"`
	Tricks    int                  `json:"tricks,omitempty"`
	Rounds    [][]int              `json:"rounds,omitempty"` // the totals after each round (compare and sweep)
	Error     string               `json:"error,omitempty"`
}

func RecordOf(r core.Result) Record {
	return Record{Index: r.Index, Seed: r.Seed, Moves: r.Length(), Totals: r.Totals, Winners: r.Winners,
		SeatStats: r.SeatStats, GameStats: r.GameStats, Error: r.Error}
}

// measuredRecord is a record with what compare's and sweep's measures read too (tricks, rounds).
func measuredRecord(r core.Result) Record {
	rec := RecordOf(r)
	rec.Tricks, rec.Rounds = r.Tricks, r.RoundTotals
	return rec
}

func (rec Record) Result(players int, seats []string) core.Result {
	return core.Result{Index: rec.Index, Seed: rec.Seed, Players: players, Seats: seats, MoveCount: rec.Moves,
		Totals: rec.Totals, Winners: rec.Winners, SeatStats: rec.SeatStats, GameStats: rec.GameStats,
		Tricks: rec.Tricks, RoundTotals: rec.Rounds, Error: rec.Error}
}

// check tells what is wrong with a record of a game of seed and players read back from a file: another
// seed (a record of another batch), totals of another player count, a winner who is not a seat, a
// negative count.
func (rec Record) check(seed uint64, players int) error {
	if rec.Seed != seed {
		return fmt.Errorf("game %d has seed %d, not this batch's %d: a record of another batch", rec.Index, rec.Seed, seed)
	}
	if rec.Moves < 0 {
		return fmt.Errorf("game %d has %d moves", rec.Index, rec.Moves)
	}
	if rec.Tricks < 0 {
		return fmt.Errorf("game %d has %d tricks", rec.Index, rec.Tricks)
	}
	return rec.checkSeats(players)
}

// checkSeats tells what is wrong with a record's values per seat for players players.
func (rec Record) checkSeats(players int) error {
	for i, totals := range rec.Rounds {
		if len(totals) != players {
			return fmt.Errorf("game %d has totals of round %d for %d players of %d", rec.Index, i+1, len(totals), players)
		}
	}
	if rec.Error == "" && rec.Totals != nil && len(rec.Totals) != players {
		return fmt.Errorf("game %d has %d totals for %d players", rec.Index, len(rec.Totals), players)
	}
	for _, w := range rec.Winners {
		if w < 0 || w >= players {
			return fmt.Errorf("game %d names winner %d of %d players (seats 0..%d)", rec.Index, w, players, players-1)
		}
	}
	for name, v := range rec.SeatStats {
		if len(v) > players {
			return fmt.Errorf("game %d has statistic %s for %d seats of %d players", rec.Index, name, len(v), players)
		}
	}
	return nil
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
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() { // a device would be read without end
		f.Close()
		return nil, fmt.Errorf("%s: not a results file (written by --out): not a regular file", path)
	}
	rr := &ResultsReader{Lines: NewLines(path, f), f: f}
	data, err := rr.Lines.Next()
	if err != nil { // it names the file and line
		f.Close()
		return nil, err
	}
	if data == nil {
		err = errors.New("empty file")
	} else {
		err = readHeader(data, &rr.Header)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s:1: %v", path, err)
	}
	if h := rr.Header; h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards || h.Games < 1 || h.Players < 0 {
		f.Close()
		return nil, fmt.Errorf("%s:1: the header is inconsistent", path)
	}
	return rr, nil
}

// readHeader decodes a header line, checking its checksum and format.
func readHeader(line []byte, h *Header) error {
	var probe struct {
		Format string `json:"ruleslab_results"`
	}
	if json.Unmarshal(line, &probe) != nil || probe.Format == "" {
		return errors.New("not a ruleslab results file (written by --out)")
	}
	if probe.Format != ResultsFormat {
		return fmt.Errorf("a results file of format %s, written by another version of ruleslab (this one reads format %s): play it again", probe.Format, ResultsFormat)
	}
	data, err := verifyLine(line)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, h)
}

// Next decodes the next record into v after checking its checksum; ok is false at the end of the file.
func (rr *ResultsReader) Next(v any) (ok bool, err error) {
	line, err := rr.Lines.Next()
	if err != nil || line == nil {
		return false, err
	}
	data, err := verifyLine(line)
	if err == nil {
		err = json.Unmarshal(data, v)
	}
	if err != nil {
		return false, fmt.Errorf("%s:%d: %v", rr.Path, rr.Line, err)
	}
	return true, nil
}

// Close closes the file.
func (rr *ResultsReader) Close() error { return rr.f.Close() }

// DiffHeaders names the fields in which a results file's header differs from the command's.
func DiffHeaders(file, cmd Header) []string { return diffHeaders(file, cmd, "this command") }

// diffHeaders names the fields in which header a differs from header b, which label names.
func diffHeaders(file, cmd Header, label string) []string {
	var a, b map[string]json.RawMessage
	da, _ := json.Marshal(file)
	db, _ := json.Marshal(cmd)
	_ = json.Unmarshal(da, &a)
	_ = json.Unmarshal(db, &b)
	var diff []string
	for k := range a {
		if k == "args" && b[k] != nil && !bytes.Equal(a[k], b[k]) {
			diff = append(diff, argsDiff(file.Args, cmd.Args, label))
			continue
		}
		if !notCompared[k] && !bytes.Equal(a[k], b[k]) {
			diff = append(diff, fmt.Sprintf("%s %s (%s: %s)", k, a[k], label, rawOrNone(b[k])))
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok && !notCompared[k] {
			diff = append(diff, fmt.Sprintf("%s none (%s: %s)", k, label, b[k]))
		}
	}
	sort.Strings(diff)
	return diff
}

// argsDiff names the arguments of one command line that the other lacks.
func argsDiff(file, cmd []string, label string) string {
	only := func(a, b []string) string {
		var out []string
		for _, x := range a {
			if !slices.Contains(b, x) {
				out = append(out, x)
			}
		}
		if len(out) == 0 {
			return "(none)"
		}
		return strings.Join(out, " ")
	}
	return fmt.Sprintf("command line %s (%s: %s)", only(file, cmd), label, only(cmd, file))
}

func rawOrNone(m json.RawMessage) string {
	if m == nil {
		return "none"
	}
	return string(m)
}
