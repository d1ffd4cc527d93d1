//go:build unix

package bots

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the command in a process group of its own, so that everything it starts can
// be stopped with it.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup kills the group the command led, also when the command (the bot's shell) has exited
// and been reaped: what it left running in its group is killed with it. The group's id cannot name
// another group while any of its processes lives (a pid is not reused while it is a live group's id);
// with none left, there is nothing to kill.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
