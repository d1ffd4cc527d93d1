package scripting

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	lua "github.com/yuin/gopher-lua"

	"github.com/ruleslab/ruleslab/core"
)

// zoneNames answers what Game.ZoneIndex answers, for the same string again, for another string with
// the same bytes, for names that are not zones, and after the handle meets another game.
func TestZoneNamesAnswerAsZoneIndex(t *testing.T) {
	a := &core.Game{Zones: []core.ZoneDef{{Name: "deck"}, {Name: "hand"}, {Name: "pile"}}}
	b := &core.Game{Zones: []core.ZoneDef{{Name: "pile"}, {Name: "deck"}}}
	var c zoneNames
	hand := "hand"
	names := []string{hand, hand, strings.Clone(hand), "pile", "deck", "", "nope", "hand!"[:4], "han", hand}
	for _, game := range []*core.Game{a, b, a} {
		for round := 0; round < 2; round++ { // the second round finds the names remembered
			for _, name := range names {
				wantI, wantOK := game.ZoneIndex(name)
				i, ok := c.index(game, name)
				assert.Equal(t, wantOK, ok, "%q", name)
				if wantOK {
					assert.Equal(t, wantI, i, "%q", name)
				}
			}
		}
	}
}

// toInt takes whole numbers within float64's exact integers, and nothing else.
func TestToInt(t *testing.T) {
	cases := []struct {
		v    float64
		want int
		ok   bool
	}{
		{0, 0, true}, {3, 3, true}, {-2, -2, true}, {2.5, 0, false}, {-0.5, 0, false},
		{maxExactInt, maxExactInt, true}, {-maxExactInt, -maxExactInt, true},
		{maxExactInt * 2, 0, false}, {-maxExactInt * 2, 0, false},
		{math.NaN(), 0, false}, {math.Inf(1), 0, false}, {math.Inf(-1), 0, false},
	}
	for _, c := range cases {
		i, ok := toInt(lua.LNumber(c.v))
		assert.Equal(t, c.ok, ok, "%v", c.v)
		assert.Equal(t, c.want, i, "%v", c.v)
	}
	_, ok := toInt(lua.LString("3"))
	assert.False(t, ok, "a string is not a number here")
}
