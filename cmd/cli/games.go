package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/ruleslab/ruleslab/core/config"
)

// GamesOptions are the options of `ruleslab games`.
type GamesOptions struct {
	IO   *IO
	JSON bool
}

// NewCmdGames builds `ruleslab games`; runF runs the parsed options (nil: runGames).
func NewCmdGames(io *IO, runF func(*GamesOptions) error) *cobra.Command {
	opts := &GamesOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the bundled games, their player counts and variants",
		Args:  exactArgs(0, "no arguments"),
		RunE:  func(*cobra.Command, []string) error { return runOr(runF, runGames)(opts) },
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return cmd
}

type gameInfo struct {
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Players  []int    `json:"players"`
	Default  int      `json:"default_players"`
	Variants []string `json:"variants"`
	Bots     []string `json:"bots"`
}

func runGames(opts *GamesOptions) error {
	games, err := config.BundledGames()
	if err != nil {
		return err
	}
	var infos []gameInfo
	for _, b := range games {
		cfg, err := config.Load(b.Path)
		if err != nil {
			return err
		}
		info := gameInfo{ID: b.ID, Title: cfg.Title, Default: cfg.Players.Default, Variants: b.Variants, Bots: []string{"random"}}
		for p := cfg.Players.Min; p <= cfg.Players.Max; p++ {
			info.Players = append(info.Players, p)
		}
		for name := range cfg.BotPaths {
			info.Bots = append(info.Bots, name)
		}
		if info.Variants == nil {
			info.Variants = []string{}
		}
		infos = append(infos, info)
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.IO.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(infos)
	}
	tw := tabwriter.NewWriter(opts.IO.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tTITLE\tPLAYERS\tVARIANTS\tBOTS")
	for _, i := range infos {
		players := fmt.Sprintf("%d-%d", i.Players[0], i.Players[len(i.Players)-1])
		if len(i.Players) == 1 {
			players = fmt.Sprint(i.Players[0])
		}
		variants := strings.Join(i.Variants, ", ")
		if variants == "" {
			variants = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", i.ID, i.Title, players, variants, strings.Join(i.Bots, ", "))
	}
	return tw.Flush()
}
