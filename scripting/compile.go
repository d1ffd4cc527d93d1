package scripting

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/ruleslab/ruleslab/core/config"
)

// Chunk is a compiled Lua file, shareable between goroutines.
type Chunk struct {
	Path   string // as shown in messages
	Proto  *lua.FunctionProto
	GCalls []MethodCall // the g:method calls in the file
	// KeptState lists where the file's functions write module-level locals or globals: a rules
	// script with any is loaded again for every game (Program.KeepsState)
	KeptState []StateWrite
	// escapes are the module-level locals its functions use other than by indexing them or taking their
	// length (freeze.go leaves a table of plain values that is only indexed as it is: nothing can write it)
	escapes map[string]bool
}

var syntaxErr = regexp.MustCompile(`(?s)^(.*?) line:(\d+)\(column:(\d+)\) near '(.*?)':\s*(.*?)\s*$`)

// CompileFile parses and compiles a Lua file; errors read file:line:col: message.
func CompileFile(path string) (*Chunk, error) {
	path = config.Locate(path)
	shown := DisplayPath(path)
	src, err := config.ReadFile(path, config.MaxScriptBytes) // a regular file, size checked before reading
	if err != nil {
		var pe *config.PosError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %s", shown, pe.Msg)
		}
		return nil, fmt.Errorf("%s: %v", shown, err)
	}
	stmts, err := parse.Parse(strings.NewReader(string(src)), shown)
	if err != nil {
		msg := err.Error()
		if m := syntaxErr.FindStringSubmatch(msg); m != nil {
			return nil, fmt.Errorf("%s:%s:%s: %s near '%s'", shown, m[2], m[3], m[5], m[4])
		}
		return nil, fmt.Errorf("%s: %s", shown, strings.TrimSpace(msg))
	}
	if err := checkSwaps(shown, stmts); err != nil {
		return nil, err
	}
	proto, err := lua.Compile(stmts, shown)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", shown, err)
	}
	scan := scanState(shown, stmts)
	return &Chunk{Path: shown, Proto: proto, GCalls: gCalls(stmts), KeptState: scan.writes, escapes: scan.escapes}, nil
}

// DisplayPath shows a path relative to the working directory when it lies below it, and a file
// embedded in the binary as scripts/... or variants/... (config.Shown).
func DisplayPath(path string) string {
	if config.IsEmbedded(path) {
		return config.Shown(path)
	}
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return path
	}
	return rel
}
