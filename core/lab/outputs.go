package lab

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/scripting"
)

// CheckOutputs checks a command's output files before its first game, so that a long batch never ends
// on a path it cannot write, and no output destroys what the command reads: outputs maps each output
// flag (such as "--out", "--log", "--report") to its path ("" or "-": none, stdout); inputs are the
// files the command loads or reads. Each output must not be an input, nor another output, and its
// folder must exist and be writable. The error names the flag and the path (a usage error, exit 2).
func CheckOutputs(inputs []string, outputs map[string]string) error {
	flags := make([]string, 0, len(outputs))
	for flag, path := range outputs {
		if path != "" && path != "-" {
			flags = append(flags, flag)
		}
	}
	slices.Sort(flags)
	for i, flag := range flags {
		path := outputs[flag]
		if in := sameFileIn(path, inputs); in != "" {
			return Usagef("%s %s: that is %s, an input of the command: choose another path", flag, path, in)
		}
		for _, other := range flags[:i] {
			if sameFileIn(path, []string{outputs[other]}) != "" {
				return Usagef("%s %s: %s writes that file too: give each output its own path", flag, path, other)
			}
		}
		if err := checkWritable(path); err != nil {
			return Usagef("%s %s: %v", flag, path, err)
		}
	}
	return nil
}

// GameInputs are the files a game's program was loaded from and the `lua:PATH` bot scripts of specs.
func GameInputs(p *scripting.Program, specs []string) []string {
	in := p.Game.Config.Inputs()
	for _, s := range specs {
		if path, ok := strings.CutPrefix(s, bots.LuaPrefix); ok {
			in = append(in, path)
		}
	}
	return in
}

// sameFileIn returns the input that is the same file as path (by the file itself when both exist, a
// link or another spelling included; else by absolute path), or "".
func sameFileIn(path string, inputs []string) string {
	abs, _ := filepath.Abs(path)
	st, statErr := os.Stat(path)
	for _, in := range inputs {
		inAbs, _ := filepath.Abs(in)
		if inAbs == abs {
			return in
		}
		if statErr != nil {
			continue
		}
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) && st.Mode().IsRegular() {
			return in
		}
	}
	return ""
}

// checkWritable checks that path's folder exists and that path can be written: an existing file is
// opened for writing (not truncated), a new one is tried as a temporary file beside it.
func checkWritable(path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("no folder %s", dir)
	case err != nil:
		return err
	case !st.IsDir():
		return fmt.Errorf("%s is not a folder", dir)
	}
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return errors.New("that is a folder")
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("cannot write it: %v", unwrapPath(err))
		}
		return f.Close()
	}
	f, err := os.CreateTemp(dir, ".ruleslab-check-*")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %v", dir, unwrapPath(err))
	}
	f.Close()
	return os.Remove(f.Name())
}

// unwrapPath is a *PathError's reason alone (the message names the path already).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
