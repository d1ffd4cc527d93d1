#!/usr/bin/env python3
"""Example external bot for ruleslab (protocol 1.0, see docs/protocol.md).

Get it from any ruleslab binary:  ruleslab bots example --lang python --out bot.py
Run it as a seat:                 ruleslab sim GAME --seats 'cmd:python3 bot.py,random'

It reads one JSON message per line on stdin: it answers hello with {"type": "ready"} and each
decide with one line {"move": "..."}: a random legal move from a generator seeded by its seat
(--first: the first legal move). At the end it prints how the game ended on stderr, and with
--record FILE appends it to FILE as one JSON line. Standard library only.
"""
import json
import random
import sys

VERSION = "1.0"


def send(msg):
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()  # the engine waits for the whole line


def ending(hello, end):
    """How the game ended, as this seat saw it."""
    seat = hello.get("seat", 0)
    return {"game": hello.get("game"), "seat": seat, "totals": end["totals"],
            "winners": end["winners"], "won": seat in end["winners"],
            "events_since_last_move": len(end["events"]),
            "zones_seen": len(end["observation"]["zones"])}


def main(args):
    first = "--first" in args
    record = args[args.index("--record") + 1] if "--record" in args else None
    rng, hello = random.Random(0), {}
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            if msg.get("version", "").split(".")[0] != VERSION.split(".")[0]:
                print("example_bot: unknown protocol version %r" % msg.get("version"), file=sys.stderr)
                return 1
            hello, rng = msg, random.Random(msg.get("seat", 0))
            send({"type": "ready", "version": VERSION})
        elif kind == "decide":
            legal = msg["legal"]
            send({"move": legal[0] if first else rng.choice(legal)})
        elif kind == "end":
            result = ending(hello, msg)
            print("example_bot: %s" % json.dumps(result), file=sys.stderr)
            if record:
                with open(record, "a") as f:
                    f.write(json.dumps(result) + "\n")
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
