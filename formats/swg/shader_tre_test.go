package swg_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/swg/swgtest"
	"animscope/formats/texture"
	"animscope/formats/tre/tretest"
	_ "animscope/formats/vfs" // mounts .tre archives (ARCHIVE:MEMBER)
)

// TestSceneMaterialsInTree: the textured box packed in a tree file and opened as
// its members: the shaders are read from the archive and the textures are named
// ARCHIVE:MEMBER, which texture.Read reads.
func TestSceneMaterialsInTree(t *testing.T) {
	src := t.TempDir()
	if _, err := swgtest.WriteTexturedScene(src); err != nil {
		t.Fatal(err)
	}
	var files []tretest.File
	filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, _ := os.ReadFile(p)
		files = append(files, tretest.File{Name: filepath.ToSlash(rel), Data: data, Zlib: len(files)%2 == 0})
		return nil
	})
	tre := filepath.Join(t.TempDir(), "box.tre")
	if err := os.WriteFile(tre, tretest.Build(files, tretest.Options{}), 0o644); err != nil {
		t.Fatal(err)
	}
	scene, err := formats.Open([]string{tre + ":" + swgtest.TexturedSkeleton, tre + ":" + swgtest.TexturedMesh}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if scene.Materials == nil {
		t.Fatalf("no materials; diagnostics %v", scene.Diagnostics)
	}
	mats := scene.Materials.Materials()
	want := []string{tre + ":" + swgtest.CheckerTexture, tre + ":" + swgtest.StripesTexture}
	if len(mats) != 2 || mats[0].Texture != want[0] || mats[1].Texture != want[1] {
		t.Fatalf("materials %+v, want textures %v", mats, want)
	}
	for _, m := range mats {
		tx, err := texture.Read(m.Texture)
		if err != nil || tx.Format != "dds" || tx.Width != 32 {
			t.Errorf("texture.Read(%s): %v %+v", m.Texture, err, tx)
		}
	}
}
