//go:build linux

package gui

import "syscall"

// rusageThread is Linux's RUSAGE_THREAD: the calling thread's times alone.
const rusageThread = 1

// threadCPUNanos is the calling thread's user+system CPU time. A GL benchmark
// runs on the thread locked to the context, so this is the viewer's own frame
// thread: without llvmpipe's rasteriser threads, which cpuNanos also counts.
func threadCPUNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
