package core

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Common random numbers. A game draws its randomness from separate streams, one per purpose: each
// zone instance's shuffles, and each purpose of g:random / g:chance (the hook that draws, or a name the
// rules give). A stream's k-th draw depends only on the game's base key, the stream's key and k, so a
// draw for one purpose never shifts another: two variants that deal the same components deal the same
// hands even when one of them draws an extra number or deals one card fewer somewhere else. A shuffle's
// order is a function of the cards' identities (catalogue id and copy), not of the zone's previous
// order, so it does not matter how the cards came to be in the zone either.
//
// The streams are plain data in the State: the base key and a small fixed table of draw counters, so a
// clone copies them with the struct and allocates nothing more.

// streamSlots is the number of purposes a game counts separately. A game that uses more shares
// counters between purposes (deterministic still, only the pairing between variants gets weaker).
const streamSlots = 16

type streamCount struct {
	key   uint64
	draws uint64
}

type streams struct {
	base  uint64 // from the game's seed; Reseed replaces it
	used  int
	slots [streamSlots]streamCount
}

const golden = 0x9e3779b97f4a7c15

// mix is splitmix64's finaliser: a bijection whose output bits each depend on every input bit.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func seedStreams(seed uint64) streams { return streams{base: mix(seed ^ golden)} }

// hashString folds a string into h (FNV-1a, then mixed), so purposes are keyed by name with no
// allocation.
func hashString(h uint64, s string) uint64 {
	h ^= 0xcbf29ce484222325
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 0x100000001b3
	}
	return mix(h ^ uint64(len(s)))
}

// PurposeKey names a random stream: kind says what draws from it ("hook", "purpose", ...), name which
// one. g:random and g:chance pass ("hook", the running hook) or ("purpose", the name the rules gave).
func PurposeKey(kind, name string) uint64 { return hashString(hashString(0, kind), name) }

// next returns the seed of the next draw of stream key and counts it.
func (st *streams) next(key uint64) uint64 {
	i := 0
	for ; i < st.used; i++ {
		if st.slots[i].key == key {
			break
		}
	}
	if i == st.used {
		if st.used < streamSlots {
			st.used++
			st.slots[i].key = key
		} else {
			i = int(key % streamSlots) // full: share a counter (see streamSlots)
		}
	}
	k := st.slots[i].draws
	st.slots[i].draws++
	return mix(mix(st.base^key) ^ (k+1)*golden)
}

// draw returns a generator for the next draw of stream key.
func (s *State) draw(key uint64) rand.PCG {
	seed := s.rng.next(key)
	var p rand.PCG
	p.Seed(seed, mix(seed^golden))
	return p
}

// RandomFor returns an integer in [0, n) from the stream of purpose key (PurposeKey).
func (h Handle) RandomFor(key uint64, n int) int {
	s := h.s
	if n < 1 {
		return 0
	}
	p := s.draw(key)
	return int(uint64n(&p, uint64(n)))
}

// FloatFor returns a float in [0, 1) from the stream of purpose key (PurposeKey).
func (h Handle) FloatFor(key uint64) float64 {
	s := h.s
	p := s.draw(key)
	return float64(p.Uint64()<<11>>11) / (1 << 53)
}

// Reseed gives the game new base keys for every stream: a search bot's sampled world must not know the
// true future draws (deals, first players, chance events).
func (s *State) Reseed(a, b uint64) { s.rng.base = mix(mix(a^golden) ^ b) }

// Shuffle puts a zone in a random order drawn from the zone instance's own stream (its k-th shuffle
// this game). Each card gets a key hashed from the draw's seed and the card's identity, and the zone is
// sorted by those keys: a uniform order, and the same one for the same cards whatever order they were
// in and whatever the game drew elsewhere.
func (h Handle) Shuffle(z ZoneRef) {
	s := h.s
	key := PurposeKey("shuffle", s.Game.Zones[z.Def].Name) ^ mix(uint64(z.Seat+2))
	seed := s.rng.next(key)
	ids := s.Game.Catalog.identity
	cards := s.Cards(z)
	// each card's key hashed once, not twice per comparison (a shuffle is a hook's dearest Go call)
	var buf [128]shuffleKey
	keyed := buf[:0]
	for _, c := range cards {
		keyed = append(keyed, shuffleKey{mix(seed ^ ids[c]), c})
	}
	sortShuffleKeys(keyed)
	for i := range keyed {
		cards[i] = keyed[i].card
	}
}

// shuffleKey is a card and its sort key in a Shuffle.
type shuffleKey struct {
	key  uint64
	card CardIdx
}

// before orders shuffle keys: by key, a 64-bit tie by catalogue order (deterministic either way).
func (a shuffleKey) before(b shuffleKey) bool {
	return a.key < b.key || (a.key == b.key && a.card < b.card)
}

// sortShuffleKeys sorts a shuffle's keys. A deck of a few dozen cards is sorted by insertion, which costs
// less than a general sort calling a comparison function at every step (the order is the same: keys
// are totally ordered).
func sortShuffleKeys(keyed []shuffleKey) {
	if len(keyed) > 64 {
		slices.SortFunc(keyed, func(a, b shuffleKey) int {
			if a.before(b) {
				return -1
			}
			if b.before(a) {
				return 1
			}
			return 0
		})
		return
	}
	for i := 1; i < len(keyed); i++ {
		k, j := keyed[i], i
		for ; j > 0 && k.before(keyed[j-1]); j-- {
			keyed[j] = keyed[j-1]
		}
		keyed[j] = k
	}
}

func uint64n(src *rand.PCG, n uint64) uint64 {
	if n&(n-1) == 0 {
		return src.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}
