package bots

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSendToABotThatReadsNothing: a message larger than the pipe's buffer cannot be written to a bot
// that reads no input; the engine gives up at the deadline and says why.
func TestSendToABotThatReadsNothing(t *testing.T) {
	b, err := newExtBot("cmd:exec sleep 30", ExtOptions{}, 0, 1, nil)
	require.NoError(t, err)
	require.NoError(t, b.start())
	defer b.stop(0)
	big := map[string]string{"type": "decide", "padding": strings.Repeat("x", 1<<20)}
	err = b.send(big, time.Now().Add(200*time.Millisecond), "no answer", 5*time.Second)
	require.EqualError(t, err, "no answer within 5s (it reads no input)")
}
