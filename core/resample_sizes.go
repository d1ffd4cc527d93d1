package core

import (
	"math/rand/v2"
	"slices"

	"github.com/ruleslab/ruleslab/core/config"
)

// resampleSizes redraws, in a copy sampled for seat, how many cards lie in each zone whose size seat
// may not know (zone option `size: hidden` or `secret`, cards unseen, not its own). Such zones are
// grouped by owner (a per-seat zone's seat; shared zones form one group), and within a group the
// cards are dealt again over its zones: the group's total is kept, a hidden-size zone keeps holding
// cards or none (seat sees that) and no more than its `at_most` bound (ZoneBound), and every split
// allowed by that is equally likely. Cards seat has
// seen may move between the zones of a group too (seat saw them go in, not where they are now).
//
// The deal depends only on what seat knows: the number of zones and cards of each group, which
// hidden-size zones are empty, and which seen cards the group holds. The total of a group is taken as
// known: a game that hides sizes must make it follow from public events (Mito: a hand plus a box is
// what was dealt, drawn and received minus what was played and given).
func (c *State) resampleSizes(seat int, rng *rand.Rand) {
	hasHidden := false
	for _, d := range c.Game.Zones {
		if d.Size == config.SizeHidden || d.Size == config.SizeSecret {
			hasHidden = true
		}
	}
	if !hasHidden {
		return
	}
	var groupBuf [16]ZoneRef
	for owner := -1; owner < c.Players; owner++ {
		if owner == seat {
			continue // its own zones: it knows their sizes
		}
		group := groupBuf[:0]
		for d, def := range c.Game.Zones {
			if def.Size != config.SizeHidden && def.Size != config.SizeSecret {
				continue
			}
			if def.PerSeat != (owner >= 0) {
				continue
			}
			z := ZoneRef{Def: d, Seat: owner}
			if !def.PerSeat {
				z.Seat = -1
			}
			if !c.CanSee(seat, z) {
				group = append(group, z)
			}
		}
		if len(group) > 1 {
			c.redealGroup(seat, group, rng)
		}
	}
}

// ZoneBound is the most cards zone z may hold by its `at_most` option: the number, or the value it
// names (the zone's seat's for a per-seat zone, else game-wide) when it is a number seat may see (seat
// -1: any). ok is false when the zone has no bound or the value is not set, not a number or hidden.
func (s *State) ZoneBound(z ZoneRef, seat int) (bound int, ok bool) {
	def := &s.Game.Zones[z.Def]
	if def.AtMost >= 0 {
		return def.AtMost, true
	}
	if def.AtMostValue == "" {
		return 0, false
	}
	v, found := s.getVar(z.Seat, def.AtMostValue)
	if !found || v.Kind != NumValue || (seat >= 0 && !v.Vis.VisibleTo(seat)) {
		return 0, false
	}
	return int(v.Num), true
}

