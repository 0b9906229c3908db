//go:build cgo

package main

import (
	"image/jpeg"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"animscope/viewer/gui"
)

// TestRenderJPEG: render --out FILE.jpg writes a JPEG (image/jpeg decodes it, at
// the size asked) that is not a blank frame.
func TestRenderJPEG(t *testing.T) {
	if !gui.HasDisplay() {
		t.Skip("no display (DISPLAY unset): render needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	dir, demo := demoFile(t)
	out := filepath.Join(dir, "demo.jpg")
	if code, _, errs := runCLI("render", "--size", "160x120", "--t", "12.5", "--out", out, demo); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := jpeg.Decode(f)
	if err != nil {
		t.Fatalf("image/jpeg cannot decode %s: %v", out, err)
	}
	if b := img.Bounds(); b.Dx() != 160 || b.Dy() != 120 {
		t.Errorf("size %dx%d, want 160x120", b.Dx(), b.Dy())
	}
	first := img.At(0, 0)
	differs := 0
	for y := 0; y < 120; y++ {
		for x := 0; x < 160; x++ {
			if img.At(x, y) != first {
				differs++
			}
		}
	}
	if differs < 160*120/100 {
		t.Errorf("%d pixels differ from the corner, want at least 1%% (a blank frame?)", differs)
	}
}
