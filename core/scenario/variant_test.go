package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core/scenario"
)

// writeFiles writes name -> text files under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A scenario's variant may be a variant file, relative to the scenario's folder; --variant (SetVariant)
// replaces it with one relative to the working directory; a variant of another game is an error at the
// scenario's `variant:`.
func TestScenarioVariantFile(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("RULESLAB_HOME", root)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"rules/house.yaml":   "extends: mimic-taking\nparams: {mimic_lead: original}\n",
		"rules/other.yaml":   "extends: zoomies\n",
		"scenes/house.yaml":  "game: mimic-taking\nvariant: ../rules/house.yaml\nseed: 3\n",
		"scenes/wrong.yaml":  "game: mimic-taking\nvariant: ../rules/other.yaml\n",
		"cwd/face-down.yaml": "extends: mimic-taking/face-up\n",
	})
	t.Chdir(filepath.Join(dir, "cwd"))
	variantOf := func(path, override string) (string, error) {
		sc, err := scenario.Load(path)
		if err != nil {
			return "", err
		}
		if err := sc.SetVariant(override); err != nil {
			return "", err
		}
		out, _, err := scenario.Runner{}.Run(sc)
		if err != nil {
			return "", err
		}
		return out.Game + "/" + out.Variant, nil
	}
	if got, err := variantOf("../scenes/house.yaml", ""); err != nil || got != "mimic-taking/house" {
		t.Errorf("the scenario's variant file: %q, %v", got, err)
	}
	if got, err := variantOf("../scenes/house.yaml", "face-down.yaml"); err != nil || got != "mimic-taking/face-down" {
		t.Errorf("--variant face-down.yaml: %q, %v", got, err)
	}
	if got, err := variantOf("../scenes/house.yaml", "face-up"); err != nil || got != "mimic-taking/face-up" {
		t.Errorf("--variant face-up: %q, %v", got, err)
	}
	_, err = variantOf("../scenes/wrong.yaml", "")
	if err == nil || !strings.HasSuffix(err.Error(), "wrong.yaml:2:10: ../rules/other.yaml extends zoomies, not mimic-taking") {
		t.Errorf("a variant of another game: %v", err)
	}
}
