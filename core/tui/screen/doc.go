// Package screen is the full-screen table of one seat (`ruleslab play` in a terminal, `ruleslab host`
// over SSH): a bubbletea model that draws a Snapshot and turns keys into Answers.
//
// The model never holds a game: everything it draws is a Snapshot, built by package tui from the
// seat's View alone (its observation, its legal moves, the events it may see, all in words), and
// everything it decides is an Answer (a move's index, a typed line, a request for a hint) sent back
// to the seat, which checks it against the game. So what a seat's screen (or an SSH connection) shows
// can hold nothing the seat may not see, and the model is tested by sending it messages.
package screen
