package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// SIGTERM (like Ctrl-C and SIGHUP) stops a batch within a moment, even while hooks are stuck: the
// summary is printed, the log ends on a whole line and replay accepts it.
func TestSimStopsOnSIGTERM(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	log := filepath.Join(t.TempDir(), "games.jsonl")
	type res struct {
		out, err string
		code     int
	}
	done := make(chan res, 1)
	go func() {
		o, e, c := runCLI(t, "sim", "testdata/sandbox/stuck.yaml", "--games", "200", "--workers", "2", "--log", log)
		done <- res{o, e, c}
	}()
	time.Sleep(700 * time.Millisecond) // loading is done, the signal handler is installed; hooks are stuck
	start := time.Now()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var r res
	select {
	case r = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("sim did not stop within 10 s of SIGTERM")
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("sim took %v to stop", d)
	}
	if r.code != ExitInterrupted {
		t.Fatalf("exit %d, stderr %s", r.code, r.err)
	}
	m := regexp.MustCompile(`interrupted: (\d+) of 200 games finished and reported`).FindStringSubmatch(r.err)
	if m == nil {
		t.Fatalf("no interruption summary in stderr: %s", r.err)
	}
	n, _ := strconv.Atoi(m[1])
	t.Logf("%s", r.err)
	if n > 0 && !regexp.MustCompile(`mimic-taking/stuck: \d+ games`).MatchString(r.out) {
		t.Errorf("no summary on stdout: %s", r.out)
	}
	f, err := os.Open(log)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		lines++
		if !json.Valid(sc.Bytes()) {
			t.Fatalf("log line %d is not whole: %.80s", lines, sc.Text())
		}
	}
	if lines != n {
		t.Errorf("the log has %d games, the summary %d", lines, n)
	}
	if n > 0 {
		out, errs, code := runCLI(t, "replay", log)
		if code != ExitOK {
			t.Fatalf("replay of the interrupted log: %s", errs)
		}
		if !regexp.MustCompile(strconv.Itoa(n) + ` games replayed`).MatchString(out) {
			t.Errorf("replay: %s", out)
		}
	}
}

// compare, sweep and tournament stop on SIGTERM as sim does, and so do the long computations inside a
// batch: a search with an enormous budget, an external bot thinking for two minutes, a tournament's
// bootstrap. What finished is reported, exit code 130. (The deadline only catches a command that
// hangs; nothing here is timed.)
func TestBatchCommandsStopOnSIGTERM(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	holdSignals(t)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"compare", []string{"compare", "mimic-taking", "--variant", "base", "--variant", "face-up", "--games", "2000000", "--workers", "1"},
			`interrupted: \d+ of 2000000 games per variant finished and reported|interrupted before any game finished`},
		{"sweep", []string{"sweep", "zoomies", "--set", "params.trick_points.2=1,3,5", "--games", "2000000", "--workers", "1"},
			`interrupted at point 1 of 3`},
		{"tournament", []string{"tournament", "mimic-taking", "--bots", "greedy,random", "--games", "2000000", "--workers", "1"},
			`interrupted: \d+ of \d+ games finished and reported`},
		{"ismcts-iterations", []string{"sim", "mimic-taking", "--seats", "ismcts:iterations=1000000000,random", "--games", "4", "--workers", "2"},
			`interrupted before any game finished`},
		{"ismcts-ms", []string{"sim", "mimic-taking", "--seats", "ismcts:ms=600000,random", "--games", "4", "--workers", "2"},
			`interrupted before any game finished`},
		{"bootstrap", []string{"tournament", "mimic-taking", "--bots", "greedy,random", "--games", "12", "--workers", "2", "--bootstrap", "1000000000"},
			`interrupted: \d+ of 12 games finished and reported\nthe rating intervals use \d+ of the 1000000000 bootstrap resamples|interrupted before any game finished`},
		{"bench", []string{"bench", "zoomies", "--games", "1000000"}, `^interrupted: bench reports only whole measures\n$`},
		{"fuzz-ismcts", []string{"fuzz", "zoomies", "--seats", "ismcts:iterations=1000000000", "--games", "4", "--workers", "2"},
			`^interrupted: 0 of 4 games checked\n$`},
		{"cmd-bot", []string{"sim", "mimic-taking", "--seats", "cmd:read hello; echo '{\"type\":\"ready\"}'; read decide; sleep 600", "--games", "2", "--workers", "2", "--move-time", "120s"},
			`interrupted before any game finished`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, errs := runUntilSIGTERMStops(t, c.args...)
			if !regexp.MustCompile(c.want).MatchString(errs) {
				t.Errorf("stderr has no interruption report %q: %s", c.want, errs)
			}
		})
	}
}

