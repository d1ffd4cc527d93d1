#!/usr/bin/env node
// Example external bot for ruleslab (protocol 1.0, see docs/protocol.md), in Node.js.
//
// Get it from any ruleslab binary:  ruleslab bots example --lang node --out bot.js
// Run it as a seat:                 ruleslab sim GAME --seats 'cmd:node bot.js,random'
//
// It reads one JSON message per line on stdin: it answers hello with {"type":"ready"} and each decide
// with one line {"move":"..."}: a random legal move from a generator seeded by its seat (--first: the
// first legal move). At the end it prints how the game ended on stderr, and with --record FILE appends
// it to FILE as one JSON line. No packages needed.
'use strict';
const fs = require('fs');
const readline = require('readline');

const VERSION = '1.0';
const args = process.argv.slice(2);
const first = args.includes('--first');
const record = args.includes('--record') ? args[args.indexOf('--record') + 1] : null;

// mulberry32: a small seeded generator, so that a seat plays the same moves from the same messages.
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function send(msg) {
  process.stdout.write(JSON.stringify(msg) + '\n');
}

// How the game ended, as this seat saw it.
function ending(hello, end) {
  return {
    game: hello.game, seat: hello.seat, totals: end.totals, winners: end.winners,
    won: end.winners.includes(hello.seat), events_since_last_move: end.events.length,
    zones_seen: end.observation.zones.length,
  };
}

let hello = {};
let random = seeded(0);
const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  if (line.trim() === '') return;
  const msg = JSON.parse(line);
  switch (msg.type) {
    case 'hello':
      if (String(msg.version).split('.')[0] !== VERSION.split('.')[0]) {
        process.stderr.write(`example_bot: unknown protocol version ${JSON.stringify(msg.version)}\n`);
        process.exit(1);
      }
      hello = msg;
      random = seeded(msg.seat + 1);
      send({ type: 'ready', version: VERSION });
      break;
    case 'decide': {
      const legal = msg.legal;
      send({ move: first ? legal[0] : legal[Math.floor(random() * legal.length)] });
      break;
    }
    case 'end': {
      const result = ending(hello, msg);
      process.stderr.write(`example_bot: ${JSON.stringify(result)}\n`);
      if (record) fs.appendFileSync(record, JSON.stringify(result) + '\n');
      input.close();
      break;
    }
    default:
      break; // messages of later minor versions: ignored
  }
});
