package tests

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// replaceable is a global function of a bundled game's scripts: one a house rule may replace.
type replaceable struct {
	sig   string   // name(params), as the first script that defines it writes it
	files []string // the scripts that define it, in load order
}

// scriptFunctions lists the global functions (`function name(...)`, not local ones) of the Lua files
// of scripts/<game>/, in load order: rules.lua, screen.lua, then the variants' scripts by name. With
// each, the number of the line it starts on and the text of the line above it.
func scriptFunctions(t *testing.T, root, game string) (list []replaceable, above map[string][]string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "scripts", game, "*.lua"))
	require.NoError(t, err)
	order := func(f string) string {
		return map[string]string{"rules.lua": "0", "screen.lua": "1"}[filepath.Base(f)] + filepath.Base(f)
	}
	slices.SortFunc(files, func(a, b string) int { return strings.Compare(order(a), order(b)) })
	above = map[string][]string{}
	at := map[string]int{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		stmts, err := parse.Parse(strings.NewReader(string(src)), f)
		require.NoError(t, err)
		lines := strings.Split(string(src), "\n")
		for _, st := range stmts {
			def, ok := st.(*ast.FuncDefStmt)
			if !ok {
				continue
			}
			id, ok := def.Name.Func.(*ast.IdentExpr)
			if !ok || def.Name.Receiver != nil {
				continue
			}
			base := filepath.Base(f)
			line := def.Line()
			above[id.Value] = append(above[id.Value], base+":"+lines[line-2])
			if i, seen := at[id.Value]; seen {
				list[i].files = append(list[i].files, base)
				continue
			}
			params := slices.Clone(def.Func.ParList.Names)
			if def.Func.ParList.HasVargs {
				params = append(params, "...")
			}
			at[id.Value] = len(list)
			list = append(list, replaceable{sig: id.Value + "(" + strings.Join(params, ", ") + ")", files: []string{base}})
		}
	}
	return list, above
}

// docsReplaceable reads the section "Functions you can replace" of docs/authoring.md: per game id (the
// `id` of a `### Title (`id`)` heading), its table rows.
func docsReplaceable(t *testing.T, root string) map[string][]replaceable {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "docs", "authoring.md"))
	require.NoError(t, err)
	defer f.Close()
	heading := regexp.MustCompile("^### .*\\(`([a-z-]+)`\\)$")
	row := regexp.MustCompile("^\\| `([^`]+)` \\| [^|]+ \\| ([^|]+) \\|$")
	out := map[string][]replaceable{}
	in, game := false, ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## Functions you can replace"
		case !in:
		case heading.MatchString(line):
			game = heading.FindStringSubmatch(line)[1]
		case row.MatchString(line):
			m := row.FindStringSubmatch(line)
			require.NotEmpty(t, game, "docs/authoring.md: the row %q is under no game heading", line)
			out[game] = append(out[game], replaceable{sig: m[1], files: strings.Split(strings.TrimSpace(m[2]), ", ")})
		}
	}
	require.NoError(t, sc.Err())
	return out
}

// bundledGameIDs are the bundled games: the folders of variants/ holding <id>/<id>.yaml.
func bundledGameIDs(t *testing.T, root string) []string {
	t.Helper()
	yamls, err := filepath.Glob(filepath.Join(root, "variants", "*", "*.yaml"))
	require.NoError(t, err)
	var ids []string
	for _, y := range yamls {
		if id := filepath.Base(filepath.Dir(y)); filepath.Base(y) == id+".yaml" {
			ids = append(ids, id)
		}
	}
	require.NotEmpty(t, ids)
	return ids
}

// TestDocsListReplaceableFunctions: docs/authoring.md's "Functions you can replace" lists, for every
// bundled game, each global function of its scripts with its signature and the scripts that define
// it, in load order, and nothing else, so the list cannot go stale.
func TestDocsListReplaceableFunctions(t *testing.T) {
	root := repoRoot(t)
	docs := docsReplaceable(t, root)
	ids := bundledGameIDs(t, root)
	for _, id := range ids {
		got, _ := scriptFunctions(t, root, id)
		require.NotEmpty(t, got, "scripts/%s defines no global function", id)
		require.Equal(t, got, docs[id], "docs/authoring.md, section \"Functions you can replace\", game %s: "+
			"the rows must list the functions of scripts/%s/*.lua (signature, then the scripts defining it)", id, id)
	}
	for id := range docs {
		require.Contains(t, ids, id, "docs/authoring.md lists the functions of %s, which is no bundled game", id)
	}
}

// TestReplaceableFunctionsHaveComments: every function a house rule may replace carries a comment
// directly above it (what it decides, its parameters and return value), which `ruleslab source` shows
// and designers copy.
func TestReplaceableFunctionsHaveComments(t *testing.T) {
	root := repoRoot(t)
	for _, id := range bundledGameIDs(t, root) {
		list, above := scriptFunctions(t, root, id)
		for _, f := range list {
			name, _, _ := strings.Cut(f.sig, "(")
			for _, line := range above[name] {
				file, text, _ := strings.Cut(line, ":")
				require.True(t, strings.HasPrefix(text, "--"), "scripts/%s/%s: %s has no comment directly above it", id, file, f.sig)
			}
		}
	}
}
