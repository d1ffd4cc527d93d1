package cli

import (
	"strings"

	"github.com/spf13/cobra"
)

// commandExamples are the Examples sections of `ruleslab COMMAND --help`, kept in one place so that
// one test checks every line of them against its command's flags. A command that sets its own Example
// keeps it.
var commandExamples = map[string][]string{
	"games": {
		"ruleslab games",
		"ruleslab games --json",
	},
	"show": {
		"ruleslab show mimic-taking",
		"ruleslab show mimic-taking --variant face-up",
		"ruleslab show house.yaml",
	},
	"source": {
		"ruleslab source zoomies",
		"ruleslab source simino --variant whites --list",
		"ruleslab source house.yaml --yaml",
	},
	"rules": {
		"ruleslab rules zoomies",
		"ruleslab rules house.yaml",
	},
	"validate": {
		"ruleslab validate variants/mimic-taking/mimic-taking.yaml variants/mimic-taking/face-up.yaml",
		"ruleslab validate house.yaml house.lua",
		"ruleslab validate variants/zoomies/scenarios/rulebook-example.yaml",
	},
	"new": {
		"ruleslab new house --from mimic-taking",
		"ruleslab new whites-house --from simino --variant whites",
	},
	"hooks": {
		"ruleslab hooks mimic-taking",
		"ruleslab hooks simino --variant whites",
		"ruleslab hooks zoomies --json",
	},
	"run": {
		"ruleslab run variants/mimic-taking/scenarios/first-trick.yaml",
		"ruleslab run variants/mimic-taking/scenarios/trump.yaml --json",
		"ruleslab run variants/mimic-taking/scenarios/first-trick.yaml --seats greedy,random",
		"ruleslab run variants/jiji/scenarios/short-game.yaml --observe 1",
	},
	"play": {
		"ruleslab play mimic-taking --seats human,random,greedy,random --seed 3",
		"ruleslab play simino --seats human,greedy --seed 5",
		"ruleslab play zoomies --seats human,ismcts,greedy,random",
	},
	"sim": {
		"ruleslab sim mimic-taking --games 10000 --seats greedy,random",
		"ruleslab sim mimic-taking --variant face-up --players 3 --games 2000 --seed 7 --workers 2 --log games.jsonl",
		"ruleslab sim house.yaml --games 5000 --json",
		"ruleslab sim mimic-taking --variant house.yaml --games 2000 --seats greedy,random --no-base",
		"ruleslab sim zoomies --games 100000 --out zoomies.jsonl --shard 1/4",
	},
	"merge": {
		"ruleslab merge zoomies-1.jsonl zoomies-2.jsonl zoomies-3.jsonl zoomies-4.jsonl",
		"ruleslab merge --json shards/*.jsonl",
	},
	"compare": {
		"ruleslab compare mimic-taking --variant base --variant face-up --games 2000",
		"ruleslab compare simino --variant base --variant whites --games 500 --seats greedy --json",
		"ruleslab compare mimic-taking --variant base --variant house.yaml --games 20000 --until-significant win.0 --every 500",
	},
	"sweep": {
		"ruleslab sweep zoomies --set params.trick_points.2=1,3,5 --games 300 --target score.spread=6±1.5",
		"ruleslab sweep simino --set params.hand_size=4,5,6 --games 200 --report sweep.html",
	},
	"tournament": {
		"ruleslab tournament zoomies --bots ismcts,greedy,random --games 72 --workers 2",
		"ruleslab tournament mimic-taking --bots ismcts:iterations=100 --ladder --games 40",
		"ruleslab tournament jiji --bots greedy,lua:mybot.lua --games 200 --json",
	},
	"fuzz": {
		"ruleslab fuzz mimic-taking --games 200",
		"ruleslab fuzz simino --variant tandem --games 10 --scenario failure.yaml",
	},
	"replay": {
		"ruleslab replay games.jsonl",
		"ruleslab replay games.jsonl --variant face-up",
	},
	"bench": {
		"ruleslab bench mimic-taking --games 300",
	},
	"bots": {
		"ruleslab bots",
		"ruleslab bots list zoomies",
		"ruleslab bots example --lang python --out bot.py",
		"ruleslab sim zoomies --seats 'cmd:python3 bot.py,random'",
	},
	"completion": {
		"source <(ruleslab completion bash)",
		"ruleslab completion zsh > \"${fpath[1]}/_ruleslab\"",
		"ruleslab completion fish > ~/.config/fish/completions/ruleslab.fish",
	},
}

// addExamples gives every command without an Example its lines from commandExamples.
func addExamples(root *cobra.Command) {
	for _, c := range root.Commands() {
		if c.Example != "" {
			continue
		}
		if lines, ok := commandExamples[c.Name()]; ok {
			c.Example = "  " + strings.Join(lines, "\n  ")
		}
	}
}
