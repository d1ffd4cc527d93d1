package core

// GameSeed is the seed of game i of a batch seeded with seed (the batch runner is core/lab's Batch).
func GameSeed(seed uint64, i int) uint64 { return Mix(seed, uint64(i)) }
