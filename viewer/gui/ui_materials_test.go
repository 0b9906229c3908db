package gui

import (
	"image"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/inkyblackness/imgui-go/v4"
)

// materialsFrame builds one frame holding only the Materials panel.
func materialsFrame(u *UI) {
	imgui.NewFrame()
	imgui.Begin("materials")
	u.materialsPanel()
	imgui.End()
	imgui.Render()
}

// TestMaterialsPanel: the panel lists the textured fixture's two textures with
// their sizes (and a preview of each, uploaded once) and its five materials with blend mode, flags and texture; the
// view is not rebuilt (no allocation) while the scene stays. No GL: the
// textures are read as the renderer would read them.
func TestMaterialsPanel(t *testing.T) {
	defer newUIContext(t)()
	model := viewertest.TexturedModel(t)
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.Open([]string{model}) {
		t.Fatal(s.LastError())
	}
	s.Scene.ReadTextures()
	uploads := 0
	u := &UI{S: s, Scale: 1, SetImage: func(id imgui.TextureID, img *image.RGBA) imgui.TextureID {
		uploads++
		if img.Rect.Dx() != 16 || img.Rect.Dy() != 16 {
			t.Errorf("preview %v, want 16x16", img.Rect)
		}
		return imgui.TextureID(100 + uploads)
	}}
	materialsFrame(u)
	materialsFrame(u)
	v := &u.mats
	if uploads != 2 || len(v.previews) != 2 || v.previews[0] == 0 || v.previews[1] == 0 {
		t.Errorf("%d preview uploads, previews %v; want one for each texture, once", uploads, v.previews)
	}
	wantTex := []string{"CHECKER.BLP  16 x 16", "GLOW.BLP  16 x 16"}
	if strings.Join(v.textures, "|") != strings.Join(wantTex, "|") {
		t.Errorf("textures = %q, want %q", v.textures, wantTex)
	}
	wantMat := []string{
		"0  mesh 0  opaque, two-sided  CHECKER.BLP",
		"1  mesh 1  alpha_key, two-sided  CHECKER.BLP",
		"2  mesh 2  add, two-sided, unlit  GLOW.BLP",
		"3  mesh 3  alpha, two-sided, unlit  CHECKER.BLP",
		"4  mesh 4  mod, two-sided  GLOW.BLP",
	}
	if strings.Join(v.materials, "|") != strings.Join(wantMat, "|") {
		t.Errorf("materials = %q, want %q", v.materials, wantMat)
	}
	if len(v.skins) != 0 {
		t.Errorf("skins = %q, want none (the fixture names its textures)", v.skins)
	}
	// ImGui's Go binding allocates in its own calls; the panel's own part, the
	// view, is built once per texture generation.
	if n := testing.AllocsPerRun(10, func() { u.refreshMaterials(s.Scene) }); n != 0 {
		t.Errorf("the Materials view of a steady scene allocates %v times, want 0", n)
	}
}

// TestMaterialsPanelSkins: a model with a creature skin lists the skins beside
// it, and picking another one in the model (as the combo does) rebuilds the
// list on the next frame once the textures are read again.
func TestMaterialsPanelSkins(t *testing.T) {
	defer newUIContext(t)()
	s := skinScene(t)
	sc := s.Scene
	sc.ReadTextures()
	u := &UI{S: s, Scale: 1}
	materialsFrame(u)
	if got := strings.Join(u.mats.skins, ","); got != "TestSkin_a.blp,TestSkin_b.blp" {
		t.Fatalf("skins = %q, want TestSkin_a.blp,TestSkin_b.blp", got)
	}
	if !strings.HasPrefix(u.mats.textures[0], "TestSkin_a.blp") {
		t.Errorf("texture line = %q, want the default skin", u.mats.textures[0])
	}
	if err := sc.UseSkin(sc.Skins()[1]); err != nil {
		t.Fatal(err)
	}
	sc.ReadTextures()
	materialsFrame(u)
	if !strings.HasPrefix(u.mats.textures[0], "TestSkin_b.blp") {
		t.Errorf("texture line after UseSkin = %q, want TestSkin_b.blp", u.mats.textures[0])
	}
}
