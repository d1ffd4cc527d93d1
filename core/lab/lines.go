package lab

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"
)

// Lines reads a JSON-lines file (a --log or a results file) one complete line at a time: it counts the
// lines and the bytes read, and stops at a partial last line (a run killed while writing), which it
// reports in Partial. It is the one reader of the lab's JSON-lines files.
type Lines struct {
	Path    string
	Line    int   // the lines read so far
	Offset  int64 // the bytes of the complete lines read so far
	Partial bool  // the file ends in a partial line
	// Strict hands a partial last line out as a line (a reader that must not pass over it, such as
	// replay, then fails on it) instead of stopping before it.
	Strict bool
	// MaxLine is the longest line read (MaxLineBytes); a longer one is an error.
	MaxLine int
	r       *bufio.Reader
}

// MaxLineBytes bounds a line of the lab's files: a --log record holds at most 32 MiB of custom events
// and the game's moves. A longer line is not one ruleslab wrote, and reading on (a device such as
// /dev/zero given as a file) would fill the memory.
const MaxLineBytes = 256 << 20

// NewLines reads r, the file at path (which names it in errors).
func NewLines(path string, r io.Reader) *Lines {
	return &Lines{Path: path, MaxLine: MaxLineBytes, r: bufio.NewReaderSize(r, 1<<16)}
}

// readLine is bufio's ReadBytes('\n'), refusing a line longer than MaxLine; an error names the file.
func (l *Lines) readLine() ([]byte, error) {
	var line []byte
	for {
		chunk, err := l.r.ReadSlice('\n')
		line = append(line, chunk...)
		switch err {
		case nil, io.EOF:
			return line, err
		case bufio.ErrBufferFull:
		default:
			return nil, fmt.Errorf("%s: %v", l.Path, err)
		}
		if len(line) > l.MaxLine {
			return nil, fmt.Errorf("%s:%d: a line longer than %d MiB: not a file ruleslab wrote", l.Path, l.Line+1, l.MaxLine>>20)
		}
	}
}

// Next returns the next complete line without its newline, nil at the end (or at a partial line).
func (l *Lines) Next() ([]byte, error) {
	data, err := l.readLine()
	if err == io.EOF {
		l.Partial = len(data) > 0
		if !l.Strict || !l.Partial {
			return nil, nil
		}
		l.Line++
		l.Offset += int64(len(data))
		return data, nil
	}
	if err != nil {
		return nil, err
	}
	l.Line++
	l.Offset += int64(len(data))
	return data[:len(data)-1], nil
}

// Decode reads the next line into v; ok is false at the end. A line that is not JSON is an error
// "PATH:LINE: what: why".
func (l *Lines) Decode(v any, what string) (ok bool, err error) {
	data, err := l.Next()
	if err != nil || data == nil {
		return false, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("%s:%d: %s: %v", l.Path, l.Line, what, err)
	}
	return true, nil
}

// LineWriter writes whole lines to a file: it buffers them and writes complete lines only (at most
// flushEvery late), so the file never ends in a partial line, even if the process is killed. before, if
// set, is flushed first (the --log before the results file, so the log never has fewer games).
type LineWriter struct {
	f      *os.File
	buf    []byte
	last   time.Time
	before *LineWriter
	err    error
}

const lineBuffer = 64 << 10

// flushEvery bounds how late a finished game reaches the file: a killed run loses at most that much
// work, and a watcher (progress, a test waiting for results) sees games as they finish. Ten writes a
// second cost nothing next to the games.
const flushEvery = 100 * time.Millisecond

func NewLineWriter(f *os.File) *LineWriter { return &LineWriter{f: f, last: time.Now()} }

// WriteLine appends data and a newline.
func (w *LineWriter) WriteLine(data []byte) {
	w.buf = append(append(w.buf, data...), '\n')
	if len(w.buf) >= lineBuffer || time.Since(w.last) > flushEvery {
		w.Flush()
	}
}

// Flush writes the buffered lines in one write and reports the first error so far.
func (w *LineWriter) Flush() error {
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
