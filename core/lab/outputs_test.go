package lab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CheckOutputs refuses an output that is an input (by any spelling or a link), an output given twice,
// a missing folder and a folder that is a file; "" and "-" are no file.
func TestCheckOutputs(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "house.yaml")
	if err := os.WriteFile(game, []byte("extends: mimic-taking\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(game, link); err != nil {
		t.Fatal(err)
	}
	notDir := filepath.Join(dir, "house.yaml", "x.jsonl")
	inputs := []string{game}
	for _, c := range []struct {
		name string
		outs map[string]string
		want string // "" no error
	}{
		{"fine", map[string]string{"--out": filepath.Join(dir, "r.jsonl"), "--log": filepath.Join(dir, "g.jsonl"), "--report": ""}, ""},
		{"stdout", map[string]string{"--out": "-", "--log": "-"}, ""},
		{"the game", map[string]string{"--out": game}, "--out " + game + ": that is " + game + ", an input of the command: choose another path"},
		{"another spelling", map[string]string{"--log": filepath.Join(dir, ".", "house.yaml")}, "an input of the command"},
		{"a link to it", map[string]string{"--log": link}, "--log " + link + ": that is " + game + ", an input"},
		{"twice", map[string]string{"--log": filepath.Join(dir, "a"), "--out": filepath.Join(dir, "a")}, "--out " + filepath.Join(dir, "a") + ": --log writes that file too"},
		{"no folder", map[string]string{"--report": filepath.Join(dir, "nodir", "r.html")}, "--report " + filepath.Join(dir, "nodir", "r.html") + ": no folder " + filepath.Join(dir, "nodir")},
		{"folder is a file", map[string]string{"--out": notDir}, "is not a folder"},
		{"a folder", map[string]string{"--out": dir}, "that is a folder"},
	} {
		err := CheckOutputs(inputs, c.outs)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("the check left files behind: %v", entries)
	}
}
