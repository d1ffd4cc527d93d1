package coverage

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ruleslab/ruleslab/core/config"
)

// A bundled game's rule ids come from its own variants/GAME/RULES.md, read from the files embedded in
// the binary when no ruleslab folder is found: the same ids as the file in the checkout.
func TestRulesDocOfBundledGamesFromTheBinary(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("RULESLAB_HOME", "")
	t.Chdir(t.TempDir())
	if home := config.Home(); home != config.EmbeddedRoot {
		t.Skipf("a ruleslab folder is found above the test binary: %s", home)
	}
	games, err := config.BundledGames()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) < 5 {
		t.Fatalf("found %d bundled games", len(games))
	}
	for _, b := range games {
		for _, v := range append([]string{""}, b.Variants...) {
			g, err := config.Resolve(b.ID, v)
			if err != nil {
				t.Fatal(err)
			}
			if !config.IsEmbedded(g.Path) {
				t.Fatalf("%s/%s: loaded from %s, not from the binary", b.ID, v, g.Path)
			}
			doc := rulesDoc(g)
			if want := filepath.Join("variants", b.ID, "RULES.md"); doc.file != want {
				t.Errorf("%s/%s: rules doc %q, want %q", b.ID, v, doc.file, want)
			}
			disk := ruleDoc{text: map[string]string{}, variant: map[string]bool{}}
			if !disk.read(filepath.Join(root, "variants", b.ID, "RULES.md")) {
				t.Fatalf("%s: no RULES.md in the checkout", b.ID)
			}
			if len(doc.ids) == 0 || !slices.Equal(doc.ids, disk.ids) {
				t.Errorf("%s/%s: ids %v, the checkout's %v", b.ID, v, doc.ids, disk.ids)
			}
		}
	}
}

// A house rule's ids are its own RULES.md's and those of the bundled game it extends; a game with no
// RULES.md of its own and no bundled base has no rules doc.
func TestRulesDocOfAHouseRule(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("RULESLAB_HOME", root)
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("house.yaml", "extends: mimic-taking\ntitle: house\n")
	write("RULES.md", "# House\n\n- **HR-1** The house always wins.\n  Even on Sundays.\n")
	g, err := config.Load(filepath.Join(dir, "house.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := rulesDoc(g)
	if want := config.Shown(filepath.Join(dir, "RULES.md")) + ", " + filepath.Join("variants", "mimic-taking", "RULES.md"); doc.file != want {
		t.Errorf("rules doc %q, want %q", doc.file, want)
	}
	if !doc.has("HR-1") || !doc.has("MT-5") {
		t.Errorf("ids %v: want HR-1 and the base game's MT-5", doc.ids)
	}
	if got := doc.text["HR-1"]; got != "The house always wins. Even on Sundays." {
		t.Errorf("HR-1 reads %q", got)
	}
	if err := os.Remove(filepath.Join(dir, "RULES.md")); err != nil {
		t.Fatal(err)
	}
	if doc := rulesDoc(&config.Game{ID: "no-such-game", Path: filepath.Join(dir, "house.yaml")}); doc.file != "" || len(doc.ids) != 0 {
		t.Errorf("a game with no rules doc: %q %v", doc.file, doc.ids)
	}
}

func TestRuleCallIDsAndOrder(t *testing.T) {
	got := ruleCallIDs(`if x then g:rule(double and "ZM-6" or "ZM-5") end; g:rule("MI-15", "MI-D6", how == "closest")`)
	if want := []string{"ZM-6", "ZM-5", "MI-15", "MI-D6"}; !slices.Equal(got, want) {
		t.Errorf("ids %v, want %v", got, want)
	}
	ids := []string{"MT-12", "MT-D1", "AB-3", "MT-2", "MT-2a"}
	sortRuleIDs(ids)
	if want := []string{"AB-3", "MT-2", "MT-2a", "MT-12", "MT-D1"}; !slices.Equal(ids, want) {
		t.Errorf("order %v, want %v", ids, want)
	}
}
