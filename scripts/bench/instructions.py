#!/usr/bin/env python3
"""Prints machine instructions per move with random and with greedy bots in every seat, and their ratio,
for bundled games: the figures of docs/performance.md that a machine's load does not change.

    scripts/bench/instructions.py [--games N] [--variant V] [--ruleslab BINARY] [--caches] [GAME ...]

Each figure runs `ruleslab sim GAME --games N` and `--games 2` under valgrind's callgrind (GOGC=off, so
the collector's share is left out) and divides the difference of their whole-run counts by the
difference of their moves: start-up and loading cancel out. BINARY is a built ruleslab (default: one
built from the repository with `go build`); valgrind must be installed.

With --caches the runs are under cachegrind, which also simulates the processor's caches and branch
predictor (those of the machine it runs on): per move, the instructions, the L1 data cache misses and
the mispredicted branches, a row for each seating and one for their ratios. They show time the
instruction count does not: a greedy move touches more memory than a random one.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

GAMES = ["mimic-taking", "zoomies", "mito", "jiji", "simino"]


# How a run is counted: valgrind's options, and the counts its summary gives (a name, a pattern).
CALLGRIND = (["--tool=callgrind", "--callgrind-out-file=valgrind.out"],
             [("instructions", r"Collected : (\d+)")])
CACHEGRIND = (["--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes", "--cachegrind-out-file=valgrind.out"],
              [("instructions", r"I\s+refs:\s+([\d,]+)"), ("L1 data misses", r"D1\s+misses:\s+([\d,]+)"),
               ("mispredicted branches", r"Mispredicts:\s+([\d,]+)")])


def run(binary, game, games, seats, variant, workdir, mode=CALLGRIND):
    """The counts (mode's) and the moves of one whole sim run under valgrind."""
    options, counts = mode
    cmd = ["valgrind"] + options + [binary, "sim", game, "--games", str(games), "--workers", "1", "--seed", "1",
                                    "--seats", seats, "--json"]
    if variant:
        cmd += ["--variant", variant, "--no-base"]
    # GOMAXPROCS=1: the runtime's threads then rarely spin on a lock, where Go 1.26 reads the time
    # stamp counter with RDTSCP, an instruction valgrind does not know (the run dies with SIGILL);
    # a run that dies so anyway is run again
    env = dict(os.environ, GOGC="off", GODEBUG="asyncpreemptoff=1", GOMAXPROCS="1")
    for _ in range(10):
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=workdir)
        if "Unrecognised instruction" not in done.stderr:
            break
    if done.returncode != 0:
        sys.exit(f"instructions.py: {' '.join(cmd[len(options) + 2:])} failed:\n{done.stderr}")
    found = [re.search(pattern, done.stderr) for _, pattern in counts]
    if not all(found):
        sys.exit("instructions.py: valgrind reported no count:\n" + done.stderr)
    moves = json.loads(done.stdout)["length"]["value"] * games
    return [int(f.group(1).replace(",", "")) for f in found], moves


def counts_per_move(binary, game, games, seats, variant, workdir, mode):
    """The mode's counts per move: runs of `games` and of 2 games, differenced."""
    many, many_moves = run(binary, game, games, seats, variant, workdir, mode)
    few, few_moves = run(binary, game, 2, seats, variant, workdir, mode)
    return [(a - b) / (many_moves - few_moves) for a, b in zip(many, few)]


def per_move(binary, game, games, seats, variant, workdir):
    """Machine instructions per move."""
    return counts_per_move(binary, game, games, seats, variant, workdir, CALLGRIND)[0]


def build(workdir):
    binary = os.path.join(workdir, "ruleslab")
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    subprocess.run(["go", "build", "-o", binary, "./cmd/ruleslab"], check=True, cwd=root)
    return binary


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_to_run", metavar="GAME", nargs="*", default=GAMES)
    parser.add_argument("--games", type=int, default=20, help="games per measure, at least 3 (default 20)")
    parser.add_argument("--variant", default="", help="a variant of the game, instead of its base rules")
    parser.add_argument("--ruleslab", default="", help="a built ruleslab binary (default: go build)")
    parser.add_argument("--caches", action="store_true",
                        help="also L1 data misses and mispredicted branches (cachegrind)")
    args = parser.parse_args()
    if args.games < 3:
        parser.error("--games must be at least 3")
    if not shutil.which("valgrind"):
        sys.exit("instructions.py: valgrind is not installed")
    with tempfile.TemporaryDirectory() as workdir:  # outside any checkout: the bundled games are read
        binary = os.path.abspath(args.ruleslab) if args.ruleslab else build(workdir)
        if args.caches:
            print_caches(binary, args, workdir)
            return
        print("| game | random | greedy | greedy / random |")
        print("|---|---|---|---|")
        for game in args.games_to_run:
            rand = per_move(binary, game, args.games, "random", args.variant, workdir)
            greedy = per_move(binary, game, args.games, "greedy", args.variant, workdir)
            print(f"| {game} | {rand:,.0f} | {greedy:,.0f} | {greedy / rand:.1f}x |")


def print_caches(binary, args, workdir):
    """The --caches table: each game's counts per move with random and greedy seats, and their ratios."""
    names = [name for name, _ in CACHEGRIND[1]]
    print("| game | seats | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 2) + "|")
    for game in args.games_to_run:
        rand = counts_per_move(binary, game, args.games, "random", args.variant, workdir, CACHEGRIND)
        greedy = counts_per_move(binary, game, args.games, "greedy", args.variant, workdir, CACHEGRIND)
        for seats, counts in (("random", rand), ("greedy", greedy)):
            print(f"| {game} | {seats} | " + " | ".join(f"{c:,.0f}" for c in counts) + " |")
        print(f"| {game} | greedy / random | " + " | ".join(f"{g / r:.1f}x" for g, r in zip(greedy, rand)) + " |")


if __name__ == "__main__":
    main()
