package gui

import (
	"encoding/binary"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"
	"animscope/render"
	"animscope/viewer"
)

// skinScene opens a synthetic M2 whose texture is a creature skin, with two
// skins beside it.
func skinScene(t *testing.T) *viewer.State {
	t.Helper()
	dir := t.TempDir()
	data, _ := m2test.Synthetic(256, false)
	texAt := binary.LittleEndian.Uint32(data[0x5C+4:])
	binary.LittleEndian.PutUint32(data[texAt:], 11) // texture 0: creature skin 1
	model := filepath.Join(dir, "Test.m2")
	if err := os.WriteFile(model, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tex, err := blptest.Encode(image.NewNRGBA(image.Rect(0, 0, 4, 4)), blptest.Format{Version: 2, Encoding: blp.DXT1})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"TestSkin_a.blp", "TestSkin_b.blp"} {
		if err := os.WriteFile(filepath.Join(dir, n), tex, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.Open([]string{model}) {
		t.Fatalf("open: %s", s.LastError())
	}
	return s
}

func TestSceneUseSkin(t *testing.T) {
	s := skinScene(t)
	sc := s.Scene
	skins := sc.Skins()
	if len(skins) != 2 {
		t.Fatalf("skins = %v, want the two beside the model", skins)
	}
	if got := sc.Skin(); got != skins[0] {
		t.Errorf("default skin = %q, want the first candidate %q", got, skins[0])
	}
	gen := sc.Gen
	if err := sc.UseSkin(skins[1]); err != nil {
		t.Fatal(err)
	}
	if sc.Skin() != skins[1] || sc.Gen == gen {
		t.Errorf("after UseSkin(%q): skin %q, gen %v (was %v); want the skin and a new gen", skins[1], sc.Skin(), sc.Gen, gen)
	}
	if tex := sc.Asset.Materials.Materials()[0].Texture; !strings.HasSuffix(tex, skins[1]) {
		t.Errorf("material 0 texture = %q, want %s", tex, skins[1])
	}
	gen = sc.Gen
	if err := sc.UseSkin("missing.blp"); err == nil || sc.Gen != gen || sc.Skin() != skins[1] {
		t.Errorf("UseSkin(missing.blp): err %v, gen %v (was %v), skin %q; want an error and nothing changed", err, sc.Gen, gen, sc.Skin())
	}
	demo := demoState(t)
	if demo.Scene.Skins() != nil || demo.Scene.UseSkin("x.blp") == nil {
		t.Errorf("the demo has no materials: want no skins and an error")
	}
}

// TestSkinReloadsTextures: after UseSkin the next frame reads the new skin.
func TestSkinReloadsTextures(t *testing.T) {
	withGL(t, func(h *Headless) {
		s := skinScene(t)
		tg, cam, cell := drawTarget(t, s)
		defer tg.Delete()
		defer tg.Unbind()
		vp := [4]int32{0, 0, 64, 64}
		for _, skin := range s.Scene.Skins() {
			if err := s.Scene.UseSkin(skin); err != nil {
				t.Fatal(err)
			}
			h.d.drawScenes(s, &cam, vp, cell)
			if len(s.Scene.Textures) != 1 || !strings.HasSuffix(s.Scene.Textures[0].Path, skin) || s.Scene.Textures[0].Image == nil {
				t.Errorf("textures after UseSkin(%s) = %+v", skin, s.Scene.Textures)
			}
		}
		if err := render.CheckError(); err != nil {
			t.Error(err)
		}
	})
}
