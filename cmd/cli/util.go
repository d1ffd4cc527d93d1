package cli

import (
	"os"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

func readYAML(path string, out any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return yaml.Unmarshal(data, out)
}

// splitSeats parses a --seats list.
func splitSeats(s string) ([]string, error) {
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			return nil, usagef("--seats %q: empty bot name", s)
		}
		out = append(out, p)
	}
	return out, nil
}

// cycleSeats repeats the list to fill every seat.
func cycleSeats(seats []string, players int) []string {
	out := make([]string, players)
	for i := range out {
		out[i] = seats[i%len(seats)]
	}
	return out
}

func sortStrings(s []string) { sort.Strings(s) }
