package stats

import "github.com/ruleslab/ruleslab/core"

// MeasureSums keeps the running moments of every measure (see Measures) over the games of several
// groups (compare's variants, sweep's grid points), and with AddPaired of the paired differences of
// each group from group 0, so a batch of any length summarises its measures in constant memory. Its
// moments are exactly those of the values in game order: a statistic first recorded after n games
// starts from the moments of n zeros, the value Measures gives a game that did not record it.
type MeasureSums struct {
	players int
	kinds   map[string]Kind
	n       []int // games per group
	pairs   int
	seen    observed
	cands   []Measure // every measure of the games seen so far, whatever they showed
	sums    map[string]*measureSum
}

type measureSum struct {
	groups []Moments
	diffs  []Moments // group k - group 0, per paired game
}

// NewMeasureSums starts empty sums over groups of games with this many players; kinds are the declared
// statistics' kinds.
func NewMeasureSums(players, groups int, kinds map[string]Kind) *MeasureSums {
	s := &MeasureSums{players: players, kinds: kinds, n: make([]int, groups), seen: newObserved(), sums: map[string]*measureSum{}}
	s.grow()
	return s
}

// grow lists the candidate measures for what was seen (tricks and rounds always: their measures are 0
// in games without them) and starts the sums of the new ones.
func (s *MeasureSums) grow() {
	seen := s.seen.clone()
	seen.tricks, seen.rounds = true, true
	s.cands = measuresOf(s.players, s.kinds, seen)
	for _, m := range s.cands {
		if s.sums[m.Name] != nil {
			continue
		}
		ms := &measureSum{groups: make([]Moments, len(s.n)), diffs: make([]Moments, len(s.n))}
		for g, n := range s.n {
			ms.groups[g] = Zeros(n)
			ms.diffs[g] = Zeros(s.pairs)
		}
		s.sums[m.Name] = ms
	}
}

// see notes what a game shows, starting the sums of statistics it is the first to record.
func (s *MeasureSums) see(r core.Result) {
	if s.seen.add(r) {
		s.grow()
	}
}

// Add adds a finished game of group g.
func (s *MeasureSums) Add(g int, r core.Result) {
	s.see(r)
	for _, m := range s.cands {
		s.sums[m.Name].groups[g].Add(m.Of(r))
	}
	s.n[g]++
}

// AddPaired adds game i of every group (rs[g] is group g's), and each group's difference from group 0.
func (s *MeasureSums) AddPaired(rs []core.Result) {
	for _, r := range rs {
		s.see(r)
	}
	for _, m := range s.cands {
		sum := s.sums[m.Name]
		base := m.Of(rs[0])
		for g, r := range rs {
			v := m.Of(r)
			sum.groups[g].Add(v)
			if g > 0 {
				sum.diffs[g].Add(v - base)
			}
		}
	}
	for g := range rs {
		s.n[g]++
	}
	s.pairs++
}

// Measures are the measures of the games added, in report order (as Measures lists them).
func (s *MeasureSums) Measures() []Measure { return measuresOf(s.players, s.kinds, s.seen.clone()) }

// Of returns the moments of the measure in group g.
func (s *MeasureSums) Of(name string, g int) Moments { return s.sums[name].groups[g] }

// Diff returns the moments of the paired differences group g - group 0 of the measure.
func (s *MeasureSums) Diff(name string, g int) Moments { return s.sums[name].diffs[g] }
