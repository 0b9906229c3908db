//go:build unix

package swg_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"animscope/formats"
	"animscope/formats/swg/swgtest"
)

// TestSceneMaterialsTextureNotRegular: a MAIN texture whose name resolves to a
// folder or a named pipe is a warning at load naming it, and the material has
// no file, as for a missing texture; `texture` and export refuse such a path
// when they read it, so validate and inspect say so too. The pipe is never
// opened (a read would block).
func TestSceneMaterialsTextureNotRegular(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(path string) error
	}{
		{"folder", func(p string) error { return os.Mkdir(p, 0o755) }},
		{"named pipe", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
		{"link to a folder", func(p string) error {
			if err := os.Mkdir(p+".d", 0o755); err != nil {
				return err
			}
			return os.Symlink(filepath.Base(p)+".d", p)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			mesh, err := swgtest.WriteTexturedScene(root)
			if err != nil {
				t.Fatal(err)
			}
			tex := filepath.Join(root, filepath.FromSlash(swgtest.CheckerTexture))
			if err := os.Remove(tex); err != nil {
				t.Fatal(err)
			}
			if err := tc.make(tex); err != nil {
				t.Fatal(err)
			}
			scene, err := formats.Open([]string{mesh}, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			mats := scene.Materials.Materials()
			if len(mats) != 2 || mats[0].Texture != "" || mats[1].Texture == "" {
				t.Errorf("materials %+v, want the checker without a file and the stripes with one", mats)
			}
			want := `texture "` + swgtest.CheckerTexture + `" named by shader ` + filepath.Join(root, "shader", "box_checker.sht") + ": " + tex + " is not a regular file"
			var got []string
			for _, d := range scene.Diagnostics {
				if d.Severity == formats.Warning && strings.Contains(d.Message, want) {
					return
				}
				got = append(got, d.Message)
			}
			t.Errorf("got diagnostics %q, want a warning containing %q", got, want)
		})
	}
}
