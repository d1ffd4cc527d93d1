package scripting

import (
	"fmt"
	"math/rand/v2"

	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// Engine applies one game's rules on one Lua host: it implements core.Rules for any state of that game,
// so one engine per worker goroutine advances whatever states it is handed (a clone made by another
// worker included). The scripts are loaded once per engine; their globals and module-level tables are
// read-only afterwards (a hook that assigns a new global or writes a frozen table is stopped), so no
// game can change what a later game runs (see NewState for scripts that keep state).
type Engine struct {
	// GameIndex is the index in its batch of the game the engine plays (the worker sets it): external
	// bots name it in their reports.
	GameIndex int

	h    *Host
	p    *Program
	data *hostData
	env  *lua.LTable
	g    gHandle
	// goState is where the loaded scripts keep a Go function a library made while they loaded
	// (freeze_gostate.go): the scripts are then loaded again for every game
	goState *StateWrite

	setup, onMove, normalize, trickWinner, trickDone, canPlay, stats *lua.LFunction
	render, describe, explain                                        *lua.LFunction // screen.go
	evaluate, sampleOK, rollout                                      *lua.LFunction // search bots
	rolloutLegal                                                     *lua.LTable    // the rollout hook's legal moves, refilled

	trickT, trickCards, trickSeats *lua.LTable // the engine fills these
	trickArg                       *lua.LTable // what hooks get: a read-only view of trickT
	// trickInfo is what trick_winner returned after the position (e.g. how the trick was won); the
	// engine hands it to trick_done, which the trick mechanic calls right after, so no hook works twice.
	trickInfo lua.LValue
	exports   *lua.LTable // read-only window on the rules' globals for bots (RULES)
	games     int         // games started on this engine
	// coverRules remember the answers of the colour rules g:board_covers asked (board_cover.go)
	coverRules   []*coverRule
	boardScratch boardScratch // g:board_placements' room, reused (board_placements.go)
	bots         *botShared   // what the engine's Lua bots share (bot_events.go)
	// botTemplates are its Lua bots loaded once, by name, copied for each seat and game (bot_load.go)
	botTemplates map[string]*botTemplate
}

// Interrupted reports whether the engine's host was interrupted (Host.Interrupt): long computations
// that run between hooks (a search, an external bot's wait) stop then.
func (r *Engine) Interrupted() bool { return r.h.Interrupted() }

// NewEngine loads a program's scripts on h. Give each worker goroutine its own host and engine.
func (p *Program) NewEngine(h *Host) (*Engine, error) {
	h.SetBudget(p.Game.Config.Limits.HookMillis)
	r := &Engine{h: h, p: p, data: h.data(p), trickInfo: lua.LNil}
	if err := r.load(); err != nil {
		return nil, err
	}
	r.g.r = r
	h.newG(&r.g)
	L := h.L
	r.trickT, r.trickCards, r.trickSeats = L.CreateTable(0, 4), L.CreateTable(8, 0), L.CreateTable(8, 0)
	r.trickT.RawSetString("cards", h.protect(r.trickCards, "trick.cards"))
	r.trickT.RawSetString("seats", h.protect(r.trickSeats, "trick.seats"))
	r.trickArg = h.protect(r.trickT, "trick")
	return r, nil
}

// load runs the scripts in a fresh environment: the hooks, and whatever module-level tables they keep.
func (r *Engine) load() error {
	env, err := r.h.newEnv(r.p, r.p.Chunks, hookNames)
	if err != nil {
		return err
	}
	fn := func(name string) *lua.LFunction {
		f, _ := env.RawGetString(name).(*lua.LFunction)
		return f
	}
	r.setup, r.onMove, r.normalize = fn("setup"), fn("on_move"), fn("normalize")
	r.trickWinner, r.trickDone, r.canPlay, r.stats = fn("trick_winner"), fn("trick_done"), fn("can_play"), fn("stats")
	r.render, r.describe, r.explain = fn("render"), fn("describe"), fn("explain")
	r.evaluate, r.sampleOK, r.rollout = fn("evaluate"), fn("sample_ok"), fn("rollout")
	if r.setup == nil {
		return fmt.Errorf("%s: no `setup` hook is defined", r.p.Chunks[0].Path)
	}
	r.h.freeze(env)
	if !r.keepsState() {
		if w := r.p.goFunctionKept(r.h, env); w != nil {
			r.goState = w
		} else {
			r.h.freezeModule(env, r.p.Chunks)
		}
	}
	r.env, r.exports = env, nil
	r.coverRules = nil
	return nil
}

// keepsState says whether the scripts are loaded again for every game: they keep state between games.
func (r *Engine) keepsState() bool { return len(r.p.KeptState()) > 0 || r.goState != nil }

// Program returns the game the engine runs.
func (r *Engine) Program() *Program { return r.p }

// Host returns the engine's Lua host.
func (r *Engine) Host() *Host { return r.h }

// NewState starts a game on this engine. The scripts were loaded once, with their module-level tables
// frozen (freeze.go), so no game can leave anything for the next; a script whose functions write a
// module-level local or a global (Program.KeptState), or that keeps a library's Go function made while
// it loaded (freeze_gostate.go), is loaded afresh for each game after the first instead, so results
// are the same for any number of workers either way. Create a game's Lua bots
// after its state: they reach the rules (RULES) of the game's own environment.
func (r *Engine) NewState(players int, seed uint64, opts core.StateOptions) (*core.State, error) {
	if r.games > 0 && r.keepsState() {
		if err := r.load(); err != nil {
			return nil, err
		}
	}
	r.games++
	// g whole again if a hook of the last game replaced a method: GameStats failed that game (sim,
	// host); whatever else ran it (a replay, a test) gets a g no game changed
	_ = r.g.checkMethods()
	return core.NewState(r.p.Game, r, players, seed, opts)
}

func (r *Engine) bind(s *core.State) {
	r.g.s = s
	r.h.g = &r.g
	r.h.current = s
	r.h.SetBudget(r.p.Game.Config.Limits.HookMillis)
}

// pure marks the hook about to run as one that may only read the game ("" ends it).
func (r *Engine) pure(hook string) {
	r.g.pure = hook
	r.h.pure = hook
}

// callPure runs a hook that may only read s (normalize, can_play, evaluate, sample_ok, rollout) and
// returns its first result.
func (r *Engine) callPure(s *core.State, hook string, fn *lua.LFunction, args ...lua.LValue) (lua.LValue, error) {
	r.bind(s)
	r.pure(hook)
	err := r.h.call(hook, fn, 1, args...)
	r.pure("")
	if err != nil {
		return nil, err
	}
	v := r.h.L.Get(-1)
	r.h.L.Pop(1)
	return v, nil
}

func (r *Engine) need(name string, fn *lua.LFunction) error {
	if fn == nil {
		return fmt.Errorf("%s: no `%s` hook is defined", r.p.Chunks[0].Path, name)
	}
	return nil
}

// Setup implements core.Rules.
func (r *Engine) Setup(s *core.State) error {
	r.bind(s)
	return r.h.call("setup", r.setup, 0, r.g.table)
}

// OnMove implements core.Rules.
func (r *Engine) OnMove(s *core.State, seat int, move string) error {
	if err := r.need("on_move", r.onMove); err != nil {
		return err
	}
	r.bind(s)
	return r.h.call("on_move", r.onMove, 0, r.g.table, r.h.int(seat), r.h.str(move))
}

// Normalize implements core.Rules.
func (r *Engine) Normalize(s *core.State, seat int, move string) (string, error) {
	if r.normalize == nil {
		return move, nil
	}
	v, err := r.callPure(s, "normalize", r.normalize, r.g.table, r.h.int(seat), r.h.str(move))
	if err != nil {
		return "", err
	}
	if str, ok := v.(lua.LString); ok {
		return string(str), nil
	}
	return move, nil
}

func (r *Engine) fillTrick(t *core.Trick, players int) {
	n := len(t.Cards)
	for i := 0; i < n; i++ {
		r.trickCards.RawSetInt(i+1, r.data.cardStr[t.Cards[i]])
		r.trickSeats.RawSetInt(i+1, r.h.int(t.Seat(i, players)))
	}
	for i := n + 1; i <= r.trickCards.MaxN(); i++ {
		r.trickCards.RawSetInt(i, lua.LNil)
		r.trickSeats.RawSetInt(i, lua.LNil)
	}
	if t.Lead >= 0 {
		r.trickT.RawSetString("lead", r.h.int(t.Lead+1))
	} else {
		r.trickT.RawSetString("lead", lua.LNil)
	}
	r.trickT.RawSetString("leader", r.h.int(t.Leader))
}

// TrickWinner implements core.Rules; it returns a 0-based position and, when the hook's second value
// is a string, how the trick was won (an interned Lua string: no copy). The second value, whatever it
// is, is kept for trick_done.
func (r *Engine) TrickWinner(s *core.State, t *core.Trick) (int, string, error) {
	if err := r.need("trick_winner", r.trickWinner); err != nil {
		return 0, "", err
	}
	r.bind(s)
	r.fillTrick(t, s.Players)
	if err := r.h.call("trick_winner", r.trickWinner, 2, r.g.table, r.trickArg); err != nil {
		return 0, "", err
	}
	L := r.h.L
	v := L.Get(-2)
	r.trickInfo = L.Get(-1)
	L.Pop(2)
	i, ok := toInt(v)
	if !ok {
		return 0, "", fmt.Errorf("hook trick_winner returned %s, not a position in the trick", v.String())
	}
	how, _ := r.trickInfo.(lua.LString)
	return i - 1, string(how), nil
}

// TrickDone implements core.Rules: trick_done(g, winner, trick, info) gets what trick_winner returned
// after the position.
func (r *Engine) TrickDone(s *core.State, winner int) error {
	if err := r.need("trick_done", r.trickDone); err != nil {
		return err
	}
	r.bind(s)
	info := r.trickInfo
	r.trickInfo = lua.LNil
	return r.h.call("trick_done", r.trickDone, 0, r.g.table, r.h.int(winner), r.trickArg, info)
}

// CanPlay implements core.Rules.
func (r *Engine) CanPlay(s *core.State, seat int, c core.CardIdx) (bool, bool, error) {
	if r.canPlay == nil {
		return true, false, nil
	}
	r.fillTrick(s.Handle().CurrentTrick(), s.Players)
	v, err := r.callPure(s, "can_play", r.canPlay, r.g.table, r.h.int(seat), r.data.cardStr[c], r.trickArg)
	if err != nil {
		return false, true, err
	}
	return lua.LVAsBool(v), true, nil
}

// Stats implements core.Rules.
func (r *Engine) Stats(s *core.State) (map[string][]float64, map[string]float64, error) {
	if r.stats == nil {
		return nil, nil, nil
	}
	r.bind(s)
	if err := r.h.call("stats", r.stats, 1, r.g.table); err != nil {
		return nil, nil, err
	}
	v := r.h.L.Get(-1)
	r.h.L.Pop(1)
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, nil, nil
	}
	seat := map[string][]float64{}
	game := map[string]float64{}
	var bad error
	num := func(v lua.LValue, what string) (float64, bool) {
		n, ok := v.(lua.LNumber)
		if ok && !finite(float64(n)) {
			if bad == nil {
				bad = fmt.Errorf("hook stats returned %s for %s: statistics must be finite numbers", n.String(), what)
			}
			return 0, false
		}
		return float64(n), ok
	}
	// the same limit as g:stat's: at most core.MaxStats statistics
	tooMany := func() bool {
		if len(seat)+len(game) < core.MaxStats {
			return false
		}
		if bad == nil {
			bad = fmt.Errorf("hook stats returned more than %d statistics: a game records at most %d", core.MaxStats, core.MaxStats)
		}
		return true
	}
	if st, ok := raw(t).RawGetString("seat").(*lua.LTable); ok {
		raw(st).ForEach(func(k, v lua.LValue) {
			if list, ok := v.(*lua.LTable); ok && !tooMany() {
				list = raw(list)
				vals := make([]float64, s.Players)
				for i := 0; i < s.Players; i++ {
					if n, ok := num(list.RawGetInt(i+1), fmt.Sprintf("seat.%s[%d]", k.String(), i+1)); ok {
						vals[i] = n
					}
				}
				seat[k.String()] = vals
			}
		})
	}
	if gt, ok := raw(t).RawGetString("game").(*lua.LTable); ok {
		raw(gt).ForEach(func(k, v lua.LValue) {
			if n, ok := num(v, "game."+k.String()); ok && !tooMany() {
				game[k.String()] = n
			}
		})
	}
	if bad != nil {
		return nil, nil, bad
	}
	return seat, game, nil
}

