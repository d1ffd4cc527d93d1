package search

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/ruleslab/ruleslab/core"
)

// Config tunes an ISMCTS search.
type Config struct {
	// Iterations is the number of determinised playouts per decision (0: DefaultIterations, unless
	// Millis is set). With Millis as well, the search stops at whichever comes first.
	Iterations int
	// Millis bounds the search by wall-clock time. Searches bounded by time are not reproducible.
	Millis int
	// Exploration is the UCB constant (0: DefaultExploration), in units of the reward range.
	Exploration float64
	// Rollout names the policy of the playouts past the tree: "random" (or ""), "mast" (see
	// MASTEpsilon), "rules" (the game's own playout policy: ISMCTS.Policy) or a bot of the game, made
	// by the caller (RolloutBots).
	Rollout string
	// Horizon cuts each playout this many moves after the searched decision (0: play to the end); the
	// cut position is scored by Evaluate (see ISMCTS.cutRewards).
	Horizon int
	// HorizonRound cuts each playout at the end of the round in progress (its first round_end), or at
	// Horizon moves if that comes first.
	HorizonRound bool
	// Margin (0 to 1) is the weight of the seat's lead in the reward: (1-Margin)·win share +
	// Margin·lead, the lead over the best other seat by Evaluate's values scaled to 0..1 by the largest
	// lead seen in the search (0.5: level). 0: the win alone.
	Margin float64
	// MultiObserver grows one tree per seat (MO-ISMCTS, Cowling, Powley and Whitehouse 2012) instead of
	// one tree for all: a seat's tree branches only on the moves that seat sees (a private move of
	// another seat, YAML `private_moves`, leaves it where it was) and, at its own decisions, on its
	// private values (vars only it may see, such as a signal), and each seat chooses in its own tree.
	// So an opponent's in-tree choice cannot depend on the searcher's private move, as it does in the
	// single tree. In a game whose moves are all public and that has no private values, the search is
	// the single tree's, draw for draw.
	MultiObserver bool
	// Prior names a bot of the game (made by the caller: ISMCTS.PriorBot) whose choice at the searched
	// decision, made from the seat's own view, the root favours: its move gets a bonus of
	// PriorWeight·sqrt(available)/(1+visits) rewards in the root's selection (a one-move policy prior,
	// as in PUCT), so the search plays that move unless its playouts show another clearly better. ""
	// (no prior): every root move alike.
	Prior string
	// PriorWeight is the prior's bonus weight (0: DefaultPriorWeight), in units of the reward range.
	PriorWeight float64
	// Pairwise rewards a seat by the share of the other seats it stands ahead of (ties half), instead
	// of by the win alone: in a finished game the winners stand ahead of the others, the others (and a
	// cut game's seats) rank by Evaluate's values. A smoother signal where a cut game rarely shows
	// the searcher first; in a game that ends with one winner and the rest tied it is the win.
	Pairwise bool
}

// DefaultIterations is the budget of `ismcts` with no `iterations=`.
const DefaultIterations = 300

// PlausibleTries bounds the deals per iteration when samples are checked (ISMCTS.Plausible).
const PlausibleTries = 100

// MASTEpsilon is the share of random moves in a `mast` playout (Move-Average Sampling Technique,
// Finnsson and Björnsson 2008, as in TAG's MCTS): the other moves are each seat's best by the mean
// reward that move text has earned that seat in this search so far (anywhere in the tree or its
// playouts); a move not tried yet counts as best, so it gets tried.
const MASTEpsilon = 0.3

// DefaultPriorWeight is the weight of Prior's bonus with no `prior_weight=`: with 300 iterations the
// prior's move keeps most visits unless another move's mean reward is about 0.05 higher.
const DefaultPriorWeight = 0.5

// DefaultExploration is the UCB1 constant c in mean + c·sqrt(ln(available)/visits).
const DefaultExploration = 0.7

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
	paths     [][]int32 // each tree's nodes an iteration went through (the root first)
	sizes     []int     // each tree's size before the iteration (dropAdded)
	last      *Analysis
}

type mastStat struct {
	sum float64
	n   int
}

type mastMove struct {
	seat int
	move string
}

// edgeKey names a child: the same move text chosen by two seats (who acts next may be a chance
// outcome the tree does not branch on, or a private move another tree does not see) is two children.
type edgeKey struct {
	move string
	seat int
}

type node struct {
	move     string
	seat     int // the seat that chose move (the parent's actor)
	visits   int
	avail    int
	reward   float64
	children []int32
	index    map[edgeKey]int32 // children by move and seat, once there are many
}

