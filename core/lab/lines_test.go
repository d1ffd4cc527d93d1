package lab

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Lines reads complete lines only: a partial last line (a run killed while writing) ends the file and
// is reported, with the bytes of the complete lines before it.
func TestLinesStopsAtAPartialLine(t *testing.T) {
	l := NewLines("f.jsonl", strings.NewReader("{\"index\":0}\n{\"index\":1}\n{\"ind"))
	var rec struct {
		Index int `json:"index"`
	}
	for want := range 2 {
		ok, err := l.Decode(&rec, "not a record")
		require.NoError(t, err)
		require.True(t, ok)
		assert.Equal(t, want, rec.Index)
	}
	ok, err := l.Decode(&rec, "not a record")
	require.NoError(t, err)
	assert.False(t, ok)
	assert.True(t, l.Partial)
	assert.Equal(t, 2, l.Line)
	assert.Equal(t, int64(24), l.Offset)
}

func TestLinesNamesTheBadLine(t *testing.T) {
	l := NewLines("f.jsonl", strings.NewReader("{}\nnot json\n"))
	var v map[string]any
	_, err := l.Decode(&v, "x")
	require.NoError(t, err)
	_, err = l.Decode(&v, "not a game record")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "f.jsonl:2: not a game record: ")
}

// zeros is an endless file without a newline, as /dev/zero reads.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// A line longer than MaxLine is an error naming it, not a read that fills the memory (`--out /dev/zero
// --resume`, `replay /dev/zero` never ended).
func TestLinesRefusesAnEndlessLine(t *testing.T) {
	l := NewLines("f.jsonl", io.MultiReader(strings.NewReader("{}\n"), zeros{}))
	l.MaxLine = 1 << 20
	data, err := l.Next()
	require.NoError(t, err)
	assert.Equal(t, "{}", string(data))
	_, err = l.Next()
	assert.EqualError(t, err, "f.jsonl:2: a line longer than 1 MiB: not a file ruleslab wrote")
}

func TestParseAxisAndTarget(t *testing.T) {
	ax, err := ParseAxis("params.x = [1,2], {a: 3}, 4")
	require.NoError(t, err)
	assert.Equal(t, Axis{Key: "params.x", Values: []string{"[1,2]", "{a: 3}", "4"}}, ax)
	_, err = ParseAxis("params.x=1,,2")
	assert.IsType(t, &UsageError{}, err)
	for _, s := range []string{"win.0=50%±5%", "win.0=0.5+-0.05", "win.0=0.5+/-5%"} {
		tg, err := ParseTarget(s)
		require.NoError(t, err, s)
		assert.Equal(t, "win.0", tg.Measure)
		assert.InDelta(t, 0.5, tg.Value, 1e-12, s)
		assert.InDelta(t, 0.05, tg.Tol, 1e-12, s)
	}
	_, err = ParseTarget("moves=60±0")
	assert.IsType(t, &UsageError{}, err)
}

func TestWithIterations(t *testing.T) {
	assert.Equal(t, "ismcts:iterations=400", WithIterations("ismcts", 400))
	assert.Equal(t, "ismcts:iterations=400,rollout=greedy", WithIterations("ismcts:it=10,rollout=greedy", 400))
}
