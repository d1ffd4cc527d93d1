// Package host is `ruleslab host`: a playtest over SSH. People join a session from their own terminal
// (`ssh -p PORT NAME@HOST`) and each gets the full-screen table of package screen for their seat only,
// while bots play the other seats; anyone joining once the human seats are taken watches as a
// spectator, who sees only what every seat sees.
//
// A session is a lobby (the seats, who has joined, who has dropped), then one or more games in a row
// with running totals, each logged as `sim --log` logs a game, so `replay` re-plays it. A dropped
// connection keeps its seat: joining again with the same name resumes it.
//
// Safe by default: the host key is made once and kept in a file; a join needs the session's code (or
// a key of an authorized-keys file); a connection gets the table and nothing else (no shell, command,
// port forwarding, agent or file transfer: the server serves no such request); idle connections are
// closed, and a seat that does not move in time has a random move played for it. A connection is sent
// only its seat's snapshots, built from that seat's View.
package host
