// Package config loads game and variant YAML files: strict decoding with file:line:col errors,
// `extends` overlays (maps deep-merge, lists replace) and the bundled game registry.
package config
