package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/lab"
)

// A results file (sim --out FILE) is JSON lines: a header naming the batch (resultsHeader), then one
// record per finished or failed game in game order (resultRecord), written as the games finish. It
// holds everything the summary needs, so `sim --resume` continues it and `merge` summarises shards
// without playing anything; both feed the records to the same tally in game order, so they print
// exactly what one uninterrupted run prints.

// resultsFormat is the header's "ruleslab_results" value.
const resultsFormat = "1"

// resultsHeader is the first line of a results file.
type resultsHeader struct {
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
func (h resultsHeader) batch() lab.Batch {
	return lab.Batch{Games: h.Games, Start: h.Shard, Step: h.Shards, Seed: h.Seed}
}

func (h resultsHeader) shardName() string { return fmt.Sprintf("%d/%d", h.Shard, h.Shards) }

// command is the sim command line that writes this header's file (without --out).
func (h resultsHeader) command() string {
	args := []string{"ruleslab", "sim", shellQuote(h.Game)}
	if h.Variant != "" {
		args = append(args, "--variant", shellQuote(h.Variant))
	}
	args = append(args, "--players", fmt.Sprint(h.Players), "--seats", shellQuote(strings.Join(h.Seats, ",")),
		"--seed", fmt.Sprint(h.Seed), "--games", fmt.Sprint(h.Games))
	return strings.Join(args, " ")
}

// reproCommand is a command that plays game index of the batch alone, with its moves in a log.
func (h resultsHeader) reproCommand(index int) string {
	return fmt.Sprintf("%s --index %d --log game-%d.jsonl", h.command(), index, index)
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./,=:+@", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// resultRecord is one game of a results file: what the tally needs.
type resultRecord struct {
	Index     int                  `json:"index"`
	Seed      uint64               `json:"seed"`
	Moves     int                  `json:"moves"`
	Totals    []int                `json:"totals,omitempty"`
	Winners   []int                `json:"winners,omitempty"`
	SeatStats map[string][]float64 `json:"seat_stats,omitempty"`
	GameStats map[string]float64   `json:"game_stats,omitempty"`
	Error     string               `json:"error,omitempty"`
}

func recordOf(r core.Result) resultRecord {
	return resultRecord{Index: r.Index, Seed: r.Seed, Moves: r.Length(), Totals: r.Totals, Winners: r.Winners,
		SeatStats: r.SeatStats, GameStats: r.GameStats, Error: r.Error}
}

func (rec resultRecord) result(players int, seats []string) core.Result {
	return core.Result{Index: rec.Index, Seed: rec.Seed, Players: players, Seats: seats, MoveCount: rec.Moves,
		Totals: rec.Totals, Winners: rec.Winners, SeatStats: rec.SeatStats, GameStats: rec.GameStats, Error: rec.Error}
}

// lineWriter writes whole lines to a file: it buffers them and writes complete lines only (at most a
// second late), so the file never ends in a partial line, even if the process is killed. before, if
// set, is flushed first (the --log before the results file, so the log never has fewer games).
type lineWriter struct {
	f      *os.File
	buf    []byte
	last   time.Time
	before *lineWriter
	err    error
}

const lineBuffer = 64 << 10

func newLineWriter(f *os.File) *lineWriter { return &lineWriter{f: f, last: time.Now()} }

// WriteLine appends data and a newline.
func (w *lineWriter) WriteLine(data []byte) {
	w.buf = append(append(w.buf, data...), '\n')
	if len(w.buf) >= lineBuffer || time.Since(w.last) > time.Second {
		w.Flush()
	}
}

// Flush writes the buffered lines in one write and reports the first error so far.
func (w *lineWriter) Flush() error {
	if w.before != nil {
		if err := w.before.Flush(); err != nil && w.err == nil {
			w.err = err
		}
	}
	if len(w.buf) > 0 && w.err == nil {
		if _, err := w.f.Write(w.buf); err != nil {
			w.err = err
		}
	}
	w.buf = w.buf[:0]
	w.last = time.Now()
	return w.err
}

// resultsReader reads a results file record by record.
type resultsReader struct {
	Path    string
	Header  resultsHeader
	f       *os.File
	r       *bufio.Reader
	line    int
	Offset  int64 // the bytes of the complete lines read so far
	Partial bool  // the file ends in a partial line (a run killed while writing)
}

func openResults(path string) (*resultsReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	rr := &resultsReader{Path: path, f: f, r: bufio.NewReaderSize(f, 1<<16)}
	data, err := rr.readLine()
	if err == nil && data == nil {
		err = errors.New("empty file")
	}
	if err == nil {
		err = json.Unmarshal(data, &rr.Header)
		if err == nil && rr.Header.Format != resultsFormat {
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

// readLine returns the next complete line without its newline, nil at the end (or at a partial line).
func (rr *resultsReader) readLine() ([]byte, error) {
	data, err := rr.r.ReadBytes('\n')
	if err == io.EOF {
		rr.Partial = len(data) > 0
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rr.line++
	rr.Offset += int64(len(data))
	return data[:len(data)-1], nil
}

// Next returns the next game's record; ok is false at the end of the file.
func (rr *resultsReader) Next() (rec resultRecord, ok bool, err error) {
	data, err := rr.readLine()
	if err != nil || data == nil {
		return rec, false, err
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		return rec, false, fmt.Errorf("%s:%d: not a game record: %v", rr.Path, rr.line, err)
	}
	return rec, true, nil
}

func (rr *resultsReader) Close() error { return rr.f.Close() }

// diffHeaders names the fields in which a results file's header differs from the command's.
func diffHeaders(file, cmd resultsHeader) []string {
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

// resumeResults reads the games an earlier run of the same command saved in path, hands each to add
// in game order, truncates a partial last line, and returns how many games it had.
func resumeResults(path string, want resultsHeader, add func(core.Result)) (int, error) {
	rr, err := openResults(path)
	if err != nil {
		return 0, err
	}
	defer rr.Close()
	if diff := diffHeaders(rr.Header, want); len(diff) > 0 {
		return 0, fmt.Errorf("%s was written by another command, cannot resume: %s", path, strings.Join(diff, "; "))
	}
	b := want.batch()
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
			return 0, fmt.Errorf("%s:%d: game %d where game %d was expected", path, rr.line, rec.Index, b.Index(min(k, b.Count())))
		}
		add(rec.result(want.Players, want.Seats))
		k++
	}
	if rr.Partial {
		if err := os.Truncate(path, rr.Offset); err != nil {
			return 0, err
		}
	}
	return k, nil
}

// trimLog keeps the first n games of a --log file being resumed (it may be ahead of the results file)
// and returns the file to append to.
func trimLog(path string, b lab.Batch, n int) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("--log %s: %v (to resume, give the log of the interrupted run)", path, err)
	}
	r := bufio.NewReaderSize(f, 1<<16)
	var offset int64
	for k := 0; k < n; k++ {
		data, err := r.ReadBytes('\n')
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("--log %s has %d games, fewer than the %d saved in the results file: cannot resume it", path, k, n)
		}
		var rec struct {
			Index int `json:"index"`
		}
		if err := json.Unmarshal(data, &rec); err != nil || rec.Index != b.Index(k) {
			f.Close()
			return nil, fmt.Errorf("--log %s: line %d is not game %d", path, k+1, b.Index(k))
		}
		offset += int64(len(data))
	}
	if err := f.Truncate(offset); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
