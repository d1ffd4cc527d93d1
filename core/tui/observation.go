package tui

import (
	"fmt"
	"io"
	"strings"

	"github.com/ruleslab/ruleslab/core"
)

// renderObservation prints an observation generically: zones (cards or sizes), values and scores.
func renderObservation(w io.Writer, o *core.Observation) {
	for _, z := range o.Zones {
		name := z.Name
		if z.Seat >= 0 {
			name = fmt.Sprintf("%s[%d]", z.Name, z.Seat)
			if z.Seat == o.Seat {
				name += " (yours)"
			}
		}
		if z.Visible {
			if z.Count == 0 {
				fmt.Fprintf(w, "  %-18s -\n", name)
			} else {
				fmt.Fprintf(w, "  %-18s %s\n", name, strings.Join(z.Cards, " "))
			}
		} else if z.Count > 0 {
			fmt.Fprintf(w, "  %-18s %d face down\n", name, z.Count)
		}
	}
	if len(o.Vars) > 0 {
		fmt.Fprintf(w, "  %s\n", valueInWords(o.Vars))
	}
	for i, m := range o.SeatVars {
		if len(m) > 0 {
			fmt.Fprintf(w, "  seat %d: %s\n", i, valueInWords(m))
		}
	}
	fmt.Fprintf(w, "  scores: %v\n", o.Scores)
}
