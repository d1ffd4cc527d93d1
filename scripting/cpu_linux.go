package scripting

import "golang.org/x/sys/unix"

// gettid is the calling OS thread's id.
func gettid() int32 { return int32(unix.Gettid()) }

// threadCPU is the CPU time (user and system) thread tid of this process has used, in ns, or -1 when
// it cannot be read (the thread is gone). Linux's clock id for a thread: MAKE_THREAD_CPUCLOCK(tid,
// CPUCLOCK_SCHED).
func threadCPU(tid int32) int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime((^tid)<<3|6, &ts); err != nil {
		return -1
	}
	return ts.Nano()
}
