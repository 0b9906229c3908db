package viewertest

import (
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"
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

// TexturedModel writes an M2 (built by m2test) with a quad per blend mode
// and two BLP textures (built by blptest) beside it, and returns the model's
// path. CHECKER.BLP is an orange and cream checker with a transparent disc in
// the middle (alpha key cuts it out); GLOW.BLP is a blue disc fading out to the
// rim (additive, modulate).
func TexturedModel(t testing.TB) string {
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
