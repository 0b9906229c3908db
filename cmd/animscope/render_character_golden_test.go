//go:build cgo

package main

import (
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"animscope/formats/wowchar/wowchartest"
)

// TestCharacterGolden (a GL test: after memory_test.go, as render_character_test.go
// says) draws the fixture's character (wowchartest's data
// folder, opened as Data/common.MPQ:Character\Scourge\Female\ScourgeFemale.m2)
// with the shot command's Character panel in front and with render, at the
// default customisation and with --character hair=2 (hair geoset 5 and the
// style-2 hair texture instead of geoset 2), and compares each picture with
// testdata/character_*.png: a pixel differs when a channel is off by more than
// 24, and at most 1 in 200 may (go test -run TestCharacterGolden -update
// rewrites them: look at every one before committing it).
func TestCharacterGolden(t *testing.T) {
	if !hasDisplay() {
		t.Skip("no display (DISPLAY unset): shot and render need X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	dir := t.TempDir()
	if _, err := wowchartest.WriteDataFolder(dir); err != nil {
		t.Fatal(err)
	}
	golden, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir) // the window names the model by this relative path
	model := filepath.Join("Data", "common.MPQ") + ":" + wowchartest.ModelPath
	for _, c := range []struct {
		name string
		args []string
	}{
		{"character_panel_defaults.png", []string{"shot", "--size", "1024x640", "--panel", "character"}},
		{"character_panel_hair2.png", []string{"shot", "--size", "1024x640", "--panel", "character", "--character", "hair=2"}},
		{"character_model_defaults.png", []string{"render", "--size", "320x320"}},
		{"character_model_hair2.png", []string{"render", "--size", "320x320", "--character", "hair=2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), c.name)
			args := append(append([]string{}, c.args...), "--out", out, model)
			if code, _, stderr := runCLI(args...); code != exitOK {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
			got, err := readRGBA(out)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(golden, c.name)
			if *update {
				if err := os.WriteFile(path, mustRead(t, out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := readRGBA(path)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/animscope -run TestCharacterGolden -update to make it)", err)
			}
			if got.Rect.Size() != want.Rect.Size() {
				t.Fatalf("size %v, want %v", got.Rect.Size(), want.Rect.Size())
			}
			bad := 0
			for i := 0; i+3 < len(got.Pix); i += 4 {
				for k := 0; k < 3; k++ {
					if d := int(got.Pix[i+k]) - int(want.Pix[i+k]); d > 24 || d < -24 {
						bad++
						break
					}
				}
			}
			if limit := len(got.Pix) / 4 / 200; bad > limit {
				t.Errorf("%d pixels differ from %s by more than the tolerance, want at most %d (got: %s)", bad, path, limit, out)
			}
		})
	}
}

func readRGBA(path string) (*image.RGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out, nil
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
