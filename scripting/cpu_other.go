//go:build !linux

package scripting

func gettid() int32 { return 0 }

func threadCPU(tid int32) int64 { return -1 }
