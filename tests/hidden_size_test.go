package tests

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/invariant"
	"github.com/ruleslab/ruleslab/scripting"
)

// A game made for these tests: each seat in turn hides a card of its hand in its stash, unseen by the
// others, or keeps it. The hands' sizes follow the param `counts`; the stashes' are secret.
const stashGame = `id: stashes
title: Stashes
players: {min: 2, max: 3, default: 3}
params: {counts: hidden}
components:
  - {kind: card, id: "C{n}", each: {n: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]}}
zones:
  deck: {visible: none}
  hand: {per_seat: true, visible: owner, size: counts}
  stash: {per_seat: true, visible: owner, size: secret}
private_moves: {hide: owner, keep: owner}
script: stashes.lua
`

const stashRules = `
function setup(g)
  g:shuffle("deck")
  for s = 0, g:players() - 1 do g:move_top("deck", nil, "hand", s, 4) end
  g:ask(0, {"hide", "keep"})
end

function on_move(g, seat, move)
  if move == "hide" then g:move_top("hand", seat, "stash", seat) end
  local nxt = (seat + 1) % g:players()
  if g:count("hand", nxt) > 1 then g:ask(nxt, {"hide", "keep"}) else g:ask(nxt, {"keep"}) end
end
`

func stashEngine(t *testing.T, extra string) *scripting.Engine {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stashes.yaml"), []byte(stashGame), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stashes.lua"), []byte(stashRules), 0o644))
	path := filepath.Join(dir, "stashes.yaml")
	if extra != "" {
		path = filepath.Join(dir, "variant.yaml")
		require.NoError(t, os.WriteFile(path, []byte("extends: stashes.yaml\n"+extra), 0o644))
	}
	p, err := scripting.Load(path, "")
	require.NoError(t, err)
	h := scripting.NewHost()
	t.Cleanup(h.Close)
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	return e
}

func stashState(t *testing.T, e *scripting.Engine, moves ...string) *core.State {
	t.Helper()
	s, err := e.NewState(3, 7, core.StateOptions{})
	require.NoError(t, err)
	for _, m := range moves {
		require.NoError(t, s.Apply(e, m))
	}
	return s
}

func zoneOf(t *testing.T, o *core.Observation, name string, seat int) core.ZoneView {
	t.Helper()
	for _, z := range o.Zones {
		if z.Name == name && z.Seat == seat {
			return z
		}
	}
	t.Fatalf("no zone %s[%d]", name, seat)
	return core.ZoneView{}
}

// TestHiddenZoneSize: with `size: hidden` another seat's observation has no count, only whether the zone
// holds cards; a secret size shows not even that; the owner knows its own sizes; `size` can follow a
// param, and the JSON observation (run --observe, the external-bot protocol) has the same shape.
func TestHiddenZoneSize(t *testing.T) {
	s := stashState(t, stashEngine(t, ""), "hide")
	o := s.Observe(1)
	hand0 := zoneOf(t, o, "hand", 0)
	require.Equal(t, core.SizeHasCards, hand0.SizeKnown)
	require.True(t, hand0.HasCards)
	require.Zero(t, hand0.Count)
	require.Equal(t, core.SizeNothing, zoneOf(t, o, "stash", 0).SizeKnown)
	own := zoneOf(t, o, "hand", 1)
	require.Equal(t, core.SizeCount, own.SizeKnown)
	require.Equal(t, 4, own.Count)
	require.Equal(t, 1, zoneOf(t, s.Observe(0), "stash", 0).Count, "the owner knows its stash")
	require.Equal(t, 2, zoneOf(t, o, "deck", -1).Count, "a public size")

	data, err := json.Marshal(o)
	require.NoError(t, err)
	require.Contains(t, string(data), `{"zone":"hand","seat":0,"visible":false,"has_cards":true}`)
	require.Contains(t, string(data), `{"zone":"stash","seat":0,"visible":false}`)
	require.Contains(t, string(data), `{"zone":"hand","seat":1,"visible":true,"cards":[`)
	var back core.Observation
	require.NoError(t, json.Unmarshal(data, &back))
	again, err := json.Marshal(back)
	require.NoError(t, err)
	require.JSONEq(t, string(data), string(again), "read back as written")
	require.Equal(t, core.SizeHasCards, zoneOf(t, &back, "hand", 0).SizeKnown)

	pub := stashState(t, stashEngine(t, "params: {counts: public}\n"), "hide")
	h := zoneOf(t, pub.Observe(1), "hand", 0)
	require.Equal(t, core.SizeCount, h.SizeKnown)
	require.Equal(t, 3, h.Count)
}

