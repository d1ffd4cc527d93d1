package bots

import (
	"bufio"
	"errors"
	"os"
	"time"
)

// ErrInterrupted is the error of an external bot's decision when the batch was interrupted while the
// engine waited for its answer: the game stops (whatever --on-bot-error says) and the bot's process
// group is killed.
var ErrInterrupted = errors.New("interrupted while waiting for the bot's answer")

// pollEvery is how often a wait for an answer checks whether the batch was interrupted.
const pollEvery = 100 * time.Millisecond

// stopNow reports whether the batch was interrupted.
func (b *ExtBot) stopNow() bool { return b.interrupted != nil && b.interrupted() }

// readLine reads the bot's next line by the deadline, in slices of pollEvery so that an interrupted
// batch stops waiting at once. A slice that ends in the middle of a line keeps what was read.
func (b *ExtBot) readLine(deadline time.Time) ([]byte, error) {
	var line []byte
	for {
		if b.stopNow() {
			return nil, ErrInterrupted
		}
		b.out.SetReadDeadline(earlier(deadline, time.Now().Add(pollEvery)))
		part, err := b.rd.ReadSlice('\n')
		if err == nil && line == nil {
			return part, nil
		}
		line = append(line, part...)
		switch {
		case err == nil:
			return line, nil
		case len(line) >= b.rd.Size():
			return nil, bufio.ErrBufferFull
		case !errors.Is(err, os.ErrDeadlineExceeded) || !time.Now().Before(deadline):
			return nil, err
		}
	}
}

// earlier is the earlier of two times.
func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
