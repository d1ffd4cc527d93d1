package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"ruleslab/core"
	"ruleslab/core/config"
	"ruleslab/scripting"
)

func loadProgram(t testing.TB, game, variant string) *scripting.Program {
	t.Helper()
	cfg, err := config.Resolve(game, variant)
	require.NoError(t, err)
	g, err := core.Compile(cfg)
	require.NoError(t, err)
	p, err := scripting.Compile(g)
	require.NoError(t, err)
	return p
}

func TestWorkerPlaysWholeGames(t *testing.T) {
	p := loadProgram(t, "mimic-taking", "")
	w := p.NewWorker(4, []string{"random", "greedy", "random", "greedy"}, true)
	defer w.Close()
	for i := 0; i < 20; i++ {
		r := w.Play(i, core.GameSeed(1, i))
		require.Empty(t, r.Error)
		require.NotEmpty(t, r.Winners)
	}
}

func BenchmarkMimicTakingRandomGame(b *testing.B) {
	p := loadProgram(b, "mimic-taking", "")
	w := p.NewWorker(4, []string{"random", "random", "random", "random"}, false)
	defer w.Close()
	moves := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := w.Play(i, core.GameSeed(1, i))
		if r.Error != "" {
			b.Fatal(r.Error)
		}
		moves += len(r.Moves)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
}
