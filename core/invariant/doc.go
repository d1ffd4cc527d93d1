// Package invariant checks what must hold in every game, after every move: each component lies in
// exactly one zone, each seat's observation holds only what that seat may see, a running game has a
// seat to act with legal moves, the game ends within its move cap, and replaying its moves reproduces
// it. `ruleslab fuzz` plays random and greedy games under these checks and shrinks a failure to a
// scenario file; `ruleslab run --check` checks a scenario the same way.
package invariant
