package scripting

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core/config"
)

// A Lua file over config.MaxScriptBytes is refused before it is read (compiling 1 MiB of Lua takes
// about a second and 200 MB), and a folder is not a script.
func TestCompileFileLimits(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.lua")
	if err := os.WriteFile(big, []byte("x = 1\n"+strings.Repeat("-- padding\n", config.MaxScriptBytes/10)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := CompileFile(big)
	if err == nil || !strings.HasSuffix(err.Error(), "big.lua: file too large (288360 bytes; the limit is 256 KiB)") {
		t.Fatalf("error %v", err)
	}
	_, err = CompileFile(dir)
	if err == nil || !strings.HasSuffix(err.Error(), ": is a folder, not a file") {
		t.Fatalf("error %v", err)
	}
}
