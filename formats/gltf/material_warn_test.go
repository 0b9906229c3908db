package gltf

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/swg/swgtest"
)

// TestExportTextureWarningNamesFileOnce: a texture that cannot be decoded is a
// warning that names it once, with the place the texture package found wrong,
// and the material has none; it said "texture F: F: offset 0x80: ...".
func TestExportTextureWarningNamesFileOnce(t *testing.T) {
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
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut short", data[:200], "texture " + checker + ": offset 0x80: mip level 0 (32 x 32, 512 bytes of DXT1) runs past the end of the file (200 bytes): the material has none"},
		{"empty", nil, "texture " + checker + ": not a texture this program reads (BLP, DDS, Texm, PNG or JPEG): the material has none"},
	} {
		if err := os.WriteFile(checker, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		a, err := formats.Open([]string{mesh}, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var warns []string
		if _, err := Export(a, ExportOptions{BindPose: true, Warn: func(s string) { warns = append(warns, s) }}); err != nil {
			t.Fatal(err)
		}
		if len(warns) != 1 || warns[0] != tc.want {
			t.Errorf("%s: got warnings %q, want [%q]", tc.name, warns, tc.want)
		}
	}
}
