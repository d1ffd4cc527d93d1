// Command ruleslab is a command-line sandbox for tabletop rules: play, simulate and check games defined
// as YAML and Lua.
package main

import (
	"os"

	"github.com/ruleslab/ruleslab/cmd/cli"
)

func main() {
	os.Exit(cli.Main(cli.System()))
}
