package config

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/ruleslab/ruleslab"
)

// EmbeddedRoot is the folder the files embedded in the binary appear under when no ruleslab folder is
// found on disk (see Home): /ruleslab-bundled/variants/mimic-taking/mimic-taking.yaml. Paths below it
// are read from the embedded files, never from disk; messages show them relative to it
// (variants/mimic-taking/mimic-taking.yaml), see Shown.
var EmbeddedRoot = string(filepath.Separator) + "ruleslab-bundled"

// bundledFS holds variants/ and scripts/ for EmbeddedRoot.
var bundledFS fs.FS = ruleslab.Bundled

// SetBundledFS replaces the embedded files (for tests); it returns the previous ones.
func SetBundledFS(fsys fs.FS) fs.FS {
	old := bundledFS
	bundledFS = fsys
	return old
}

// Home is the ruleslab folder the bundled games are read from: $RULESLAB_HOME when set, else the
// nearest folder holding both variants/ and scripts/ at or above the working directory or the
// executable's folder (a checkout, so edits to bundled files show without a rebuild), else
// EmbeddedRoot: the files built into the binary.
func Home() string {
	if home := os.Getenv("RULESLAB_HOME"); home != "" {
		if abs, err := filepath.Abs(home); err == nil {
			return abs
		}
		return home
	}
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		starts = append(starts, filepath.Dir(exe))
	}
	for _, dir := range starts {
		for d := dir; ; d = filepath.Dir(d) {
			if isDir(filepath.Join(d, "variants")) && isDir(filepath.Join(d, "scripts")) {
				return d
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return EmbeddedRoot
}

func isDir(p string) bool {
	st, err := statPath(p)
	return err == nil && st.IsDir()
}

// embeddedName returns the embedded file's fs.FS name for a path at or below EmbeddedRoot.
func embeddedName(p string) (string, bool) {
	if p == EmbeddedRoot {
		return ".", true
	}
	rest, ok := strings.CutPrefix(p, EmbeddedRoot+string(filepath.Separator))
	if !ok {
		return "", false
	}
	name := path.Clean(filepath.ToSlash(rest))
	if !fs.ValidPath(name) {
		return "", false
	}
	return name, true
}

// IsEmbedded reports whether a path names one of the files embedded in the binary.
func IsEmbedded(p string) bool {
	_, ok := embeddedName(p)
	return ok
}

// Shown is a path as messages show it: an embedded file relative to EmbeddedRoot, any other as is.
func Shown(p string) string {
	if name, ok := embeddedName(p); ok {
		return filepath.FromSlash(name)
	}
	return p
}

// statPath is os.Stat, or fs.Stat of the embedded files.
func statPath(p string) (fs.FileInfo, error) {
	if name, ok := embeddedName(p); ok {
		return fs.Stat(bundledFS, name)
	}
	return os.Stat(p)
}

// openPath is os.Open, or the embedded file.
func openPath(p string) (io.ReadCloser, error) {
	if name, ok := embeddedName(p); ok {
		return bundledFS.Open(name)
	}
	return os.Open(p)
}

// readDir is os.ReadDir, or fs.ReadDir of the embedded files.
func readDir(p string) ([]fs.DirEntry, error) {
	if name, ok := embeddedName(p); ok {
		return fs.ReadDir(bundledFS, name)
	}
	return os.ReadDir(p)
}

// realPath is filepath.EvalSymlinks; embedded files have no links.
func realPath(p string) (string, error) {
	if name, ok := embeddedName(p); ok {
		if _, err := fs.Stat(bundledFS, name); err != nil {
			return "", err
		}
		return filepath.Join(EmbeddedRoot, filepath.FromSlash(name)), nil
	}
	return filepath.EvalSymlinks(p)
}

// Locate finds a file named on the command line: the path itself when it exists, else, for a
// relative path under variants/ or scripts/ that does not, the same path inside Home (so `ruleslab run
// variants/mimic-taking/scenarios/first-trick.yaml` works from any folder, from the embedded files
// when there is no ruleslab folder). Anything else is returned unchanged, for the caller's error.
func Locate(p string) string {
	if p == "" || filepath.IsAbs(p) || IsEmbedded(p) {
		return p
	}
	if _, err := os.Lstat(p); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return p
	}
	clean := filepath.Clean(p)
	first, _, _ := strings.Cut(filepath.ToSlash(clean), "/")
	if first != "variants" && first != "scripts" {
		return p
	}
	in := filepath.Join(Home(), clean)
	if _, err := statPath(in); err == nil {
		return in
	}
	return p
}