// HasEvaluate reports whether the game defines the `evaluate` hook.
func (r *Engine) HasEvaluate() bool { return r.evaluate != nil }

// Evaluate asks the game's optional `evaluate(g)` hook for every seat's standing in the position
// (higher is better): a search bot scores the playouts it cuts short with it. It may only read the game.
func (r *Engine) Evaluate(s *core.State) ([]float64, error) {
	if err := r.need("evaluate", r.evaluate); err != nil {
		return nil, err
	}
	v, err := r.callPure(s, "evaluate", r.evaluate, r.g.table)
	if err != nil {
		return nil, err
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("hook evaluate returned %s, not a list of one number per seat", v.Type().String())
	}
	t = raw(t)
	out := make([]float64, s.Players)
	for i := range out {
		n, ok := t.RawGetInt(i + 1).(lua.LNumber)
		if !ok || !finite(float64(n)) {
			return nil, fmt.Errorf("hook evaluate returned %s for seat %d: one finite number per seat", t.RawGetInt(i+1).String(), i)
		}
		out[i] = float64(n)
	}
	return out, nil
}

// HasSampleOK reports whether the game defines the `sample_ok` hook.
func (r *Engine) HasSampleOK() bool { return r.sampleOK != nil }

// SampleOK asks the game's optional `sample_ok(g, seat)` hook how plausible a sampled world is for
// seat, given what the earlier plays showed: a boolean (true 1, false 0) or the chance, 0 to 1, that the
// search keeps the world (the likelihood of what seat observed there; it deals again when it does not).
// It may only read the game.
func (r *Engine) SampleOK(s *core.State, seat int) (float64, error) {
	if err := r.need("sample_ok", r.sampleOK); err != nil {
		return 0, err
	}
	v, err := r.callPure(s, "sample_ok", r.sampleOK, r.g.table, r.h.int(seat))
	if err != nil {
		return 0, err
	}
	switch v := v.(type) {
	case lua.LBool:
		if v {
			return 1, nil
		}
		return 0, nil
	case lua.LNumber:
		if f := float64(v); f >= 0 && f <= 1 {
			return f, nil
		}
		return 0, fmt.Errorf("hook sample_ok returned %s: a chance must be from 0 to 1", v.String())
	}
	return 0, fmt.Errorf("hook sample_ok returned %s, not a boolean or a chance from 0 to 1", v.Type().String())
}

