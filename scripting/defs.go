package scripting

import (
	"strings"

	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// FuncDef is a global function a script defines while it loads (`function name(...)`, or `name =
// function(...)` for a name no `local` declares): what `base` offers a later script, and what an
// override may replace. Functions defined inside other functions, locals and table fields are not:
// they never reach `base`.
type FuncDef struct {
	Name    string
	Params  []string
	Vararg  bool
	Line    int
	Col     int
	Comment string // the `--` lines right above the definition, without their `--`
	// Opaque is a global assigned a value that may be a function (`name = other`, `name = f()`): it is
	// in `base` when it is one, with parameters nobody can tell before it runs.
	Opaque bool
	// Local is a local function of the script (`local function name`, or a function assigned to a
	// name declared local): no later script can reach or replace it.
	Local bool
}

// Signature is the function as declared: `name(a, b, ...)`, or just the name when Opaque.
func (d FuncDef) Signature() string {
	if d.Opaque {
		return d.Name
	}
	params := append([]string{}, d.Params...)
	if d.Vararg {
		params = append(params, "...")
	}
	return d.Name + "(" + strings.Join(params, ", ") + ")"
}

// baseRef is a `base.NAME` (or `base:NAME`) in a script: the name must be a function of the scripts
// loaded before it.
type baseRef struct {
	Name      string
	Line, Col int
}

// chunkFacts are what the static checks read from a script's syntax tree and tokens.
type chunkFacts struct {
	Defs     []FuncDef
	Locals   []FuncDef // its local functions at load level (Local), for a message naming them
	BaseRefs []baseRef
	// CallArgs is, per name called as a plain function (`name(...)`), the most arguments a call passes;
	// -1 when a call passes a variable number (ending in `...` or in another call).
	CallArgs map[string]int
	// GlobalCalls is CallArgs for the names no local of the chunk shadows: the globals it calls.
	GlobalCalls map[string]int
}

// factsOf reads the facts of a parsed chunk; src is its text (for columns and comments).
func factsOf(stmts []ast.Stmt, src string, toks []ast.Token) chunkFacts {
	lines := strings.Split(src, "\n")
	f := chunkFacts{CallArgs: callArgs(stmts)}
	loadTimeDefs(stmts, map[string]bool{}, func(d FuncDef) {
		if d.Local {
			f.Locals = append(f.Locals, d)
			return
		}
		d.Col = defColumn(toks, d)
		d.Comment = commentAbove(lines, d.Line)
		f.Defs = append(f.Defs, d)
	})
	locals := localNames(stmts)
	if !locals["base"] {
		f.BaseRefs = baseRefs(toks)
	}
	f.GlobalCalls = globalCalls(f.CallArgs, locals)
	return f
}

// loadTimeDefs calls found for each function defined by statements that run when the chunk loads
// (global, or Local): the chunk's own and those of its blocks (do, if, loops), not function bodies.
// locals are the names declared local so far (a `name = function` to a local defines no global).
func loadTimeDefs(stmts []ast.Stmt, locals map[string]bool, found func(FuncDef)) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.LocalAssignStmt:
			for i, n := range s.Names {
				locals[n] = true
				if i < len(s.Exprs) {
					if fn, ok := s.Exprs[i].(*ast.FunctionExpr); ok {
						found(localDef(n, fn, s.Line()))
					}
				}
			}
		case *ast.FuncDefStmt:
			if id, ok := s.Name.Func.(*ast.IdentExpr); ok && s.Name.Receiver == nil {
				if locals[id.Value] {
					found(localDef(id.Value, s.Func, s.Line()))
				} else {
					found(funcDef(id.Value, s.Func, s.Line()))
				}
			}
		case *ast.AssignStmt:
			assignedDefs(s, locals, found)
		default:
			for _, block := range nestedBlocks(s) {
				loadTimeDefs(block, copyNames(locals, blockLocals(s)), found)
			}
		}
	}
}

