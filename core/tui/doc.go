// Package tui is the human seats of `ruleslab play` and `ruleslab host`: each a core.Bot that asks a
// person and shows only its seat's observation.
//
// The line screen (pipes, scripts, `play --plain`): the shared Terminal (the screen, the keyboard,
// the hand-off between two people at one terminal), a decision's screen (the events since the seat's
// last decision in words, the boards or the game's own text, the legal moves grouped to fit 50
// lines), the prompt's commands (help, moves, log, hint, quit) and the matching of a typed move. A
// decision is a small model (the view, its legal moves and events) that the prompt's lines update
// until one names a move, and that draw shows.
//
// The full screen (package screen draws it): a Table runs a game for people, building after every
// move a snapshot of each human seat's View (and the spectators', from what every seat sees) in the
// game's goroutine and sending it to that seat's screens; a Human seat's decision waits for its
// screens' answers (a move, a typed line it matches and explains, a hint it searches). FullScreen
// runs one terminal's screen for `play`; package host serves screens over SSH.
package tui
