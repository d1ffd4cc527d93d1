package tests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// binaries holds the binaries buildBinary installed, by build flags: the tests that run the binary
// share one build (each go install links it again, about a second of CPU). TestMain removes the
// folder.
var binaries struct {
	sync.Mutex
	dir   string
	built map[string]string
}

// buildBinary installs cmd/ruleslab into a temporary folder (go install with GOBIN) and returns its path.
// The binary is shared by the tests that ask for the same flags: they must not change it.
func buildBinary(t *testing.T, flags ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	binaries.Lock()
	defer binaries.Unlock()
	key := strings.Join(flags, " ")
	if bin, ok := binaries.built[key]; ok {
		return bin
	}
	if binaries.dir == "" {
		dir, err := os.MkdirTemp("", "ruleslab-tests-bin-")
		require.NoError(t, err)
		binaries.dir, binaries.built = dir, map[string]string{}
	}
	gobin := filepath.Join(binaries.dir, strconv.Itoa(len(binaries.built)))
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	cmd := exec.Command(goTool, append(append([]string{"install"}, flags...), "./cmd/ruleslab")...)
	cmd.Dir = repoRoot(t)
	cmd.Env = append(os.Environ(), "GOBIN="+gobin)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go install: %s", out)
	bin := filepath.Join(gobin, "ruleslab")
	binaries.built[key] = bin
	return bin
}

// removeBinaries removes what buildBinary installed.
func removeBinaries() {
	binaries.Lock()
	defer binaries.Unlock()
	if binaries.dir != "" {
		os.RemoveAll(binaries.dir)
	}
}

// withoutHome is the environment with RULESLAB_HOME removed.
func withoutHome() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "RULESLAB_HOME=") {
			env = append(env, kv)
		}
	}
	return env
}

// TestInstalledBinaryAnywhere: an installed binary, run from a folder outside the repository with
// RULESLAB_HOME unset, lists the games, simulates, runs a bundled scenario and plays.
func TestInstalledBinaryAnywhere(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	work := t.TempDir()
	run := func(stdin string, args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = work
		cmd.Env = withoutHome()
		cmd.Stdin = strings.NewReader(stdin)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		require.NoError(t, cmd.Run(), "ruleslab %s:\n%s%s", strings.Join(args, " "), out.String(), errb.String())
		return out.String()
	}
	require.Regexp(t, `(?m)^mimic-taking +Mimic Taking +3-4 +face-up`, run("", "games"))
	require.Contains(t, run("", "sim", "mito", "--variant", "multi-round", "--games", "5", "--seats", "greedy,random"), "mito/multi-round: 5 games")
	require.Contains(t, run("", "run", "variants/mimic-taking/scenarios/first-trick.yaml"), "mimic-taking, 4 players, seed 7")
	require.Contains(t, run("", "show", "mimic-taking"), "scripts/mimic-taking/rules.lua")
	require.Contains(t, run("help\n1\nquit\n", "play", "mimic-taking", "--seats", "human,random", "--seed", "3"), "mimic-taking")
	// a house rule beside the user's files extends the embedded game
	require.NoError(t, os.WriteFile(filepath.Join(work, "house.yaml"), []byte("extends: mimic-taking/face-up\ntitle: house\n"), 0o644))
	require.Contains(t, run("", "sim", "house.yaml", "--games", "3"), "mimic-taking/house: 3 games")
}

// TestInstalledBinaryUsesTheProfile: go install builds ruleslab with cmd/ruleslab/default.pgo
// (profile-guided optimisation: scripts/bench/pgo-profile.sh), which makes the Lua rules run 10-30%
// fewer instructions; a profile moved or deleted would lose that without a word.
func TestInstalledBinaryUsesTheProfile(t *testing.T) {
	bin := buildBinary(t)
	out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "version", "-m", bin).CombinedOutput()
	require.NoError(t, err, "go version -m: %s", out)
	require.Contains(t, string(out), filepath.Join("cmd", "ruleslab", "default.pgo"),
		"the binary's build settings name no profile:\n%s", out)
}
