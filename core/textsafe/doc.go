// Package textsafe makes text that a game's files or an external program wrote safe to print on a
// terminal: its control characters (escape sequences can retitle, clear or reprogram a terminal) are
// shown as escapes instead of being sent raw. Every place that prints such text (hook errors, hook
// output, an external bot's stderr) calls Escape at the print boundary.
package textsafe
