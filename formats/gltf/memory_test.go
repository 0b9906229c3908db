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
)

// TestExportMemoryBound exports a VoxelCore model of 100,000 boxes (4 MB of text,
// a 149 MB .glb) and holds the process's peak memory to 4 × (input + output) +
// 64 MB. It takes about ten seconds and a gigabyte, so it runs only with
// ANIMSCOPE_MEMTEST=1.
func TestExportMemoryBound(t *testing.T) {
	if os.Getenv("ANIMSCOPE_MEMTEST") == "" {
		t.Skip("set ANIMSCOPE_MEMTEST=1 to measure export memory on a 100,000-box model")
	}
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("@bone name 'root' {\n")
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&b, "  @box from (%d,0,-0.1) to (%d.5,0.5,0.1)\n", i%100, i%100)
	}
	b.WriteString("}\n")
	in := filepath.Join(dir, "boxes.vcm")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	inSize := int64(b.Len())
	b.Reset()
	runtime.GC()
	debug.FreeOSMemory()
	var peak uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if used := ms.Sys - ms.HeapReleased; used > peak {
				peak = used
			}
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	a, err := formats.Open([]string{in}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := Export(a, ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "boxes.glb")
	if err := WriteFile(out, doc); err != nil {
		t.Fatal(err)
	}
	close(done)
	<-stopped
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	bound := uint64(4*(inSize+st.Size()) + 64<<20)
	t.Logf("input %d MB, output %d MB: peak %d MB, bound %d MB", inSize>>20, st.Size()>>20, peak>>20, bound>>20)
	if peak > bound {
		t.Errorf("peak memory: got %d MB, want <= %d MB (4 × (input + output) + 64 MB)", peak>>20, bound>>20)
	}
}
