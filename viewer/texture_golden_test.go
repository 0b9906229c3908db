package viewer

import (
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"

	"github.com/go-gl/mathgl/mgl32"
)

// texturedQuad is one quad of the textured fixture: its corners (x0, z0) to
// (x1, z1) in the M2's XZ plane at depth y, its render flag and blend mode, and
// which texture and transparency it takes (batch < 0: no batch, drawn flat).
type texturedQuad struct {
	x0, z0, x1, z1, y float32
	flags, blend      uint16
	tex, transp       uint16
	batch             bool
}

// texturedFixture writes an M2 (built by m2test) with a quad per blend mode
// and two BLP textures (built by blptest) beside it, and returns the model's
// path. CHECKER.BLP is an orange and cream checker with a transparent disc in
// the middle (alpha key cuts it out); GLOW.BLP is a blue disc fading out to the
// rim (additive, modulate).
func texturedFixture(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	checker := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	glow := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	for y := 0; y < 16; y++ {
		for x := 0; x < 16; x++ {
			c := color.NRGBA{230, 140, 40, 255}
			if (x/4+y/4)%2 == 1 {
				c = color.NRGBA{250, 240, 210, 255}
			}
			dx, dy := float64(x)-7.5, float64(y)-7.5
			r := math.Sqrt(dx*dx + dy*dy)
			if r < 4 {
				c.A = 0
			}
			checker.SetNRGBA(x, y, c)
			f := max(0, 1-r/8)
			glow.SetNRGBA(x, y, color.NRGBA{uint8(80 * f), uint8(160 * f), uint8(255 * f), uint8(255 * f)})
		}
	}
	for name, img := range map[string]*image.NRGBA{"CHECKER.BLP": checker, "GLOW.BLP": glow} {
		data, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8, Mips: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	m := m2test.NewModel(256)
	m.Textures = []string{`TEST\CHECKER.BLP`, `TEST\GLOW.BLP`}
	m.TexLookup = []uint16{0, 1}
	m.TransLookup = []uint16{0, 1}
	m.Transp = append(m.Transp[:1], m2test.MakeTrack(m, 0, -1, [][]m2test.Key{{{T: 0, V: []float32{0.5}}}, {{T: 0, V: []float32{0.5}}}}, -1))
	quads := []texturedQuad{
		{x0: -3, z0: 0, x1: -1, z1: 2, flags: 0x4, blend: 0, tex: 0, batch: true},                  // opaque, lit
		{x0: -1, z0: 0, x1: 1, z1: 2, flags: 0x4, blend: 1, tex: 0, batch: true},                   // alpha key: the disc is cut out
		{x0: 1, z0: 0, x1: 3, z1: 2, flags: 0x5, blend: 3, tex: 1, batch: true},                    // additive glow, unlit
		{x0: -2, z0: 1, x1: 0, z1: 3, y: -1, flags: 0x5, blend: 2, tex: 0, transp: 1, batch: true}, // alpha 0.5 over the first two
		{x0: 0, z0: -1, x1: 2, z1: 1, y: -1, flags: 0x4, blend: 5, tex: 1, batch: true},            // modulate over the 2nd and 3rd
		{x0: -3, z0: -1.5, x1: 3, z1: -1},                                                          // no material: flat grey
	}
	m.Verts, m.Lookup, m.Indices, m.Subs, m.Batches, m.RenderFlags = nil, nil, nil, nil, nil, nil
	for i, q := range quads {
		v0 := uint16(len(m.Verts))
		for _, c := range [4][4]float32{{q.x0, q.z0, 0, 1}, {q.x1, q.z0, 1, 1}, {q.x0, q.z1, 0, 0}, {q.x1, q.z1, 1, 0}} {
			m.Verts = append(m.Verts, m2test.Vert{Pos: [3]float32{c[0], q.y, c[1]}, W: [4]uint8{255}, B: [4]uint8{1},
				N: [3]float32{0, -1, 0}, UV0: [2]float32{c[2], c[3]}})
			m.Lookup = append(m.Lookup, uint16(len(m.Lookup)))
		}
		i0 := uint16(len(m.Indices))
		m.Indices = append(m.Indices, v0, v0+1, v0+2, v0+2, v0+1, v0+3)
		m.Subs = append(m.Subs, m2test.Submesh{VStart: v0, VCount: 4, IStart: i0, ICount: 6, BoneCount: 3})
		if q.batch {
			m.Batches = append(m.Batches, m2test.Batch{Sub: uint16(i), Color: -1, RenderFlag: uint16(len(m.RenderFlags)),
				TexCombo: q.tex, TransCombo: q.transp})
			m.RenderFlags = append(m.RenderFlags, [2]uint16{q.flags, q.blend})
		}
	}
	data, _ := m.Encode()
	model := filepath.Join(dir, "Textured.m2")
	if err := os.WriteFile(model, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return model
}

// TestTexturedGolden draws the textured fixture (opaque, alpha key, additive,
// alpha and modulate layers and a mesh without material) and compares it with
// testdata/golden_textured.png, and with textures off compares it with the flat
// drawing of the same meshes: testdata/golden_untextured.png.
func TestTexturedGolden(t *testing.T) {
	const w, h = 320, 240
	model := texturedFixture(t)
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
				s := NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
				if !s.Open([]string{model}) {
					t.Fatalf("open: %s", s.LastError())
				}
				s.View.Bones, s.View.Joints, s.View.NoTextures = false, false, tc.untextured
				img, err := hd.RenderShot(s, Shot{}, w, h)
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

// checkGolden compares img with the golden PNG at path as TestGolden does
// (go test -update rewrites it).
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
	model := texturedFixture(t)
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
			s := NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
			if !s.Open([]string{model}) {
				t.Fatalf("open: %s", s.LastError())
			}
			s.View.Bones, s.View.Joints, s.View.Axes = false, false, false
			img, err := hd.RenderShot(s, Shot{}, w, h)
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
	model := texturedFixture(t)
	blue := func() (n int, texs []SceneTexture) {
		a, err := formats.Open([]string{model}, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		withGL(t, func(hd *Headless) {
			s := NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
			if !s.Open([]string{model}) {
				t.Fatalf("open: %s", s.LastError())
			}
			s.View.Bones, s.View.Joints, s.View.Axes = false, false, false
			img, err := hd.RenderShot(s, Shot{}, 320, 240)
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
