// Package lab is the laboratory behind the batch commands: it owns the batch runner (Batch, which plays
// games on parallel workers and hands the results over in game order), the experiments (Sim, Compare,
// Sweep, Tournament, Fuzz, Bench) as library functions over option structs, the one results-file
// mechanism of every batch (units: its header and checksummed records, one per unit of work, --resume,
// --shard and merging; ResultsOptions), the game log records, and the one JSON-lines reader that reads
// logs and results files.
//
// The lab never prints and knows nothing of flags: progress, logs and results go to the sinks given in
// the options (Progress, io.Writer, per-game callbacks), and each experiment returns a result struct
// that the command prints with package report. A problem with the
// options is a *UsageError, which the command line reports with exit code 2.
package lab
