package scripting_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/scripting"
)

// g:memo keeps a value for every later game of the program on the same host, and only there.
func TestMemoOutlivesAGameOnItsHost(t *testing.T) {
	p := loadProgram(t, "testdata/memo.yaml", "")
	h := scripting.NewHost()
	defer h.Close()
	seen := func(h *scripting.Host) any {
		_, s, err := startGame(p, h, 2, 1)
		require.NoError(t, err)
		return s.Events()[0].Fields["seen"]
	}
	require.Equal(t, "none", seen(h))
	require.Equal(t, "kept", seen(h))
	other := scripting.NewHost()
	defer other.Close()
	require.Equal(t, "none", seen(other))
}
