package tui

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ruleslab/ruleslab/core"
	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/core/tui/screen"
	"github.com/ruleslab/ruleslab/scripting"
)

// tableGame is a bundled game ready to play at a table: seat 0 human, the others random.
type tableGame struct {
	e     *scripting.Engine
	s     *core.State
	table *Table
	human *Human
	seats []core.Bot
}

func newTableGame(t *testing.T, game string, seed uint64) *tableGame {
	t.Helper()
	p, err := scripting.Load(game, "")
	if err != nil {
		t.Fatal(err)
	}
	return newProgramTable(t, p, seed)
}

// newProgramTable is newTableGame of a loaded game (a variant file's).
func newProgramTable(t *testing.T, p *scripting.Program, seed uint64) *tableGame {
	t.Helper()
	h := scripting.NewHost()
	t.Cleanup(h.Close)
	e, err := p.NewEngine(h)
	if err != nil {
		t.Fatal(err)
	}
	players := p.Game.Config.Players.Default
	s, err := e.NewState(players, seed, core.StateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := &tableGame{e: e, s: s, table: NewTable(bots.For(p, bots.ExtOptions{}), e, s, Info{Title: p.Game.Config.Title, Seed: seed})}
	g.human = g.table.Human(0, seed)
	g.seats = []core.Bot{g.human}
	for i := 1; i < players; i++ {
		g.seats = append(g.seats, g.table.Bot(core.NewRandomBot(seed+uint64(i))))
	}
	return g
}

// recorder is a screen that keeps what it is sent and answers each decision with its first move
// (after one move that is not legal, typed).
type recorder struct {
	mu       sync.Mutex
	h        *Human
	snaps    []screen.Snapshot
	explains []string
	typed    map[int]bool
}

func (r *recorder) screen(msg any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.h == nil { // a spectator's
		if snap, ok := msg.(screen.Snapshot); ok {
			r.snaps = append(r.snaps, snap)
		}
		return
	}
	switch m := msg.(type) {
	case screen.ExplainMsg:
		r.explains = append(r.explains, m.Text)
	case screen.Snapshot:
		r.snaps = append(r.snaps, m)
		if m.Decision == 0 {
			return
		}
		if !r.typed[m.Decision] && len(r.explains) == 0 {
			r.typed[m.Decision] = true
			r.h.Send(screen.Answer{Decision: m.Decision, Typed: "zzz 99"})
		}
		r.h.Send(screen.Answer{Decision: m.Decision, Index: 0})
	}
}

// Every bundled game plays to its end at a table with a screen that answers decisions: a typed move
// that is not legal is explained to the screen, and no snapshot holds a card the seat never sees in
// the whole game (the deck, the others' unplayed cards).
func TestTableOfEveryGame(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	games, err := config.BundledGames()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range games {
		t.Run(b.ID, func(t *testing.T) {
			g := newTableGame(t, b.ID, 3)
			r := &recorder{h: g.human, typed: map[int]bool{}}
			g.table.Attach(0, r.screen)
			spectator := &recorder{}
			g.table.Attach(-1, spectator.screen)
			if err := core.PlayOut(g.s, g.e, g.seats, []string{"human"}); err != nil {
				t.Fatal(err)
			}
			if err := g.table.Publish(); err != nil {
				t.Fatal(err)
			}
			r.mu.Lock()
			defer r.mu.Unlock()
			if len(r.explains) == 0 || !strings.Contains(r.explains[0], `"zzz 99" is not a legal move now`) {
				t.Errorf("the illegal move is not explained: %q", r.explains)
			}
			checkNoLeak(t, g.e, g.s, []int{0}, r.snaps)
			spectator.mu.Lock()
			defer spectator.mu.Unlock()
			if len(spectator.snaps) == 0 {
				t.Fatal("the spectator saw nothing")
			}
			checkNoLeak(t, g.e, g.s, everySeat(g.s.Players), spectator.snaps)
			checkInWords(t, append(r.snaps, spectator.snaps...))
		})
	}
}

// rawVar is a value as the engine names it (round_tricks=0), not in words.
var rawVar = regexp.MustCompile(`\b[a-z_]+=\S`)

// checkInWords fails when a snapshot's table or seats show a raw value (the line screen never does).
func checkInWords(t *testing.T, snaps []screen.Snapshot) {
	t.Helper()
	for _, snap := range snaps {
		if m := rawVar.FindString(fmt.Sprint(snap.Table, snap.Others)); m != "" {
			t.Fatalf("a snapshot of seat %d shows the raw value %q:\n%s\n%s", snap.Seat, m, snap.Table, strings.Join(snap.Others, "\n"))
		}
	}
}

func everySeat(players int) []int {
	out := make([]int, players)
	for i := range out {
		out[i] = i
	}
	return out
}

// checkNoLeak fails when a snapshot names a card that one of seats has not seen by then: in no zone
// it could see after any move so far, in no event it could see (the game re-played from its seed and
// moves). A seat's snapshots are checked against that seat; a spectator's against every seat.
func checkNoLeak(t *testing.T, e *scripting.Engine, s *core.State, seats []int, snaps []screen.Snapshot) {
	t.Helper()
	var knowns [][]map[string]bool
	for _, seat := range seats {
		knowns = append(knowns, knownCards(t, e, s, seat))
	}
	cards := map[string]bool{}
	for _, card := range s.Game.Catalog.Cards {
		cards[card.ID] = true
	}
	for _, snap := range snaps {
		// all it shows but the legal moves (which the seat is given: `guess 2 W8` names a card unseen)
		text := fmt.Sprint(snap.Table, snap.Hand, snap.Others, snap.History, snap.Result, snap.Boards, snap.Notice)
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(" \n\t,:;()[]{}", r) }) {
			for k, known := range knowns {
				if cards[w] && !known[snap.Moves][w] {
					t.Fatalf("a snapshot of seat %d after %d moves names %s, a card seat %d has not seen:\n%s", snap.Seat, snap.Moves, w, seats[k], text)
				}
			}
		}
	}
}

