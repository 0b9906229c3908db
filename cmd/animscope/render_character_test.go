package main

import (
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The character's GL tests live here, after memory_test.go: a GL test run
// earlier in the process raises the peak memory TestMemoryBound's children
// inherit (a child's maximum RSS starts from its parent's until it execs).

// TestRenderCharacterFolder: the character in Character/Scourge/Female/ draws
// its body with ScourgeFemaleSkin00_00.blp without a flag (red pixels), and
// without that file untextured (none); --texture body= draws another (green).
func TestRenderCharacterFolder(t *testing.T) {
	if !hasDisplay() {
		t.Skip("no display (DISPLAY unset): render needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	red := color.NRGBA{220, 30, 30, 255}
	count := func(model string, extra ...string) (reds, greens int, stderr string) {
		out := filepath.Join(t.TempDir(), "out.png")
		args := append(append([]string{"render", "--size", "160x160"}, extra...), "--out", out, model)
		code, _, stderr := runCLI(args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				switch {
				case r > bl+0x4000 && r > g+0x4000:
					reds++
				case g > r+0x4000 && g > bl+0x4000:
					greens++
				}
			}
		}
		return reds, greens, stderr
	}
	with, green := characterFixture(t, red)
	without, _ := characterFixture(t, color.NRGBA{})
	r1, _, e1 := count(with)
	r0, _, e0 := count(without)
	_, g2, _ := count(with, "--texture", "body="+green)
	if r1 < r0+300 || g2 < 300 {
		t.Errorf("red pixels with the skin beside the model %d, without %d; green with --texture body= %d; want 300 more, and 300", r1, r0, g2)
	}
	if strings.Contains(e1, "texture slot body") || !strings.Contains(e0, "texture slot body (body skin) is empty: looked for ScourgeFemaleSkin00_00.blp") {
		t.Errorf("body slot warnings: with the skin %q; without %q", e1, e0)
	}
}

// TestShotGeosetsPanel: shot brings the Geosets panel of a character forward,
// with its slots filled from the command line, and warns the empty slots on
// stderr as the banner does.
func TestShotGeosetsPanel(t *testing.T) {
	if !hasDisplay() {
		t.Skip("no display (DISPLAY unset): shot needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	model, green := characterFixture(t, color.NRGBA{})
	out := filepath.Join(t.TempDir(), "g.png")
	code, _, stderr := runCLI("shot", "--size", "800x600", "--panel", "geosets", "--texture", "body="+green, "--out", out, model)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stderr, "slot body") || !strings.Contains(stderr, "texture slot hair (hair) is empty") {
		t.Errorf("stderr %q: want the hair slot's warning, not the body's", stderr)
	}
}
