// Package tui is the terminal of `ruleslab play`: the human seats, each a core.Bot that asks a person
// at the keyboard and shows only its seat's observation.
//
// It owns the shared Terminal (the screen, the keyboard, the hand-off between two people at one
// terminal), a decision's screen (the events since the seat's last decision in words, the boards or
// the game's own text, the legal moves grouped to fit 50 lines), the prompt's commands (help, moves,
// log, hint, quit) and the matching of a typed move. A decision is a small model (the view, its legal
// moves and events) that the prompt's lines update until one names a move, and that draw shows.
package tui