// TreeEdge is one edge of a search tree: a move and the seat that chose it, or (Seat -1) the private
// values of the seat to act next, with the number of iterations that went through it.
type TreeEdge struct {
	Parent int    `json:"parent"` // the parent node (0: the root)
	Node   int    `json:"node"`
	Move   string `json:"move"`
	Seat   int    `json:"seat"`
	Visits int    `json:"visits"`
}

// Edges lists, after a search, the edges of the tree in which seat chooses (in a single-observer
// search every seat's is the same tree), parents before children: to inspect what a search grew.
func (b *ISMCTS) Edges(seat int) []TreeEdge {
	if b.trees == nil {
		return nil
	}
	nodes := b.trees[b.treeOf(seat)]
	var out []TreeEdge
	for pi := range nodes {
		for _, ci := range nodes[pi].children {
			c := &nodes[ci]
			out = append(out, TreeEdge{Parent: pi, Node: int(ci), Move: c.move, Seat: c.seat, Visits: c.visits})
		}
	}
	return out
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

// Config returns the search's settings.
func (b *ISMCTS) Config() Config { return b.cfg }

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
		s.DropHistory() // random and rules playouts read no events; a rollout bot rebuilds its memory from them
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
	if pe := (policyError{}); errors.As(err, &pe) {
		return pe.err // a broken playout policy is the game's bug, not a world it cannot play
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
		s, err := v.Sample(b.rng, b.rules)
		if err != nil {
			return nil, err
		}
		if b.Plausible == nil || try == PlausibleTries {
			return s, nil
		}
		p, err := b.Plausible(s, v.Seat())
		if err != nil || p >= 1 || (p > 0 && b.rng.Float64() < p) {
			return s, err
		}
	}
}

// standing is what the end of a playout tells its rewards: whether the game finished, its winners and
// every seat's score total.
type standing struct {
	over    bool
	winners []int
	totals  []int
}

func standingOf(s *core.State) standing { return standing{s.Over(), s.Winners(), s.Totals()} }

// rewards fills r with each seat's reward of the playout, finished or cut at the horizon:
//   - a finished game: the win, 1 shared among the winners (in a one-player game the final score);
//   - a cut game: the win as if the game ended there, 1 shared among the seats Evaluate (else the score
//     totals) ranks first (in a one-player game the seat's value);
//   - with Margin m: (1-m)·that + m·lead, the lead over the best other seat by those values, scaled to
//     0..1 by the largest lead seen in this search (0.5: level with the best other).
func (b *ISMCTS) rewards(s *core.State, r []float64, solo bool) error {
	return b.rewardsOf(standingOf(s), s, r, solo)
}

// rewardsOf is rewards from the playout's standing (s is only handed to Evaluate).
func (b *ISMCTS) rewardsOf(st standing, s *core.State, r []float64, solo bool) error {
	clear(r)
	var vals []float64
	if !st.over || b.cfg.Margin > 0 || b.cfg.Pairwise {
		var err error
		if vals, err = b.values(st, s); err != nil {
			return err
		}
	}
	switch {
	case solo && st.over:
		r[0] = float64(st.totals[0])
		return nil
	case solo:
		r[0] = vals[0]
		return nil
	case b.cfg.Pairwise:
		pairwiseShares(r, st, vals)
	case st.over:
		for _, seat := range st.winners {
			r[seat] += 1 / float64(len(st.winners))
		}
	default:
		leaderShares(r, vals)
	}
	if m := b.cfg.Margin; m > 0 {
		b.mixLeads(r, vals, m)
	}
	return nil
}

// pairwiseShares gives each seat the share of the other seats it stands ahead of (ties half): the
// winners of a finished game ahead of the rest, the others by their values.
func pairwiseShares(r []float64, st standing, vals []float64) {
	won := make([]bool, len(r))
	if st.over {
		for _, seat := range st.winners {
			won[seat] = true
		}
	}
	for i := range r {
		for j := range r {
			switch {
			case i == j:
			case won[i] != won[j]:
				if won[i] {
					r[i]++
				}
			case vals[i] > vals[j]:
				r[i]++
			case vals[i] == vals[j]:
				r[i] += 0.5
			}
		}
		r[i] /= float64(len(r) - 1)
	}
}

// leaderShares shares 1 among the seats with the best value.
func leaderShares(r []float64, vals []float64) {
	best, k := math.Inf(-1), 0
	for _, x := range vals {
		if x > best {
			best, k = x, 1
		} else if x == best {
			k++
		}
	}
	for i, x := range vals {
		if x == best {
			r[i] = 1 / float64(k)
		}
	}
}

