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
	Defs   []FuncDef    // the global functions it defines while it loads, in order

	locals   []FuncDef // its local functions at load level (messages name them)
	baseRefs []baseRef // its base.NAME references
	// paramReads are its reads of a parameter by a constant name (lint_params.go)
	paramReads []paramRead
	callArgs   map[string]int // chunkFacts.CallArgs
	calls      map[string]int // chunkFacts.GlobalCalls

	// KeptState lists where the file's functions write module-level locals or globals: a rules
	// script with any is loaded again for every game (Program.KeepsState)
	KeptState []StateWrite
	// escapes are the module-level locals its functions use other than by indexing them or taking their
	// length (freeze.go leaves a table of plain values that is only indexed as it is: nothing can write it)
	escapes map[string]bool
}

var syntaxErr = regexp.MustCompile(`(?s)^(.*?) line:(\d+)\(column:(\d+)\) near '(.*?)':\s*(.*?)\s*$`)

// CompileFile parses and compiles a Lua file; errors read file:line:col: message (several joined when
// the file has several problems).
func CompileFile(path string) (*Chunk, error) {
	c, lint, err := compileChunk(path)
	if err != nil {
		return nil, err
	}
	if lint != nil {
		return nil, lint
	}
	return c, nil
}

// compileChunk is CompileFile that keeps the chunk when only the lint of the file itself failed
// (lint, all its problems joined), so the checks across files still see it; err is a file that
// cannot be read, parsed or compiled.
func compileChunk(path string) (c *Chunk, lint, err error) {
	path = config.Locate(path)
	shown := DisplayPath(path)
	src, err := config.ReadFile(path, config.MaxScriptBytes) // a regular file, size checked before reading
	if err != nil {
		var pe *config.PosError
		if errors.As(err, &pe) {
			return nil, nil, fmt.Errorf("%s: %s", shown, pe.Msg)
		}
		return nil, nil, fmt.Errorf("%s: %v", shown, err)
	}
	stmts, err := parse.Parse(strings.NewReader(string(src)), shown)
	if err != nil {
		msg := err.Error()
		if m := syntaxErr.FindStringSubmatch(msg); m != nil {
			return nil, nil, fmt.Errorf("%s:%s:%s: %s near '%s'", shown, m[2], m[3], m[5], m[4])
		}
		return nil, nil, fmt.Errorf("%s: %s", shown, strings.TrimSpace(msg))
	}
	proto, err := lua.Compile(stmts, shown)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", shown, err)
	}
	toks := scanTokens(string(src))
	facts := factsOf(stmts, string(src), toks)
	scan := scanState(shown, stmts)
	c = &Chunk{Path: shown, Proto: proto, GCalls: gCalls(stmts), Defs: facts.Defs, locals: facts.Locals, baseRefs: facts.BaseRefs,
		callArgs: facts.CallArgs, calls: facts.GlobalCalls, KeptState: scan.writes, escapes: scan.escapes, paramReads: paramReads(stmts)}
	return c, errors.Join(append(checkSwaps(shown, stmts, toks), gWrites(shown, stmts)...)...), nil
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
