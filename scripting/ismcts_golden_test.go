package scripting_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/stretchr/testify/require"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata/ismcts")

// goldenSearches are the searches TestISMCTSAnalysesGolden records: every bundled game's defaults,
// and each option that changes how a search walks, expands, plays out or scores (on the games whose
// hooks it uses).
var goldenSearches = []struct{ games, spec string }{
	{"", "ismcts:iterations=40"},
	{"mimic-taking,mito", "ismcts:iterations=40,rollout=mast"},
	{"mimic-taking,mito", "ismcts:iterations=40,observers=multi"},
	{"mimic-taking,mito", "ismcts:iterations=40,prior=greedy,c=1.5"},
	{"mimic-taking,zoomies", "ismcts:iterations=30,rollout=greedy"},
	{"mimic-taking,jiji", "ismcts:iterations=40,reward=pairwise,margin=0.3,horizon=round+20"},
	{"simino", "ismcts:iterations=20,horizon=4"},
}

// A search's choices for a seed are part of the results: every bundled game and variant, at a decision
// early in a game, gives the same analysis and grows the same tree as recorded in
// testdata/ismcts/<game>.json, so a faster search that changes a choice shows here (run `go test
// ./scripting -run TestISMCTSAnalysesGolden -update` after an intended change, and say why).
func TestISMCTSAnalysesGolden(t *testing.T) {
	for _, gv := range bundledShort(t) {
		t.Run(name(gv), func(t *testing.T) {
			var out strings.Builder
			for _, gs := range goldenSearches {
				if gs.games == "" || strings.Contains(","+gs.games+",", ","+gv.Game+",") {
					out.WriteString(goldenSearch(t, gv, gs.spec))
				}
			}
			golden := filepath.Join("testdata", "ismcts", strings.ReplaceAll(name(gv), "/", "-")+".txt")
			if *updateGolden {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, []byte(out.String()), 0o644))
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "no golden file: run go test ./scripting -run TestISMCTSAnalysesGolden -update")
			require.Equal(t, string(want), out.String())
		})
	}
}

// goldenSearch searches the decision of a game of gv after a few random moves with spec
// (searchDecision) and spells out what it found: every root move's visits and mean reward (NaN: never
// tried), the choice, and the number of edges of the tree and their visits.
func goldenSearch(t *testing.T, gv config.RuleSet, spec string) string {
	b, s, a := searchDecision(t, loadProgram(t, gv.Game, gv.Variant), spec, 8)
	var out strings.Builder
	fmt.Fprintf(&out, "%s: %d iterations, %d failed, best %d, prior %q\n", spec, a.Iterations, a.Failed, a.Best, a.Prior)
	for _, m := range a.Moves {
		fmt.Fprintf(&out, "  %s: %d visits, value %v\n", m.Move, m.Visits, m.Value)
	}
	edges, visits := 0, 0
	for _, edge := range b.Edges(s.ToAct()) {
		edges, visits = edges+1, visits+edge.Visits
	}
	fmt.Fprintf(&out, "  tree: %d edges, %d visits\n", edges, visits)
	return out.String()
}
