package gui

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2"
	"animscope/formats/m2/m2test"
	"animscope/formats/samples"
	"animscope/render"
)

// characterModel writes the synthetic character as the client lays it out,
// with its body skin beside it (the body slot fills itself), and returns it.
func characterModel(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "Character", "Scourge", "Female")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	data, skin := m2test.Character(264, "ScourgeFemale").Encode()
	p := filepath.Join(dir, "ScourgeFemale.m2")
	os.WriteFile(p, data, 0o644)
	os.WriteFile(m2.SkinName(p), skin, 0o644)
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	for i := 0; i < 256; i++ {
		img.Set(i%16, i/16, color.NRGBA{uint8(i), 90, 160, 255})
	}
	tex, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8, Mips: true})
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "ScourgeFemaleSkin00_00.blp"), tex, 0o644)
	return p
}

// TestCharacterFrameAllocatesNothing: a steady frame of a character at its
// default geosets, its body slot filled, allocates nothing; after the Geosets
// panel switches a group (the meshes are uploaded again once) the frames
// allocate nothing again; the panel's text is built once per change.
func TestCharacterFrameAllocatesNothing(t *testing.T) {
	withGL(t, func(h *Headless) {
		s := texturedState(t, []string{characterModel(t)}, "")
		if w := formats.SlotWarnings(s.Scene.Asset); len(w) != 2 || strings.Contains(strings.Join(w, " "), "slot body") {
			t.Fatalf("slot warnings %q: want the cape's and the hair's only", w)
		}
		tg, cam, cell := drawTarget(t, s)
		defer tg.Delete()
		defer tg.Unbind()
		vp := [4]int32{0, 0, 320, 240}
		frame := func() {
			s.Tick(1.0 / 60)
			s.Evaluate()
			h.d.drawScenes(s, &cam, vp, cell)
		}
		frame()
		u := &UI{S: s, Scale: 1}
		for _, step := range []string{"defaults", "hair 5", "all"} {
			switch step {
			case "hair 5":
				hair := s.Scene.GeosetGroups()[0]
				if err := s.Scene.ChooseGeoset(hair, 5); err != nil {
					t.Fatal(err)
				}
			case "all":
				if err := s.Scene.ShowAllGeosets(); err != nil {
					t.Fatal(err)
				}
			}
			frame() // uploads the meshes again after a change
			u.refreshGeosets(s.Scene)
			if n := testing.AllocsPerRun(20, frame); n != 0 {
				t.Errorf("%s: allocations per frame = %v, want 0", step, n)
			}
			if n := testing.AllocsPerRun(10, func() { u.refreshGeosets(s.Scene) }); n != 0 {
				t.Errorf("%s: the Geosets view of a steady scene allocates %v times, want 0", step, n)
			}
		}
		if err := render.CheckError(); err != nil {
			t.Error(err)
		}
	})
}

// BenchmarkDrawCharacter is one frame of a character at its default geosets and
// with every geoset: the synthetic one (body slot filled) and the real
// scourgefemale (samples: 8 of 48 submeshes by default).
func BenchmarkDrawCharacter(b *testing.B) {
	for _, c := range []struct {
		name string
		all  bool
	}{{"synthetic/defaults", false}, {"synthetic/all", true}, {"scourgefemale/defaults", false}, {"scourgefemale/all", true}} {
		b.Run(c.name, func(b *testing.B) {
			model := ""
			if strings.HasPrefix(c.name, "synthetic") {
				model = characterModel(b)
			} else {
				model = filepath.Join(samples.Dir(b, "m2-real"), "wotlk", "scourgefemale.m2")
			}
			withGL(b, func(h *Headless) {
				s := texturedState(b, []string{model}, "")
				if c.all {
					s.Scene.ShowAllGeosets()
				}
				benchDraw(b, h, s)
			})
		})
	}
}
