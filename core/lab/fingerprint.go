package lab

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/ruleslab/ruleslab/core/bots"
	"github.com/ruleslab/ruleslab/core/config"
	"github.com/ruleslab/ruleslab/scripting"
)

// RulesFingerprint is a fingerprint of the rules the programs play: each one's configuration as
// resolved (YAML, variant and overlays applied) and the contents of its rule and bot scripts. A results
// file records it, so that --resume and merge refuse games played under rules edited since. Paths do
// not enter it (only contents), so shards played from checkouts in different folders agree.
func RulesFingerprint(progs ...*scripting.Program) (string, error) {
	h := sha256.New()
	for _, p := range progs {
		cfg := p.Game.Config
		data, err := yaml.Marshal(cfg)
		if err != nil {
			return "", fmt.Errorf("fingerprint of the rules: %v", err)
		}
		fmt.Fprintf(h, "config %d\n", len(data))
		h.Write(data)
		for _, path := range cfg.Scripts {
			if err := hashFile(h, "script", path); err != nil {
				return "", err
			}
		}
		names := make([]string, 0, len(cfg.BotPaths))
		for n := range cfg.BotPaths {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			if err := hashFile(h, "bot "+n, cfg.BotPaths[n]); err != nil {
				return "", err
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// withSeatBots folds the scripts of the `lua:PATH` bots among seats (bot specs) into the rules'
// fingerprint rules: they play the games as much as the game's own bots do, so --resume and merge
// refuse games their earlier code played. Without such a bot the fingerprint is rules.
func withSeatBots(rules string, seats []string) (string, error) {
	var paths []string
	for _, s := range seats {
		if path, ok := strings.CutPrefix(s, bots.LuaPrefix); ok && !slices.Contains(paths, path) {
			paths = append(paths, path)
		}
	}
	if len(paths) == 0 {
		return rules, nil
	}
	h := sha256.New()
	fmt.Fprintf(h, "rules %s\n", rules)
	for _, path := range paths {
		if err := hashFile(h, "seat bot", path); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// hashFile adds a file's contents, tagged and sized, to the hash.
func hashFile(h interface{ Write([]byte) (int, error) }, tag, path string) error {
	src, err := config.ReadFile(config.Locate(path), config.MaxScriptBytes)
	if err != nil {
		return fmt.Errorf("fingerprint of the rules: %s: %v", scripting.DisplayPath(path), err)
	}
	fmt.Fprintf(h, "%s %d\n", tag, len(src))
	h.Write(src)
	return nil
}
