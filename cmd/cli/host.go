package cli

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/coverage"
	"github.com/ruleslab/ruleslab/core/host"
	"github.com/ruleslab/ruleslab/core/lab"
)

// HostOptions are the options of `ruleslab host`.
type HostOptions struct {
	IO             *IO
	Game           string
	Variant        string
	Seats          string
	Players        int
	Seed           uint64
	ClockSeed      bool
	Games          int
	Listen         string
	HostKey        string
	Code           string
	AuthorizedKeys string
	Idle           time.Duration
	MoveTime       time.Duration
	Log            string
}

// NewCmdHost builds `ruleslab host`; runF runs the parsed options (nil: runHost).
func NewCmdHost(io *IO, runF func(*HostOptions) error) *cobra.Command {
	opts := &HostOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "host GAME",
		Short: "Host a playtest over SSH: people join from their terminals (ssh -p PORT NAME@HOST), bots play the other seats",
		Long: `Serves the game's full-screen table over SSH. Each human seat of --seats is taken by the first person who
joins with a new name (the join code is the password); the game starts when every human seat is taken.
A dropped connection keeps its seat: joining again with the same name resumes it. Anyone joining after
that, or as "watch", is a spectator and sees only what every seat sees. Every game is appended to --log
as sim --log writes games, so replay re-plays it.`,
		Example: `  ruleslab host simino --seats human,human,greedy
  ssh -p 2222 alice@HOST
  ruleslab replay playtest.jsonl`,
		Args: exactArgs(1, "a GAME (bundled id or YAML path)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Game = args[0]
			opts.ClockSeed = !cmd.Flags().Changed("seed")
			return runOr(runF, runHost)(opts)
		},
	}
	f := cmd.Flags()
	registerVariant(f, &opts.Variant)
	f.StringVar(&opts.Seats, "seats", "human,human", "who plays each seat, in order: human (a person over SSH) or a bot spec; unlisted seats are random")
	f.IntVar(&opts.Players, "players", 0, "number of players (default: the number of --seats when the game allows it, else the game's)")
	f.Uint64Var(&opts.Seed, "seed", 0, "the first game's seed, game N plays seed+N-1 (default: from the clock, printed)")
	f.IntVar(&opts.Games, "games", 1, "games in a row, with running totals")
	f.StringVar(&opts.Listen, "listen", ":2222", "address to listen on (host:port)")
	f.StringVar(&opts.HostKey, "host-key", "", "the host key's file, made once when missing (default: ruleslab/host_ed25519 in the user's configuration folder)")
	f.StringVar(&opts.Code, "code", "", "the join code people type as their SSH password (default: a new random code, printed)")
	f.StringVar(&opts.AuthorizedKeys, "authorized-keys", "", "an authorized_keys file: its keys may join without the code (alone: keys only, no code)")
	f.DurationVar(&opts.Idle, "idle", 30*time.Minute, "close a connection idle this long")
	f.DurationVar(&opts.MoveTime, "move-time", 10*time.Minute, "a human seat that does not move in this time has a random move played for it (0: no limit)")
	f.StringVar(&opts.Log, "log", "playtest.jsonl", "the file every game is appended to (the format of sim --log)")
	return cmd
}

// hostSession checks the options and loads the game into a session's options.
func hostSession(opts *HostOptions) (*host.Options, error) {
	if opts.ClockSeed {
		opts.Seed = uint64(time.Now().UnixNano())
	}
	if opts.Games < 1 {
		return nil, usagef("--games must be at least 1")
	}
	p, players, err := loadGame(opts.Game, opts.Variant, opts.Players)
	if err != nil {
		return nil, err
	}
	players = seatedPlayers(p, opts.Seats, opts.Players, players)
	reg := bots.For(p, bots.ExtOptions{})
	seats, err := playSeats(reg, opts.Seats, players)
	if err != nil {
		return nil, err
	}
	if !strings.Contains(strings.Join(seats, ","), "human") {
		return nil, usagef("--seats: a hosted game needs a human seat")
	}
	o := &host.Options{Program: p, Registry: reg, Game: opts.Game, Variant: opts.Variant, Seats: seats, Seed: opts.Seed,
		Games: opts.Games, Rules: coverage.RulesText(p.Game.Config), Listen: opts.Listen, HostKey: opts.HostKey,
		Code: opts.Code, AuthorizedKeys: opts.AuthorizedKeys, Idle: opts.Idle, MoveTime: opts.MoveTime, Out: opts.IO.Err}
	if o.HostKey == "" {
		if o.HostKey, err = host.DefaultHostKey(); err != nil {
			return nil, err
		}
	}
	if o.Code == "" && o.AuthorizedKeys == "" {
		if o.Code, err = host.NewCode(); err != nil {
			return nil, err
		}
	}
	// every game is appended to --log: it may not be a file the session reads
	inputs := append(lab.GameInputs(p, seats), o.HostKey)
	if o.AuthorizedKeys != "" {
		inputs = append(inputs, o.AuthorizedKeys)
	}
	if err := lab.CheckOutputs(inputs, map[string]string{"--log": opts.Log}); err != nil {
		return nil, err
	}
	return o, nil
}

func runHost(opts *HostOptions) error {
	o, err := hostSession(opts)
	if err != nil {
		return err
	}
	logFile, err := os.OpenFile(opts.Log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("--log: %v", err)
	}
	defer logFile.Close()
	o.Log = logFile
	session := host.NewSession(o)
	srv, err := host.NewServer(session)
	if err != nil {
		return fmt.Errorf("--listen %s: %v", opts.Listen, err)
	}
	printJoin(opts, o, srv.Addr().String())
	served := make(chan error, 1)
	go func() { served <- srv.Serve() }()
	ctx, stop := stopSignals()
	defer stop()
	err = session.Run(ctx)
	time.Sleep(time.Second) // the screens show the session's last word before their connections close
	closing, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Close(closing)
	if ctx.Err() != nil { // a signal stopped the session, in the lobby or mid-game (exit 130)
		opts.IO.stopped = true
		fmt.Fprintln(opts.IO.Err, "interrupted: the session was stopped; finished games are in", opts.Log)
		return <-served
	}
	if err != nil {
		return err
	}
	return <-served
}

// printJoin prints what people need to join, on stdout: the address, the code, the command.
func printJoin(opts *HostOptions, o *host.Options, addr string) {
	w := opts.IO.Out
	fmt.Fprintf(w, "%s, %d seats: %s; %d game(s) from seed %d\n", o.Program.Game.Name(), len(o.Seats), strings.Join(o.Seats, ", "), o.Games, o.Seed)
	fmt.Fprintf(w, "listening on %s (host key %s)\n", addr, o.HostKey)
	port := addr[strings.LastIndex(addr, ":")+1:]
	fmt.Fprintf(w, "join with:  ssh -p %s NAME@HOST   (NAME: your name, or watch to watch)\n", port)
	if o.Code != "" {
		fmt.Fprintf(w, "join code (the password): %s\n", o.Code)
	}
	if o.AuthorizedKeys != "" {
		fmt.Fprintf(w, "keys of %s join without a code\n", o.AuthorizedKeys)
	}
	fmt.Fprintf(w, "games are appended to %s (ruleslab replay %s)\n", opts.Log, opts.Log)
}
