package scripting

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/gopher-lua/parse"
)

// paramReads finds g:param("a.b") and PARAMS.a.b (as far as the keys are constant strings), once per
// chain; a computed name, another receiver and a PARAMS indexed by a variable are not reads it can check.
func TestParamReads(t *testing.T) {
	src := `local x = g:param("a.b") + PARAMS.c.d
local y = PARAMS["e"].f + PARAMS.rounds[n] + PARAMS[k] + g:param(name) + other:param("z")
local z = PARAMS.list[1].w + PARAMS.t[n].u
`
	stmts, err := parse.Parse(strings.NewReader(src), "r.lua")
	require.NoError(t, err)
	var got []string
	for _, r := range paramReads(stmts) {
		got = append(got, r.shown+"@"+strings.Join(r.path, ".")+":"+string(rune('0'+r.line)))
	}
	assert.Equal(t, []string{
		`g:param("a.b")@a.b:1`, "PARAMS.c.d@c.d:1",
		"PARAMS.e.f@e.f:2", "PARAMS.rounds@rounds:2",
		"PARAMS.list@list:3", "PARAMS.t@t:3",
	}, got)
}

// A read of a parameter the game does not have is an error naming the file, the line, the read as
// written, the first name that is wrong and the closest one; a value that is no group is not looked into.
func TestUnknownParams(t *testing.T) {
	params := map[string]any{
		"mimic_lead": "effective",
		"scoring":    map[string]any{"smallest": "present", "bonus": map[string]any{"2": 5}},
		"rounds":     map[string]any{"3": 5},
		"removed":    []any{9},
	}
	for _, c := range []struct{ src, want string }{
		{`return g:param("mimic_lead"), PARAMS.scoring.bonus["2"], PARAMS.removed[1], PARAMS.rounds[n]`, ""},
		{`return g:param("mimic_led")`, `r.lua:1: g:param("mimic_led"): the game has no parameter mimic_led (did you mean "mimic_lead"?)`},
		{`return PARAMS.scoring.smalest`, `r.lua:1: PARAMS.scoring.smalest: the game has no parameter scoring.smalest (did you mean "scoring.smallest"?)`},
		{`return PARAMS.scorin.smallest`, `r.lua:1: PARAMS.scorin.smallest: the game has no parameter scorin (did you mean "scoring"?)`},
		{"\n" + `return g:param("scoring.bonus.5")`, `r.lua:2: g:param("scoring.bonus.5"): the game has no parameter scoring.bonus.5 (did you mean "scoring.bonus.2"?)`},
		{`return PARAMS.mimic_lead.x, g:param("nothing_like_it")`, `r.lua:1: g:param("nothing_like_it"): the game has no parameter nothing_like_it`},
	} {
		stmts, err := parse.Parse(strings.NewReader(c.src), "r.lua")
		require.NoError(t, err)
		var got []string
		for _, e := range unknownParams(&Chunk{Path: "r.lua", paramReads: paramReads(stmts)}, params) {
			got = append(got, e.Error())
		}
		assert.Equal(t, c.want, strings.Join(got, "\n"), c.src)
	}
}
