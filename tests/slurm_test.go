package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSlurmArrayShards starts a single-node Slurm cluster on this machine
// (scripts/cluster/slurm-local.sh), submits scripts/cluster/ruleslab-array.sbatch as a 3-task array of
// a sim, then as a 4-task array of a tournament with an ismcts bot, waits for each, merges the shard
// files and checks the result is the one-machine run's, text and JSON. It skips without the Debian
// packages slurm-wlm and munge, or without root.
func TestSlurmArrayShards(t *testing.T) {
	t.Parallel() // with the other tests of the installed binary (batch_test.go): it mostly waits for Slurm
	for _, prog := range []string{"sbatch", "sinfo", "slurmctld", "slurmd", "munged"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("%s is not installed (Debian packages slurm-wlm and munge)", prog)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("a local Slurm cluster needs root (slurmd)")
	}
	bin := buildBinary(t)
	root := repoRoot(t)
	cluster := t.TempDir()
	local := filepath.Join(root, "scripts/cluster/slurm-local.sh")
	out, err := exec.Command(local, "start", cluster).CombinedOutput()
	require.NoError(t, err, "%s", out)
	t.Cleanup(func() {
		if out, err := exec.Command(local, "stop", cluster).CombinedOutput(); err != nil {
			t.Errorf("stopping the cluster: %v\n%s", err, out)
		}
	})
	env := append(withoutHome(), "SLURM_CONF="+filepath.Join(cluster, "slurm.conf"), "RULESLAB="+bin)
	slurmArrayMerges(t, bin, env, 3, "sim", "zoomies", "--games", "400", "--seats", "greedy,random", "--seed", "9")
	slurmArrayMerges(t, bin, env, 4, "tournament", "zoomies", "--bots", "ismcts:iterations=20,random", "--games", "12", "--seed", "9")
}

// slurmArrayMerges runs the batch command args as an array of n tasks, merges the shard files and
// checks they print what the command prints on one machine, text and JSON.
func slurmArrayMerges(t *testing.T, bin string, env []string, n int, args ...string) {
	t.Helper()
	root := repoRoot(t)
	work := t.TempDir()
	outDir := filepath.Join(work, "shards")
	sbatch := exec.Command("sbatch", append([]string{"--parsable", "--array=0-" + strconv.Itoa(n-1), "--output=" + filepath.Join(work, "slurm-%A_%a.out"),
		filepath.Join(root, "scripts/cluster/ruleslab-array.sbatch")}, args...)...)
	sbatch.Dir = work
	sbatch.Env = append(env, "OUT_DIR="+outDir)
	out, err := sbatch.CombinedOutput()
	require.NoError(t, err, "sbatch: %s", out)
	job := strings.TrimSpace(string(out))
	// Wait for every task to end (polling: sbatch --wait checks only every few seconds).
	t0 := time.Now()
	states := waitSlurmJob(t, job, env)
	t.Logf("%s array took %v", args[0], time.Since(t0))
	if strings.Count(states, "COMPLETED") != n {
		logs, _ := filepath.Glob(filepath.Join(work, "slurm-*.out"))
		for _, l := range logs {
			data, _ := os.ReadFile(l)
			t.Logf("%s:\n%s", l, data)
		}
		t.Fatalf("array job %s: %s", job, states)
	}
	entries, err := os.ReadDir(outDir)
	require.NoError(t, err)
	var names, shards []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	for i := range n {
		shards = append(shards, filepath.Join(outDir, "shard-"+strconv.Itoa(i)+".jsonl"))
	}
	require.Len(t, names, n, "OUT_DIR holds the shard files and nothing else: %v", names)
	for _, json := range []string{"", "--json"} {
		one := append([]string{}, args...)
		margs := append([]string{"merge"}, shards...)
		if json != "" {
			one, margs = append(one, json), append(margs, json)
		}
		want := runBinary(t, bin, work, one...)
		require.Equal(t, 0, want.code, want.err)
		got := runBinary(t, bin, work, margs...)
		require.Equal(t, want, got)
		require.Contains(t, got.out, "zoomies")
	}
}

// waitSlurmJob waits until every task of a job has ended and returns their states.
func waitSlurmJob(t *testing.T, job string, env []string) string {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		cmd := exec.Command("scontrol", "-o", "show", "job", job)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "scontrol: %s", out)
		var states []string
		running := false
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			for _, f := range strings.Fields(line) {
				if st, ok := strings.CutPrefix(f, "JobState="); ok {
					states = append(states, st)
					running = running || st == "PENDING" || st == "RUNNING" || st == "CONFIGURING" || st == "COMPLETING"
				}
			}
		}
		if !running && len(states) > 0 {
			return strings.Join(states, " ")
		}
		require.True(t, time.Now().Before(deadline), "array job %s still running: %s", job, states)
		time.Sleep(200 * time.Millisecond)
	}
}
