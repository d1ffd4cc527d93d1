package scripting

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// toGo gives the same float64 for every number, preboxed (0..255) or not; -0 stays -0.
func TestToGoNumbers(t *testing.T) {
	for _, f := range []float64{0, 1, 7, 255, 256, 1000, -1, 0.5, 2.25, -3, 1e15} {
		v, err := toGo(lua.LNumber(f))
		require.NoError(t, err)
		assert.Equal(t, f, v)
	}
	v, err := toGo(lua.LNumber(math.Copysign(0, -1)))
	require.NoError(t, err)
	assert.True(t, math.Signbit(v.(float64)), "-0 keeps its sign")
	_, err = toGo(lua.LNumber(math.NaN()))
	assert.Error(t, err)
}
