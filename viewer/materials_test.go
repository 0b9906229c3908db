package viewer

import (
	"testing"

	"animscope/formats"
	"animscope/viewer/viewertest"
)

// TestReadTexturesAndSample: the textured fixture's two BLPs are read once each
// (16×16), and sampling writes each material's state: the alpha layer's
// transparency track holds 0.5 (fixed16 16384/32767), the others 1, with the identity UV matrix; it
// allocates nothing. No display needed.
func TestReadTexturesAndSample(t *testing.T) {
	model := viewertest.TexturedModel(t)
	s := NewState(DefaultLoader, formats.Options{})
	if !s.Open([]string{model}) {
		t.Fatalf("open: %s", s.LastError())
	}
	sc := s.Scene
	mats := sc.ReadTextures()
	if sc.TexturesGen != sc.Gen {
		t.Errorf("TexturesGen = %v, want the scene's Gen %v", sc.TexturesGen, sc.Gen)
	}
	if len(mats) != 5 || len(sc.Textures) != 2 {
		t.Fatalf("%d materials, %d textures; want 5 and 2", len(mats), len(sc.Textures))
	}
	for _, tx := range sc.Textures {
		if tx.Err != nil || tx.Image == nil || tx.Image.Rect.Dx() != 16 || tx.Image.Rect.Dy() != 16 {
			t.Errorf("texture %s: image %v, err %v; want 16x16", tx.Path, tx.Image != nil, tx.Err)
		}
		if sc.TextureImage(tx.Path) != tx.Image {
			t.Errorf("TextureImage(%s) is not the image read", tx.Path)
		}
	}
	states := make([]formats.MaterialState, len(mats))
	s.SampleMaterials(sc, states)
	for i, st := range states {
		want := float32(1)
		if mats[i].Blend == formats.BlendAlpha {
			want = 16384.0 / 32767 // 0.5 as a fixed16 key holds it
		}
		if st.Color[3] != want || st.Color[0] != 1 || st.UV != [12]float32{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0} {
			t.Errorf("material %d (%v): colour %v, UV %v; want opacity %v and the identity", i, mats[i].Blend, st.Color, st.UV, want)
		}
	}
	if n := testing.AllocsPerRun(20, func() { s.SampleMaterials(sc, states) }); n != 0 {
		t.Errorf("SampleMaterials allocates %v times, want 0", n)
	}
}
