package lab

import (
	"context"
	"math"
	"runtime"
	"time"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/scripting"
)

// A bot's cost is best read against the rules' own: the same games with random seats cost what the
// rules cost (a random choice is nearly free), so the ratio of the two times per move is what the
// seats' bots add, on any machine. Bench measures it whenever a seat is not random.

// versusRounds is how many times bench plays the games with the seats and with random seats, in turn:
// a shared machine's other programs only ever slow a run, so the fastest of each is the nearest to
// what a move costs, and a neighbour's burst during one run cannot decide the ratio.
const versusRounds = 3

// minVersusRun is about how long a round's run with the seats lasts: enough games for a steady time,
// at most the bench's (a search bot's games are long).
const minVersusRun = 500 * time.Millisecond

// versusGames is how many games each round plays: at the speed measured with the seats, enough to last
// minVersusRun, at least one and at most the bench's games.
func (rep *BenchReport) versusGames() int {
	n := int(math.Ceil(minVersusRun.Seconds() * rep.GamesPerSec))
	return min(max(n, 1), rep.Games)
}

// allRandom reports whether every seat is the random bot.
func allRandom(seats []string) bool {
	for _, s := range seats {
		if s != bots.Random {
			return false
		}
	}
	return true
}

// measureVersusRandom plays the first games with the seats (on w, warm) and with random seats, in turn,
// versusRounds times each, and reports the least time per move of each and their ratio. Nothing is
// measured when every seat is random already.
func (rep *BenchReport) measureVersusRandom(ctx context.Context, reg *bots.Registry, w *EngineWorker) error {
	if allRandom(rep.Seats) {
		return nil
	}
	random, err := NewEngineWorker(reg, rep.Players, CycleSeats([]string{bots.Random}, rep.Players), false)
	if err != nil {
		return err
	}
	defer random.Close()
	defer context.AfterFunc(ctx, random.Interrupt)()
	games := rep.versusGames()
	var seats, plain float64 // ns per move
	for range versusRounds {
		if err := rep.playTimed(w, games, &seats); err != nil {
			return err
		}
		if err := rep.playTimed(random, games, &plain); err != nil {
			return err
		}
	}
	rep.VersusRounds, rep.VersusGames = versusRounds, games
	rep.RandomMicrosPerMove = plain / 1000
	rep.VersusRandom = seats / plain
	return nil
}

// playTimed plays games 0 to n-1 on w and keeps in least their time per move in nanoseconds when less:
// the thread's CPU time where the system tells it (see CPUMicrosPerMove), else the wall time.
func (rep *BenchReport) playTimed(w *EngineWorker, n int, least *float64) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, start := scripting.ThreadCPU(), time.Now()
	moves, err := rep.playGames(w, n)
	if err != nil {
		return err
	}
	el := time.Since(start)
	if cpu0 >= 0 {
		el = scripting.ThreadCPU() - cpu0
	}
	if perMove := float64(el.Nanoseconds()) / float64(max(moves, 1)); *least == 0 || perMove < *least {
		*least = perMove
	}
	return nil
}
