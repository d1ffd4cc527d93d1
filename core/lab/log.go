package lab

import (
	"fmt"
	"io"
	"os"
)

// TrimLog keeps the first n games of a --log file being resumed (it may be ahead of the results file)
// and returns the file to append to; index(k) is the index the k-th game is logged with.
func TrimLog(path string, index func(k int) int, n int) (*os.File, error) {
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
		if err != nil || rec.Index != index(k) {
			f.Close()
			return nil, fmt.Errorf("--log %s: line %d is not game %d", path, k+1, index(k))
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

// openLog opens a batch's --log: created, or when resuming trimmed to the n games already saved (game k
// logged with index(k)).
func openLog(path string, resume bool, index func(k int) int, n int) (*os.File, *LineWriter, error) {
	var f *os.File
	var err error
	if resume {
		f, err = TrimLog(path, index, n)
	} else {
		f, err = os.Create(path)
	}
	if err != nil {
		return nil, nil, err
	}
	return f, NewLineWriter(f), nil
}
