package tests

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/coverage"
)

var (
	// a rule a RULES.md defines: a list item that starts with its id in bold (`- **MT-8** ...`,
	// `- **MT-22 DECISION MT-D3** ...`), or a decision named anywhere (`**DECISION MT-D1**`)
	docItem     = regexp.MustCompile(`(?m)^\s*- \*\*([^*]+)\*\*`)
	docDecision = regexp.MustCompile(`DECISION ([A-Z]{2}-D\d+)`)
	// a mark in a script and the string literals in it
	scriptMark = regexp.MustCompile(`g:rule\(([^)]*)\)`)
	quoted     = regexp.MustCompile(`"([^"]*)"`)
)

// coverageGames is how many random games each bundled game (base) plays in TestCoverageListsEveryRuleID;
// each variant plays variantCoverageGames (about 7 s of CPU in all, most of it Simino's). -short plays
// shortCoverageGames of each: the report lists every rule id whatever the number of games.
const coverageGames, variantCoverageGames, shortCoverageGames = 150, 20, 10

// TestCoverageListsEveryRuleID: `sim --coverage` over random games of every bundled game and variant
// lists every rule id its RULES.md defines, each with its games and share (or as not marked by any
// hook), and every id a script of the game marks is one its RULES.md defines (a typo in a mark fails).
func TestCoverageListsEveryRuleID(t *testing.T) {
	root := repoRoot(t)
	t.Setenv("RULESLAB_HOME", root)
	games, err := config.BundledGames()
	require.NoError(t, err)
	require.Len(t, games, 5)
	type target struct{ game, variant string }
	var targets []target
	for _, b := range games {
		for _, v := range append([]string{""}, b.Variants...) {
			targets = append(targets, target{b.ID, v})
		}
	}
	t.Run("group", func(t *testing.T) {
		for _, tg := range targets {
			name := tg.game
			if tg.variant != "" {
				name += "/" + tg.variant
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				doc, err := os.ReadFile(filepath.Join(root, "variants", tg.game, "RULES.md"))
				require.NoError(t, err)
				defined := map[string]bool{}
				for _, m := range docItem.FindAllStringSubmatch(string(doc), -1) {
					for _, id := range ruleID.FindAllString(m[1], -1) {
						defined[id] = true
					}
				}
				for _, m := range docDecision.FindAllStringSubmatch(string(doc), -1) {
					defined[m[1]] = true
				}
				require.NotEmpty(t, defined)

				// every mark in the game's scripts names a rule its RULES.md defines
				scripts, err := filepath.Glob(filepath.Join(root, "scripts", tg.game, "*.lua"))
				require.NoError(t, err)
				marks := 0
				for _, f := range scripts {
					src, err := os.ReadFile(f)
					require.NoError(t, err)
					for _, m := range scriptMark.FindAllStringSubmatch(string(src), -1) {
						for _, q := range quoted.FindAllStringSubmatch(m[1], -1) {
							if ruleID.MatchString(q[1]) {
								marks++
								require.True(t, defined[q[1]], "%s marks %s, which variants/%s/RULES.md does not define", filepath.Base(f), q[1], tg.game)
							}
						}
					}
				}
				require.NotZero(t, marks, "no script of %s marks a rule", tg.game)

				n := coverageGames
				args := []string{"sim", tg.game, "--games", "", "--workers", "1", "--coverage", "--json"}
				if tg.variant != "" {
					n = variantCoverageGames
					args = append(args, "--variant", tg.variant)
				}
				if testing.Short() {
					n = shortCoverageGames
				}
				args[3] = itoa(n)
				r := execute(args...)
				require.Equal(t, 0, r.code, r.err)
				var out struct {
					Coverage coverage.Report `json:"coverage"`
				}
				require.NoError(t, json.Unmarshal([]byte(r.out), &out))
				c := out.Coverage
				require.Equal(t, n, c.Games)
				require.Equal(t, filepath.Join("variants", tg.game, "RULES.md"), c.RulesDoc)
				require.Empty(t, c.Undocumented)
				listed := map[string]coverage.Entry{}
				fired := 0
				for _, e := range c.Rules {
					listed[e.Name] = e
					require.True(t, defined[e.Name], "coverage lists %s, which RULES.md does not define", e.Name)
					require.InDelta(t, float64(e.Games)/float64(n), e.Share, 1e-12, e.Name)
					require.LessOrEqual(t, e.Games, n, e.Name)
					require.GreaterOrEqual(t, e.Calls, e.Games, e.Name)
					switch e.Status {
					case "fired":
						require.Positive(t, e.Games, e.Name)
						fired++
					case "never_fired", "not_marked", "other_variant":
						require.Zero(t, e.Games, e.Name)
					default:
						t.Fatalf("%s: status %q", e.Name, e.Status)
					}
				}
				for id := range defined {
					require.Contains(t, listed, id, "coverage does not list %s of variants/%s/RULES.md", id, tg.game)
				}
				require.Positive(t, fired)
				t.Logf("%d of %d rule ids fired in %d games; never fired %d, not marked %d, other variants %d",
					fired, len(c.Rules), n, len(c.Never), len(c.NotMarked), len(c.OtherVariants))
			})
		}
	})
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
