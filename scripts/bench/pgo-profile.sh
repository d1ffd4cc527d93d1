#!/bin/sh
# Regenerates cmd/ruleslab/default.pgo, the CPU profile `go build` and `go install` use to optimise the
# ruleslab binary (profile-guided optimisation: hot calls inlined, the Lua VM's interface calls made
# direct). The profile is of the Go benchmarks that play every bundled game and variant with random
# bots, greedy bots and the ismcts search: the work ruleslab spends its time on.
#
#     scripts/bench/pgo-profile.sh [BENCHTIME]
#
# Run it from the repository's root after a change to the engine or the Lua host (BENCHTIME is each
# benchmark's, 1s by default); a stale profile still helps, less.
set -eu
benchtime=${1:-1s}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test ./scripting/ -run '^$' -bench 'RandomGames|GreedyGames|ISMCTS$' -benchtime "$benchtime" \
  -cpuprofile "$tmp/cpu.pprof" -o "$tmp/scripting.test" >/dev/null
cp "$tmp/cpu.pprof" cmd/ruleslab/default.pgo
echo "cmd/ruleslab/default.pgo: $(wc -c < cmd/ruleslab/default.pgo) bytes"
