#!/usr/bin/env python3
"""Prints docs/performance.md's table of speed per game: `ruleslab bench GAME --json` for every bundled
game (random bots in every seat, one core), one row each.

    scripts/bench/perf-table.py [--games N] [--ruleslab CMD]

CMD runs ruleslab (default: `go run ./cmd/ruleslab`, from the repository's root). Run it on an
otherwise idle machine: times vary with the load, allocation counts do not.
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
    cr = b["clone_resample"]
    return (f"| {title} | {b['us_per_move']:.1f} µs | {b['allocs_per_move']:.1f} | {cr['us']:.1f} µs | "
            f"{percent(share(b['hooks'], 'on_move'))} | {b['ismcts']['iterations_per_second']:,.0f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--ruleslab", default="go run ./cmd/ruleslab")
    args = ap.parse_args()
    cmd = shlex.split(args.ruleslab)
    print("| game | per move | allocations per move | clone + resample of a mid-game state "
          "| `on_move`'s share of the time | `ismcts` iterations per second |")
    print("|---|---|---|---|---|---|")
    for game, title in GAMES:
        print(row(title, bench(cmd, game, args.games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
