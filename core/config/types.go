package config

import (
	"fmt"
	"strings"
)

// Game is the resolved configuration of a game or variant.
type Game struct {
	ID           string            `yaml:"id"`
	Title        string            `yaml:"title"`
	Extends      string            `yaml:"extends,omitempty"`
	Description  string            `yaml:"description,omitempty"`
	Players      Players           `yaml:"players"`
	Params       map[string]any    `yaml:"params,omitempty"`
	Components   []Component       `yaml:"components"`
	Zones        map[string]Zone   `yaml:"zones"`
	Mechanics    Mechanics         `yaml:"mechanics,omitempty"`
	PrivateMoves map[string]string `yaml:"private_moves,omitempty"`
	// ClaimMoves lists move verbs whose card ids are a player's claim about a hidden card (a guess may
	// name any card), not a card shown: the hidden-information test does not read them as revealing.
	ClaimMoves []string `yaml:"claim_moves,omitempty"`
	Script     string   `yaml:"script"`
	Overrides  []string `yaml:"overrides,omitempty"`
	// Screen is a Lua file with the hooks that only explain the game to people (render, describe,
	// explain; docs/authoring.md), loaded right after `script` and before the overrides.
	Screen string `yaml:"screen,omitempty"`
	// Notation is the help text `play` shows for the game's moves: their spelling, with examples.
	Notation string            `yaml:"notation,omitempty"`
	Bots     map[string]string `yaml:"bots,omitempty"`
	// Stats declares the kind of each statistic the hooks record (g:stat, the `stats` hook): `rate`,
	// `count` or `mean` (see StatKinds). `sim` summarises a statistic by its declared kind, never by
	// its values.
	Stats  map[string]string    `yaml:"stats,omitempty"`
	Setup  map[string]SetupSlot `yaml:"setup,omitempty"`
	Boards map[string]Board     `yaml:"boards,omitempty"`
	Limits Limits               `yaml:"limits,omitempty"`
	// ISMCTS holds the game's defaults for the `ismcts` bot, in its spec's syntax
	// (`iterations=100,horizon=round`): what a bare `ismcts` plays; a spec's own options override them.
	ISMCTS string `yaml:"ismcts,omitempty"`
	// ismctsAt is where ISMCTS is written (file, line, column), for the errors of its options
	ismctsAt PosError

	// Filled by the loader, not by YAML.
	Path     string            `yaml:"-"` // the file this config was loaded from
	Base     string            `yaml:"-"` // id of the base game, for a variant
	Variant  string            `yaml:"-"` // variant name, "" for a base game
	Scripts  []string          `yaml:"-"` // absolute Lua paths in load order (base script, screen, overrides)
	BotPaths map[string]string `yaml:"-"`
	// declared holds the base game's parameter declarations (nil: its params are plain, unchecked values).
	declared *paramGroup
	Files    []string `yaml:"-"` // the YAML files of the `extends` chain, this one first
}

// Inputs lists every file the game is made of: its YAML files, Lua scripts and bot scripts (a
// command's outputs may not overwrite any of them).
func (g *Game) Inputs() []string {
	in := append(append([]string(nil), g.Files...), g.Scripts...)
	for _, name := range sortedKeys(g.BotPaths) {
		in = append(in, g.BotPaths[name])
	}
	return in
}

// The kinds a statistic may be declared as under `stats:`.
const (
	// StatRate is a per-game yes/no (0 or 1): `sim` reports the share of games, with Wilson's interval.
	StatRate = "rate"
	// StatCount is a per-game count: `sim` reports the mean per game, with Student's t interval.
	StatCount = "count"
	// StatMean is a per-game value (an average, a ratio): the mean per game, with Student's t interval.
	StatMean = "mean"
)

// IsStatKind reports whether k is one of StatRate, StatCount, StatMean.
func IsStatKind(k string) bool { return k == StatRate || k == StatCount || k == StatMean }

// Players is the allowed player counts.
type Players struct {
	Min     int `yaml:"min"`
	Max     int `yaml:"max"`
	Default int `yaml:"default,omitempty"`
}

// Component is a template for one or more cards.
type Component struct {
	Kind  string           `yaml:"kind"`
	ID    string           `yaml:"id"`
	Each  map[string][]any `yaml:"each,omitempty"`
	Attrs map[string]any   `yaml:"attrs,omitempty"`
	Count int              `yaml:"count,omitempty"`
}

