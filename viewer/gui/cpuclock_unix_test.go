//go:build unix

package gui

import "syscall"

// cpuNanos is the process's user+system CPU time: on a shared, loaded machine it
// measures what the benchmark itself spent, where wall time also counts the time
// other processes held the cores.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
