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

// killProcessGroup kills the group the command leads (call it before the command is reaped: until
// then its id cannot name another process).
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
