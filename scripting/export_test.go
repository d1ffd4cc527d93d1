package scripting

// Mutators lists the g methods that change the game (for the tests of package scripting_test).
func Mutators() []string { return append([]string(nil), mutators...) }
