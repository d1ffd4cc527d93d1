package cli

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"
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
	if r.code != ExitError {
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
