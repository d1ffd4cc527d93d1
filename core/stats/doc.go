// Package stats is ruleslab's statistics: pure maths over game results, with no I/O and no engine
// beyond the core.Result record it reads.
//
// It owns the declared kinds of statistic (rate, count, mean) and their intervals (Wilson for rates,
// Student's t for means, Newcombe and Welch for unpaired differences, paired t for common random
// numbers), the sequential test that stops a comparison early, the tally of a batch into per-seat and
// per-game summaries, the built-in measures (win rate, lead changes, decided early, ...), and the
// tournament's schedule, head-to-head counts and Bradley-Terry ratings.
package stats
