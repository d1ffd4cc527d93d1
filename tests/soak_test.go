package tests

import (
	"math/rand/v2"
	"strconv"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSoakInterruptedAtRandomMomentsResumesExactly: for every bundled game, 1,000 games of greedy
// against random and 20 with an ismcts seat, each stopped by SIGTERM at a random moment (after a
// seeded number of saved games, at most a quarter of them so the run is still going) and resumed with the
// same command: the resumed run prints exactly what an uninterrupted run prints, nothing lost, nothing
// counted twice. The full lane only: about two minutes on two cores.
func TestSoakInterruptedAtRandomMomentsResumesExactly(t *testing.T) {
	if testing.Short() {
		t.Skip("the soak plays about 5,000 games twice")
	}
	bin := buildBinary(t)
	moments := rand.New(rand.NewPCG(28, 1)) // the same moments on every run of the test
	for _, game := range bundledGameIDs(t, repoRoot(t)) {
		search := "ismcts:iterations=40,greedy"
		if game == "simino" {
			search = "ismcts:iterations=8,greedy" // a Simino search costs ten times the others'
		}
		for _, c := range []struct {
			seats string
			games int
		}{{"greedy,random", 1000}, {search, 20}} {
			t.Run(game+"/"+c.seats, func(t *testing.T) {
				dir := t.TempDir()
				args := []string{"sim", game, "--games", strconv.Itoa(c.games), "--seats", c.seats, "--seed", "11", "--workers", "2"}
				want := runBinary(t, bin, dir, args...)
				require.Equal(t, 0, want.code, want.err)
				saved := 1 + moments.IntN(c.games/4) // results lines written (the header is one) before the signal
				withOut := append(args, "--out", "results.jsonl")
				interruptAfter(t, bin, dir, syscall.SIGTERM, "results.jsonl", moreLines(saved), withOut...)
				got := runBinary(t, bin, dir, append(withOut, "--resume")...)
				require.Equal(t, want, got, "interrupted after %d saved lines, then resumed", saved)
				require.Equal(t, c.games+1, countLines(t, dir+"/results.jsonl"), "every game once, and the header")
			})
		}
	}
}
