package scripting

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"ruleslab/core"
)

// Rules runs one match's hooks on a host. It implements core.Rules.
type Rules struct {
	h    *Host
	p    *Program
	data *hostData
	env  *lua.LTable
	ud   *lua.LUserData
	g    gHandle

	setup, onMove, normalize, trickWinner, trickDone, canPlay, stats *lua.LFunction

	trickT, trickCards, trickSeats *lua.LTable
}

// NewRules loads a program's scripts into a fresh environment on h, for one match.
func (p *Program) NewRules(h *Host) (*Rules, error) {
	h.SetBudget(msDuration(p.Game.Config.Limits.HookMillis))
	env, err := h.newEnv(p, p.Chunks, hookNames)
	if err != nil {
		return nil, err
	}
	r := &Rules{h: h, p: p, data: h.data(p), env: env}
	fn := func(name string) *lua.LFunction {
		f, _ := env.RawGetString(name).(*lua.LFunction)
		return f
	}
	r.setup, r.onMove, r.normalize = fn("setup"), fn("on_move"), fn("normalize")
	r.trickWinner, r.trickDone, r.canPlay, r.stats = fn("trick_winner"), fn("trick_done"), fn("can_play"), fn("stats")
	if r.setup == nil {
		return nil, fmt.Errorf("%s: no `setup` hook is defined", p.Chunks[0].Path)
	}
	r.ud = h.L.NewUserData()
	r.g.r = r
	r.ud.Value = &r.g
	h.L.SetMetatable(r.ud, h.gMeta())
	L := h.L
	r.trickT, r.trickCards, r.trickSeats = L.NewTable(), L.NewTable(), L.NewTable()
	r.trickT.RawSetString("cards", r.trickCards)
	r.trickT.RawSetString("seats", r.trickSeats)
	return r, nil
}

func (r *Rules) bind(s *core.State) {
	r.g.s = s
	r.h.current = s
}

func (r *Rules) need(name string, fn *lua.LFunction) error {
	if fn == nil {
		return fmt.Errorf("%s: no `%s` hook is defined", r.p.Chunks[0].Path, name)
	}
	return nil
}

// Setup implements core.Rules.
func (r *Rules) Setup(s *core.State) error {
	r.bind(s)
	return r.h.call("setup", r.setup, 0, r.ud)
}

// OnMove implements core.Rules.
func (r *Rules) OnMove(s *core.State, seat int, move string) error {
	if err := r.need("on_move", r.onMove); err != nil {
		return err
	}
	r.bind(s)
	return r.h.call("on_move", r.onMove, 0, r.ud, r.h.int(seat), lua.LString(move))
}

// Normalize implements core.Rules.
func (r *Rules) Normalize(s *core.State, seat int, move string) (string, error) {
	if r.normalize == nil {
		return move, nil
	}
	r.bind(s)
	if err := r.h.call("normalize", r.normalize, 1, r.ud, r.h.int(seat), lua.LString(move)); err != nil {
		return "", err
	}
	v := r.h.L.Get(-1)
	r.h.L.Pop(1)
	if str, ok := v.(lua.LString); ok {
		return string(str), nil
	}
	return move, nil
}

func (r *Rules) fillTrick(t *core.Trick) {
	n := len(t.Cards)
	for i := 0; i < n; i++ {
		r.trickCards.RawSetInt(i+1, r.data.cardStr[t.Cards[i]])
		r.trickSeats.RawSetInt(i+1, r.h.int(t.Seats[i]))
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

// TrickWinner implements core.Rules; it returns a 0-based position.
func (r *Rules) TrickWinner(s *core.State, t *core.Trick) (int, error) {
	if err := r.need("trick_winner", r.trickWinner); err != nil {
		return 0, err
	}
	r.bind(s)
	r.fillTrick(t)
	if err := r.h.call("trick_winner", r.trickWinner, 1, r.ud, r.trickT); err != nil {
		return 0, err
	}
	v := r.h.L.Get(-1)
	r.h.L.Pop(1)
	i, ok := toInt(v)
	if !ok {
		return 0, fmt.Errorf("hook trick_winner returned %s, not a position in the trick", v.String())
	}
	return i - 1, nil
}

// TrickDone implements core.Rules.
func (r *Rules) TrickDone(s *core.State, winner int) error {
	if err := r.need("trick_done", r.trickDone); err != nil {
		return err
	}
	r.bind(s)
	return r.h.call("trick_done", r.trickDone, 0, r.ud, r.h.int(winner), r.trickT)
}

// CanPlay implements core.Rules.
func (r *Rules) CanPlay(s *core.State, seat int, c core.CardIdx) (bool, bool, error) {
	if r.canPlay == nil {
		return true, false, nil
	}
	r.bind(s)
	r.fillTrick(s.CurrentTrick())
	if err := r.h.call("can_play", r.canPlay, 1, r.ud, r.h.int(seat), r.data.cardStr[c], r.trickT); err != nil {
		return false, true, err
	}
	v := r.h.L.Get(-1)
	r.h.L.Pop(1)
	return lua.LVAsBool(v), true, nil
}

// Stats implements core.Rules.
func (r *Rules) Stats(s *core.State) (map[string][]float64, map[string]float64, error) {
	if r.stats == nil {
		return nil, nil, nil
	}
	r.bind(s)
	if err := r.h.call("stats", r.stats, 1, r.ud); err != nil {
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
	if st, ok := t.RawGetString("seat").(*lua.LTable); ok {
		st.ForEach(func(k, v lua.LValue) {
			if list, ok := v.(*lua.LTable); ok {
				vals := make([]float64, s.Players)
				for i := 0; i < s.Players; i++ {
					if n, ok := list.RawGetInt(i + 1).(lua.LNumber); ok {
						vals[i] = float64(n)
					}
				}
				seat[k.String()] = vals
			}
		})
	}
	if gt, ok := t.RawGetString("game").(*lua.LTable); ok {
		gt.ForEach(func(k, v lua.LValue) {
			if n, ok := v.(lua.LNumber); ok {
				game[k.String()] = float64(n)
			}
		})
	}
	return seat, game, nil
}

// Render asks the game's optional `render(obs)` hook to draw a seat's observation as text; "" when the
// game has none. The hook sees only the observation, never the state.
func (r *Rules) Render(s *core.State, obs *core.Observation) (string, error) {
	fn, ok := r.env.RawGetString("render").(*lua.LFunction)
	if !ok {
		return "", nil
	}
	r.bind(s)
	ot := observationTable(r.h.L, obs)
	ot.RawSetString("params", r.data.paramsTable(r.h.L, s.Game.Config.Params))
	if err := r.h.call("render", fn, 1, ot); err != nil {
		return "", err
	}
	v := r.h.L.Get(-1)
	r.h.L.Pop(1)
	return lua.LVAsString(v), nil
}
