#!/usr/bin/env python3
"""Prints machine instructions per move with random and with greedy bots in every seat, and their ratio,
for bundled games: the figures of docs/performance.md that a machine's load does not change.

    scripts/bench/instructions.py [--games N] [--variant V] [--ruleslab BINARY] [GAME ...]

Each figure runs `ruleslab sim GAME --games N` and `--games 2` under valgrind's callgrind (GOGC=off, so
the collector's share is left out) and divides the difference of their whole-run counts by the
difference of their moves: start-up and loading cancel out. BINARY is a built ruleslab (default: one
built from the repository with `go build`); valgrind must be installed.
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


def run(binary, game, games, seats, variant, workdir):
    """The instructions and moves of one whole sim run under callgrind."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.path.join(workdir, "callgrind.out"),
           binary, "sim", game, "--games", str(games), "--workers", "1", "--seed", "1", "--seats", seats,
           "--json"]
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
        sys.exit(f"instructions.py: {' '.join(cmd[3:])} failed:\n{done.stderr}")
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if not collected:
        sys.exit("instructions.py: callgrind reported no count:\n" + done.stderr)
    moves = json.loads(done.stdout)["length"]["value"] * games
    return int(collected.group(1)), moves


def per_move(binary, game, games, seats, variant, workdir):
    """Machine instructions per move: runs of `games` and of 2 games, differenced."""
    many, many_moves = run(binary, game, games, seats, variant, workdir)
    few, few_moves = run(binary, game, 2, seats, variant, workdir)
    return (many - few) / (many_moves - few_moves)


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
    args = parser.parse_args()
    if args.games < 3:
        parser.error("--games must be at least 3")
    if not shutil.which("valgrind"):
        sys.exit("instructions.py: valgrind is not installed")
    with tempfile.TemporaryDirectory() as workdir:  # outside any checkout: the bundled games are read
        binary = os.path.abspath(args.ruleslab) if args.ruleslab else build(workdir)
        print("| game | random | greedy | greedy / random |")
        print("|---|---|---|---|")
        for game in args.games_to_run:
            rand = per_move(binary, game, args.games, "random", args.variant, workdir)
            greedy = per_move(binary, game, args.games, "greedy", args.variant, workdir)
            print(f"| {game} | {rand:,.0f} | {greedy:,.0f} | {greedy / rand:.1f}x |")


if __name__ == "__main__":
    main()
