package config

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// writeFile writes text to name in a fresh temp folder and returns its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type anyDoc struct {
	Title  string         `yaml:"title"`
	Params map[string]any `yaml:"params"`
}

// wantErr checks err ends with want (a "file:line:col: message" whose file is base name of the path).
func wantErr(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %q", want)
	}
	got := err.Error()
	if !strings.HasSuffix(got, want) || !strings.Contains(got, string(filepath.Separator)) {
		t.Fatalf("error %q, want a path then %q", got, want)
	}
}

// A file over MaxFileBytes is refused before it is read or parsed, naming the limit.
func TestFileTooLarge(t *testing.T) {
	text := "title: \"" + strings.Repeat("x", MaxFileBytes) + "\"\n"
	p := writeFile(t, "big.yaml", text)
	_, err := DecodeFile(p, &anyDoc{})
	wantErr(t, err, "big.yaml: file too large (1048586 bytes; the limit is 1 MiB)")

	ok := writeFile(t, "ok.yaml", "title: \""+strings.Repeat("x", MaxFileBytes-100)+"\"\n")
	if _, err := DecodeFile(ok, &anyDoc{}); err != nil {
		t.Fatalf("a file just under the limit: %v", err)
	}
}

// bomb returns a YAML document whose params expand to 10^levels values through nested aliases.
func bomb(levels int) string {
	var b strings.Builder
	b.WriteString("params:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "  a%d: &a%d [", i, i)
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// An alias bomb is an error at the alias that crosses MaxNodes, found without expanding it. (10^6
// values: without the check it decodes in a fraction of a second, so the test fails rather than hangs.)
func TestAliasBomb(t *testing.T) {
	p := writeFile(t, "bomb.yaml", bomb(5))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := DecodeFile(p, &anyDoc{})
	runtime.ReadMemStats(&after)
	wantErr(t, err, "bomb.yaml:6:57: alias *a3: the file expands to more than 100000 values (each use of an alias counts its whole value)")
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
		t.Errorf("rejecting the bomb allocated %d bytes", n)
	}

	// The same shape within the budget decodes, every alias expanded.
	small := writeFile(t, "small.yaml", bomb(2))
	var d anyDoc
	if _, err := DecodeFile(small, &d); err != nil {
		t.Fatal(err)
	}
	if l := d.Params["a2"].([]any); len(l) != 10 || len(l[9].([]any)) != 10 {
		t.Fatalf("a2 = %v", d.Params["a2"])
	}
}

// A document with more than MaxNodes values is refused even without aliases.
func TestTooManyValues(t *testing.T) {
	p := writeFile(t, "many.yaml", "params: {l: ["+strings.Repeat("1,", MaxNodes)+"1]}\n")
	_, err := DecodeFile(p, &anyDoc{})
	if err == nil || !strings.Contains(err.Error(), "many.yaml:1:") || !strings.HasSuffix(err.Error(), "the file has more than 100000 values") {
		t.Fatalf("error %v", err)
	}
}

// An alias used inside the value it names would make every walker loop for ever (a Go stack overflow).
func TestAliasCycle(t *testing.T) {
	p := writeFile(t, "cycle.yaml", "params: &a\n  x: [1, *a]\n")
	_, err := DecodeFile(p, &anyDoc{})
	wantErr(t, err, "cycle.yaml:2:10: alias *a is used inside the value it names")
}

// A key given twice is an error at the second, in structs and free-form maps, at any depth.
func TestDuplicateKeys(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"title: a\nparams: {}\ntitle: b\n", `dup.yaml:3:1: duplicate key "title" (first at line 1)`},
		{"params:\n  x: 1\n  y: {a: 1, a: 2}\n", `dup.yaml:3:13: duplicate key "a" (first at line 3)`},
		// keys are compared as the loader reads them: 1 and "1" are the same key
		{"params:\n  1: a\n  \"1\": b\n", `dup.yaml:3:3: duplicate key "1" (first at line 2)`},
		// an alias as a key is its value
		{"params:\n  a: &k x\n  *k : 1\n  x: 2\n", `dup.yaml:4:3: duplicate key "x" (first at line 3)`},
		{"params:\n  [a]: 1\n", `dup.yaml:2:3: a key must be a plain value, not a list`},
	} {
		p := writeFile(t, "dup.yaml", c.text)
		_, err := DecodeFile(p, &anyDoc{})
		wantErr(t, err, c.want)
	}
}

// Aliases still work where the loader reads nodes itself (not only where it decodes values).
func TestAliasesResolved(t *testing.T) {
	p := writeFile(t, "a.yaml", "title: &t hello\nparams: {k: *t, *t : 2}\n")
	var d anyDoc
	if _, err := DecodeFile(p, &d); err != nil {
		t.Fatal(err)
	}
	if d.Params["k"] != "hello" || d.Params["hello"] != 2 {
		t.Fatalf("params %v", d.Params)
	}
}

// A folder or a device is not read as a YAML file.
func TestNotARegularFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "x.yaml")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := DecodeFile(dir, &anyDoc{})
	wantErr(t, err, "x.yaml: is a folder, not a file")
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := ReadFile("/dev/zero", 10)
		if err == nil || err.Error() != "/dev/zero: not a regular file" {
			t.Fatalf("error %v", err)
		}
	}
}
