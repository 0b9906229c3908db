//go:build cgo

package main

import (
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/samples"
	"animscope/render"
	"animscope/viewer/gui"
)

func TestRenderUsageAndBadFiles(t *testing.T) {
	dir := t.TempDir()
	good := writeScene(t, dir, "good.test", "TESTSCENE 1")
	bad := writeScene(t, dir, "bad.test", "TESTSCENE x")
	out := filepath.Join(dir, "out.png")
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"no --out", []string{"render", good}, exitUsage, "--out"},
		{"bad size", []string{"render", "--size", "10", "--out", out, good}, exitUsage, "--size"},
		{"zero size", []string{"render", "--size", "0x10", "--out", out, good}, exitUsage, "--size"},
		{"NaN t", []string{"render", "--t", "NaN", "--out", out, good}, exitUsage, "--t"},
		{"bad rounding", []string{"render", "--rounding", "up", "--out", out, good}, exitUsage, "--rounding"},
		{"unknown flag", []string{"render", "--bogus", "--out", out, good}, exitUsage, "bogus"},
		{"out is an input", []string{"render", "--out", good, good}, exitUsage, "input"},
		{"no such clip", []string{"render", "--clip", "run", "--out", out, good}, exitUsage, "run"},
		{"bad file", []string{"render", "--out", out, bad}, exitInvalid, "bad.test: offset 0xa: shift"},
		{"missing file", []string{"render", "--out", out, filepath.Join(dir, "nope.test")}, exitInvalid, "nope.test"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(tc.args...)
			if code != tc.wantCode || !strings.Contains(stderr, tc.wantErr) {
				t.Errorf("exit %d, stderr %q; want exit %d mentioning %q", code, stderr, tc.wantCode, tc.wantErr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written by a failing render", out)
			}
			if b, _ := os.ReadFile(good); string(b) != "TESTSCENE 1" {
				t.Errorf("the input file was changed")
			}
		})
	}
}

// TestRenderPictures renders the demo and files to PNG under a display and checks
// that each image is the scene, not a blank frame.
func TestRenderPictures(t *testing.T) {
	if !gui.HasDisplay() {
		t.Skip("no display (DISPLAY unset): render needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	dir, demo := demoFile(t)
	skel := writeScene(t, dir, "skel.test", "TESTSCENE 2")
	tests := []struct {
		name string
		args []string
		w, h int
	}{
		{"the demo with no file", []string{"--size", "200x150"}, 200, 150},
		{"the demo file at a time", []string{"--clip", "0", "--t", "12.5", "--size", "160x120", demo}, 160, 120},
		{"a skeleton without meshes", []string{"--size", "120x90", skel}, 120, 90},
		{"default size", []string{demo}, 800, 600},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "out"+string(rune('a'+i))+".png")
			args := append([]string{"render", "--out", out}, tc.args...)
			code, _, stderr := runCLI(args...)
			if code != exitOK {
				t.Fatalf("exit %d, stderr %q; want 0", code, stderr)
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
			if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h {
				t.Errorf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), tc.w, tc.h)
			}
			bg := render.DefaultBackground
			n := 0
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					r, g, bl, _ := img.At(x, y).RGBA()
					if d(r, bg[0]) > 4 || d(g, bg[1]) > 4 || d(bl, bg[2]) > 4 {
						n++
					}
				}
			}
			if min := tc.w * tc.h / 100; n < min {
				t.Errorf("%d non-background pixels, want at least %d (a blank frame?)", n, min)
			}
		})
	}
}

func d(c uint32, f float32) int {
	v := int(c>>8) - int(f*255+0.5)
	if v < 0 {
		return -v
	}
	return v
}

// TestRenderSamples renders every sample model the decoders read (the samples stay
// outside the repository; the test skips without them or without a display).
func TestRenderSamples(t *testing.T) {
	if !gui.HasDisplay() {
		t.Skip("no display (DISPLAY unset): render needs X11; run under xvfb-run")
	}
	root := samples.Path("")
	if root == "" {
		t.Skip("sample folder ../shared/samples is absent")
	}
	var files []string
	for _, pat := range []string{"m2/*.m2", "swg/*.sat", "vca/res/models/*.vcm"} {
		m, _ := filepath.Glob(filepath.Join(root, pat))
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("no sample models")
	}
	out := filepath.Join(t.TempDir(), "s.png")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			code, _, stderr := runCLI("render", "--size", "96x72", "--out", out, f)
			if code == exitInvalid && !strings.Contains(stderr, "render") {
				t.Skipf("the decoder does not read it yet: %s", strings.TrimSpace(stderr))
			}
			if code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			fh, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer fh.Close()
			img, err := png.Decode(fh)
			if err != nil {
				t.Fatal(err)
			}
			bg := render.DefaultBackground
			n, b := 0, img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					r, g, bl, _ := img.At(x, y).RGBA()
					if d(r, bg[0]) > 4 || d(g, bg[1]) > 4 || d(bl, bg[2]) > 4 {
						n++
					}
				}
			}
			if n < 96*72/100 {
				t.Errorf("%d non-background pixels, want a drawn scene", n)
			}
		})
	}
}

// A display that is set but cannot be opened (issue 15 item 5) used to panic in
// GLFW (NotInitialized, exit 2): render and the viewer say so and exit 1.
func TestUnreachableDisplay(t *testing.T) {
	t.Setenv("DISPLAY", ":999")
	t.Setenv("WAYLAND_DISPLAY", "")
	out := filepath.Join(t.TempDir(), "x.png")
	for _, args := range [][]string{{"render", "--out", out}, {}} {
		code, _, stderr := runCLI(args...)
		if code != exitInvalid || !strings.Contains(stderr, `display DISPLAY=":999" cannot be opened`) {
			t.Errorf("DISPLAY=:999 animscope %s: exit %d, stderr %q; want 1 and that the display cannot be opened",
				strings.Join(args, " "), code, stderr)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("render wrote %s without a display", out)
	}
}