// knownCards are, after each number of moves of the game s, the cards seat has seen so far.
func knownCards(t *testing.T, e *scripting.Engine, s *core.State, seat int) []map[string]bool {
	t.Helper()
	r, err := e.NewState(s.Players, s.Seed, core.StateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	note := func() {
		for _, ev := range r.VisibleEvents(seat, 0) {
			for _, w := range strings.FieldsFunc(fmt.Sprint(ev.Move, ev.Cards, ev.Fields), func(r rune) bool { return strings.ContainsRune(" ,:[]{}", r) }) {
				seen[w] = true
			}
		}
		for _, z := range r.ViewFor(seat).Observation().Zones {
			for _, id := range z.Cards {
				seen[id] = true
			}
		}
	}
	note()
	known := []map[string]bool{maps.Clone(seen)}
	for _, m := range s.Moves() {
		if err := r.Apply(e, m); err != nil {
			t.Fatal(err)
		}
		note()
		known = append(known, maps.Clone(seen))
	}
	return known
}

// A human seat that does not move within its MoveTime has its Fallback's move played, and every
// screen says so without naming the move (the screen here never answers: a time of 1ns runs out at
// each decision). Mito's cheats, gifts and throws name a card only their seat sees: a spectator's
// screen never names one.
func TestMoveTimeRunsOut(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	g := newTableGame(t, "mito", 5)
	g.human.MoveTime, g.human.Fallback = time.Nanosecond, core.NewRandomBot(9)
	silent, spectator := &recorder{}, &recorder{}
	g.table.Attach(0, silent.screen)
	g.table.Attach(-1, spectator.screen)
	played := make(chan error, 1)
	go func() { played <- core.PlayOut(g.s, g.e, g.seats, []string{"human"}) }()
	select {
	case err := <-played:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute): // a guard against a hang, not a measure
		t.Fatal("the seat still waits for its screen")
	}
	if err := g.table.Publish(); err != nil {
		t.Fatal(err)
	}
	silent.mu.Lock()
	defer silent.mu.Unlock()
	last := silent.snaps[0]
	for _, s := range silent.snaps {
		if s.Newer(last) {
			last = s
		}
	}
	if !strings.Contains(last.Notice, "seat 0 took longer than 1ns:") || !strings.Contains(last.Notice, "was played for it") {
		t.Errorf("the screens are not told: %q", last.Notice)
	}
	spectator.mu.Lock()
	defer spectator.mu.Unlock()
	checkNoLeak(t, g.e, g.s, everySeat(g.s.Players), spectator.snaps)
}

