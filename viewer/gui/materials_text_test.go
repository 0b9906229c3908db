package gui

import (
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/vca/vcatest"
	"animscope/viewer"
)

// TestMaterialsPanelSwitchedTexture: the Materials panel's line of a material
// whose texture an animation switches names the slot and what it switches to,
// and the texture list holds every image it can show.
func TestMaterialsPanelSwitchedTexture(t *testing.T) {
	entity, clip, err := vcatest.TexturedPack(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.Open([]string{entity, clip}) {
		t.Fatalf("open: %s", s.LastError())
	}
	s.Scene.ReadTextures()
	u := &UI{S: s, Scale: 1}
	v := u.refreshMaterials(s.Scene)
	if len(v.materials) != 2 {
		t.Fatalf("material lines %q, want 2", v.materials)
	}
	if want := "1  mesh 1  alpha_key, two-sided  $0, switched over time to a.png b.png"; v.materials[1] != want {
		t.Errorf("head line %q, want %q", v.materials[1], want)
	}
	if !strings.HasSuffix(v.materials[0], "  checker.png") {
		t.Errorf("body line %q, want it to end with checker.png", v.materials[0])
	}
	if len(v.textures) != 3 || !strings.HasPrefix(v.textures[2], "b.png  8 x 8") {
		t.Errorf("texture lines %q, want checker, a and b (8 x 8)", v.textures)
	}
}
