//go:build cgo

package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"animscope/viewer/gui"
)

// TestShotUsageAndBadFiles: shot refuses what render refuses, and its own flags'
// mistakes, with render's statuses, before anything is drawn or written.
func TestShotUsageAndBadFiles(t *testing.T) {
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
		{"no --out", []string{"shot", good}, exitUsage, "--out"},
		{"bad size", []string{"shot", "--size", "10", "--out", out, good}, exitUsage, "--size"},
		{"NaN t", []string{"shot", "--t", "NaN", "--out", out, good}, exitUsage, "--t"},
		{"unknown panel", []string{"shot", "--panel", "timeline", "--out", out, good}, exitUsage, `--panel "timeline": want one of scene, inspector`},
		{"beside a side panel", []string{"shot", "--beside", "scene", "--out", out, good}, exitUsage, `--beside "scene": want a bottom panel`},
		{"compare with one file", []string{"shot", "--compare", "--out", out, good}, exitUsage, "--compare takes exactly two files"},
		{"B reading without compare", []string{"shot", "--rounding-b", "floor", "--out", out, good}, exitUsage, "need --compare"},
		{"weight without clip-b", []string{"shot", "--weight", "0.3", "--out", out, good}, exitUsage, "--weight needs --clip-b"},
		{"weight out of range", []string{"shot", "--clip-b", "0", "--weight", "2", "--out", out, good}, exitUsage, "--weight 2"},
		{"scale too small", []string{"shot", "--scale", "0.5", "--out", out, good}, exitUsage, "--scale 0.5: want a number from 1 to 4"},
		{"scale NaN", []string{"shot", "--scale", "NaN", "--out", out, good}, exitUsage, "--scale NaN"},
		{"no such node", []string{"shot", "--select", "tail", "--out", out}, exitUsage, `--select: no node named "tail"`},
		{"no such node number", []string{"shot", "--select", "99", "--out", out}, exitUsage, "no node number 99"},
		{"no such clip", []string{"shot", "--clip", "run", "--out", out, good}, exitUsage, "run"},
		{"out is an input", []string{"shot", "--out", good, good}, exitUsage, "input"},
		{"out is a folder", []string{"shot", "--out", dir}, exitUsage, "is a folder"},
		{"bad extension", []string{"shot", "--out", filepath.Join(dir, "x.bmp")}, exitUsage, "want a .png, .jpg or .jpeg file"},
		{"bad file", []string{"shot", "--out", out, bad}, exitInvalid, "bad.test: offset 0xa: shift"},
		{"bad file B", []string{"shot", "--compare", "--out", out, good, bad}, exitInvalid, "bad.test: offset 0xa: shift"},
		{"--file-b without --compare", []string{"shot", "--file-b", good, "--out", out, good}, exitUsage, "needs --compare"},
		{"--file-b without scene A", []string{"shot", "--compare", "--file-b", good, "--out", out}, exitUsage, "scene A's files"},
		{"scene B names a file twice", []string{"shot", "--compare", "--out", out, good, "--file-b", good, "--file-b", good}, exitUsage, "good.test"},
		{"bad file in scene B", []string{"shot", "--compare", "--out", out, good, "--file-b", bad}, exitInvalid, "bad.test: offset 0xa: shift"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(tc.args...)
			if code != tc.wantCode || !strings.Contains(stderr, tc.wantErr) {
				t.Errorf("exit %d, stderr %q; want exit %d mentioning %q", code, stderr, tc.wantCode, tc.wantErr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written by a failing shot", out)
			}
			if b, _ := os.ReadFile(good); string(b) != "TESTSCENE 1" {
				t.Errorf("the input file was changed")
			}
		})
	}
}

// TestShotPictures: shot writes a picture of the window at the size asked, the
// same bytes twice (no clock, no user files), and a different one for another
// panel; nothing is written to the user's config folder.
func TestShotPictures(t *testing.T) {
	if !gui.HasDisplay() {
		t.Skip("no display (DISPLAY unset): shot needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	dir, demo := demoFile(t)
	shot := func(name string, args ...string) []byte {
		t.Helper()
		out := filepath.Join(dir, name)
		code, _, stderr := runCLI(append([]string{"shot", "--out", out}, args...)...)
		if code != exitOK {
			t.Fatalf("shot %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	a := shot("a.png", "--size", "640x400", "--t", "10", "--select", "neck", demo)
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 400 {
		t.Errorf("size %dx%d, want 640x400", b.Dx(), b.Dy())
	}
	if again := shot("b.png", "--size", "640x400", "--t", "10", "--select", "neck", demo); !bytes.Equal(a, again) {
		t.Errorf("the same shot twice gave different pictures")
	}
	if other := shot("c.png", "--size", "640x400", "--t", "10", "--select", "neck", "--panel", "diagnostics", demo); bytes.Equal(a, other) {
		t.Errorf("--panel diagnostics gave the same picture as the key table")
	}
	if hidpi := shot("e.png", "--size", "640x400", "--scale", "2", "--t", "10", "--select", "neck", demo); bytes.Equal(a, hidpi) {
		t.Errorf("--scale 2 gave the same picture as scale 1")
	}
	if big := shot("d.png", "--size", "2000x1200", "--compare", "--rounding-b", "floor", "--panel", "fallback-map"); len(big) == 0 {
		t.Errorf("no picture larger than the screen")
	} else if im, err := png.Decode(bytes.NewReader(big)); err != nil || im.Bounds().Dx() != 2000 {
		t.Errorf("a 2000x1200 shot: %v, %v", err, im)
	}
	// Whole scenes on each side (--file-b) draw what the two-file form draws.
	pair := shot("f.png", "--size", "640x400", "--compare", "--rounding-b", "floor", demo, demo)
	if scenes := shot("g.png", "--size", "640x400", "--compare", "--rounding-b", "floor", demo, "--file-b", demo); !bytes.Equal(pair, scenes) {
		t.Errorf("--compare FILE --file-b FILE drew another picture than --compare FILE_A FILE_B")
	}
	var left []string
	filepath.Walk(home, func(p string, _ os.FileInfo, _ error) error {
		if p != home {
			left = append(left, p)
		}
		return nil
	})
	if len(left) > 0 {
		t.Errorf("shot wrote to the user's folders: %v", left)
	}
}

// TestShotUnreachableDisplay: like render, shot says that the display cannot be
// opened and exits 1.
func TestShotUnreachableDisplay(t *testing.T) {
	t.Setenv("DISPLAY", ":999")
	t.Setenv("WAYLAND_DISPLAY", "")
	out := filepath.Join(t.TempDir(), "x.png")
	code, _, stderr := runCLI("shot", "--out", out)
	if code != exitInvalid || !strings.Contains(stderr, `animscope shot: the display DISPLAY=":999" cannot be opened`) {
		t.Errorf("DISPLAY=:999 animscope shot: exit %d, stderr %q; want 1 and that the display cannot be opened", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("shot wrote %s without a display", out)
	}
}
