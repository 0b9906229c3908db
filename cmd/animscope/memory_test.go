//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"animscope/formats/msh/mshtest"
	"animscope/formats/vca/vcatest"
)

// memChildArgs carries a command line to the child process (TestMemoryChild),
// its words separated by \x1f.
const memChildArgs = "ANIMSCOPE_MEMCHILD_ARGS"

// memChildPeak names the file where the child writes its peak resident set.
const memChildPeak = "ANIMSCOPE_MEMCHILD_PEAK"

// TestMemoryChild is not a test of its own: TestMemoryBound runs the test binary
// again with memChildArgs set, and this runs that one command line and writes
// its own peak resident set (VmHWM) to the file memChildPeak names.
//
// The peak is read from /proc/self/status, not from getrusage's maxrss: Go starts
// a child with vfork semantics (the child shares the parent's address space until
// exec), and Linux folds the old address space's high-water mark into the new
// program's maxrss at exec, so maxrss reports the parent's peak whenever that is
// larger (after a GL test in the same binary, say). VmHWM belongs to the address
// space exec made, so it is the command's alone.
func TestMemoryChild(t *testing.T) {
	args := os.Getenv(memChildArgs)
	if args == "" {
		t.Skip("runs only as TestMemoryBound's child process")
	}
	code := run(strings.Split(args, "\x1f"), os.Stdout, os.Stderr)
	if p := os.Getenv(memChildPeak); p != "" {
		if kb, err := vmHWM(); err == nil {
			os.WriteFile(p, []byte(strconv.FormatUint(kb, 10)), 0o644)
		}
	}
	os.Exit(code)
}

// vmHWM is this process's peak resident set in kilobytes, from /proc/self/status.
func vmHWM() (uint64, error) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		}
	}
	return 0, fmt.Errorf("/proc/self/status has no VmHWM line")
}

// memFile is a large valid file written by the project's own writers.
type memFile struct {
	name  string
	file  string
	big   bool // tens of seconds and hundreds of MB before the fix: ANIMSCOPE_MEMTEST=1
	write func(path string) error
	// noExport leaves export out on a moderate file (seconds each; export's own
	// bound is formats/gltf's TestExportMemoryBound).
	noExport bool
}

func writeBytes(b func() []byte) func(string) error {
	return func(path string) error { return os.WriteFile(path, b(), 0o644) }
}

// mshChain writes an MSH chain of n nodes (one triangle and one key each).
func mshChain(n int) func(string) error {
	return func(path string) error {
		m := mshtest.NewChain(n, 2)
		for i := range m.Nodes {
			m.Nodes[i].Keys = m.Nodes[i].Keys[:1] // Res8 holds at most 65,535 keys
		}
		return m.WriteFile(path)
	}
}

var memFiles = []memFile{
	{"boxes", "boxes.vcm", false, writeBytes(func() []byte { return vcatest.Boxes(30000) }), false},
	{"bones", "bones.vcm", false, writeBytes(func() []byte { return vcatest.Bones(6000) }), true},
	{"100000 boxes", "boxes.vcm", true, writeBytes(func() []byte { return vcatest.Boxes(100000) }), false},
	{"32000 bones", "bones.vcm", true, writeBytes(func() []byte { return vcatest.Bones(32000) }), false},
	{"MSH chain of 65534 nodes", "chain.msh", true, mshChain(65534), false},
}

// memCommands are the commands measured; output is what each one writes (its
// standard output, or the exported file), counted into the bound.
var memCommands = []struct {
	name string
	args func(in, out string) []string
}{
	{"inspect", func(in, _ string) []string { return []string{"inspect", in} }},
	{"inspect --json", func(in, _ string) []string { return []string{"inspect", "--json", in} }},
	{"validate", func(in, _ string) []string { return []string{"validate", in} }},
	{"sample", func(in, _ string) []string { return []string{"sample", in} }},
	{"sample --json", func(in, _ string) []string { return []string{"sample", "--json", in} }},
	{"diff", func(in, _ string) []string { return []string{"diff", in, in} }},
	{"export", func(in, out string) []string { return []string{"export", "--out", out, in} }},
}

// TestMemoryBound runs every command on large valid files, each in a child
// process, and holds its peak resident set to 4 × (input + output) + 64 MB (issue
// 15, item 12); diff reads its input twice, and the output is the standard output
// or the exported file. The moderate files always run; the large ones
// (hundreds of MB and seconds each before the fix) only with ANIMSCOPE_MEMTEST=1.
func TestMemoryBound(t *testing.T) {
	if os.Getenv(memChildArgs) != "" {
		t.Skip("inside a child process")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("cannot find the test binary to run again:", err)
	}
	for _, mf := range memFiles {
		t.Run(mf.name, func(t *testing.T) {
			if mf.big && os.Getenv("ANIMSCOPE_MEMTEST") == "" {
				t.Skip("set ANIMSCOPE_MEMTEST=1 to measure every command on this large file")
			}
			dir := t.TempDir()
			in := filepath.Join(dir, mf.file)
			if err := mf.write(in); err != nil {
				t.Fatal(err)
			}
			st, err := os.Stat(in)
			if err != nil {
				t.Fatal(err)
			}
			for _, mc := range memCommands {
				if mc.name == "export" && mf.noExport {
					continue
				}
				out := filepath.Join(dir, "out.glb")
				os.Remove(out)
				args := mc.args(in, out)
				peakFile := filepath.Join(dir, "peak")
				os.Remove(peakFile)
				cmd := exec.Command(exe, "-test.run=^TestMemoryChild$")
				cmd.Env = append(os.Environ(), memChildArgs+"="+strings.Join(args, "\x1f"), memChildPeak+"="+peakFile)
				var counted countingWriter
				var stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &counted, &stderr
				if err := cmd.Run(); err != nil {
					t.Errorf("%s: %v\n%s", mc.name, err, stderr.String())
					continue
				}
				kb, err := os.ReadFile(peakFile)
				if err != nil {
					t.Fatalf("%s: the child wrote no peak (no /proc/self/status VmHWM?): %v", mc.name, err)
				}
				peakKB, err := strconv.ParseUint(string(kb), 10, 64)
				if err != nil {
					t.Fatalf("%s: the child's peak %q: %v", mc.name, kb, err)
				}
				peak := peakKB << 10
				input := st.Size()
				if mc.name == "diff" {
					input *= 2
				}
				output := counted.n
				if ost, err := os.Stat(out); err == nil {
					output += ost.Size()
				}
				bound := uint64(4*(input+output) + 64<<20)
				t.Logf("%-15s input %6.2f MB, output %6.2f MB: peak %4d MB, bound %4d MB", mc.name,
					mb(input), mb(output), peak>>20, bound>>20)
				if peak > bound {
					t.Errorf("%s: peak memory: got %d MB, want <= %d MB (4 × (input + output) + 64 MB)", mc.name, peak>>20, bound>>20)
				}
			}
		})
	}
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }

// countingWriter counts the bytes written to it and keeps none.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

var _ io.Writer = (*countingWriter)(nil)
