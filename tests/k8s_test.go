package tests

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// k8sJob is the part of a batch/v1 Job the test reads.
type k8sJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name        string            `yaml:"name"`
		Annotations map[string]string `yaml:"annotations"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Image   string   `yaml:"image"`
					Command []string `yaml:"command"`
					Args    []string `yaml:"args"`
					Env     []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
					VolumeMounts []struct {
						Name      string `yaml:"name"`
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
				Volumes []struct {
					Name                  string `yaml:"name"`
					PersistentVolumeClaim struct {
						ClaimName string `yaml:"claimName"`
					} `yaml:"persistentVolumeClaim"`
				} `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// TestKubernetesIndexedJob parses scripts/cluster/ruleslab-indexed-job.yaml, checks it is an Indexed Job
// whose shard count is its completions, and runs each pod's command line locally (JOB_COMPLETION_INDEX
// 0..N-1, the results volume a temporary folder, fewer games), a restarted pod too, then the merge
// annotation's command: it prints what the one-machine sim prints.
func TestKubernetesIndexedJob(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "scripts/cluster/ruleslab-indexed-job.yaml"))
	require.NoError(t, err)
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var job *k8sJob
	claims := map[string]bool{}
	for {
		var doc struct {
			Kind     string `yaml:"kind"`
			Metadata struct {
				Name string `yaml:"name"`
			} `yaml:"metadata"`
		}
		var node yaml.Node
		if err := dec.Decode(&node); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		require.NoError(t, node.Decode(&doc))
		switch doc.Kind {
		case "Job":
			job = &k8sJob{}
			require.NoError(t, node.Decode(job))
		case "PersistentVolumeClaim":
			claims[doc.Metadata.Name] = true
		}
	}
	require.NotNil(t, job, "the manifest has a Job")
	require.Equal(t, "batch/v1", job.APIVersion)
	require.Equal(t, "Indexed", job.Spec.CompletionMode)
	n := job.Spec.Completions
	require.Positive(t, n)
	require.LessOrEqual(t, job.Spec.Parallelism, n)
	pod := job.Spec.Template.Spec
	require.Contains(t, []string{"Never", "OnFailure"}, pod.RestartPolicy)
	require.Len(t, pod.Containers, 1)
	c := pod.Containers[0]
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	require.Equal(t, strconv.Itoa(n), env["SHARDS"], "SHARDS is the Job's completions")
	// sh -c SCRIPT NAME: the container's args are the batch command's, "$@" in the script
	require.Len(t, c.Command, 4)
	require.Equal(t, []string{"sh", "-c"}, c.Command[:2])
	script := c.Command[2]
	require.Contains(t, script, `exec ruleslab "$@" `)
	require.Contains(t, script, `--shard "$JOB_COMPLETION_INDEX/$SHARDS"`)
	require.Contains(t, []string{"sim", "tournament", "compare", "sweep", "fuzz"}, c.Args[0])
	require.Len(t, c.VolumeMounts, 1)
	mount := c.VolumeMounts[0].MountPath
	require.Len(t, pod.Volumes, 1)
	require.Equal(t, c.VolumeMounts[0].Name, pod.Volumes[0].Name)
	require.True(t, claims[pod.Volumes[0].PersistentVolumeClaim.ClaimName], "the results claim is in the manifest")
	merge := job.Metadata.Annotations["ruleslab.dev/merge"]
	require.True(t, strings.HasPrefix(merge, "ruleslab merge "+mount+"/"), merge)

	bin := buildBinary(t)
	work := t.TempDir()
	results := filepath.Join(work, "results")
	require.NoError(t, os.Mkdir(results, 0o755))
	local := func(s string) string { return strings.ReplaceAll(s, mount, results) }
	args := append([]string{}, c.Args...)
	for i := range args {
		if args[i] == "--games" {
			args[i+1] = "120" // fewer games
		}
	}
	runPod := func(i int) {
		cmd := exec.Command(c.Command[0], append([]string{c.Command[1], local(script), c.Command[3]}, args...)...)
		cmd.Dir = work
		cmd.Env = append(withoutHome(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
			"JOB_COMPLETION_INDEX="+strconv.Itoa(i), "SHARDS="+env["SHARDS"])
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "pod %d: %s", i, out)
	}
	for i := range n {
		runPod(i)
	}
	runPod(1) // a restarted pod resumes its finished shard file
	got := shell(t, bin, work, local(merge))
	want := runBinary(t, bin, work, args...)
	require.Equal(t, 0, want.code, want.err)
	require.Equal(t, want.out, got)
	require.Contains(t, got, ": 120 games")
}
