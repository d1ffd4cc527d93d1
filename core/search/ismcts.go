package search

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/ruleslab/ruleslab/core"
)

// ISMCTS is a single-observer Information-Set Monte Carlo Tree Search bot (Cowling, Powley and Whitehouse,
// 2012; OpenSpiel's ismcts.cc): each iteration deals a determinisation of what the seat has not seen
// (View.Sample: consistent with every card it saw and every void its opponents showed), walks a tree of
// moves chosen by UCB among the moves legal in that determinisation (a child's exploration term counts
// how often it was available, not its parent's visits), adds one node, plays the game out and backs up,
// at every node, the reward of the seat that chose that node's move.
//
// The reward of a finished game is the win: 1 shared among the winners (1/k each), 0 to the others,
// so a tie for first counts as a fraction of a win. In a one-player game (every game won) it is the
// final score instead, and the exploration constant scales with the range of scores seen. In long
// games a playout may stop at a horizon (Horizon moves on, or the end of the round in progress) and
// count as won by the seats that stand first there (Evaluate: the game's evaluation, else the totals);
// Margin mixes the seat's lead into the reward (see rewards).
//
// It is deterministic for a seed (its generator is its own; with Millis it is not). It runs the rules
// on the Rules it is given, the worker's own engine.
type ISMCTS struct {
	cfg   Config
	rules core.Rules
	rng   *rand.Rand
	// rollout bots per seat (nil: random moves); made by RolloutBots when a search starts
	rollout []core.Bot
	// RolloutBots makes the rollout policy's bot of each seat of a game of players seats (Rollout not
	// random); they are reused for every playout and start over on each (a new line of play).
	RolloutBots func(players int) ([]core.Bot, error)
	// PriorBot makes the bot of Prior for the searching seat (called once, at the first search); it
	// chooses at each searched decision from the seat's view and keeps its memory from one decision to
	// the next, as when it plays.
	PriorBot func() (core.Bot, error)
	prior    core.Bot
	// the root move the prior chose in the current search ("" without a prior)
	priorMove string

	// Policy is the game's playout policy (Rollout "rules", the rules' `rollout` hook): seat's move in
	// the playout's state, drawing any randomness from rng.
	Policy func(s *core.State, seat int, rng *rand.Rand) (int, error)

	// Evaluate returns every seat's standing in a position, higher better (the game's `evaluate` hook);
	// nil: the score totals. It scores playouts cut at the horizon, and the lead of Margin.
	Evaluate func(s *core.State) ([]float64, error)

	// Plausible says how plausible a sampled world is for the seat, judged on what it knows and the
	// sample (the game's `sample_ok` hook): the chance, 0 to 1, that the sample is kept. 1 keeps it, 0
	// rejects it; a chance in between is the likelihood of what the seat observed in that world (scaled
	// so the likeliest worlds get 1), so that the worlds searched follow the seat's belief (rejection
	// sampling). A sample not kept is dealt again, up to PlausibleTries deals (the last is kept). nil:
	// every sample is kept.
	Plausible func(s *core.State, seat int) (float64, error)

	// Stop, checked before every iteration, stops the search with ErrInterrupted when it reports true
	// (the batch was interrupted); nil: never.
	Stop func() bool

	// the cut of the current search: the sample's move count and rounds ended at its root
	rootMoves, rootRounds int
	spread                float64 // the largest |lead| seen in this search (Margin's scale)

	// the trees of the current search, node 0 of each the root: one (all seats), or one per seat
	// (MultiObserver)
	trees [][]node
	cur   []int32 // each tree's node during an iteration
	// mast: each seat's reward sum and count by move text (Rollout "mast"), and the moves of the
	// current iteration, to credit
	mast      []map[string]mastStat
	mastMoves []mastMove
	paths     [][]int32   // each tree's nodes an iteration went through (the root first)
	sizes     []int       // each tree's size before the iteration (dropAdded)
	kids      []int32     // a tree step's child of each legal move (-1: none), matchChildren
	spare     *core.State // the last sampled world, whose buffers the next one reuses
	// the rewards' buffers of one entry per seat (scratch): the score totals as values, the leads of
	// Margin, the winners of Pairwise
	totals, leads []float64
	won           []bool
	last          *Analysis
}

