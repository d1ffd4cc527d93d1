package scenario_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ruleslab/ruleslab/core/scenario"
)

// FuzzScenario reads and plays a scenario file from any bytes (the bundled scenarios are the seed
// corpus, run by go test): a bad file is an error, never a panic or a hang.
func FuzzScenario(f *testing.F) {
	files, _ := filepath.Glob("../../variants/*/scenarios/*.yaml")
	if len(files) == 0 {
		f.Fatal("no bundled scenarios")
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("game: mimic-taking\nplayers: 9\n"))
	f.Add([]byte("game: zoomies\nsetup: {hands: [[X]]}\nmoves: [nope]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "s.yaml")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.Load(p)
		if err != nil {
			return
		}
		_, _, _ = scenario.Runner{}.Run(sc)
	})
}
