// Package tests holds the end-to-end tests of the ruleslab command line: testscript files under
// testdata/script (one folder per game, each file naming the rule ids it checks), the examples of
// README.md and docs/, and determinism and hidden-information checks over whole games.
package tests