// MoveStat is one root move after a search: how often it was tried and its mean reward for the seat
// (its estimated share of wins).
type MoveStat struct {
	Move   string  `json:"move"`
	Visits int     `json:"visits"`
	Value  float64 `json:"value"`
}

// Analysis is the result of a search: the root moves in legal order and the number of iterations.
type Analysis struct {
	Moves      []MoveStat `json:"moves"`
	Iterations int        `json:"iterations"`
	Failed     int        `json:"failed,omitempty"` // playouts dropped because the rules failed in their sample
	Best       int        `json:"best"`             // index of the chosen move (the most visited)
	Prior      string     `json:"prior,omitempty"`  // the prior bot's move (Config.Prior), which the root favoured
}

// New creates the bot with its own generator.
func New(cfg Config, rules core.Rules, seed uint64) *ISMCTS {
	if cfg.Iterations <= 0 && cfg.Millis <= 0 {
		cfg.Iterations = DefaultIterations
	}
	if cfg.Exploration <= 0 {
		cfg.Exploration = DefaultExploration
	}
	return &ISMCTS{cfg: cfg, rules: rules, rng: rand.New(rand.NewPCG(seed, 0x15c7))}
}

// Choose implements Bot: the most visited root move.
func (b *ISMCTS) Choose(v core.View) (int, error) {
	n := v.NumLegal()
	if n == 0 {
		return 0, errors.New("no legal move")
	}
	if n == 1 {
		return 0, nil // nothing to search; the generator is not drawn from, so the choice stays cheap
	}
	a, err := b.Analyse(v)
	if err != nil {
		return 0, err
	}
	return a.Best, nil
}

// Last returns the analysis of the last search (nil before the first).
func (b *ISMCTS) Last() *Analysis { return b.last }

// Analyse searches the view's decision and returns every root move's visits and value.
func (b *ISMCTS) Analyse(v core.View) (*Analysis, error) {
	if v.ToAct() != v.Seat() || v.NumLegal() == 0 {
		return nil, errors.New("ismcts: the seat has no decision to make")
	}
	if err := b.startRollouts(v.Players()); err != nil {
		return nil, err
	}
	if err := b.choosePrior(v); err != nil {
		return nil, err
	}
	b.startTrees(v.Players())
	b.rootMoves, b.rootRounds, b.spread = -1, 0, 0
	run := newSearchRun(b.cfg, v.Players())
	for ; b.cfg.Iterations <= 0 || run.it < b.cfg.Iterations; run.it++ {
		if run.pastDeadline() {
			break
		}
		if b.stopped() {
			return nil, ErrInterrupted
		}
		if err := b.iteration(v, run); err != nil {
			return nil, err
		}
	}
	if run.failed == run.it {
		return nil, fmt.Errorf("ismcts: every playout failed; the first: %w", run.firstErr)
	}
	b.mast = nil // the playouts' statistics belong to this search
	b.last = b.rootAnalysis(v, run.it-run.failed, run.failed)
	return b.last, nil
}

// searchRun is the bookkeeping of one search: its iterations, the ones dropped and why, the time limit
// and, for one-player games, the range of rewards seen (which scales the exploration).
type searchRun struct {
	it, failed int
	firstErr   error
	deadline   time.Time
	lo, hi     float64
	solo       bool
	reward     []float64
}

func newSearchRun(cfg Config, players int) *searchRun {
	run := &searchRun{lo: math.Inf(1), hi: math.Inf(-1), solo: players == 1, reward: make([]float64, players)}
	if cfg.Millis > 0 {
		run.deadline = time.Now().Add(time.Duration(cfg.Millis) * time.Millisecond)
	}
	return run
}

// pastDeadline reports whether a search bounded by time has used it up (never before the first
// iteration).
func (r *searchRun) pastDeadline() bool {
	return !r.deadline.IsZero() && r.it > 0 && !time.Now().Before(r.deadline)
}

