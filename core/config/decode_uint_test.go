package config

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDecodeUnsigned(t *testing.T) {
	type doc struct {
		Seed *uint64 `yaml:"seed"`
	}
	dir := t.TempDir()
	write := func(text string) string {
		p := filepath.Join(dir, "x.yaml")
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	var d doc
	_, err := DecodeFile(write("seed: 18446744073709551615\n"), &d)
	require.NoError(t, err)
	require.Equal(t, uint64(18446744073709551615), *d.Seed)
	_, err = DecodeFile(write("seed: -1\n"), &doc{})
	require.ErrorContains(t, err, "expected a non-negative integer")
	_, err = DecodeFile(write("seed: x\n"), &doc{})
	require.ErrorContains(t, err, "expected a non-negative integer")
}
