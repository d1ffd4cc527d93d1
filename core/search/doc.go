// Package search is ruleslab's game-independent search bot: Information-Set Monte Carlo Tree Search
// (ISMCTS), single- or multi-observer, with its options (Config), playout policies (random, MAST, a
// rollout bot, the rules' own rollout hook), horizon cuts with an evaluation, and a prior bot at the root.
//
// It is a client of the engine: it sees a seat's core.View, plays determinisations the view samples
// (core.View.Sample, ready to play) with the core.Rules it is given, and reads states only through their
// exported methods. What the game's Lua adds (evaluate, sample_ok, rollout hooks; bots as rollout or
// prior policies) reaches it as functions set on the ISMCTS value by whoever builds it (package bots).
package search