// startRollouts readies the rollout policy of a search: MAST's statistics, the rules' policy or the
// rollout bots (made once, at the first search).
func (b *ISMCTS) startRollouts(players int) error {
	switch r := b.cfg.Rollout; {
	case r == "mast":
		b.mast = make([]map[string]mastStat, players)
		for i := range b.mast {
			b.mast[i] = map[string]mastStat{}
		}
	case r == "rules":
		if b.Policy == nil {
			return errors.New("ismcts: rollout=rules needs the game's rollout hook")
		}
	case r != "" && r != "random" && b.rollout == nil:
		if b.RolloutBots == nil {
			return fmt.Errorf("ismcts: no rollout bot %q", r)
		}
		bots, err := b.RolloutBots(players)
		if err != nil {
			return err
		}
		b.rollout = bots
	}
	return nil
}

// iteration samples a world, walks and grows the trees in it, plays it out and backs the rewards up.
// A world the rules fail in is dropped (run.failed); a broken playout policy stops the search.
func (b *ISMCTS) iteration(v core.View, run *searchRun) error {
	s, err := b.sample(v)
	if err != nil {
		return err
	}
	if b.rootMoves < 0 {
		b.rootMoves, b.rootRounds = s.MoveCount(), len(s.RoundTotals())
	}
	if b.rollout == nil {
		s.StartPlayout() // random and rules playouts read no events; a rollout bot rebuilds its memory from them
	}
	scale := b.cfg.Exploration
	if run.solo && run.hi > run.lo {
		scale *= run.hi - run.lo
	}
	b.noteSizes()
	err = b.iterate(s, scale)
	if err == nil {
		err = b.rewards(s, run.reward, run.solo)
	}
	if err != nil && fatal(err) {
		// a broken policy, or a hook past its limits, is the game's bug, not a world it cannot play:
		// it would fail again in every iteration
		return unwrapPolicy(err)
	}
	if err != nil {
		// The rules failed in this determinisation: it is a world the rules cannot play (a rule that
		// kept a hidden card's identity in a value, see State.Resample). Drop the iteration.
		b.dropAdded()
		run.failed++
		if run.firstErr == nil {
			run.firstErr = err
		}
		return nil
	}
	if run.solo {
		run.lo, run.hi = math.Min(run.lo, run.reward[0]), math.Max(run.hi, run.reward[0])
	}
	b.backUp(run.reward)
	return nil
}

// backUp adds the iteration's rewards to every node it went through, and to MAST's move statistics.
func (b *ISMCTS) backUp(reward []float64) {
	for t, path := range b.paths {
		for _, ni := range path {
			nd := &b.trees[t][ni]
			nd.visits++
			if nd.seat >= 0 {
				nd.reward += reward[nd.seat]
			}
		}
	}
	for _, m := range b.mastMoves {
		st := b.mast[m.seat][m.move]
		st.sum += reward[m.seat]
		st.n++
		b.mast[m.seat][m.move] = st
	}
}

// rootAnalysis reads the root moves of the seat's tree, in legal order, and picks the most visited
// (ties go to the better value, then the first).
func (b *ISMCTS) rootAnalysis(v core.View, iterations, failed int) *Analysis {
	a := &Analysis{Iterations: iterations, Failed: failed, Best: 0, Prior: b.priorMove}
	nodes := b.trees[b.treeOf(v.Seat())]
	root := &nodes[0]
	best := -1
	for i := 0; i < v.NumLegal(); i++ {
		ms := rootMove(nodes, root, v.Move(i), v.Seat())
		a.Moves = append(a.Moves, ms)
		if best < 0 || ms.Visits > a.Moves[best].Visits ||
			(ms.Visits == a.Moves[best].Visits && ms.Visits > 0 && ms.Value > a.Moves[best].Value) {
			best = i
		}
	}
	a.Best = best
	return a
}

