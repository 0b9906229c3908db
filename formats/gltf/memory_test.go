package gltf

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"animscope/formats"
	"animscope/formats/msh/mshtest"
)

// memoryCases are large valid files of issue 15 (item 12), written by the project's
// own writers: a VoxelCore model of 100,000 boxes (4 MB of text, a 149 MB .glb), one
// of 32,000 bones (each with a box: 192,000 meshes, a 262 MB .glb) and an MSH chain
// of 65,534 nodes (19 MB, a 137 MB .glb).
var memoryCases = []struct {
	name  string
	file  string
	big   bool // over ten seconds: only with ANIMSCOPE_MEMTEST=1
	write func(path string) error
}{
	{"25,000 boxes", "boxes.vcm", false, writeBoxes(25000)},
	{"100,000 boxes", "boxes.vcm", true, writeBoxes(100000)},
	{"32,000 bones", "bones.vcm", true, func(path string) error {
		var b strings.Builder
		b.WriteString("@bone name 'root' {\n")
		for i := 0; i < 32000-1; i++ {
			fmt.Fprintf(&b, "  @bone name 'b%d' move (%d,0,0) {\n    @box from (-0.1,0,-0.1) to (0.1,0.5,0.1)\n  }\n", i, i%7)
		}
		b.WriteString("}\n")
		return os.WriteFile(path, []byte(b.String()), 0o644)
	}},
	{"MSH chain of 65,534 nodes", "chain.msh", true, func(path string) error {
		m := mshtest.NewChain(65534, 2)
		for i := range m.Nodes {
			m.Nodes[i].Keys = m.Nodes[i].Keys[:1] // Res8 holds at most 65,535 keys
		}
		return m.WriteFile(path)
	}},
}

// writeBoxes writes a VoxelCore model of one bone holding n boxes.
func writeBoxes(n int) func(path string) error {
	return func(path string) error {
		var b strings.Builder
		b.WriteString("@bone name 'root' {\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "  @box from (%d,0,-0.1) to (%d.5,0.5,0.1)\n", i%100, i%100)
		}
		b.WriteString("}\n")
		return os.WriteFile(path, []byte(b.String()), 0o644)
	}
}

// TestExportMemoryBound exports each memory case and holds the process's peak
// memory (runtime: Sys − HeapReleased, sampled every 10 ms) to 4 × (input + output)
// + 64 MB. The small case always runs; the big ones take tens of seconds and up to
// a gigabyte each, so they run only with ANIMSCOPE_MEMTEST=1.
func TestExportMemoryBound(t *testing.T) {
	for _, mc := range memoryCases {
		t.Run(mc.name, func(t *testing.T) {
			if mc.big && os.Getenv("ANIMSCOPE_MEMTEST") == "" {
				t.Skip("set ANIMSCOPE_MEMTEST=1 to measure export memory on this large file")
			}
			dir := t.TempDir()
			in := filepath.Join(dir, mc.file)
			if err := mc.write(in); err != nil {
				t.Fatal(err)
			}
			st, err := os.Stat(in)
			if err != nil {
				t.Fatal(err)
			}
			inSize := st.Size()
			out := filepath.Join(dir, "out.glb")
			peak := peakMemory(func() {
				a, err := formats.Open([]string{in}, formats.Options{})
				if err != nil {
					t.Fatal(err)
				}
				doc, err := Export(a, ExportOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if err := WriteFile(out, doc); err != nil {
					t.Fatal(err)
				}
			})
			if st, err = os.Stat(out); err != nil {
				t.Fatal(err)
			}
			bound := uint64(4*(inSize+st.Size()) + 64<<20)
			t.Logf("input %.1f MB, output %.1f MB: peak %d MB, bound %d MB", float64(inSize)/(1<<20), float64(st.Size())/(1<<20), peak>>20, bound>>20)
			if peak > bound {
				t.Errorf("peak memory: got %d MB, want <= %d MB (4 × (input + output) + 64 MB)", peak>>20, bound>>20)
			}
		})
	}
}

// peakMemory runs f and returns the most memory the Go runtime held from the
// operating system meanwhile (Sys − HeapReleased, sampled every 10 ms).
func peakMemory(f func()) uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	var peak uint64
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.Sys-ms.HeapReleased)
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	f()
	close(done)
	<-stopped
	return peak
}
