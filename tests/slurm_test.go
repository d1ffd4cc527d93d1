package tests

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSlurmArrayShards starts a single-node Slurm cluster on this machine
// (scripts/cluster/slurm-local.sh), submits scripts/cluster/ruleslab-array.sbatch as a 3-task array,
// waits for it, merges the shard files and checks the result is the one-machine sim's, text and JSON.
// It skips without the Debian packages slurm-wlm and munge, or without root.
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
	work := t.TempDir()
	outDir := filepath.Join(work, "shards")
	sim := []string{"zoomies", "--games", "400", "--seats", "greedy,random", "--seed", "9"}
	env := append(withoutHome(), "SLURM_CONF="+filepath.Join(cluster, "slurm.conf"), "RULESLAB="+bin, "OUT_DIR="+outDir)
	sbatch := exec.Command("sbatch", append([]string{"--parsable", "--array=0-2", "--output=" + filepath.Join(work, "slurm-%A_%a.out"),
		filepath.Join(root, "scripts/cluster/ruleslab-array.sbatch")}, sim...)...)
	sbatch.Dir = work
	sbatch.Env = env
	out, err = sbatch.CombinedOutput()
	require.NoError(t, err, "sbatch: %s", out)
	job := strings.TrimSpace(string(out))
	// Wait for every task to end (polling: sbatch --wait checks only every few seconds).
	t0 := time.Now()
	states := waitSlurmJob(t, job, env)
	t.Logf("array took %v", time.Since(t0))
	if strings.Count(states, "COMPLETED") != 3 {
		logs, _ := filepath.Glob(filepath.Join(work, "slurm-*.out"))
		for _, l := range logs {
			data, _ := os.ReadFile(l)
			t.Logf("%s:\n%s", l, data)
		}
		t.Fatalf("array job %s: %s", job, states)
	}

	entries, err := os.ReadDir(outDir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	require.Equal(t, []string{"shard-0.jsonl", "shard-1.jsonl", "shard-2.jsonl"}, names, "OUT_DIR holds the shard files and nothing else")
	shards := []string{filepath.Join(outDir, "shard-0.jsonl"), filepath.Join(outDir, "shard-1.jsonl"), filepath.Join(outDir, "shard-2.jsonl")}
	for _, json := range []string{"", "--json"} {
		args := append([]string{}, sim...)
		margs := append([]string{"merge"}, shards...)
		if json != "" {
			args, margs = append(args, json), append(margs, json)
		}
		want := runBinary(t, bin, work, append([]string{"sim"}, args...)...)
		require.Equal(t, 0, want.code, want.err)
		got := runBinary(t, bin, work, margs...)
		require.Equal(t, want, got)
		require.True(t, strings.Contains(got.out, "zoomies") && strings.Contains(got.out, "400"))
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
