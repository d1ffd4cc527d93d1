package scripting

import (
	"fmt"

	"github.com/ruleslab/ruleslab/core"
)

// GameStats is what a finished game reports for sim: the stats hook's numbers, plus every per-seat
// statistic recorded with g:stat that the hook did not return. A game whose hooks replaced a method of
// g fails here (checkMethods).
func (r *Engine) GameStats(s *core.State) (map[string][]float64, map[string]float64, error) {
	if err := r.g.checkMethods(); err != nil {
		return nil, nil, err
	}
	seat, game, err := r.Stats(s)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range s.StatsSoFar() {
		if seat == nil {
			seat = map[string][]float64{}
		}
		if _, set := seat[k]; !set {
			seat[k] = v
		}
	}
	if n := len(seat) + len(game); n > core.MaxStats {
		return nil, nil, fmt.Errorf("hook stats and g:stat recorded %d statistics: a game records at most %d", n, core.MaxStats)
	}
	return seat, game, nil
}
