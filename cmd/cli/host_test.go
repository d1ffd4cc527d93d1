package cli

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHostOptions(t *testing.T) {
	t.Setenv("RULESLAB_HOME", "../..")
	o := parseCmd(t, NewCmdHost, "simino", "--variant", "whites", "--seats", "human,human,greedy", "--seed", "5", "--games", "3",
		"--listen", "127.0.0.1:2300", "--host-key", "k", "--code", "c0de", "--idle", "1m", "--move-time", "30s", "--log", "p.jsonl")
	assert.Equal(t, HostOptions{IO: o.IO, Game: "simino", Variant: "whites", Seats: "human,human,greedy", Seed: 5, Games: 3, Listen: "127.0.0.1:2300",
		HostKey: "k", Code: "c0de", Idle: time.Minute, MoveTime: 30 * time.Second, Log: "p.jsonl"}, *o)
	s, err := hostSession(o)
	require.NoError(t, err)
	assert.Equal(t, []string{"human", "human", "greedy"}, s.Seats, "the players are the seats listed")
	assert.Equal(t, "c0de", s.Code)
	assert.Equal(t, "Simino with whites", s.Program.Game.Config.Title, "the variant is loaded")

	d := parseCmd(t, NewCmdHost, "mito")
	assert.Equal(t, HostOptions{IO: d.IO, Game: "mito", Seats: "human,human", ClockSeed: true, Games: 1, Listen: ":2222",
		Idle: 30 * time.Minute, MoveTime: 10 * time.Minute, Log: "playtest.jsonl"}, *d)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	s, err = hostSession(d)
	require.NoError(t, err)
	assert.Equal(t, []string{"human", "human", "random", "random"}, s.Seats, "2 seats are too few for mito: its default of 4 players, the others random")
	assert.Len(t, s.Code, len("abcde-fghjk"), "a code is made when none is given")
	assert.True(t, strings.HasSuffix(s.HostKey, "ruleslab/host_ed25519"), s.HostKey)

	validation(t, NewCmdHost, func(o *HostOptions) error { _, err := hostSession(o); return err },
		[]string{"simino"}, map[string][]string{
			"--games must be at least 1":           {"--games", "0"},
			"--seats: a hosted game needs a human": {"--seats", "greedy,random"},
			// every game is appended to --log: never to a file the session reads
			"simino.yaml, an input of the command: choose another path": {"--log", "../../variants/simino/simino.yaml"},
			"--log k.key: that is k.key, an input of the command":       {"--host-key", "k.key", "--code", "c", "--log", "k.key"},
			"--log nodir/p.jsonl: no folder nodir":                      {"--log", "nodir/p.jsonl"},
		})
}
