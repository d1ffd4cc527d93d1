package lab

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// When the game a sim plays is a variant (its YAML extends another file: a variant file given as GAME,
// or --variant other than base), SimOptions.VersusBase also plays the file it extends, its direct
// parent, on the same seeds with the same seats and players, and compares the two exactly as `compare
// PARENT --variant base --variant VARIANT` does (the same games, the same paired statistics): the
// parent is what the designer changed, so a house rule over face-up is compared with face-up, not with
// the game face-up changes. Game i under the variant and game i under the parent are one unit of work,
// played together: the variant's is the sim's own game, and the pair goes straight into the
// comparison's running sums, so memory stays flat in the number of games. A resumed sim plays the
// games its results file holds again, paired, for the comparison only (the file does not keep every
// measure).
//
// A shard (--shard) is not compared: the comparison needs every game of the batch, and merge
// summarises the shards' results files, which hold the variant's games alone. One game (--index) is not
// compared either: it reproduces a game, and one pair has no interval; nor are the shards merge
// summarises.

// BaseComparison is a sim's comparison of its variant with the file that variant extends.
type BaseComparison struct {
	Variant  string   `json:"variant"`   // the variant as the sim was given it (GAME or --variant)
	Extends  string   `json:"extends"`   // what the variant's `extends:` names, as written
	BaseFile string   `json:"base_file"` // the YAML played as the base
	Resolved []string `json:"resolved"`  // the measures whose paired difference excludes 0, in order
	*CompareResult

	baseGame string // the base as compare's GAME: a bundled game's id, else BaseFile
}

// prepareBase loads what the sim's variant extends and starts the comparison with it, before any game
// is played: game i of the variant and game i of the base are then one unit of work (see playPaired).
// It returns nil and why not when the sim cannot be compared (nil and "" when the game is no variant).
func (s *simRun) prepareBase() (*BaseComparison, string) {
	cfg := s.p.Game.Config
	switch {
	case cfg.Extends == "":
		return nil, ""
	case s.o.Shards > 1:
		return nil, "--shard plays part of the batch: run the whole batch to compare with the base, or compare the variants with `ruleslab compare`"
	case s.o.Index >= 0:
		return nil, "--index plays one game of the batch"
	case len(s.o.Merge) > 0:
		return nil, "merge summarises the shards' results files, which hold the variant's games alone: compare the variants with `ruleslab compare`"
	}
	b := &BaseComparison{Variant: s.variantName(), Extends: cfg.Extends, Resolved: []string{}}
	base, err := s.loadBase(b)
	if err != nil {
		return nil, err.Error()
	}
	variant := newVariantRun(b.Variant, s.p, s.bots, s.seats)
	o := &CompareOptions{Variants: []string{base.Name, variant.Name}, Games: s.o.Games, Seed: s.o.Seed}
	b.CompareResult = newCompareResult(o, []*VariantRun{base, variant}, s.players)
	b.Game = cfg.ID
	b.Command = s.compareCommand(b)
	return b, ""
}

// finish computes the comparison from the pairs counted.
func (b *BaseComparison) finish() {
	if b.Pairs > 0 {
		b.summarise()
	}
	for _, m := range b.Measures {
		if m.Diffs[0].Paired.ExcludesZero() {
			b.Resolved = append(b.Resolved, m.Name)
		}
	}
}

// pairedWorkers creates the workers of the paired games: the base's game i, then the variant's game i
// as the sim plays it (with the events --log needs).
func (b *BaseComparison) pairedWorkers(events bool) func() (UnitWorker[pairedGame], error) {
	return func() (UnitWorker[pairedGame], error) {
		w, err := b.newPairedWorker()
		if err != nil {
			return nil, err
		}
		w.ws[1].Events = events
		return w, nil
	}
}