// rootMove is the visits and mean reward of the root's child for seat's move m.
func rootMove(nodes []node, root *node, m string, seat int) MoveStat {
	ms := MoveStat{Move: m, Value: math.NaN()}
	for _, ci := range root.children {
		if c := &nodes[ci]; c.move == m && c.seat == seat {
			ms.Visits = c.visits
			if c.visits > 0 {
				ms.Value = c.reward / float64(c.visits)
			}
		}
	}
	return ms
}

// choosePrior asks the prior bot (Prior) for its move at the view's decision.
func (b *ISMCTS) choosePrior(v core.View) error {
	b.priorMove = ""
	if b.cfg.Prior == "" {
		return nil
	}
	if b.prior == nil {
		if b.PriorBot == nil {
			return fmt.Errorf("ismcts: no prior bot %q", b.cfg.Prior)
		}
		bot, err := b.PriorBot()
		if err != nil {
			return err
		}
		b.prior = bot
	}
	i, err := b.prior.Choose(v)
	if err != nil {
		return fmt.Errorf("ismcts: prior bot %s: %w", b.cfg.Prior, err)
	}
	if i < 0 || i >= v.NumLegal() {
		return fmt.Errorf("ismcts: prior bot %s chose move %d of %d", b.cfg.Prior, i+1, v.NumLegal())
	}
	b.priorMove = v.Move(i)
	return nil
}

// sample deals a world the seat cannot tell from the real one (View.Sample), again while Plausible
// rejects it, at most PlausibleTries times. A chance strictly between 0 and 1 draws from the generator
// (a yes or no does not, so a game whose hook only says yes or no searches as before).
func (b *ISMCTS) sample(v core.View) (*core.State, error) {
	for try := 1; ; try++ {
		s, err := v.SampleInto(b.spare, b.rng, b.rules)
		if err != nil {
			return nil, err
		}
		b.spare = s // the next sample reuses its buffers: nothing keeps a world past its iteration
		if b.Plausible == nil || try == PlausibleTries {
			return s, nil
		}
		p, err := b.Plausible(s, v.Seat())
		if err != nil || p >= 1 || (p > 0 && b.rng.Float64() < p) {
			return s, err
		}
	}
}

// iterate runs one selection, expansion and playout on the determinisation s and leaves in b.paths
// the nodes it went through in each tree.
func (b *ISMCTS) iterate(s *core.State, scale float64) error {
	for t := range b.paths {
		b.paths[t] = append(b.paths[t][:0], 0)
		b.cur[t] = 0
	}
	b.mastMoves = b.mastMoves[:0]
	for first := true; !s.Over() && !b.cut(s); first = false {
		expanded, err := b.treeStep(s, scale, first)
		if err != nil {
			return err
		}
		if expanded {
			break
		}
	}
	return b.playout(s)
}

// treeStep plays one move of the tree walk: an untried move at random (the tree grows by it: expanded)
// or, when every legal move has a child, the best by UCB.
func (b *ISMCTS) treeStep(s *core.State, scale float64, first bool) (expanded bool, err error) {
	actor := s.ToAct()
	t := b.treeOf(actor)
	if b.cfg.MultiObserver && !first {
		// what the actor alone knows here (a signal, say) is part of its information set: its tree
		// branches on it before its move (the root's is the real one, the same in every sample)
		if label := s.PrivateValues(actor); label != "" {
			b.descend(t, label, -1)
		}
	}
	legal := s.Legal()
	untried := b.matchChildren(t, legal, actor)
	var pick int
	if untried > 0 {
		pick = b.pickUntried(untried)
	} else {
		prior := ""
		if first {
			prior = b.priorMove
		}
		pick = b.pickUCB(t, legal, scale, prior)
	}
	move := legal[pick]
	if b.mast != nil {
		b.mastMoves = append(b.mastMoves, mastMove{actor, move})
	}
	seen := core.VisPublic
	if b.cfg.MultiObserver {
		seen = s.Game.MoveVis(actor, move)
	}
	if err := s.ApplyIndex(b.rules, pick); err != nil {
		return false, err
	}
	// every tree whose seat sees the move follows it (the actor's always)
	for u := range b.trees {
		if u == t || seen.VisibleTo(u) {
			b.descend(u, move, actor)
		}
	}
	return untried > 0, nil
}
