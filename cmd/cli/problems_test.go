package cli

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

func TestHooksOptions(t *testing.T) {
	o := parseCmd(t, NewCmdHooks, "simino", "--variant", "whites", "--json")
	assert.Equal(t, HooksOptions{IO: o.IO, Game: "simino", Variant: "whites", JSON: true}, *o)
	d := parseCmd(t, NewCmdHooks, "zoomies")
	assert.Equal(t, HooksOptions{IO: d.IO, Game: "zoomies"}, *d)
	for _, args := range [][]string{nil, {"a", "b"}} {
		err := argsError(t, NewCmdHooks, args...)
		require.Error(t, err)
		assert.Equal(t, "hooks needs a GAME (bundled id or YAML path)", err.Error())
	}
}

// problemsOf splits joined errors at any depth, reads each part's position (a *config.PosError, or a
// file:line[:col]: prefix), and orders them by file (first appearance) then line and column.
func TestProblemsOf(t *testing.T) {
	err := errors.Join(
		fmt.Errorf("b.lua:9:3: late"),
		errors.Join(&config.PosError{File: "a.yaml", Line: 4, Col: 2, Msg: "in the YAML"}, nil, fmt.Errorf("b.lua:2: a line only")),
		errors.New("house.yaml: no position"),
		fmt.Errorf("b.lua:2:1: first"),
	)
	got := problemsOf("house.yaml", err)
	assert.Equal(t, []Problem{
		{File: "b.lua", Line: 2, Col: 0, Message: "a line only"},
		{File: "b.lua", Line: 2, Col: 1, Message: "first"},
		{File: "b.lua", Line: 9, Col: 3, Message: "late"},
		{File: "a.yaml", Line: 4, Col: 2, Message: "in the YAML"},
		{File: "house.yaml", Message: "no position"},
	}, got)
	var out bytes.Buffer
	printProblems(&out, got)
	assert.Equal(t, "b.lua:2: a line only\nb.lua:2:1: first\nb.lua:9:3: late\na.yaml:4:2: in the YAML\nhouse.yaml: no position\n", out.String())
	assert.Equal(t, []Problem{{Message: "plain"}}, problemsOf("", errors.New("plain")))
}

// A command whose game has several problems prints each on its own line, then how many, and exits 1;
// one problem stays one line after "ruleslab: ".
func TestExecutePrintsEveryProblem(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{errors.Join(errors.New("x.lua:3:1: one"), errors.New("x.lua:1:1: two")), "x.lua:1:1: two\nx.lua:3:1: one\nruleslab: 2 problems\n"},
		{errors.New("x.lua:3:1: one"), "ruleslab: x.lua:3:1: one\n"},
	} {
		var out, errb bytes.Buffer
		code := reportError(&IO{Out: &out, Err: &errb}, c.err, nil)
		assert.Equal(t, ExitError, code)
		assert.Equal(t, c.want, errb.String())
		assert.Empty(t, out.String())
	}
}
