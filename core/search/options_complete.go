package search

import "sort"

// optionChoices are the fixed words an option takes (besides numbers and the game's bots), for
// completion; an option missing here takes a number.
var optionChoices = map[string][]string{
	"rollout":   {"random", "mast", "rules"},
	"prior":     {"none"},
	"horizon":   {"round", "none"},
	"observers": {"single", "multi"},
	"reward":    {"win", "pairwise"},
}

// OptionKeys are the option names of an ismcts spec, sorted (without the short alias `it`).
func OptionKeys() []string {
	keys := make([]string, 0, len(optionSetters))
	for k := range optionSetters {
		if k != "it" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// OptionValues are the words option key may take: its fixed choices and, for rollout and prior, the
// game's bots; nil for an option that takes a number.
func OptionValues(key string, bots []string) []string {
	out := append([]string(nil), optionChoices[key]...)
	if key == "rollout" || key == "prior" {
		out = append(out, bots...)
	}
	return out
}
