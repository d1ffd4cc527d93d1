package houserule

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// File is one file of the folder: its path relative to the folder, and its text.
type File struct {
	Name string
	Text string
}

// Folder is a house rule's starting folder: its name (the folder's base name, which is the variant's
// name too) and its files.
type Folder struct {
	Name  string
	Files []File
}

// New makes the folder's files for a house rule named name, extending the game p was loaded from;
// extends is how the YAML names it (see Extends).
func New(p *scripting.Program, name, extends string) (Folder, error) {
	g := p.Game.Config
	f := Folder{Name: name}
	f.Files = append(f.Files,
		File{Name: name + ".yaml", Text: overlayYAML(g, name, extends)},
		File{Name: name + ".lua", Text: overrideLua(p.Definitions(), name)},
	)
	sc, err := exampleScenario(p, name)
	if err != nil {
		return Folder{}, err
	}
	f.Files = append(f.Files, File{Name: filepath.Join("scenarios", "example.yaml"), Text: sc})
	return f, nil
}

// Extends is how a house rule in dir names the game g: a bundled game or variant by its name
// (`mimic-taking`, `simino/whites`), so the folder works from anywhere; a game on disk by its path
// relative to dir.
func Extends(g *config.Game, dir string) (string, error) {
	home := filepath.Join(config.Home(), "variants")
	if config.IsEmbedded(g.Path) || strings.HasPrefix(g.Path, home+string(filepath.Separator)) {
		if g.Variant != "" {
			return g.ID + "/" + g.Variant, nil
		}
		return g.ID, nil
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(absDir, g.Path)
	if err != nil {
		return g.Path, nil
	}
	return filepath.ToSlash(rel), nil
}

// Write creates dir and writes the folder's files into it. It never overwrites: a dir that exists and
// is not empty is refused, naming it.
func Write(dir string, f Folder) error {
	entries, err := os.ReadDir(dir)
	switch {
	case err == nil && len(entries) > 0:
		return fmt.Errorf("%s already exists and is not empty: give a new folder (nothing was written)", dir)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: %v", dir, err)
	}
	for _, file := range f.Files {
		path := filepath.Join(dir, file.Name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(file.Text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
