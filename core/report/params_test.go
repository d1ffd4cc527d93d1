package report

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ruleslab/ruleslab/core/config"
)

// A param's value is written as a variant file would set it.
func TestParamValue(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{"effective", "effective"},
		{3, "3"},
		{0.35, "0.35"},
		{false, "false"},
		{[]any{}, "[]"},
		{[]any{5, 4, 4}, "[5, 4, 4]"},
		{map[string]any{"4": 10, "3": []any{1, 2}}, "{3: [1, 2], 4: 10}"},
		{nil, "~"},
	} {
		assert.Equal(t, c.want, ParamValue(c.v), "%#v", c.v)
	}
}

// No declared parameters: an empty JSON array, never null.
func TestParamsJSONEmpty(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, ParamsJSON(&b, nil))
	assert.Equal(t, "[]\n", b.String())
	b.Reset()
	ParamsText(&b, []config.ParamSpec{{Path: "a.b", Default: 1, Domain: "integer 1..2", Rule: "R-1", About: "x"}})
	assert.Equal(t, "PARAMETER  DEFAULT  ALLOWED       RULE  DESCRIPTION\na.b        1        integer 1..2  R-1   x\n", b.String())
}
