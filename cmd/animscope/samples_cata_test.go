package main

import (
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/samples"
)

// TestCataSamplesCommands: every version-272 model of ../shared/samples/m2-real/cata
// validates (exit 0), samples, exports (its first clip) and renders; the two without a .skin open
// skeleton-only (a warning names the skin looked for).
func TestCataSamplesCommands(t *testing.T) {
	dir := samples.Dir(t, "m2-real/cata")
	models, _ := filepath.Glob(filepath.Join(dir, "*.m2"))
	if len(models) == 0 {
		t.Skip("no .m2 in " + dir)
	}
	for _, m := range models {
		code, vout, verr := runCLI("validate", m)
		if code != exitOK {
			t.Errorf("validate %s: exit %d, stderr %q", filepath.Base(m), code, verr)
		}
		skin := filepath.Base(strings.TrimSuffix(m, ".m2") + "00.skin")
		if _, err := os.Stat(filepath.Join(dir, skin)); err != nil && !strings.Contains(vout+verr, skin+" cannot be read") {
			t.Errorf("validate %s without its .skin: output %q, want the warning naming %s", filepath.Base(m), vout+verr, skin)
		}
		code, out, stderr := runCLI("sample", "--json", "--clip", "0", "--t", "100", m)
		if code != exitOK || !strings.Contains(out, `"m2"`) {
			t.Errorf("sample %s: exit %d, stderr %q", filepath.Base(m), code, stderr)
		}
		glb := filepath.Join(t.TempDir(), "out.glb")
		if code, _, stderr := runCLI("export", "--clip", "0", "--out", glb, m); code != exitOK {
			t.Errorf("export %s: exit %d, stderr %q", filepath.Base(m), code, stderr)
		} else if st, err := os.Stat(glb); err != nil || st.Size() < 1000 {
			t.Errorf("export %s: %v, want a .glb written", filepath.Base(m), err)
		}
	}
	if !hasDisplay() {
		t.Skip("no display (DISPLAY unset): render needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, m := range models {
		out := filepath.Join(t.TempDir(), "out.png")
		if code, _, stderr := runCLI("render", "--size", "160x120", "--out", out, m); code != exitOK {
			t.Errorf("render %s: exit %d, stderr %q", filepath.Base(m), code, stderr)
		}
	}
}

// TestCataAxeTextured: the axe with its .skin and .blp beside it draws
// textured: its object-skin slot takes the .blp of its own name, a red-brown
// texture, so the picture has thousands of reddish pixels (2396 at 320×240
// measured), where the same model without the .blp drawn flat has none.
func TestCataAxeTextured(t *testing.T) {
	dir := samples.Dir(t, "m2-real/cata")
	axe := filepath.Join(dir, "axe_1h_blacksmithing_d_01.m2")
	for _, f := range []string{axe, filepath.Join(dir, "axe_1h_blacksmithing_d_0100.skin"), filepath.Join(dir, "axe_1h_blacksmithing_d_01.blp")} {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("%s is absent", f)
		}
	}
	code, out, stderr := runCLI("inspect", axe)
	if code != exitOK || !strings.Contains(out, "axe_1h_blacksmithing_d_01.blp") {
		t.Fatalf("inspect: exit %d, stderr %q; want the object skin filled by axe_1h_blacksmithing_d_01.blp in\n%s", code, stderr, out)
	}
	if !hasDisplay() {
		t.Skip("no display (DISPLAY unset): render needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	flat := t.TempDir()
	for _, f := range []string{"axe_1h_blacksmithing_d_01.m2", "axe_1h_blacksmithing_d_0100.skin"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(flat, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reddish := func(model string) int {
		out := filepath.Join(t.TempDir(), "axe.png")
		if code, _, stderr := runCLI("render", "--size", "320x240", "--out", out, model); code != exitOK {
			t.Fatalf("render %s: exit %d, stderr %q", model, code, stderr)
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
		n := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				if int(r>>8) > int(g>>8)+40 && int(r>>8) > int(bl>>8)+40 {
					n++
				}
			}
		}
		return n
	}
	textured, untextured := reddish(axe), reddish(filepath.Join(flat, "axe_1h_blacksmithing_d_01.m2"))
	if textured < 1000 || untextured > 100 {
		t.Errorf("reddish pixels: %d with the .blp, %d without; want > 1000 and < 100", textured, untextured)
	}
}