// The game's render and describe hooks decide what the full screen draws: a house rule that replaces
// them changes the table and the history of its screens.
func TestHouseRuleScreen(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	dir := t.TempDir()
	files := map[string]string{
		"house.yaml": "extends: mimic-taking\ntitle: Mimic Taking (house)\noverrides: [house.lua]\n",
		"house.lua": `function render(obs, legal) return "HOUSE TABLE\n" .. base.render(obs, legal) end
function describe(e, seat)
  if e.type == "move" then return "HOUSE MOVE " .. e.move end
  return base.describe(e, seat)
end
`}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	p, err := scripting.Load("mimic-taking", filepath.Join(dir, "house.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	g := newProgramTable(t, p, 4)
	for i := 0; i < 8; i++ { // a few moves (the first legal), so the history holds some
		if err := g.s.ApplyIndex(g.e, 0); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.table.Publish(); err != nil {
		t.Fatal(err)
	}
	g.table.mu.Lock()
	defer g.table.mu.Unlock()
	last := g.table.last[0] // the snapshot every screen of seat 0 is sent
	if !strings.HasPrefix(last.Table, "HOUSE TABLE\n") || !strings.Contains(last.Table, "Mimic Taking") {
		t.Errorf("the house rule's render is not the table:\n%s", last.Table)
	}
	if h := strings.Join(last.History, "\n"); !strings.Contains(h, "HOUSE MOVE play") {
		t.Errorf("the house rule's describe is not the history:\n%s", h)
	}
}

// A hint on Mimic Taking's first decision (10 cards to lead): every move with its win estimate and its
// number of searches in aligned columns under their heads, the move it would play searched often
// enough for its estimate to mean something (TestHintBudget: Simino's 80 placements).
func TestHintLinesAligned(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	g := newTableGame(t, "mimic-taking", 5)
	v := g.s.ViewFor(g.s.ToAct())
	lines, err := hintLines(g.table.reg, g.e, v, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != v.NumLegal()+2 || !strings.Contains(lines[0], "would play:") {
		t.Fatalf("%d lines for %d moves:\n%s", len(lines), v.NumLegal(), strings.Join(lines, "\n"))
	}
	head := lines[1]
	if !strings.HasSuffix(head, "win  searches") || !strings.Contains(head, "move") {
		t.Errorf("the columns' heads: %q", head)
	}
	row := regexp.MustCompile(`^ ([ *])\s*\d+\) .+?\s+(\d+%|n/a)\s+(\d+)$`)
	for _, l := range lines[2:] {
		m := row.FindStringSubmatch(l)
		if m == nil || len(l) != len(head) {
			t.Fatalf("a row out of its columns (%d wide, the heads %d):\n%s\n%s", len(l), len(head), head, l)
		}
		if visits, _ := strconv.Atoi(m[3]); m[1] == "*" && (visits < searchesPerMove || m[2] == "0%") {
			t.Errorf("the move it would play was searched %s times, win %s", m[3], m[2])
		}
	}
}

// A screen's Quit (q) ends the game at the seat's decision with ErrQuit, which play reports as a game
// left unfinished.
func TestQuitLeavesTheGame(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	g := newTableGame(t, "zoomies", 5)
	g.table.Attach(0, func(msg any) {
		if snap, ok := msg.(screen.Snapshot); ok && snap.Decision != 0 {
			g.human.Send(screen.Answer{Quit: true})
		}
	})
	played := make(chan error, 1)
	go func() { played <- core.PlayOut(g.s, g.e, g.seats, []string{"human"}) }()
	select {
	case err := <-played:
		if !errors.Is(err, ErrQuit) || g.s.Over() {
			t.Errorf("PlayOut: %v (game over: %v), want ErrQuit", err, g.s.Over())
		}
	case <-time.After(time.Minute): // a guard against a hang, not a measure
		t.Fatal("the seat did not quit")
	}
}
