package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// TestAppFrames runs the real frame loop in a hidden window for a few frames:
// UI rendering, picking, compare with the fallback map texture, a screenshot.
func TestAppFrames(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		dir := t.TempDir()
		// The screenshot goes to the pictures folder (here: no ~/Pictures, so
		// home), never to the current directory.
		home := filepath.Join(dir, "home")
		cwd := filepath.Join(dir, "cwd")
		os.Mkdir(home, 0o755)
		os.Mkdir(cwd, 0o755)
		t.Setenv("HOME", home)
		t.Setenv("XDG_PICTURES_DIR", "")
		wd, _ := os.Getwd()
		if err := os.Chdir(cwd); err != nil {
			t.Fatal(err)
		}
		defer os.Chdir(wd)
		var selected []int
		var shot string
		cfg := Config{
			CompareA: []string{"good"}, CompareB: []string{"other"},
			Load: viewertest.FakeLoader, Hidden: true, Frames: 8, Size: [2]int{960, 640}, RecentPath: filepath.Join(dir, "recent.json"),
			Script: func(frame int, a *App) {
				switch frame {
				case 2:
					a.S.Select(4)
					a.S.Blend.On = true
				case 3:
					a.S.HandleKey(viewer.KeyW, false)
					a.S.Req.Screenshot = true
				case 4:
					if !a.UI.LabelOK {
						t.Errorf("no label for the selected joint")
					}
					a.S.Select(-1)
				case 6:
					if a.UI.LabelOK {
						t.Errorf("label shown with no selection")
					}
				case 7:
					selected = append(selected, a.S.Selected)
					shot = a.UI.Screenshot
				}
			},
		}
		if err := runWindow(cfg); err != nil {
			t.Fatalf("runWindow: %v", err)
		}
		glfw.DetachCurrentContext()
		if len(selected) != 1 {
			t.Fatalf("script did not reach frame 7")
		}
		if shot == "" || !strings.HasPrefix(filepath.Base(shot), "animscope-") || filepath.Dir(shot) != home {
			t.Fatalf("screenshot path %q, want a new animscope-*.png in %s", shot, home)
		}
		if left, _ := os.ReadDir(cwd); len(left) != 0 {
			t.Errorf("the current directory got %v", left)
		}
		img, err := readPNG(shot)
		if err != nil {
			t.Fatalf("read screenshot: %v", err)
		}
		if n := countNonBackground(img); n < 100 {
			t.Errorf("screenshot has %d non-background pixels, want a drawn scene", n)
		}
	})
}

// TestAppBadFileShowsDemoAndError starts the window on a file that does not open:
// the demo is shown and the diagnostics keep the file's error.
func TestAppBadFileShowsDemoAndError(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		var diag string
		var scene string
		cfg := Config{Files: []string{"bad"}, Load: viewertest.FakeLoader, Hidden: true, Frames: 2, Size: [2]int{640, 480},
			RecentPath: filepath.Join(t.TempDir(), "recent.json"),
			Script: func(frame int, a *App) {
				diag, scene = a.S.LastError(), a.S.Scene.Name()
			}}
		if err := runWindow(cfg); err != nil {
			t.Fatal(err)
		}
		glfw.DetachCurrentContext()
		if scene != "demo" || !strings.Contains(diag, "bad: offset 0x10: bad magic") {
			t.Errorf("scene %q, error %q; want the demo and the file's error", scene, diag)
		}
	})
}

func TestCreateScreenshotNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	taken := filepath.Join(dir, "animscope-20240506-070809.png")
	opened := filepath.Join(dir, "animscope-20240506-070809-1.png")
	for _, p := range []string{taken, opened} {
		if err := os.WriteFile(p, []byte("keep"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, f, err := CreateScreenshot(dir, now, []string{opened})
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if want := filepath.Join(dir, "animscope-20240506-070809-2.png"); p != want {
		t.Errorf("path = %s, want %s", p, want)
	}
	for _, q := range []string{taken, opened} {
		if b, _ := os.ReadFile(q); string(b) != "keep" {
			t.Errorf("%s was overwritten", q)
		}
	}
}