// TestHiddenZoneSizeErrors: a wrong `size` word or param, or a wrong `at_most`, is reported at its place
// in the YAML.
func TestHiddenZoneSizeErrors(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stashes.yaml"), []byte(stashGame), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stashes.lua"), []byte(stashRules), 0o644))
	for _, c := range []struct{ yaml, msg string }{
		{"zones: {stash: {size: sometimes}}\n", `variant.yaml:2:23: zone stash: ` + "`size`" + ` must be public, hidden, secret or the path of a param holding one; there is no param "sometimes"`},
		{"zones: {stash: {at_most: -1}}\n", "variant.yaml:2:26: zone stash: `at_most` is -1; it must be a number >= 0 or the name of a value"},
		{"zones: {stash: {at_most: 2, size_prior: 1.5}}\n", "variant.yaml:2:41: zone stash: `size_prior` is 1.5; it must lie between 0 and 1"},
		{"zones: {stash: {size_prior: 0.2}}\n", "variant.yaml:2:29: zone stash: `size_prior` needs `at_most` (the chances it weighs)"},
		{"zones: {stash: {size: public, at_most: 2, size_prior: 0.2}}\n", "variant.yaml:2:55: zone stash: `size_prior` needs `size: hidden` or `secret` (a public size is never sampled)"},
		{"params: {counts: maybe}\n", `variant.yaml:2:18: zone hand: ` + "`size`" + ` follows param counts, which is maybe: it must be public, hidden or secret`},
	} {
		path := filepath.Join(dir, "variant.yaml")
		require.NoError(t, os.WriteFile(path, []byte("extends: stashes.yaml\n"+c.yaml), 0o644))
		_, err := scripting.Load(path, "")
		require.Error(t, err)
		require.Contains(t, err.Error(), c.msg)
	}
}

// TestResampleHiddenSizes: a sampled world does not keep the true sizes of zones hidden from the
// sampling seat: seat 1 cannot tell whether seat 0 hid a card, and the two worlds give the same samples;
// the samples keep each group's total and a hidden-size zone's having cards, and vary the split.
func TestResampleHiddenSizes(t *testing.T) {
	e := stashEngine(t, "")
	kept := stashState(t, e, "keep", "hide", "keep")
	hid := stashState(t, e, "hide", "hide", "keep")
	stashes := map[int]bool{}
	for i := 0; i < 200; i++ {
		a := resample(t, kept, 1, rand.New(rand.NewPCG(uint64(i), 1)), e)
		b := resample(t, hid, 1, rand.New(rand.NewPCG(uint64(i), 1)), e)
		for _, z := range a.ZoneRefs() {
			require.Equal(t, a.IDs(a.Cards(z)), b.IDs(b.Cards(z)), "sample %d, %s", i, a.ZoneName(z))
		}
		hand, _ := a.Zone("hand", 0)
		stash, _ := a.Zone("stash", 0)
		require.Equal(t, 4, a.Count(hand)+a.Count(stash))
		require.Positive(t, a.Count(hand))
		stashes[a.Count(stash)] = true
		// the sampling seat's own zones keep their true sizes
		own, _ := a.Zone("stash", 1)
		require.Equal(t, 1, a.Count(own))
	}
	require.Equal(t, map[int]bool{0: true, 1: true, 2: true, 3: true}, stashes)
}

// TestResampleAtMost: a zone's `at_most` bound (a number or a value the rules keep) caps what a sampled
// world deals there, and the invariant check reports a zone that breaks it.
func TestResampleAtMost(t *testing.T) {
	e := stashEngine(t, "zones: {stash: {at_most: 1}}\n")
	s := stashState(t, e, "keep", "hide", "keep")
	for i := 0; i < 100; i++ {
		r := resample(t, s, 1, rand.New(rand.NewPCG(uint64(i), 1)), e)
		stash, _ := r.Zone("stash", 0)
		require.LessOrEqual(t, r.Count(stash), 1)
	}
	require.Nil(t, invariant.AtMost(s))
	broken := stashState(t, e, "hide", "keep", "keep", "hide")
	v := invariant.AtMost(broken)
	require.NotNil(t, v)
	require.Equal(t, "at-most: stash[0] holds 2 cards; its at_most is 1", v.Error())
}

// TestResampleSizePrior: with `size_prior: p` a sampled stash holds x of its at_most chances with the
// binomial chance C(n,x)·p^x·(1-p)^(n-x) (here n = 3, p = 0.1: 72.9%, 24.3%, 2.7%, 0.1%), not every
// size alike; seat 0's 4 cards keep one in the hand, so every size 0..3 is allowed.
func TestResampleSizePrior(t *testing.T) {
	e := stashEngine(t, "zones: {stash: {at_most: 3, size_prior: 0.1}}\n")
	s := stashState(t, e, "keep", "hide", "keep")
	const n = 20000
	count := make([]int, 4)
	for i := 0; i < n; i++ {
		r := resample(t, s, 1, rand.New(rand.NewPCG(uint64(i), 2)), e)
		hand, _ := r.Zone("hand", 0)
		stash, _ := r.Zone("stash", 0)
		require.Equal(t, 4, r.Count(hand)+r.Count(stash))
		count[r.Count(stash)]++
	}
	for x, want := range []float64{0.729, 0.243, 0.027, 0.001} {
		require.InDelta(t, want, float64(count[x])/n, 0.01, "stash of %d cards", x)
	}
}

