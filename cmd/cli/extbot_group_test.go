//go:build linux

package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// What an external bot starts in its process group ends with the seat's game, also when the bot's
// shell has exited already (here at once, so the game fails: the helper it left must not outlive it).
func TestExtBotHelpersEndWithTheGame(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	dir := t.TempDir()
	var pids []string
	for i := range 3 {
		pidFile := filepath.Join(dir, fmt.Sprintf("helper%d", i))
		pids = append(pids, pidFile)
		bot := fmt.Sprintf("cmd:sleep 600 >/dev/null 2>&1 & echo $! > %s; exit 0", pidFile)
		_, errs, code := runCLI(t, "sim", "mimic-taking", "--seats", bot+",random", "--games", "1", "--seed", strconv.Itoa(i+1))
		if code != ExitError || !strings.Contains(errs, "no ready: process exited with status 0") {
			t.Fatalf("exit %d, stderr %s", code, errs)
		}
	}
	for _, f := range pids {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// a killed process takes a moment to die: the deadline only catches one nobody killed
		pid := strings.TrimSpace(string(data))
		for deadline := time.Now().Add(10 * time.Second); alive(pid) && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		if alive(pid) {
			syscall.Kill(atoi(pid), syscall.SIGKILL)
			t.Errorf("the bot's helper %s still runs after the game", pid)
		}
	}
}

// alive reports whether process pid runs (a zombie, killed but not yet reaped, does not).
func alive(pid string) bool {
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return false
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z"
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
