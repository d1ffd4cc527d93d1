package lab

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// planOf is the plan of a 3-rung ladder of two bots (zoomies), as a run of shards shards counts it.
func planOf(t *testing.T, shards int) *tournamentPlan {
	t.Helper()
	p, players, err := LoadGame("zoomies", "", 0)
	require.NoError(t, err)
	o := &TournamentOptions{Games: 1, Boot: 10, ResultsOptions: ResultsOptions{Shards: shards}}
	tr := &tournament{o: o, p: p, players: players}
	var rungs []*rung
	for k := 1; k <= 3; k++ {
		rungs = append(rungs, &rung{bots: []string{"greedy", "random"}, seed: uint64(k), label: func(r *TournamentRun) { r.Rung = k }})
	}
	plan, err := tr.newPlan(rungs)
	require.NoError(t, err)
	plan.ctx = context.Background()
	return plan
}

// unit is unit j of plan, failed or won by seat 0.
func unit(plan *tournamentPlan, j int, failed bool) Record {
	r, i := plan.at(j)
	rec := Record{Index: j, Seed: r.plan.seed(i), Totals: make([]int, plan.t.players), Winners: []int{0}}
	if failed {
		rec = Record{Index: j, Seed: rec.Seed, Error: "boom"}
	}
	return rec
}

// countRungs adds every unit of the plan (those of the rungs in failed failing) and returns the rungs
// reported, by number.
func countRungs(t *testing.T, plan *tournamentPlan, failed map[int]bool) []int {
	t.Helper()
	for j := 0; j < plan.total() && !plan.over(); j++ {
		plan.add(unit(plan, j, failed[j/plan.games+1]))
	}
	plan.finish(false)
	var rungs []int
	for _, run := range plan.runs {
		rungs = append(rungs, run.Rung)
	}
	return rungs
}

// A ladder's rungs are a fixed plan; the one rule between them, that a rung whose every game failed
// ends the ladder, is applied by the whole batch in index order (one machine, resume, merge: merging
// reads no further), and not by a shard, which cannot know the other shards' games.
func TestLadderEndsAtARungWhoseEveryGameFailed(t *testing.T) {
	whole := planOf(t, 1)
	assert.Equal(t, []int{1, 2}, countRungs(t, whole, map[int]bool{2: true}))
	assert.Equal(t, NothingDone, whole.runs[1].Status)
	assert.True(t, whole.over(), "merging reads no further")
	assert.Zero(t, whole.rungs[2].done, "the third rung is not counted")

	assert.Equal(t, []int{1, 2, 3}, countRungs(t, planOf(t, 1), nil))
	shard := planOf(t, 3)
	assert.Equal(t, []int{1, 2, 3}, countRungs(t, shard, map[int]bool{2: true}), "a shard reports every rung")
	assert.Equal(t, []TournamentStatus{Complete, NothingDone, Complete}, []TournamentStatus{shard.runs[0].Status, shard.runs[1].Status, shard.runs[2].Status})
}

// An interrupted ladder reports the rung it was stopped in, and how many games of the whole batch are
// left to play (every later rung's too).
func TestInterruptedLadderCountsTheGamesLeft(t *testing.T) {
	plan := planOf(t, 1)
	plan.planned = plan.total()
	for j := 0; j < plan.games+1; j++ {
		plan.add(unit(plan, j, false))
	}
	plan.finish(true)
	require.Len(t, plan.runs, 2)
	last := plan.runs[1]
	assert.Equal(t, Stopped, last.Status)
	assert.Equal(t, 1, last.Done)
	assert.Equal(t, 3*plan.games-plan.games-1, last.Left)
}
