package gui

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/swg/swgtest"
	"animscope/viewer"
)

// TestMaterialsPanelTextureError: a texture that cannot be read is listed by
// its base name once, then what is wrong and where; the line said
// "box_checker.dds: /full/path/box_checker.dds: offset 0x80: ...".
func TestMaterialsPanelTextureError(t *testing.T) {
	defer newUIContext(t)()
	root := t.TempDir()
	mesh, err := swgtest.WriteTexturedScene(root)
	if err != nil {
		t.Fatal(err)
	}
	checker := filepath.Join(root, filepath.FromSlash(swgtest.CheckerTexture))
	data, err := os.ReadFile(checker)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(checker, data[:200], 0o644); err != nil {
		t.Fatal(err)
	}
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.Open([]string{mesh}) {
		t.Fatal(s.LastError())
	}
	s.Scene.ReadTextures()
	u := &UI{S: s, Scale: 1}
	v := u.refreshMaterials(s.Scene)
	want := []string{
		"box_checker.dds: offset 0x80: mip level 0 (32 x 32, 512 bytes of DXT1) runs past the end of the file (200 bytes)",
		"box_stripes.dds  32 x 32",
	}
	if len(v.textures) != len(want) || v.textures[0] != want[0] || v.textures[1] != want[1] || !v.failed[0] || v.failed[1] {
		t.Errorf("textures %q (failed %v), want %q (the first failed)", v.textures, v.failed, want)
	}
}
