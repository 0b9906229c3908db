//go:build !unix

package ozzlike_test

// cpuNanos is 0 where the process's CPU time is not read: no cpu-ns metric.
func cpuNanos() int64 { return 0 }
