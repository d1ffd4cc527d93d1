package tests

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ruleslab/ruleslab/cmd/cli"
)

func TestMain(m *testing.M) {
	testscript.Main(removingBinaries{m}, map[string]func(){
		"ruleslab": func() { os.Exit(cli.Main(cli.System())) },
	})
}

// removingBinaries runs the tests, then removes the binaries they installed (buildBinary).
type removingBinaries struct{ m *testing.M }

func (r removingBinaries) Run() int {
	defer removeBinaries()
	return r.m.Run()
}

// repoRoot is the folder holding variants/ and scripts/.
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestScripts runs every testdata/script/<folder>/*.txtar: `ruleslab` runs in-process against the
// bundled games (RULESLAB_HOME), and $ROOT is the repository, for paths to bundled files.
func TestScripts(t *testing.T) {
	dirs, err := filepath.Glob("testdata/script/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		dir := dir
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			testscript.Run(t, testscript.Params{
				Dir:                 dir,
				RequireExplicitExec: false,
				UpdateScripts:       os.Getenv("UPDATE_SCRIPTS") == "1",
				Setup: func(env *testscript.Env) error {
					env.Setenv("RULESLAB_HOME", repoRoot(t))
					env.Setenv("ROOT", repoRoot(t))
					return nil
				},
			})
		})
	}
}
