package config

import "testing"

// A game's bot may not take the name of a built-in bot or policy, nor contain what bot specs use as
// separators: `bots: {ismcts: ...}` with `ismcts: prior=ismcts` recursed until the stack overflowed,
// and a bot named `ismcts:iterations=5` was read as a search spec.
func TestBotNames(t *testing.T) {
	dir := t.TempDir()
	write(t, dir+"/b.lua", "-- bot\n")
	for _, c := range []struct{ lines, want string }{
		{"bots: {ismcts: b.lua}\nismcts: prior=ismcts\n",
			`.yaml:7:16: bots.ismcts: a game's bot may not be named like a built-in bot or policy (random, human, ismcts, mast, rules, none)`},
		{"bots: {Random: b.lua}\n", `.yaml:7:16: bots.Random: a game's bot may not be named like a built-in bot or policy`},
		{"bots: {\"ismcts:iterations=5\": b.lua}\n", `bots."ismcts:iterations=5": a bot's name may not be empty or contain ':', ',', '=' or spaces`},
		{"bots: {\"a,b\": b.lua}\n", `bots."a,b": a bot's name may not be empty`},
	} {
		wantLoadErr(t, writeGame(t, dir, "bad.yaml", "components: [{kind: c, id: X}]\n"+c.lines), c.want)
	}
	if _, err := Load(writeGame(t, dir, "ok.yaml", "components: [{kind: c, id: X}]\nbots: {greedy: b.lua}\n")); err != nil {
		t.Fatal(err)
	}
}