// Zone says where cards can lie and who sees them.
type Zone struct {
	PerSeat bool   `yaml:"per_seat,omitempty"`
	Visible string `yaml:"visible"`         // owner | all | none
	Start   bool   `yaml:"start,omitempty"` // every component starts here (default: the zone named deck)
	// Size says who knows how many cards the zone holds besides the seats that see its cards (and a
	// per-seat zone's owner): public (everyone, the default), hidden (the others know only whether it
	// holds any card), secret (the others know nothing of it); or the dotted path of a param holding one
	// of these words (`size: hand_counts`).
	Size string `yaml:"size,omitempty"`
	// AtMost is the most cards the zone can hold, as the rules promise: a number, or the name of a
	// value the rules keep (per seat for a per-seat zone, g:sset; game-wide otherwise, g:set). A
	// sampled world (View.Sample) never deals more there when redealing hidden sizes; fuzz and
	// `run --check` check the promise after every move.
	AtMost any `yaml:"at_most,omitempty"`
	// SizePrior (between 0 and 1, exclusive) is what a search bot believes of a zone whose size others
	// do not know and that `at_most` bounds: each of its at_most chances to hold a card was taken with
	// this chance, independently (Mito's box: a cheat on a turn, unseen). A sampled world weighs the
	// zone's size by that binomial chance instead of every size alike. Rules never read it.
	SizePrior float64 `yaml:"size_prior,omitempty"`
}

// The words of a zone's `size` option.
const (
	SizePublic = "public"
	SizeHidden = "hidden"
	SizeSecret = "secret"
)

// IsSizeWord reports whether w is one of SizePublic, SizeHidden, SizeSecret.
func IsSizeWord(w string) bool { return w == SizePublic || w == SizeHidden || w == SizeSecret }

// ZoneSize resolves a zone's `size` option: "" is public, a size word is itself, anything else is the
// dotted path of a param that must hold a size word.
func (g *Game) ZoneSize(z Zone) (string, error) {
	switch {
	case z.Size == "":
		return SizePublic, nil
	case IsSizeWord(z.Size):
		return z.Size, nil
	}
	v := g.Param(z.Size)
	if v == nil {
		return "", fmt.Errorf("`size` must be public, hidden, secret or the path of a param holding one; there is no param %q", z.Size)
	}
	w, ok := v.(string)
	if !ok || !IsSizeWord(w) {
		return "", fmt.Errorf("`size` follows param %s, which is %v: it must be public, hidden or secret", z.Size, v)
	}
	return w, nil
}

// Mechanics lists the Go mechanics a game uses.
type Mechanics struct {
	Trick *Trick `yaml:"trick,omitempty"`
}

// Trick configures the Go trick mechanic.
type Trick struct {
	Hand      string   `yaml:"hand"`
	Table     string   `yaml:"table"`
	Suit      string   `yaml:"suit"`
	WildKinds []string `yaml:"wild_kinds,omitempty"`
	Follow    bool     `yaml:"follow,omitempty"`
}

// SetupSlot describes a key that scenario files may use under `setup:` and how Lua receives it.
type SetupSlot struct {
	Kind string `yaml:"kind"` // cards-per-seat | cards | seat | string | any
}

// Limits caps what Lua may spend.
type Limits struct {
	HookMillis int `yaml:"hook_millis,omitempty"` // wall time per hook call; 0 means the default
	MaxMoves   int `yaml:"max_moves,omitempty"`   // a game longer than this is stopped as an error
}

// Board declares a grid of cells on one or more floors (see core/board.go). Rows, Cols and Floors are
// each a positive integer or the dotted path of a param holding one (`rows: board.size`).
type Board struct {
	Rows   any               `yaml:"rows"`
	Cols   any               `yaml:"cols"`
	Floors any               `yaml:"floors"`
	Colors map[string]string `yaml:"colors"` // cell value -> ANSI colour name, for the terminal drawing
}

// Param returns the value of a dotted params path ("scoring.smallest"), or nil.
func (g *Game) Param(path string) any {
	var cur any = g.Params
	for _, part := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[part]
	}
	return cur
}

// ISMCTSError is an error of the `ismcts:` defaults, at their file, line and column.
func (g *Game) ISMCTSError(err error) error {
	at := g.ismctsAt
	if at.File == "" {
		at.File = g.Path
	}
	at.Msg = "ismcts: " + err.Error()
	return &at
}
