package core

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

// Runs gives each run of copies of one id once, in order; copies apart come once per run.
func TestRunsGiveEachRunOfCopiesOnce(t *testing.T) {
	cat, err := NewCatalog([]config.Component{{Kind: "a", ID: "A", Count: 3}, {Kind: "b", ID: "B", Count: 2}})
	require.NoError(t, err)
	a1, a2, a3, b1, b2 := CardIdx(0), CardIdx(1), CardIdx(2), CardIdx(3), CardIdx(4)
	for _, c := range []struct {
		cards []CardIdx
		want  []CardIdx
	}{
		{nil, nil},
		{[]CardIdx{a2}, []CardIdx{a2}},
		{[]CardIdx{a1, a2, a3, b1, b2}, []CardIdx{a1, b1}},
		{[]CardIdx{a3, b2, a1, a2}, []CardIdx{a3, b2, a1}},
		{[]CardIdx{b1, b2, b1}, []CardIdx{b1}},
	} {
		var got []CardIdx
		cat.Runs(c.cards, func(card CardIdx) { got = append(got, card) })
		require.Equal(t, c.want, got, "cards %v", c.cards)
	}
}