// assignedDefs are the globals an assignment gives a function, or a value that may be one.
func assignedDefs(s *ast.AssignStmt, locals map[string]bool, found func(FuncDef)) {
	for i, l := range s.Lhs {
		id, ok := l.(*ast.IdentExpr)
		if !ok {
			continue
		}
		var rhs ast.Expr
		if i < len(s.Rhs) {
			rhs = s.Rhs[i]
		}
		if locals[id.Value] {
			if fn, ok := rhs.(*ast.FunctionExpr); ok {
				found(localDef(id.Value, fn, id.Line()))
			}
			continue
		}
		switch r := rhs.(type) {
		case *ast.FunctionExpr:
			found(funcDef(id.Value, r, id.Line()))
		case *ast.IdentExpr, *ast.AttrGetExpr, *ast.FuncCallExpr, *ast.LogicalOpExpr:
			found(FuncDef{Name: id.Value, Line: id.Line(), Opaque: true})
		}
	}
}

func localDef(name string, fn *ast.FunctionExpr, line int) FuncDef {
	d := funcDef(name, fn, line)
	d.Local = true
	return d
}

func funcDef(name string, fn *ast.FunctionExpr, line int) FuncDef {
	return FuncDef{Name: name, Params: append([]string{}, fn.ParList.Names...), Vararg: fn.ParList.HasVargs, Line: line}
}

// nestedBlocks are the statement lists a statement runs in place (not a function body).
func nestedBlocks(s ast.Stmt) [][]ast.Stmt {
	switch s := s.(type) {
	case *ast.DoBlockStmt:
		return [][]ast.Stmt{s.Stmts}
	case *ast.WhileStmt:
		return [][]ast.Stmt{s.Stmts}
	case *ast.RepeatStmt:
		return [][]ast.Stmt{s.Stmts}
	case *ast.IfStmt:
		return [][]ast.Stmt{s.Then, s.Else}
	case *ast.NumberForStmt:
		return [][]ast.Stmt{s.Stmts}
	case *ast.GenericForStmt:
		return [][]ast.Stmt{s.Stmts}
	}
	return nil
}

// blockLocals are the loop variables a statement declares for its block.
func blockLocals(s ast.Stmt) []string {
	switch s := s.(type) {
	case *ast.NumberForStmt:
		return []string{s.Name}
	case *ast.GenericForStmt:
		return s.Names
	}
	return nil
}

func copyNames(m map[string]bool, more []string) map[string]bool {
	out := make(map[string]bool, len(m)+len(more))
	for k := range m {
		out[k] = true
	}
	for _, k := range more {
		out[k] = true
	}
	return out
}

// localNames are the names the chunk declares anywhere as a local, a parameter or a loop variable
// (then a `base.x` may be that local's, and a call of one is no call of a global).
func localNames(stmts []ast.Stmt) map[string]bool {
	out := map[string]bool{}
	walkAST(stmts, func(n any) bool {
		var names []string
		switch n := n.(type) {
		case *ast.LocalAssignStmt:
			names = n.Names
		case *ast.ParList:
			names = n.Names
		case *ast.GenericForStmt:
			names = n.Names
		case *ast.NumberForStmt:
			names = []string{n.Name}
		}
		for _, x := range names {
			out[x] = true
		}
		return true
	})
	return out
}

// globalCalls is CallArgs without the names the chunk declares local somewhere.
func globalCalls(all map[string]int, locals map[string]bool) map[string]int {
	out := map[string]int{}
	for name, n := range all {
		if !locals[name] {
			out[name] = n
		}
	}
	return out
}

// callArgs is chunkFacts.CallArgs.
func callArgs(stmts []ast.Stmt) map[string]int {
	out := map[string]int{}
	walkAST(stmts, func(node any) bool {
		c, ok := node.(*ast.FuncCallExpr)
		if !ok || c.Method != "" {
			return true
		}
		id, ok := c.Func.(*ast.IdentExpr)
		if !ok {
			return true
		}
		n := len(c.Args)
		if n > 0 && isMultiValue(c.Args[n-1]) {
			n = -1
		}
		if prev, seen := out[id.Value]; !seen || (prev >= 0 && (n < 0 || n > prev)) {
			out[id.Value] = n
		}
		return true
	})
	return out
}

