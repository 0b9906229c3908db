package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// TestScreenshotAs: File > Screenshot's choices reach the file: a chosen size
// rendered off-screen, a transparent background whose alpha is 0 where nothing
// is drawn and 255 on the model, an opaque one everywhere 255, and a taken name
// that becomes name-1.png, leaving the old file as it was.
func TestScreenshotAs(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "opaque.png"), []byte("keep"), 0o644); err != nil {
			t.Fatal(err)
		}
		var paths []string
		cfg := Config{Load: viewertest.FakeLoader, Hidden: true, Frames: 8, Size: [2]int{800, 600}, RecentPath: filepath.Join(dir, "recent.json"),
			Script: func(frame int, a *App) {
				a.S.Tr.Playing = false
				a.S.View.Grid, a.S.View.Axes = false, false // nothing but the model is drawn
				switch frame {
				case 3:
					a.S.Req.ScreenshotAs = &viewer.ScreenshotSettings{Dir: dir, Name: "clear.png", W: 320, H: 200, Transparent: true}
				case 4:
					paths = append(paths, a.UI.Screenshot)
					a.S.Req.ScreenshotAs = &viewer.ScreenshotSettings{Dir: dir, Name: "opaque.png", W: 160, H: 100}
				case 5:
					paths = append(paths, a.UI.Screenshot)
				}
			}}
		if err := runWindow(cfg); err != nil {
			t.Fatal(err)
		}
		glfw.DetachCurrentContext()
		if len(paths) != 2 || paths[0] != filepath.Join(dir, "clear.png") || paths[1] != filepath.Join(dir, "opaque-1.png") {
			t.Fatalf("saved %q, want clear.png and opaque-1.png in %s", paths, dir)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "opaque.png")); string(b) != "keep" {
			t.Error("opaque.png was overwritten")
		}
		clear, err := readPNG(paths[0])
		if err != nil {
			t.Fatal(err)
		}
		if b := clear.Bounds(); b.Dx() != 320 || b.Dy() != 200 {
			t.Fatalf("transparent shot is %dx%d, want 320x200", b.Dx(), b.Dy())
		}
		var zero, full int
		for i := 3; i < len(clear.Pix); i += 4 {
			switch clear.Pix[i] {
			case 0:
				zero++
			case 255:
				full++
			}
		}
		if a := clear.RGBAAt(0, 0).A; a != 0 {
			t.Errorf("corner alpha %d, want 0 (nothing drawn there)", a)
		}
		if zero < 320*200/4 || full < 100 {
			t.Errorf("transparent shot: %d pixels of alpha 0 and %d of 255; want the background clear and the model opaque", zero, full)
		}
		opaque, err := readPNG(paths[1])
		if err != nil {
			t.Fatal(err)
		}
		if b := opaque.Bounds(); b.Dx() != 160 || b.Dy() != 100 {
			t.Fatalf("opaque shot is %dx%d, want 160x100", b.Dx(), b.Dy())
		}
		for i := 3; i < len(opaque.Pix); i += 4 {
			if opaque.Pix[i] != 255 {
				t.Fatalf("opaque shot has alpha %d at pixel %d, want 255 everywhere", opaque.Pix[i], i/4)
			}
		}
	})
}

// CreateScreenshotNamed never writes over anything: a taken name, an opened
// file's name or a link (even one to nowhere, which would create its target)
// moves on to name-1.png, name-2.png, ….
func TestCreateScreenshotNamed(t *testing.T) {
	dir := t.TempDir()
	taken := filepath.Join(dir, "frog.png")
	os.WriteFile(taken, []byte("keep"), 0o644)
	opened := filepath.Join(dir, "frog-1.png") // not on disk, but named as opened
	target := filepath.Join(dir, "elsewhere.png")
	if err := os.Symlink(target, filepath.Join(dir, "frog-2.png")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	p, f, err := CreateScreenshotNamed(dir, "frog.png", []string{opened})
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if want := filepath.Join(dir, "frog-3.png"); p != want {
		t.Errorf("path %s, want %s", p, want)
	}
	if b, _ := os.ReadFile(taken); string(b) != "keep" {
		t.Error("frog.png was overwritten")
	}
	if _, err := os.Stat(target); err == nil {
		t.Error("the link's target was created")
	}
	if _, err := os.Stat(opened); err == nil {
		t.Error("the opened file's name was used")
	}
}

// The dialog's fields are checked before anything is asked of the frame loop.
func TestScreenshotDialogSettings(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	os.WriteFile(file, nil, 0o644)
	tests := []struct {
		name    string
		d       screenshotDialog
		want    viewer.ScreenshotSettings
		wantErr string
	}{
		{"the 3D view", screenshotDialog{dir: dir, name: "frog", size: "99x99"},
			viewer.ScreenshotSettings{Dir: dir, Name: "frog.png"}, ""},
		{"a chosen size, transparent", screenshotDialog{dir: dir, name: "frog.png", size: "1920x1080", custom: true, transparent: true},
			viewer.ScreenshotSettings{Dir: dir, Name: "frog.png", W: 1920, H: 1080, Transparent: true}, ""},
		{"no folder", screenshotDialog{dir: "", name: "frog"}, viewer.ScreenshotSettings{}, "choose a folder"},
		{"a missing folder", screenshotDialog{dir: filepath.Join(dir, "gone"), name: "frog"}, viewer.ScreenshotSettings{}, "no such file"},
		{"a file for a folder", screenshotDialog{dir: file, name: "frog"}, viewer.ScreenshotSettings{}, "is not a folder"},
		{"a path for a name", screenshotDialog{dir: dir, name: "../frog"}, viewer.ScreenshotSettings{}, "a file name, not a path"},
		{"a bad size", screenshotDialog{dir: dir, name: "frog", size: "10x10", custom: true}, viewer.ScreenshotSettings{}, "each side from 16"},
	}
	for _, tc := range tests {
		got, err := tc.d.settings()
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s: settings %+v, %v; want %+v", tc.name, got, err, tc.want)
		}
	}
}
