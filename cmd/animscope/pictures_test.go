//go:build cgo

package main

import (
	"cmp"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"
	"animscope/viewer/gui"
)

// readmePictures are the README's pictures of the workbench: `animscope shot`
// (or render) arguments, from the built-in demo, the synthetic frog
// (m2test.Frog) and the synthetic character (m2test.Character) only.
var readmePictures = []struct {
	name string
	args []string
	cmd  string // "" is shot
}{
	{"workbench-demo.png", []string{"--size", "1024x640", "--t", "10", "--select", "neck", "--panel", "dope-sheet"}, ""},
	{"workbench-frog-blend.png", []string{"--size", "1024x640", "--clip", "Walk", "--clip-b", "Run", "--weight", "0.4",
		"--t", "300", "--select", "14", "--panel", "graph", "Frog.m2"}, ""},
	{"workbench-compare.png", []string{"--size", "1024x640", "--compare", "--rounding-b", "floor", "--t", "12",
		"--panel", "fallback-map"}, ""},
	// The synthetic character (m2test.Character) at its default geosets, its
	// slots empty; with every geoset; with --texture body= and hair=
	// (pictureTextures); the Geosets panel.
	{"character-defaults.png", []string{"--size", "400x440", characterPicture}, "render"},
	{"character-all.png", []string{"--size", "400x440", "--geosets", "all", characterPicture}, "render"},
	{"character-textured.png", []string{"--size", "400x440", "--texture", "body=body.blp", "--texture", "hair=hair.blp",
		characterPicture}, "render"},
	{"character-geosets.png", []string{"--size", "1024x640", "--panel", "geosets", "--texture", "body=body.blp",
		"--texture", "hair=hair.blp", characterPicture}, ""},
	// The frog's attack with three ghosts a side (onion skin), and its walk with
	// the trails of its four feet, key marks on them.
	{"ghosts-frog-attack.png", []string{"--size", "560x400", "--clip", "AttackUnarmed", "--t", "500",
		"--ghosts", "3", "--ghost-step", "100", "Frog.m2"}, "render"},
	{"trail-frog-walk.png", []string{"--size", "560x400", "--clip", "Walk", "--t", "300",
		"--trail", "9", "--trail", "12", "--trail", "16", "--trail", "20", "Frog.m2"}, "render"},
}

// characterPicture is where the pictures' character lies, as the client lays
// it out.
const characterPicture = "Character/Scourge/Female/ScourgeFemale.m2"

// pictureTextures writes the synthetic character and two made-up textures for
// its slots into dir: a banded body skin and a striped hair.
func pictureTextures(t *testing.T, dir string) {
	t.Helper()
	model := filepath.Join(dir, filepath.FromSlash(characterPicture))
	if err := os.MkdirAll(filepath.Dir(model), 0o755); err != nil {
		t.Fatal(err)
	}
	data, skin := m2test.Character(264, "ScourgeFemale").Encode()
	os.WriteFile(model, data, 0o644)
	os.WriteFile(strings.TrimSuffix(model, ".m2")+"00.skin", skin, 0o644)
	for name, f := range map[string]func(x, y int) color.NRGBA{
		"body.blp": func(x, y int) color.NRGBA {
			band := uint8(40 * ((y / 8) % 2))
			return color.NRGBA{uint8(90 + x), 60 + band, uint8(150 + y/2), 255}
		},
		"hair.blp": func(x, y int) color.NRGBA {
			if (x/4)%2 == 0 {
				return color.NRGBA{230, 140, 40, 255}
			}
			return color.NRGBA{170, 80, 20, 255}
		},
	} {
		img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
		for y := 0; y < 64; y++ {
			for x := 0; x < 64; x++ {
				img.SetNRGBA(x, y, f(x, y))
			}
		}
		tex, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8, Mips: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), tex, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestREADMEPictures draws the README's pictures with the shot command into the
// folder ANIMSCOPE_PICTURES names (make pictures), reduced to 256 colours and
// encoded at PNG's best compression (a third of the size). It is not a check: it runs only when asked.
func TestREADMEPictures(t *testing.T) {
	out := os.Getenv("ANIMSCOPE_PICTURES")
	if out == "" {
		t.Skip("set ANIMSCOPE_PICTURES=DIR (make pictures) to draw the README's pictures")
	}
	if !gui.HasDisplay() {
		t.Skip("no display (DISPLAY unset): shot needs X11; run under xvfb-run")
	}
	out, err := filepath.Abs(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	dir := t.TempDir()
	m2, _ := m2test.Frog().Encode()
	if err := os.WriteFile(filepath.Join(dir, "Frog.m2"), m2, 0o644); err != nil {
		t.Fatal(err)
	}
	pictureTextures(t, dir)
	t.Chdir(dir) // the window names the frog Frog.m2, not a temporary path
	for _, p := range readmePictures {
		raw := filepath.Join(dir, p.name)
		cmd := cmp.Or(p.cmd, "shot")
		if code, _, stderr := runCLI(append([]string{cmd, "--out", raw}, p.args...)...); code != exitOK {
			t.Fatalf("shot %s: exit %d, stderr %q", p.name, code, stderr)
		}
		f, err := os.Open(raw)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		dst, err := os.Create(filepath.Join(out, p.name))
		if err != nil {
			t.Fatal(err)
		}
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(dst, paletted(img)); err != nil {
			t.Fatal(err)
		}
		st, _ := dst.Stat()
		dst.Close()
		t.Logf("%s: %d bytes", p.name, st.Size())
	}
}

// paletted reduces a window picture to 256 of its colours, every other pixel
// taking the nearest of them: a UI is flat colours and a few thousand
// shades of anti-aliased text and lit faces, which lose nothing visible.
func paletted(img image.Image) *image.Paletted {
	b := img.Bounds()
	count := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			count[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	cols := make([]color.RGBA, 0, len(count))
	for c := range count {
		cols = append(cols, c)
	}
	slices.SortFunc(cols, func(a, b color.RGBA) int {
		if d := cmp.Compare(count[b], count[a]); d != 0 {
			return d
		}
		return cmp.Compare(uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B), uint32(b.R)<<16|uint32(b.G)<<8|uint32(b.B))
	})
	// First the colours unlike any taken yet, most frequent first (so that a rare
	// but distinct colour, the time cursor's red, keeps its own entry), then the
	// most frequent of the rest.
	pal := make(color.Palette, 0, 256)
	taken := map[color.RGBA]bool{}
	for _, c := range cols {
		if len(pal) == 256 {
			break
		}
		if len(pal) == 0 || dist2(c, pal[pal.Index(c)].(color.RGBA)) > 20*20 {
			pal = append(pal, c)
			taken[c] = true
		}
	}
	for _, c := range cols {
		if len(pal) == 256 {
			break
		}
		if !taken[c] {
			pal = append(pal, c)
		}
	}
	out := image.NewPaletted(b, pal)
	index := map[color.RGBA]uint8{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			i, ok := index[c]
			if !ok {
				i = uint8(pal.Index(c))
				index[c] = i
			}
			out.SetColorIndex(x, y, i)
		}
	}
	return out
}

func dist2(a, b color.RGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return dr*dr + dg*dg + db*db
}
