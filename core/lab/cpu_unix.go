//go:build unix

package lab

import (
	"time"

	"golang.org/x/sys/unix"
)

// processCPU is the CPU time (user and system) every thread of this process has used, or -1 when it
// cannot be read.
func processCPU() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