// isMultiValue reports whether an expression may give several values as a last argument.
func isMultiValue(e ast.Expr) bool {
	switch e.(type) {
	case *ast.FuncCallExpr, *ast.Comma3Expr:
		return true
	}
	return false
}

// scanTokens are the chunk's tokens with their positions (it parsed, so scanning cannot fail; a
// failure only ends the list early).
func scanTokens(src string) []ast.Token {
	sc := parse.NewScanner(strings.NewReader(src), "")
	lx := &parse.Lexer{}
	toks := make([]ast.Token, 0, len(src)/4) // the bundled scripts have 4.7 to 8 bytes a token: no growing
	for {
		tok, err := sc.Scan(lx)
		if err != nil || tok.Type < 0 {
			return toks
		}
		lx.PrevTokenType = tok.Type
		toks = append(toks, tok)
	}
}

// defColumn is the column where d's definition starts: its `function` keyword, or its name in an
// assignment.
func defColumn(toks []ast.Token, d FuncDef) int {
	for i, t := range toks {
		if t.Pos.Line < d.Line {
			continue
		}
		if t.Pos.Line > d.Line {
			break
		}
		if t.Type == parse.TFunction && i+1 < len(toks) && toks[i+1].Str == d.Name {
			return t.Pos.Column
		}
		if t.Type == parse.TIdent && t.Str == d.Name && !afterDot(toks, i) {
			return t.Pos.Column
		}
	}
	return 1
}

// nameColumn is the column of the first use of name on line, as a plain name (not a field); 1 when
// it is not found.
func nameColumn(toks []ast.Token, line int, name string) int {
	for i, t := range toks {
		if t.Pos.Line == line && t.Type == parse.TIdent && t.Str == name && !afterDot(toks, i) {
			return t.Pos.Column
		}
	}
	return 1
}

// afterDot reports whether token i is a field name (after `.` or `:`).
func afterDot(toks []ast.Token, i int) bool {
	return i > 0 && isFieldSep(toks[i-1])
}

// isFieldSep reports whether t is `.` or `:` (the scanner gives a one-character token its character
// as its type, and no text).
func isFieldSep(t ast.Token) bool { return t.Type == '.' || t.Type == ':' }

// baseRefs finds every `base.NAME`, `base:NAME` and `base["NAME"]` in the tokens.
func baseRefs(toks []ast.Token) []baseRef {
	var out []baseRef
	for i := 0; i+2 < len(toks); i++ {
		t := toks[i]
		if t.Type != parse.TIdent || t.Str != "base" || afterDot(toks, i) {
			continue
		}
		if name, ok := baseField(toks[i+1:]); ok {
			out = append(out, baseRef{Name: name, Line: t.Pos.Line, Col: t.Pos.Column})
		}
	}
	return out
}

// baseField is the name that the tokens after `base` index it by: `.NAME`, `:NAME`, or a constant
// string in brackets (`["NAME"]`, which names the function as surely as `.NAME` does).
func baseField(after []ast.Token) (string, bool) {
	if isFieldSep(after[0]) && after[1].Type == parse.TIdent {
		return after[1].Str, true
	}
	if len(after) >= 3 && after[0].Type == '[' && after[1].Type == parse.TString && after[2].Type == ']' {
		return after[1].Str, true
	}
	return "", false
}

// commentAbove is the block of `--` lines right above line (1-based), without their `--` and the one
// space after it; "" when the line above is not a comment.
func commentAbove(lines []string, line int) string {
	var block []string
	for i := line - 2; i >= 0 && i < len(lines); i-- {
		s := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(s, "--") || strings.HasPrefix(s, "--[[") {
			break
		}
		s = strings.TrimPrefix(strings.TrimPrefix(s, "--"), " ")
		block = append([]string{strings.TrimRight(s, " \t\r")}, block...)
	}
	return strings.Join(block, "\n")
}
