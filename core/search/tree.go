package search

import (
	"math"
)

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

// matchChildren looks up, once per tree step, the child of tree t's current node for each legal move
// chosen by actor (-1: none yet) into b.kids, counts a visit's availability on each child found, and
// returns the number of legal moves with no child yet. pickUntried and pickUCB read b.kids, so a step
// looks each move up once (a lookup compares or hashes the move's text).
func (b *ISMCTS) matchChildren(t int, legal []string, actor int) (untried int) {
	nodes, cur := b.trees[t], b.cur[t]
	b.kids = b.kids[:0]
	for _, m := range legal {
		ci := b.child(t, cur, m, actor)
		if ci >= 0 {
			nodes[ci].avail++
		} else {
			untried++
		}
		b.kids = append(b.kids, ci)
	}
	return untried
}

// pickUntried draws one of the untried legal moves (b.kids: no child) at random, to expand it.
func (b *ISMCTS) pickUntried(untried int) int {
	k := b.rng.IntN(untried)
	for i, ci := range b.kids {
		if ci < 0 {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

// pickUCB chooses among legal moves that all have a child (b.kids) by UCB (availability counts, not the
// parent's visits); the prior's move (at the root) gets its bonus.
func (b *ISMCTS) pickUCB(t int, legal []string, scale float64, prior string) int {
	nodes := b.trees[t]
	bestV, pick := math.Inf(-1), -1
	for i, ci := range b.kids {
		c := &nodes[ci]
		v := c.reward/float64(c.visits) + scale*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
		if legal[i] == prior {
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
