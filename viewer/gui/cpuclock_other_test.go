//go:build !unix

package gui

// cpuNanos is 0 where the process's CPU time is not read: the benchmarks then
// report wall time alone.
func cpuNanos() int64 { return 0 }
