package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/ruleslab/ruleslab/core/config"
)

// ParamsText writes a game's declared parameters as a table: the dotted path, the value the game plays
// with, the allowed values, the rule and the description, in declaration order.
func ParamsText(w io.Writer, specs []config.ParamSpec) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PARAMETER\tDEFAULT\tALLOWED\tRULE\tDESCRIPTION")
	for _, s := range specs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.Path, ParamValue(s.Default), s.Domain, s.Rule, s.About)
	}
	tw.Flush()
}

// ParamsJSON writes the declared parameters as a JSON array (empty, not null, when there are none).
func ParamsJSON(w io.Writer, specs []config.ParamSpec) error {
	if specs == nil {
		specs = []config.ParamSpec{}
	}
	return JSON(w, specs)
}

// ParamValue writes a param's value as a variant file would set it, in YAML flow style: `effective`,
// `[5, 4, 4]`, `{3: 5, 4: 4}` (a map's keys sorted).
func ParamValue(v any) string {
	switch v := v.(type) {
	case []any:
		items := make([]string, len(v))
		for i, x := range v {
			items[i] = ParamValue(x)
		}
		return "[" + strings.Join(items, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for i, k := range keys {
			keys[i] = k + ": " + ParamValue(v[k])
		}
		return "{" + strings.Join(keys, ", ") + "}"
	case nil:
		return "~"
	}
	return fmt.Sprint(v)
}
