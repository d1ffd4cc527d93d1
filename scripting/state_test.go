package scripting_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"ruleslab/scripting"
)

func TestCloneIsIndependentAndReplaysIdentically(t *testing.T) {
	p := loadProgram(t, "mimic-taking", "")
	h := scripting.NewHost()
	defer h.Close()
	s, err := p.NewState(h, 4, 11, nil)
	require.NoError(t, err)
	for i := 0; i < 7; i++ {
		require.NoError(t, s.Apply(s.Legal()[0]))
	}
	before, _ := json.Marshal(s.Observe(0))
	c := s.Clone()
	// the clone goes its own way (including its random draws)...
	for !c.Over() {
		require.NoError(t, c.Apply(c.Legal()[len(c.Legal())-1]))
	}
	after, _ := json.Marshal(s.Observe(0))
	assert.JSONEq(t, string(before), string(after), "playing the clone changed the original")
	// ...and a second clone from the same point makes the same game.
	c2 := s.Clone()
	for !c2.Over() {
		require.NoError(t, c2.Apply(c2.Legal()[len(c2.Legal())-1]))
	}
	e1, _ := json.Marshal(c.Events())
	e2, _ := json.Marshal(c2.Events())
	assert.Equal(t, string(e1), string(e2))
}

func TestObservationHidesOtherHands(t *testing.T) {
	p := loadProgram(t, "mimic-taking", "")
	h := scripting.NewHost()
	defer h.Close()
	s, err := p.NewState(h, 4, 5, nil)
	require.NoError(t, err)
	obs := s.Observe(2)
	for _, z := range obs.Zones {
		switch {
		case z.Name == "hand" && z.Seat == 2:
			assert.Len(t, z.Cards, 10)
		case z.Name == "hand":
			assert.Nil(t, z.Cards)
			assert.Equal(t, 10, z.Count)
		}
	}
}