// holdSignals subscribes the test to SIGTERM and SIGHUP until it ends: a signal that arrives before the
// command subscribes does not kill the test binary (runUntilStopped sends it again until the command
// stops).
func holdSignals(t *testing.T) {
	own := make(chan os.Signal, 8)
	signal.Notify(own, syscall.SIGTERM, syscall.SIGHUP)
	t.Cleanup(func() { signal.Stop(own) })
}

// runUntilSIGTERMStops is runUntilStopped by SIGTERM.
func runUntilSIGTERMStops(t *testing.T, args ...string) (string, string) {
	t.Helper()
	return runUntilStopped(t, syscall.SIGTERM, args...)
}

// runUntilStopped runs the command in-process and sends sig every 0.7 s until it returns; it must exit
// ExitInterrupted. The caller holds the signal (holdSignals). It returns stdout and stderr.
func runUntilStopped(t *testing.T, sig syscall.Signal, args ...string) (string, string) {
	t.Helper()
	type res struct {
		out, err string
		code     int
	}
	done := make(chan res, 1)
	go func() {
		o, e, code := runCLI(t, args...)
		done <- res{o, e, code}
	}()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case r := <-done:
			if r.code != ExitInterrupted {
				t.Fatalf("exit %d, stderr %s", r.code, r.err)
			}
			return r.out, r.err
		case <-time.After(700 * time.Millisecond):
			if err := syscall.Kill(os.Getpid(), sig); err != nil {
				t.Fatal(err)
			}
		case <-deadline:
			t.Fatalf("%v did not stop within 30 s of %v", args, sig)
		}
	}
}

// replay stops on SIGTERM too, also in a hook that would run for its whole budget (here the rules were
// edited after the log was written: every game's setup loops): what was replayed is reported, exit
// 130. Without the stop, each game would fail after 10 s of work.
func TestReplayStopsOnSIGTERM(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	holdSignals(t)
	dir := t.TempDir()
	game, log := filepath.Join(dir, "house.yaml"), filepath.Join(dir, "games.jsonl")
	require.NoError(t, os.WriteFile(game, []byte("extends: mimic-taking\noverrides: [house.lua]\nlimits: {hook_millis: 10000}\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "house.lua"), []byte("-- the rules as played\n"), 0o644))
	_, errs, code := runCLI(t, "sim", game, "--games", "3", "--log", log)
	require.Equal(t, ExitOK, code, errs)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "house.lua"), []byte("function setup(g) while true do end end\n"), 0o644))
	for _, args := range [][]string{{"replay", log}, {"replay", log, "--json"}, {"replay", log, "--variant", game}} {
		out, errs := runUntilSIGTERMStops(t, args...)
		assert.Contains(t, errs, "interrupted: the games from line 1 of the log on were not replayed", args)
		assert.NotContains(t, errs, "was stopped", args)
		if len(args) == 3 && args[2] == "--json" {
			assert.Contains(t, out, `"interrupted": true`)
		}
	}
}

// A closed terminal (SIGHUP) stops a batch as Ctrl-C and SIGTERM do, a search in progress included.
func TestSimStopsOnSIGHUP(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	holdSignals(t)
	_, errs := runUntilStopped(t, syscall.SIGHUP, "sim", "mimic-taking", "--seats", "ismcts:iterations=1000000000,random", "--games", "4", "--workers", "2")
	assert.Contains(t, errs, "interrupted before any game finished")
}

// A replay whose context is done reads no record.
func TestEachLogRecordStopsWhenCancelled(t *testing.T) {
	log := filepath.Join(t.TempDir(), "games.jsonl")
	require.NoError(t, os.WriteFile(log, []byte(`{"game":"g","index":0}`+"\n"), 0o644))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	err := eachLogRecord(ctx, log, func(*scripting.Host, int, *replayRecord) error { calls++; return nil })
	assert.Equal(t, replayInterrupted{1}, err)
	assert.Zero(t, calls)
}

// SIGTERM while play waits for a person's move at the line screen: the game's bots are ended, play
// says the game was left unfinished and exits 130 (it cannot wait for the read of a line to end).
func TestPlayStopsOnSIGTERM(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	codes := make(chan int, 1)
	in, typing := io.Pipe() // a person who never types
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		cli := &IO{In: in, Out: &out, Err: &errb, exit: func(code int) { codes <- code }}
		done <- Execute(cli, []string{"play", "mimic-taking", "--seats", "human,random", "--plain"})
	}()
	time.Sleep(700 * time.Millisecond) // the game is dealt, the handler installed; play waits for a line
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGTERM))
	select {
	case code := <-codes:
		assert.Equal(t, ExitInterrupted, code)
	case <-time.After(10 * time.Second):
		t.Fatal("play did not stop within 10 s of SIGTERM")
	}
	typing.Close() // let the read end, as the process's exit would
	<-done
	assert.Contains(t, errb.String(), "ruleslab: interrupted: the game was left unfinished")
}
