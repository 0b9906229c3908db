package gui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/mathgl/mgl32"
)

// TestTexturedGolden draws the textured fixture (opaque, alpha key, additive,
// alpha and modulate layers and a mesh without material) and compares it with
// testdata/golden_textured.png, and with textures off compares it with the flat
// drawing of the same meshes: testdata/golden_untextured.png.
func TestTexturedGolden(t *testing.T) {
	const w, h = 320, 240
	model := viewertest.TexturedModel(t)
	a, err := formats.Open([]string{model}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Materials == nil || len(a.Materials.Materials()) != 5 {
		t.Fatalf("fixture: want 5 materials, got %v", a.Materials)
	}
	for _, tc := range []struct {
		name       string
		untextured bool
	}{{"textured", false}, {"untextured", true}} {
		t.Run(tc.name, func(t *testing.T) {
			withGL(t, func(hd *Headless) {
				s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
				if !s.Open([]string{model}) {
					t.Fatalf("open: %s", s.LastError())
				}
				s.View.Bones, s.View.Joints, s.View.NoTextures = false, false, tc.untextured
				img, err := hd.RenderShot(s, viewer.Shot{}, w, h)
				if err != nil {
					t.Fatalf("render: %v", err)
				}
				if tc.untextured {
					if n := len(s.Scene.Textures); n != 2 {
						t.Errorf("scene textures = %d, want 2", n)
					}
					for _, tx := range s.Scene.Textures {
						if tx.Err != nil || tx.Image == nil {
							t.Errorf("texture %s: %v", tx.Path, tx.Err)
						}
					}
				}
				checkGolden(t, img, filepath.Join("testdata", "golden_"+tc.name+".png"))
			})
		})
	}
}

// checkGolden compares img with the golden PNG at path (every window and 3D-view golden
// goes through it; go test -update rewrites them).
func checkGolden(t *testing.T, img *image.RGBA, path string) {
	t.Helper()
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if got, min := countNonBackground(img), w*h/50; got < min {
		t.Errorf("non-background pixels = %d, want at least %d (a blank frame?)", got, min)
	}
	if *update {
		if err := writePNGFile(path, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := readPNG(path)
	if err != nil {
		t.Fatalf("read golden (run go test -update to make it): %v", err)
	}
	bad, err := compareImages(img, want, 24)
	if err != nil {
		t.Fatal(err)
	}
	if limit := w * h / 200; bad > limit {
		got := filepath.Join(t.TempDir(), "got.png")
		_ = writePNGFile(got, img)
		t.Errorf("%d pixels differ from %s by more than the tolerance, want at most %d (got: %s)", bad, path, limit, got)
	}
}

// fixedMaterials is a Materials capability whose materials have fixed states:
// the fixture's materials with a chosen colour and UV matrix each.
type fixedMaterials struct {
	inner  formats.Materials
	states []formats.MaterialState
}

func (f fixedMaterials) Materials() []formats.Material { return f.inner.Materials() }
func (f fixedMaterials) Skins() []string               { return f.inner.Skins() }
func (f fixedMaterials) UseSkin(name string) error     { return f.inner.UseSkin(name) }

func (f fixedMaterials) SampleMaterial(_ anim.Clip, i int, _, _ float64, dst *formats.MaterialState) {
	*dst = f.states[i]
}

// TestMaterialStateDrawn: the sampled state reaches the drawing. The colour
// green multiplies every layer, so no pixel is red or orange; the UV matrix
// of the checker's layers (scale 0, then a translation) makes them read one
// texel: an orange one keeps the alpha-keyed and alpha layers, one in the
// transparent disc cuts the alpha-keyed layer away and hides the alpha layer
// (the glow's layers keep the identity).
func TestMaterialStateDrawn(t *testing.T) {
	const w, h = 320, 240
	model := viewertest.TexturedModel(t)
	green := func(uv [2]float32) (greenPx, redPx int) {
		a, err := formats.Open([]string{model}, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		states := make([]formats.MaterialState, len(a.Materials.Materials()))
		for i, m := range a.Materials.Materials() {
			states[i] = formats.MaterialState{Color: mgl32.Vec4{0, 1, 0, 1}, UV: anim.IdentityAffine}
			if m.TextureRef == `TEST\CHECKER.BLP` {
				states[i].UV = anim.Affine{0, 0, 0, 0, 0, 0, 0, 0, 1, uv[0], uv[1], 0}
			}
		}
		a.Materials = fixedMaterials{a.Materials, states}
		withGL(t, func(hd *Headless) {
			s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
			if !s.Open([]string{model}) {
				t.Fatalf("open: %s", s.LastError())
			}
			s.View.Bones, s.View.Joints, s.View.Axes = false, false, false
			img, err := hd.RenderShot(s, viewer.Shot{}, w, h)
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			for i := 0; i+3 < len(img.Pix); i += 4 {
				r, g, b := int(img.Pix[i]), int(img.Pix[i+1]), int(img.Pix[i+2])
				if g > r+40 && g > b+40 {
					greenPx++
				}
				if r > g+30 {
					redPx++
				}
			}
		})
		return greenPx, redPx
	}
	edgeGreen, edgeRed := green([2]float32{0.1, 0.1})
	discGreen, discRed := green([2]float32{0.5, 0.5})
	if edgeRed != 0 || discRed != 0 {
		t.Errorf("red or orange pixels under a green colour: %d and %d, want 0", edgeRed, discRed)
	}
	if edgeGreen < discGreen+500 {
		t.Errorf("green pixels: %d reading an opaque texel, %d reading a transparent one; want the alpha-keyed and alpha layers (500 pixels or more) gone with the transparent texel", edgeGreen, discGreen)
	}
}

// TestMissingTextureLayers: with GLOW.BLP gone, the glow's layers draw no blue
// (the additive and modulating layers without their texture are left out), the
// scene lists no texture for them, and the frame draws without a GL error.
func TestMissingTextureLayers(t *testing.T) {
	model := viewertest.TexturedModel(t)
	blue := func() (n int, texs []viewer.SceneTexture) {
		a, err := formats.Open([]string{model}, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		withGL(t, func(hd *Headless) {
			s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
			if !s.Open([]string{model}) {
				t.Fatalf("open: %s", s.LastError())
			}
			s.View.Bones, s.View.Joints, s.View.Axes = false, false, false
			img, err := hd.RenderShot(s, viewer.Shot{}, 320, 240)
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			for i := 0; i+3 < len(img.Pix); i += 4 {
				r, g, b := int(img.Pix[i]), int(img.Pix[i+1]), int(img.Pix[i+2])
				if b > r+60 && b > g+30 {
					n++
				}
			}
			texs = s.Scene.Textures
		})
		return n, texs
	}
	with, _ := blue()
	if err := os.Remove(filepath.Join(filepath.Dir(model), "GLOW.BLP")); err != nil {
		t.Fatal(err)
	}
	without, texs := blue()
	if with < 200 || without != 0 {
		t.Errorf("blue pixels: %d with GLOW.BLP, %d without; want 200 or more, then none", with, without)
	}
	for _, tx := range texs {
		if strings.HasSuffix(tx.Path, "GLOW.BLP") {
			t.Errorf("texture %s listed; the material has no file for it", tx.Path)
		}
	}
}
