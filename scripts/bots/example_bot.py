#!/usr/bin/env python3
"""Example external bot for ruleslab (protocol 1, see docs/protocol.md).

Run it as a seat:  ruleslab sim GAME --seats "cmd:python3 scripts/bots/example_bot.py"
It reads one JSON message per line on stdin and answers each "decide" with one line
{"move": "..."}: a random legal move from a generator seeded by its seat (--first: the first).
Standard library only.
"""
import json
import random
import sys


def main():
    first = "--first" in sys.argv[1:]
    rng = random.Random(0)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            if msg.get("protocol") != 1:
                print("example_bot: unknown protocol %r" % msg.get("protocol"), file=sys.stderr)
                return 1
            rng = random.Random(msg.get("seat", 0))
        elif kind == "decide":
            legal = msg["legal"]
            move = legal[0] if first else rng.choice(legal)
            sys.stdout.write(json.dumps({"move": move}) + "\n")
            sys.stdout.flush()
        elif kind == "end":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