// redealGroup deals the cards of a group of zones again over them with new sizes (resampleSizes).
func (c *State) redealGroup(seat int, group []ZoneRef, rng *rand.Rand) {
	bit := uint64(1) << uint(seat)
	var bounds [4][8]int
	lo, hi, sizes, chances := bounds[0][:0], bounds[1][:0], bounds[2][:0], bounds[3][:0]
	if len(group) > len(bounds[0]) {
		lo, hi, sizes = make([]int, 0, len(group)), make([]int, 0, len(group)), make([]int, 0, len(group))
		chances = make([]int, 0, len(group))
	}
	weighted := false
	total := 0
	for _, z := range group {
		total += c.Count(z)
	}
	for _, z := range group {
		l, h := 0, total
		if c.Game.Zones[z.Def].Size == config.SizeHidden {
			if c.Count(z) > 0 {
				l = 1
			} else {
				h = 0
			}
		}
		// a bound the seat may read (`at_most`), unless the rules broke it (then the true split
		// would be impossible)
		n := -1 // the zone's chances to fill, for its size prior
		if b, ok := c.ZoneBound(z, seat); ok && b >= c.Count(z) {
			h = min(h, b)
			if c.Game.Zones[z.Def].SizePrior > 0 {
				n, weighted = b, true
			}
		}
		lo, hi, sizes, chances = append(lo, l), append(hi, h), append(sizes, 0), append(chances, n)
	}
	if weighted {
		c.splitByPrior(group, lo, hi, chances, total, rng, sizes)
	} else {
		splitUniform(lo, hi, total, rng, sizes)
	}
	// the pool: the seen cards in catalogue order, then the unseen ones (which the later redeal
	// renames), so the places the seen cards get depend on rng alone
	var poolBuf [128]CardIdx
	pool := poolBuf[:0]
	for _, z := range group {
		for _, card := range c.Cards(z) {
			if c.seen[card]&bit != 0 {
				pool = append(pool, card)
			}
		}
	}
	slices.Sort(pool)
	for _, z := range group {
		for _, card := range c.Cards(z) {
			if c.seen[card]&bit == 0 {
				pool = append(pool, card)
			}
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	k := 0
	for i, z := range group {
		slot := c.slot(z)
		copy(c.cards[slot*c.stride:], pool[k:k+sizes[i]])
		c.zlen[slot] = int32(sizes[i])
		k += sizes[i]
	}
}

// splitByPrior draws the sizes of a group like splitUniform, but a zone with a `size_prior` p and a
// bound of n chances weighs x cards by the binomial chance C(n,x)·p^x·(1-p)^(n-x): the seat believes
// each chance was taken with chance p, independently (Mito: a box holds the cheats that went unseen,
// at most one per turn). Zones without a prior weigh every size alike, so the split is uniform given
// the prior zones' sizes. chances[i] is n, or -1 without a prior.
func (c *State) splitByPrior(group []ZoneRef, lo, hi, chances []int, total int, rng *rand.Rand, sizes []int) {
	var rows [8][]float64
	weight := rows[:0]
	cells := 0
	for i := range group {
		cells += hi[i] + 1
	}
	buf := make([]float64, cells) // one allocation for every zone's weights
	for i, z := range group {
		weight = append(weight, buf[:hi[i]+1])
		buf = buf[hi[i]+1:]
		if n := chances[i]; n >= 0 {
			binomialWeights(n, c.Game.Zones[z.Def].SizePrior, lo[i], weight[i])
		} else {
			for x := lo[i]; x <= hi[i]; x++ {
				weight[i][x] = 1
			}
		}
	}
	splitWeighted(lo, hi, weight, total, rng, sizes)
}

// binomialWeights fills w[lo:] with weights in proportion to the binomial chances
// C(n,x)·p^x·(1-p)^(n-x) of x = lo..len(w)-1 (len(w) <= n+1): only their ratios matter to a split, so
// each follows from the one before, C(n,x+1)/C(n,x) = (n-x)/(x+1), with no factorials in this hot path.
func binomialWeights(n int, p float64, lo int, w []float64) {
	odds := p / (1 - p)
	w[lo] = 1
	for x := lo; x+1 < len(w); x++ {
		w[x+1] = w[x] * float64(n-x) / float64(x+1) * odds
	}
}

// splitWeighted draws sizes[i] in lo[i]..hi[i] summing to total, each split with a chance in
// proportion to the product of weight[i][sizes[i]] (by dynamic programming as splitUniform).
func splitWeighted(lo, hi []int, weight [][]float64, total int, rng *rand.Rand, sizes []int) {
	k := len(lo)
	w := total + 1
	// ways[i*w+r]: the weight of the splits of r cards over zones i..k-1 (scaled per row)
	ways := make([]float64, (k+1)*w)
	ways[k*w] = 1
	for i := k - 1; i >= 0; i-- {
		next, row := ways[(i+1)*w:(i+2)*w], ways[i*w:(i+1)*w]
		wi := weight[i] // the zone's weights and bounds read once, not on every step of the sum
		top := 0.0
		for r := 0; r <= total; r++ {
			sum := 0.0 // the same additions in the same order as into row[r], which starts at 0
			for x, last := lo[i], min(hi[i], r); x <= last; x++ {
				sum += wi[x] * next[r-x]
			}
			row[r] = sum
			top = max(top, sum)
		}
		if top > 0 {
			for r := range row {
				row[r] /= top
			}
		}
	}
	drawSplit(lo, hi, ways, weight, total, rng, sizes)
}

// splitUniform draws sizes[i] in lo[i]..hi[i] summing to total, uniformly among all such splits
// (counted by dynamic programming; each row is scaled, only ratios matter), into sizes. The bounds
// must allow at least one split (they do: the true sizes are one).
func splitUniform(lo, hi []int, total int, rng *rand.Rand, sizes []int) {
	k := len(lo)
	w := total + 1
	// ways[i*w+r]: the number of splits of r cards over zones i..k-1 (scaled per row); prefix sums
	// of the row below in the last w+1 entries
	buf := make([]float64, (k+1)*w+w+1)
	ways, prefix := buf[:(k+1)*w], buf[(k+1)*w:]
	ways[k*w] = 1
	for i := k - 1; i >= 0; i-- {
		next, row := ways[(i+1)*w:(i+2)*w], ways[i*w:(i+1)*w]
		for r := 0; r <= total; r++ {
			prefix[r+1] = prefix[r] + next[r]
		}
		top := 0.0
		for r := 0; r <= total; r++ {
			// x cards in zone i: lo..min(hi, r), so r-x ranges over max(0, r-hi)..r-lo
			a, b := max(0, r-hi[i]), r-lo[i]
			if b >= a {
				row[r] = prefix[b+1] - prefix[a]
				top = max(top, row[r])
			}
		}
		if top > 0 {
			for r := range row {
				row[r] /= top
			}
		}
	}
	drawSplit(lo, hi, ways, nil, total, rng, sizes)
}

// drawSplit draws the sizes zone by zone from the table ways (ways[i*(total+1)+r]: the weight of the
// splits of r cards over zones i..), each size x of zone i in proportion to its weight (weight[i][x],
// 1 without weights) times the weight of the rest.
func drawSplit(lo, hi []int, ways []float64, weight [][]float64, total int, rng *rand.Rand, sizes []int) {
	w := total + 1
	r := total
	for i := range lo {
		next := ways[(i+1)*w : (i+2)*w]
		at := func(x int) float64 {
			if weight == nil {
				return next[r-x]
			}
			return weight[i][x] * next[r-x]
		}
		top := min(hi[i], r)
		sum := 0.0
		for x := lo[i]; x <= top; x++ {
			sum += at(x)
		}
		u := rng.Float64() * sum
		x := lo[i]
		for ; x < top; x++ {
			if u < at(x) {
				break
			}
			u -= at(x)
		}
		for x > lo[i] && at(x) == 0 { // rounding at the end of the range: a size that fits
			x--
		}
		sizes[i] = x
		r -= x
	}
}