// mixLeads makes each reward (1-m)·reward + m·lead, the lead over the best other seat scaled to 0..1
// by the largest lead seen in this search.
func (b *ISMCTS) mixLeads(r []float64, vals []float64, m float64) {
	leads := make([]float64, len(r))
	for i := range r {
		leads[i] = math.Inf(1)
		for j, x := range vals {
			if j != i {
				leads[i] = math.Min(leads[i], vals[i]-x)
			}
		}
		b.spread = math.Max(b.spread, math.Abs(leads[i]))
	}
	for i, lead := range leads {
		share := 0.5
		if b.spread > 0 {
			share += lead / (2 * b.spread)
		}
		r[i] = (1-m)*r[i] + m*share
	}
}

// values returns every seat's standing: Evaluate's values of s, else the score totals.
func (b *ISMCTS) values(st standing, s *core.State) ([]float64, error) {
	if b.Evaluate != nil {
		v, err := b.Evaluate(s)
		if err != nil {
			return nil, err
		}
		if len(v) != len(st.totals) {
			return nil, fmt.Errorf("ismcts: the evaluation gave %d values for %d seats", len(v), len(st.totals))
		}
		return v, nil
	}
	v := make([]float64, len(st.totals))
	for i, x := range st.totals {
		v[i] = float64(x)
	}
	return v, nil
}

// cut reports whether the playout has reached the search's horizon (a move count or a round's end).
func (b *ISMCTS) cut(s *core.State) bool {
	if b.cfg.Horizon > 0 && s.MoveCount()-b.rootMoves >= b.cfg.Horizon {
		return true
	}
	return b.cfg.HorizonRound && len(s.RoundTotals()) > b.rootRounds
}

// startTrees empties the trees for a search of a game of players seats.
func (b *ISMCTS) startTrees(players int) {
	n := 1
	if b.cfg.MultiObserver {
		n = players
	}
	for len(b.trees) < n {
		b.trees = append(b.trees, nil)
		b.paths = append(b.paths, make([]int32, 0, 64))
	}
	b.trees, b.paths = b.trees[:n], b.paths[:n]
	for t := range b.trees {
		b.trees[t] = append(b.trees[t][:0], node{seat: -1})
	}
	b.cur = make([]int32, n)
}

