package main

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"
)

// skinFixture writes a synthetic M2 whose texture is a replaceable creature skin,
// with a red and a blue skin beside it.
func skinFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	data, _ := m2test.Synthetic(256, false)
	texAt := binary.LittleEndian.Uint32(data[0x5C+4:])
	binary.LittleEndian.PutUint32(data[texAt:], 11) // texture 0: creature skin 1
	model := filepath.Join(dir, "Test.m2")
	if err := os.WriteFile(model, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]color.NRGBA{"TestSkin_red.blp": {220, 30, 30, 255}, "TestSkin_blue.blp": {30, 30, 220, 255}} {
		img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
		for i := 0; i < len(img.Pix); i += 4 {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		tex, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), tex, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return model
}

// TestRenderSkinUsage: --skin on a scene without materials, or naming a file that
// is not beside the model, is a usage error before anything is drawn.
func TestRenderSkinUsage(t *testing.T) {
	model := skinFixture(t)
	out := filepath.Join(t.TempDir(), "out.png")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--skin", "x.blp", "--out", out}, "no textured materials"},
		{[]string{"render", "--skin", "missing.blp", "--out", out, model}, "--skin"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d mentioning %q", tc.args, code, stderr, exitUsage, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: a failing render wrote %s", tc.args, out)
		}
	}
}

// TestRenderSkin draws the synthetic model with each skin: the red skin makes
// many more red pixels than the blue one, and the blue skin many more blue
// pixels (the skeleton and the Z axis are blue in both).
func TestRenderSkin(t *testing.T) {
	if !hasDisplay() {
		t.Skip("no display (DISPLAY unset): render needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	model := skinFixture(t)
	counts := map[string][2]int{}
	for _, skin := range []string{"TestSkin_red.blp", "TestSkin_blue.blp"} {
		out := filepath.Join(t.TempDir(), "out.png")
		if code, _, stderr := runCLI("render", "--skin", skin, "--size", "160x120", "--out", out, model); code != exitOK {
			t.Fatalf("%s: exit %d: %s", skin, code, stderr)
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		var c [2]int // red, blue
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				switch {
				case r > bl+0x4000 && r > g+0x4000:
					c[0]++
				case bl > r+0x4000 && bl > g+0x4000:
					c[1]++
				}
			}
		}
		counts[skin] = c
	}
	red, blue := counts["TestSkin_red.blp"], counts["TestSkin_blue.blp"]
	if red[0] < blue[0]+200 || blue[1] < red[1]+200 {
		t.Errorf("red skin: %d red, %d blue pixels; blue skin: %d red, %d blue; want each skin to add 200 or more of its colour", red[0], red[1], blue[0], blue[1])
	}
}
