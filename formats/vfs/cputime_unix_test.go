//go:build unix

package vfs_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used (user and system): on a shared
// machine it measures the work, where wall time also counts the waits for a core.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