// resample is State.Resample for a test: the sampled world, or the test fails.
func resample(t testing.TB, s *core.State, seat int, rng *rand.Rand, rules core.Rules) *core.State {
	t.Helper()
	r, err := s.Resample(seat, rng, rules)
	require.NoError(t, err)
	return r
}

// A game made for these tests: two seats are dealt three cards each; seat 0 notes the top card of its
// hand in a value only it sees, and the game shows the same id in a public value and keeps a hidden
// word that is no card's id.
const notedGame = `id: noted
title: Noted
players: {min: 2, max: 2, default: 2}
components:
  - {kind: card, id: "C{n}", each: {n: [1, 2, 3, 4, 5, 6, 7, 8]}}
zones:
  deck: {visible: none}
  hand: {per_seat: true, visible: owner}
script: noted.lua
`

const notedRules = `
function setup(g)
  g:shuffle("deck")
  for s = 0, 1 do g:move_top("deck", nil, "hand", s, 3) end
  g:set("noted", g:top("hand", 0), 0)
  g:set("shown", g:top("hand", 0))
  g:set("word", "hello", "hidden")
  g:ask(1, {"pass", "stop"})
end

function on_move(g, seat, move)
  if move == "stop" then g:finish({seat}) return end
  g:move_top("hand", 0, "deck", nil)
  g:ask(1 - seat, {"pass", "stop"})
end
`

func notedState(t *testing.T) (*core.State, *scripting.Engine) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "noted.yaml"), []byte(notedGame), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "noted.lua"), []byte(notedRules), 0o644))
	p, err := scripting.Load(filepath.Join(dir, "noted.yaml"), "")
	require.NoError(t, err)
	h := scripting.NewHost()
	t.Cleanup(h.Close)
	e, err := p.NewEngine(h)
	require.NoError(t, err)
	s, err := e.NewState(2, 5, core.StateOptions{})
	require.NoError(t, err)
	return s, e
}

// A value hidden from the sampling seat that names one of the cards dealt again names, in the sample,
// the card now in the same place (the rule noted "the top card of that hand"); a value the seat sees,
// and a hidden string that is no card's id, stay as they are.
func TestResampleRenamesHiddenValuesWithTheirCard(t *testing.T) {
	s, e := notedState(t)
	hand0, err := s.Zone("hand", 0)
	require.NoError(t, err)
	top := s.IDs(s.Cards(hand0))[2]
	require.Equal(t, top, s.VisibleVars(0, -1)["noted"])
	moved := false
	for i := uint64(0); i < 50; i++ {
		r := resample(t, s, 1, rand.New(rand.NewPCG(i, 1)), e)
		vals := r.VisibleVars(0, -1)
		now := r.IDs(r.Cards(hand0))[2]
		require.Equal(t, now, vals["noted"], "sample %d: the noted value follows the top card", i)
		require.Equal(t, top, vals["shown"], "a public value is what seat 1 knows")
		require.Equal(t, "hello", r.VisibleVars(-1, -1)["word"])
		moved = moved || now != top
	}
	require.True(t, moved, "the samples deal seat 0's top card again")
	require.Equal(t, top, s.VisibleVars(0, -1)["noted"], "the true state is untouched")
}

// ResampleInto deals into a spent sample's buffers exactly the world Resample deals with the same draws,
// whatever that sample went through (here played on to its end), and leaves the true state as it was.
func TestResampleIntoReusesASpentSample(t *testing.T) {
	s, e := notedState(t)
	before := []*core.Observation{s.Observe(0), s.Observe(1)}
	var spare *core.State
	for i := uint64(0); i < 20; i++ {
		want := resample(t, s, 1, rand.New(rand.NewPCG(i, 3)), e)
		got, err := s.ResampleInto(spare, 1, rand.New(rand.NewPCG(i, 3)), e)
		require.NoError(t, err)
		if spare != nil {
			require.Same(t, spare, got, "the spare state is reused")
		}
		require.Equal(t, want.Observe(0), got.Observe(0), "sample %d", i)
		require.Equal(t, want.Observe(1), got.Observe(1), "sample %d", i)
		require.Equal(t, want.VisibleVars(-1, -1), got.VisibleVars(-1, -1))
		require.Equal(t, want.VisibleVars(0, -1), got.VisibleVars(0, -1))
		require.NotEqual(t, s.Lineage(), got.Lineage(), "a sample is a new line of play")
		got.StartPlayout()
		for n := 0; !got.Over(); n++ {
			require.NoError(t, got.ApplyIndex(e, n%2))
		}
		spare = got
	}
	require.Equal(t, before, []*core.Observation{s.Observe(0), s.Observe(1)})
}
