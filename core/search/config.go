package search

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

// Config returns the search's settings.
func (b *ISMCTS) Config() Config { return b.cfg }
