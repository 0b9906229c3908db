//go:build !linux

package gui

// threadCPUNanos is 0 where a thread's CPU time is not read: the benchmarks then
// leave that figure out.
func threadCPUNanos() int64 { return 0 }