// playResumed plays again, paired with the base's, the variant's games a resumed sim read back from its
// results file (which does not keep every measure the comparison takes), so that the comparison counts
// every game in index order; they are neither saved nor tallied again.
func (s *simRun) playResumed(ctx context.Context, resumed int) error {
	batch := Batch{Games: resumed, Seed: s.o.Seed, Workers: s.o.Workers}
	_, err := runUnits(ctx, batch, s.base.pairedWorkers(false), pairedInterrupted, func(g pairedGame) { s.base.add(g.record()) })
	return err
}

// playPaired plays game i of the variant and game i of the base as one unit: the variant's is the
// sim's (logged, saved, tallied: emit), and the pair is counted by the comparison at once, so nothing
// is kept from one game to the next and memory does not grow with the games.
func (s *simRun) playPaired(ctx context.Context, batch Batch, emit func(Record)) (int, error) {
	s.base.Runs[1].cov = s.o.Coverage // the sim's own games count for --coverage, not the base's
	return runUnits(ctx, batch, s.base.pairedWorkers(s.logw != nil), pairedInterrupted, func(g pairedGame) {
		g.games[1] = s.log(g.games[1])
		emit(RecordOf(g.games[1]))
		s.base.add(g.record())
	})
}

// loadBase loads the file the variant extends and checks that it plays with the sim's players and
// seats.
func (s *simRun) loadBase(b *BaseComparison) (*VariantRun, error) {
	path, err := config.Extends(s.p.Game.Config.Path)
	if err != nil {
		return nil, fmt.Errorf("cannot load what it extends: %v", err)
	}
	b.BaseFile, b.baseGame = shownGameFile(path)
	p, err := LoadWith(path, nil)
	if err != nil {
		return nil, fmt.Errorf("cannot load what it extends: %v", err)
	}
	if err := checkPlayers(p, s.players); err != nil {
		return nil, fmt.Errorf("%s plays with %d..%d players, not %d", b.Extends, p.Game.Config.Players.Min, p.Game.Config.Players.Max, s.players)
	}
	reg := bots.For(p, s.o.Ext)
	for _, seat := range s.seats {
		if err := reg.Check(seat); err != nil {
			return nil, fmt.Errorf("%s cannot seat %s: %v", b.Extends, seat, err)
		}
	}
	name := config.BaseVariant
	if p.Game.Config.Extends != "" {
		name = b.Extends // a variant of a variant is compared with the variant it changes, named as it names it
	}
	return newVariantRun(name, p, reg, s.seats), nil
}

// variantName is the variant as the sim was given it: --variant, or GAME when it is the variant file.
func (s *simRun) variantName() string {
	if s.o.Variant != "" && s.o.Variant != config.BaseVariant {
		return s.o.Variant
	}
	return s.o.Game
}

// compareCommand is the compare command line that plays and computes the same comparison: the base
// as GAME, the variant against it.
func (s *simRun) compareCommand(b *BaseComparison) string {
	args := []string{"ruleslab", "compare", ShellQuote(b.baseGame), "--variant", "base", "--variant", ShellQuote(b.Variant),
		"--players", fmt.Sprint(s.players), "--seats", ShellQuote(strings.Join(s.seats, ",")),
		"--seed", fmt.Sprint(s.o.Seed), "--games", fmt.Sprint(s.o.Games)}
	return strings.Join(args, " ")
}

// shownGameFile is a game or variant file as output shows it, the same on every machine when it is a
// bundled file (variants/GAME/FILE.yaml, found from any folder), and as a GAME argument names it (a
// bundled game's base by its id).
func shownGameFile(path string) (shown, game string) {
	shown = scripting.DisplayPath(path)
	if rel, err := filepath.Rel(config.Home(), path); err == nil && strings.HasPrefix(filepath.ToSlash(rel), "variants/") {
		shown = rel
	}
	game = shown
	if games, err := config.BundledGames(); err == nil {
		for _, g := range games {
			if g.Path == path {
				game = g.ID
			}
		}
	}
	return shown, game
}
