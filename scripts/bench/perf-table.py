#!/usr/bin/env python3
"""Prints docs/performance.md's table of speed per game: `ruleslab bench GAME --json` for every bundled
game (random bots in every seat, one core), one row each.

    scripts/bench/perf-table.py [--games N] [--ruleslab CMD]

CMD runs ruleslab (default: `go run ./cmd/ruleslab`, from the repository's root). Times are the CPU
time of the thread that played (bench's cpu_us_per_move and cpu_iterations_per_second, wall time where
the system does not give it), which the load of a shared machine inflates far less than the wall time;
allocation counts do not vary.
"""
import argparse
import json
import shlex
import subprocess
import sys

GAMES = [("mimic-taking", "Mimic Taking"), ("zoomies", "Zoomies"), ("mito", "Mito"), ("jiji", "Jiji"),
         ("simino", "Simino")]


def bench(cmd, game, games):
    out = subprocess.run(cmd + ["bench", game, "--games", str(games), "--json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def share(hooks, name):
    return sum(h["share"] for h in hooks if h["hook"] == name)


def percent(x):
    return "under 1%" if x < 0.01 else f"{100 * x:.0f}%"


def row(title, b):
    cr, search = b["clone_resample"], b["ismcts"]
    per_move = b.get("cpu_us_per_move") or b["us_per_move"]
    iterations = search.get("cpu_iterations_per_second") or search["iterations_per_second"]
    return (f"| {title} | {per_move:.1f} µs | {b['allocs_per_move']:.1f} | {cr['us']:.1f} µs | "
            f"{percent(share(b['hooks'], 'on_move'))} | {iterations:,.0f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--ruleslab", default="go run ./cmd/ruleslab")
    args = ap.parse_args()
    cmd = shlex.split(args.ruleslab)
    print("| game | per move | allocations per move | resample of a mid-game state "
          "| `on_move`'s share of the time | `ismcts` iterations per second |")
    print("|---|---|---|---|---|---|")
    for game, title in GAMES:
        print(row(title, bench(cmd, game, args.games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
