package core

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/ruleslab/ruleslab/core/config"
)

func compileBoards(cfg *config.Game) ([]BoardDef, error) {
	names := make([]string, 0, len(cfg.Boards))
	for n := range cfg.Boards {
		names = append(names, n)
	}
	sort.Strings(names)
	var defs []BoardDef
	for _, n := range names {
		b := cfg.Boards[n]
		d := BoardDef{Name: n, Colors: b.Colors}
		for _, f := range []struct {
			what string
			v    any
			dst  *int
			def  int
		}{{"rows", b.Rows, &d.Rows, 0}, {"cols", b.Cols, &d.Cols, 0}, {"floors", b.Floors, &d.Floors, 1}} {
			v, err := boardSize(cfg, f.v, f.def)
			if err != nil {
				return nil, fmt.Errorf("boards.%s.%s: %v", n, f.what, err)
			}
			*f.dst = v
		}
		if d.Rows*d.Cols*d.Floors > 1<<20 {
			return nil, fmt.Errorf("boards.%s: too many cells", n)
		}
		defs = append(defs, d)
	}
	return defs, nil
}

func boardSize(cfg *config.Game, v any, def int) (int, error) {
	if v == nil {
		if def > 0 {
			return def, nil
		}
		return 0, fmt.Errorf("missing (a positive integer or a param path)")
	}
	if path, ok := v.(string); ok {
		cur := cfg.Param(path)
		if cur == nil {
			if n, err := strconv.Atoi(path); err == nil {
				cur = n
			} else {
				return 0, fmt.Errorf("no param %q", path)
			}
		}
		v = cur
	}
	var n int
	switch x := v.(type) {
	case int:
		n = x
	case int64:
		n = int(x)
	case float64:
		n = int(x)
		if float64(n) != x {
			return 0, fmt.Errorf("%v is not an integer", x)
		}
	default:
		return 0, fmt.Errorf("%v is not an integer", v)
	}
	if n < 1 {
		return 0, fmt.Errorf("%d: must be at least 1", n)
	}
	return n, nil
}
