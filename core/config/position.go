package config

import (
	"fmt"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// PosError is a problem at a place in a file; it prints as file:line:col: message.
type PosError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *PosError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", Shown(e.File), e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", Shown(e.File), e.Line, e.Col, e.Msg)
}

// ErrorParts flattens errors joined at any depth (errors.Join, or any error with Unwrap() []error)
// into the errors they join, one per problem; any other error is one part.
func ErrorParts(err error) []error {
	multi, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return []error{err}
	}
	var out []error
	for _, e := range multi.Unwrap() {
		if e != nil {
			out = append(out, ErrorParts(e)...)
		}
	}
	return out
}

// nodeFiles remembers which file each node came from, so errors in merged overlays name the right file.
type nodeFiles map[*yaml.Node]string

// files lists the files the nodes came from, first first, then the others sorted.
func (nf nodeFiles) files(first string) []string {
	seen := map[string]bool{}
	for _, f := range nf {
		if abs, err := filepath.Abs(f); err == nil && abs != first {
			seen[abs] = true
		}
	}
	return append([]string{first}, sortedKeys(seen)...)
}

func (nf nodeFiles) errAt(n *yaml.Node, format string, args ...any) error {
	return &PosError{File: nf[n], Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
}

func (nf nodeFiles) mark(n *yaml.Node, file string) {
	if n == nil {
		return
	}
	if _, seen := nf[n]; seen {
		return // a node reached again through an alias (or already marked by an earlier file)
	}
	nf[n] = file
	for _, c := range n.Content {
		nf.mark(c, file)
	}
	if n.Alias != nil {
		nf.mark(n.Alias, file)
	}
}

// yamlSyntaxError turns yaml.v3's "yaml: line N: msg" into file:N:1: msg.
func yamlSyntaxError(path string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
		return &PosError{File: path, Line: line, Col: 1, Msg: msg}
	}
	return &PosError{File: path, Msg: msg}
}
