// Package scenario loads and plays scenario files: a game, a fixed setup (values, zones, the player to
// start) and a list of moves in the game's notation, with the outcome each expects; the moves that run
// out can be finished by bots. `ruleslab run` and the rules' tests play them; fuzzing writes its
// shrunk failures as scenarios.
package scenario
