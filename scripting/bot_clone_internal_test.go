package scripting

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
	lua "github.com/yuin/gopher-lua"
)

// The mirror of gopher-lua's tables matches the library built in: else no bot would be copied (each
// loaded for every seat and game, slowly) and nothing else would say so.
func TestTableLayoutMatchesGopherLua(t *testing.T) {
	require.True(t, tableLayoutOK)
}

func TestSameLayout(t *testing.T) {
	type a struct {
		X int
		y []string
	}
	type b struct {
		X int
		y []string
	}
	type renamed struct {
		X int
		z []string
	}
	type retyped struct {
		X int
		y []int
	}
	type longer struct {
		X int
		y []string
		w bool
	}
	for _, c := range []struct {
		other reflect.Type
		same  bool
	}{
		{reflect.TypeFor[b](), true},
		{reflect.TypeFor[renamed](), false},
		{reflect.TypeFor[retyped](), false},
		{reflect.TypeFor[longer](), false},
		{reflect.TypeFor[int](), false},
	} {
		require.Equal(t, c.same, sameLayout(reflect.TypeFor[a](), c.other), c.other.String())
	}
	require.True(t, sameLayout(reflect.TypeFor[lua.LTable](), reflect.TypeFor[luaTableLayout]()))
}
