//go:build !unix

package m2

func cpuNanos() int64 { return 0 }
