package core

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ruleslab/ruleslab/core/config"
)

// Visibility of a zone's contents.
const (
	VisibleOwner = "owner"
	VisibleAll   = "all"
	VisibleNone  = "none"
)

// ZoneDef is a compiled zone definition.
type ZoneDef struct {
	Name    string
	PerSeat bool
	Visible string
	// Size says who else knows how many cards it holds (config.SizePublic, SizeHidden or SizeSecret,
	// resolved from the YAML `size` option and the params): see State.zoneView.
	Size string
	// AtMost is the YAML `at_most` bound: a number (AtMostValue "") or, with AtMost -1, the name of the
	// value holding it (State.ZoneBound); -1 and "" without a bound.
	AtMost      int
	AtMostValue string
	// SizePrior is the YAML `size_prior`: in a sampled world, the chance a seat believes each of the
	// zone's AtMost chances was taken (0: every size alike). See State.splitByPrior.
	SizePrior float64
}

// Game is a loaded, compiled game definition shared (read-only) by every match of it.
type Game struct {
	Config  *config.Game
	Catalog *Catalog
	Zones   []ZoneDef
	zoneIdx map[string]int
	start   int
	// Boards are the declared grids (config `boards`), in name order.
	Boards []BoardDef

	// Trick mechanic tables, indexed by CardIdx.
	trick     *config.Trick
	suit      []int16 // -1: no suit
	wild      []bool
	suitNames []string // suit index -> the `suit` attribute's value
	trickHand int      // zone def of the trick mechanic's hand (-1 without the mechanic)
	// zone def of the trick mechanic's table (-1 without the mechanic): every play moves a card there,
	// and a lookup by name per play cost more than the move
	trickTable int
	firstOfID  []CardIdx // by card: the first card of the catalogue with its id (plays are spelled per id)
	// some card id is held by several cards (copies): only then may two cards of a hand spell one play
	copies bool
}

// Compile builds the runtime definition of a config.
func Compile(cfg *config.Game) (*Game, error) {
	cat, err := NewCatalog(cfg.Components)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.Path, err)
	}
	g := &Game{Config: cfg, Catalog: cat, zoneIdx: map[string]int{}, start: -1, trickHand: -1, trickTable: -1}
	if err := g.compileZones(cfg); err != nil {
		return nil, err
	}
	if err := g.pickStart(cfg.Path); err != nil {
		return nil, err
	}
	if g.Boards, err = compileBoards(cfg); err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.Path, err)
	}
	if t := cfg.Mechanics.Trick; t != nil {
		g.compileTrick(t)
	}
	return g, nil
}

// compileZones adds the zone definitions, in name order, and the one marked `start: true`.
func (g *Game) compileZones(cfg *config.Game) error {
	names := make([]string, 0, len(cfg.Zones))
	for n := range cfg.Zones {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		z := cfg.Zones[n]
		def, err := compileZone(cfg, n, z)
		if err != nil {
			return err
		}
		g.zoneIdx[n] = len(g.Zones)
		g.Zones = append(g.Zones, def)
		if z.Start {
			if g.start >= 0 {
				return fmt.Errorf("%s: zones %s and %s both say start: true", cfg.Path, g.Zones[g.start].Name, n)
			}
			g.start = len(g.Zones) - 1
		}
	}
	return nil
}

// compileZone builds the definition of zone n.
func compileZone(cfg *config.Game, n string, z config.Zone) (ZoneDef, error) {
	size, err := cfg.ZoneSize(z)
	if err != nil {
		return ZoneDef{}, fmt.Errorf("%s: zones.%s: %w", cfg.Path, n, err)
	}
	def := ZoneDef{Name: n, PerSeat: z.PerSeat, Visible: z.Visible, Size: size, AtMost: -1, SizePrior: z.SizePrior}
	switch v := z.AtMost.(type) {
	case int:
		def.AtMost = v
	case string:
		def.AtMostValue = v
	}
	return def, nil
}

// pickStart chooses the zone that holds the components at the start when none says `start: true`:
// a shared zone named deck, else the first shared zone.
func (g *Game) pickStart(path string) error {
	if g.start < 0 {
		if i, ok := g.zoneIdx["deck"]; ok && !g.Zones[i].PerSeat {
			g.start = i
		}
	}
	if g.start < 0 {
		for i, z := range g.Zones {
			if !z.PerSeat {
				g.start = i
				break
			}
		}
	}
	if g.start < 0 {
		return fmt.Errorf("%s: no shared zone to hold the components at the start (mark one `start: true`)", path)
	}
	return nil
}

// compileTrick builds the trick mechanic's tables: each card's suit (by the order suits first appear
// in the catalog) and whether it is wild.
func (g *Game) compileTrick(t *config.Trick) {
	cards := g.Catalog.Cards
	g.trick = t
	suits := map[string]int16{}
	g.suit = make([]int16, len(cards))
	g.wild = make([]bool, len(cards))
	if i, ok := g.zoneIdx[t.Hand]; ok && g.Zones[i].PerSeat {
		g.trickHand = i
	}
	if i, ok := g.zoneIdx[t.Table]; ok && !g.Zones[i].PerSeat {
		g.trickTable = i
	}
	byID := map[string]CardIdx{}
	g.firstOfID = make([]CardIdx, len(cards))
	for i, c := range cards {
		if _, ok := byID[c.ID]; !ok {
			byID[c.ID] = CardIdx(i)
		}
		g.firstOfID[i] = byID[c.ID]
		g.copies = g.copies || g.firstOfID[i] != CardIdx(i)
		g.suit[i] = -1
		for _, k := range t.WildKinds {
			if c.Kind == k {
				g.wild[i] = true
			}
		}
		if v, ok := c.Attrs[t.Suit]; ok && !g.wild[i] {
			key := fmt.Sprint(v)
			if _, seen := suits[key]; !seen {
				suits[key] = int16(len(suits))
				g.suitNames = append(g.suitNames, key)
			}
			g.suit[i] = suits[key]
		}
	}
}

// ZoneIndex returns the index of a zone by name.
func (g *Game) ZoneIndex(name string) (int, bool) {
	// hooks name a zone on most g: calls: a game has a handful, and comparing names (a Lua constant
	// is the same string each call, so most compare by pointer) costs less than hashing one
	if len(g.Zones) <= 16 {
		for i := range g.Zones {
			if g.Zones[i].Name == name {
				return i, true
			}
		}
		return 0, false
	}
	i, ok := g.zoneIdx[name]
	return i, ok
}

// MoveVisibility says who sees a move with this verb in the log: "public", "owner" or "none".
func (g *Game) MoveVisibility(verb string) string {
	if v, ok := g.Config.PrivateMoves[verb]; ok {
		return v
	}
	return "public"
}

// MoveVis says who sees seat's move (by its verb's MoveVisibility): everyone, seat alone, or nobody.
func (g *Game) MoveVis(seat int, move string) Vis {
	if len(g.Config.PrivateMoves) == 0 {
		return VisPublic
	}
	verb := move
	if sp := strings.IndexByte(move, ' '); sp >= 0 {
		verb = move[:sp]
	}
	switch g.MoveVisibility(verb) {
	case "owner":
		return SeatVis(seat)
	case "none":
		return VisHidden
	}
	return VisPublic
}

// Name is "game" or "game/variant".
func (g *Game) Name() string {
	if g.Config.Variant != "" {
		return g.Config.ID + "/" + g.Config.Variant
	}
	return g.Config.ID
}