// treeOf is the tree in which seat chooses.
func (b *ISMCTS) treeOf(seat int) int {
	if b.cfg.MultiObserver {
		return seat
	}
	return 0
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
	untried := b.countAvailable(t, legal, actor)
	var pick int
	if untried > 0 {
		pick = b.pickUntried(t, legal, actor, untried)
	} else {
		prior := ""
		if first {
			prior = b.priorMove
		}
		pick = b.pickUCB(t, legal, actor, scale, prior)
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

// countAvailable counts a visit's availability on every child of the legal moves in tree t, and returns
// the number of legal moves with no child yet.
func (b *ISMCTS) countAvailable(t int, legal []string, actor int) (untried int) {
	nodes, cur := b.trees[t], b.cur[t]
	for _, m := range legal {
		if ci := b.child(t, cur, m, actor); ci >= 0 {
			nodes[ci].avail++
		} else {
			untried++
		}
	}
	return untried
}

// pickUntried draws one of the untried legal moves at random, to expand it.
func (b *ISMCTS) pickUntried(t int, legal []string, actor, untried int) int {
	cur := b.cur[t]
	k := b.rng.IntN(untried)
	for i, m := range legal {
		if b.child(t, cur, m, actor) < 0 {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// pickUCB chooses among legal moves that all have a child by UCB (availability counts, not the parent's
// visits); the prior's move (at the root) gets its bonus.
func (b *ISMCTS) pickUCB(t int, legal []string, actor int, scale float64, prior string) int {
	nodes, cur := b.trees[t], b.cur[t]
	bestV, pick := math.Inf(-1), -1
	for i, m := range legal {
		c := &nodes[b.child(t, cur, m, actor)]
		v := c.reward/float64(c.visits) + scale*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
		if m == prior {
			v += b.priorWeight() * scale / b.cfg.Exploration * math.Sqrt(float64(c.avail)) / float64(1+c.visits)
		}
		if v > bestV {
			bestV, pick = v, i
		}
	}
	return pick
}

// priorWeight is PriorWeight or its default.
func (b *ISMCTS) priorWeight() float64 {
	if b.cfg.PriorWeight > 0 {
		return b.cfg.PriorWeight
	}
	return DefaultPriorWeight
}

// descend moves tree t's current node to its child for label (a move chosen by seat, or a private
// value, seat -1), adding the child if it is new.
func (b *ISMCTS) descend(t int, label string, seat int) {
	ci := b.child(t, b.cur[t], label, seat)
	if ci < 0 {
		ci = b.addChild(t, b.cur[t], label, seat)
	}
	b.cur[t] = ci
	b.paths[t] = append(b.paths[t], ci)
}

// noteSizes notes each tree's size before an iteration (see dropAdded).
func (b *ISMCTS) noteSizes() {
	b.sizes = b.sizes[:0]
	for t := range b.trees {
		b.sizes = append(b.sizes, len(b.trees[t]))
	}
}

// dropAdded removes the nodes a failed iteration added: those past the noted sizes, children of its
// path's nodes.
func (b *ISMCTS) dropAdded() {
	for t, size := range b.sizes {
		nodes := b.trees[t]
		if len(nodes) == size {
			continue
		}
		for _, pi := range b.paths[t] {
			if int(pi) >= size {
				continue
			}
			nd := &nodes[pi]
			kept := nd.children[:0]
			for _, ci := range nd.children {
				if int(ci) < size {
					kept = append(kept, ci)
				} else if nd.index != nil {
					delete(nd.index, edgeKey{nodes[ci].move, nodes[ci].seat})
				}
			}
			nd.children = kept
		}
		b.trees[t] = nodes[:size]
	}
}

// child returns the index of tree t's node cur's child for move m chosen by seat, or -1.
func (b *ISMCTS) child(t int, cur int32, m string, seat int) int32 {
	nodes := b.trees[t]
	nd := &nodes[cur]
	if nd.index != nil {
		if ci, ok := nd.index[edgeKey{m, seat}]; ok {
			return ci
		}
		return -1
	}
	for _, ci := range nd.children {
		if c := &nodes[ci]; c.move == m && c.seat == seat {
			return ci
		}
	}
	return -1
}

// addChild adds to tree t node cur's child for move m, chosen by seat.
func (b *ISMCTS) addChild(t int, cur int32, m string, seat int) int32 {
	ni := int32(len(b.trees[t]))
	b.trees[t] = append(b.trees[t], node{move: m, seat: seat, avail: 1})
	nodes := b.trees[t]
	nd := &nodes[cur]
	nd.children = append(nd.children, ni)
	if nd.index != nil {
		nd.index[edgeKey{m, seat}] = ni
	} else if len(nd.children) > 12 {
		// many moves (a board game's placements): look children up by move
		nd.index = make(map[edgeKey]int32, 2*len(nd.children))
		for _, ci := range nd.children {
			nd.index[edgeKey{nodes[ci].move, nodes[ci].seat}] = ci
		}
	}
	return ni
}

// playout plays the game to its end or to the horizon with the rollout policy.
func (b *ISMCTS) playout(s *core.State) error {
	for !s.Over() && !b.cut(s) {
		seat := s.ToAct()
		n := len(s.Legal())
		i := 0
		if b.rollout != nil {
			var err error
			if i, err = b.rollout[seat].Choose(s.ViewFor(seat)); err != nil {
				return err
			}
			if i < 0 || i >= n {
				return fmt.Errorf("rollout bot chose move %d of %d", i+1, n)
			}
		} else if b.cfg.Rollout == "rules" {
			var err error
			if i, err = b.Policy(s, seat, b.rng); err != nil {
				return policyError{err}
			}
		} else if b.mast != nil {
			i = b.mastChoice(seat, s.Legal())
			b.mastMoves = append(b.mastMoves, mastMove{seat, s.Legal()[i]})
		} else if n > 1 {
			i = b.rng.IntN(n)
		}
		if err := s.ApplyIndex(b.rules, i); err != nil {
			return err
		}
	}
	return nil
}

// policyError is an error of the game's playout policy (Rollout "rules"): it stops the search.
type policyError struct{ err error }

func (e policyError) Error() string { return e.err.Error() }
func (e policyError) Unwrap() error { return e.err }

// mastChoice picks a playout move for seat among legal: at random with chance MASTEpsilon, else the
// move with the best mean reward for seat so far (a move never tried first; ties to the first).
func (b *ISMCTS) mastChoice(seat int, legal []string) int {
	if len(legal) < 2 {
		return 0
	}
	if b.rng.Float64() < MASTEpsilon {
		return b.rng.IntN(len(legal))
	}
	stats := b.mast[seat]
	best, bestV := 0, math.Inf(-1)
	for i, m := range legal {
		v := math.Inf(1)
		if st, ok := stats[m]; ok {
			v = st.sum / float64(st.n)
		}
		if v > bestV {
			best, bestV = i, v
		}
		if math.IsInf(v, 1) {
			break
		}
	}
	return best
}
