//go:build !unix

package lab

import "time"

// processCPU is the process's CPU time: not read on this system.
func processCPU() time.Duration { return -1 }
