//go:build linux

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// robustChildArgs carries a command line to TestRobustnessChild: the binary,
// then its arguments, separated by \x1f.
const robustChildArgs = "ANIMSCOPE_ROBUST_CHILD_ARGS"

// robustChildResult names the file where TestRobustnessChild writes what the
// command did (childResult's fields, space-separated).
const robustChildResult = "ANIMSCOPE_ROBUST_CHILD_RESULT"

// TestRobustnessChild is not a test of its own: runBounded runs the test binary
// again with robustChildArgs set, and this starts that one command under the
// memory limit, waits for it and writes its exit, signal, CPU time and peak
// resident set to the file robustChildResult names.
//
// The command is started from this fresh process, not from the suite's test
// binary, for the reason TestMemoryChild reads VmHWM: exec hands a program the
// high-water mark of the address space it replaces, which from the suite would
// be the suite's peak; from here it is at most this process's start, a few
// tens of MB. The limit is set here, before the command starts, so the command
// inherits it from its first instruction.
func TestRobustnessChild(t *testing.T) {
	args := os.Getenv(robustChildArgs)
	if args == "" {
		t.Skip("runs only as TestRobustness's child process (runBounded)")
	}
	lim := unix.Rlimit{Cur: robustMemory, Max: robustMemory}
	if err := unix.Setrlimit(unix.RLIMIT_DATA, &lim); err != nil {
		fmt.Fprintln(os.Stderr, "robust child: setrlimit RLIMIT_DATA:", err)
		os.Exit(3)
	}
	words := strings.Split(args, "\x1f")
	// The wall-clock limit is kept here, so that a hanging command is killed and
	// reaped by its own parent; runBounded's limit behind it is a backstop.
	ctx, cancel := context.WithTimeout(context.Background(), robustWall)
	defer cancel()
	cmd := exec.CommandContext(ctx, words[0], words[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, os.Stdout, os.Stderr
	// The command also dies with this process, should that be killed.
	// Pdeathsig follows the thread that started the child, so that thread is
	// kept for the wait.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	runtime.LockOSThread()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "robust child:", err)
		os.Exit(3)
	}
	cmd.Wait() // the exit is read from ProcessState below
	ps := cmd.ProcessState
	r := childResult{code: ps.ExitCode(), cpuNS: (ps.UserTime() + ps.SystemTime()).Nanoseconds()}
	if ctx.Err() != nil {
		r.killed = 1
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.signal = int(ws.Signal())
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		r.peakKB = ru.Maxrss // kilobytes on Linux
	}
	if err := os.WriteFile(os.Getenv(robustChildResult), []byte(r.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "robust child:", err)
		os.Exit(3)
	}
	os.Exit(0) // before the testing package prints PASS into the command's output
}

// childResult is what TestRobustnessChild reports of its command.
type childResult struct {
	code, signal, killed int // killed: 1 when the wall-clock limit stopped it
	cpuNS, peakKB        int64
}

func (r childResult) String() string {
	return fmt.Sprintf("%d %d %d %d %d", r.code, r.signal, r.killed, r.cpuNS, r.peakKB)
}

// parseChildResult reads childResult.String's form.
func parseChildResult(s string) (childResult, error) {
	var r childResult
	if _, err := fmt.Sscanf(s, "%d %d %d %d %d", &r.code, &r.signal, &r.killed, &r.cpuNS, &r.peakKB); err != nil {
		return r, fmt.Errorf("robust child's result %q: %v", s, err)
	}
	return r, nil
}

// TestRunBoundedPeakIsTheCommands: a command's peak as runBounded measures it is
// its own, not the suite's: with this process grown to 300 MB, `true` still
// peaks at a few MB (through the child process; started from here, its maxrss
// would be at least this process's 300 MB).
func TestRunBoundedPeakIsTheCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: grows the test process to 300 MB")
	}
	bin, err := exec.LookPath("true")
	if err != nil {
		t.Skip("no true command:", err)
	}
	ballast := make([]byte, 300<<20)
	for i := 0; i < len(ballast); i += 4096 {
		ballast[i] = 1 // resident
	}
	hwm, err := vmHWM()
	if err != nil {
		t.Skip(err)
	}
	if hwm < 300<<10 {
		t.Fatalf("this process's peak is %d kB after touching 300 MB, want at least %d", hwm, 300<<10)
	}
	r := runBounded(t, bin, t.TempDir(), nil)
	runtime.KeepAlive(ballast)
	if r.code != 0 || r.signal != "" || r.killed {
		t.Fatalf("true: exit %d, signal %q, killed %v, want exit 0", r.code, r.signal, r.killed)
	}
	if r.peak > 64<<20 {
		t.Errorf("true's peak = %d MB with the suite at %d MB, want at most 64 MB (the suite's peak leaked into the command's)", r.peak>>20, hwm>>10)
	}
}