// HasRollout reports whether the game defines the `rollout` hook.
func (r *Engine) HasRollout() bool { return r.rollout != nil }

// Rollout asks the game's optional `rollout(g, seat, legal)` hook for seat's move in a search bot's
// playout (ismcts `rollout=rules`): a cheap policy of the game's own, played in a sampled world. It may
// only read the game; math.random draws from rng, the search's generator. It returns the index of the
// move in the legal moves.
func (r *Engine) Rollout(s *core.State, seat int, rng *rand.Rand) (int, error) {
	if err := r.need("rollout", r.rollout); err != nil {
		return 0, err
	}
	legal := s.Legal()
	L := r.h.L
	if r.rolloutLegal == nil {
		r.rolloutLegal = L.CreateTable(len(legal), 0)
	}
	t := r.rolloutLegal
	for i, m := range legal {
		t.RawSetInt(i+1, r.h.str(m)) // interned: boxing a move string allocates
	}
	for i := t.Len(); i > len(legal); i-- {
		t.RawSetInt(i, lua.LNil)
	}
	r.h.rand = rng
	v, err := r.callPure(s, "rollout", r.rollout, r.g.table, r.h.int(seat), t)
	r.h.rand = nil
	if err != nil {
		return 0, err
	}
	if m, ok := v.(lua.LString); ok {
		for i, l := range legal {
			if l == string(m) {
				return i, nil
			}
		}
		return 0, fmt.Errorf("hook rollout returned %q, not one of seat %d's legal moves", string(m), seat)
	}
	return 0, fmt.Errorf("hook rollout returned %s, not a move", v.Type().String())
}

// Exports is the read-only table through which bots call the rules' functions (RULES.name).
func (r *Engine) Exports() *lua.LTable {
	if r.exports == nil {
		r.exports = r.h.exportsOf(r.env)
	}
	return r.exports
}

// exportsOf is RULES for a rules environment: its functions only (a bot must not reach the rules'
// tables), read-only.
func (h *Host) exportsOf(env *lua.LTable) *lua.LTable {
	fns := h.L.NewTable()
	env.ForEach(func(k, v lua.LValue) {
		if _, ok := v.(*lua.LFunction); ok {
			fns.RawSet(k, v)
		}
	})
	return h.protect(fns, "RULES")
}
