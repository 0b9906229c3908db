package m2

import (
	"animscope/formats/m2/m2test"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
)

// writeModel encodes m into dir as name (and its 00.skin at 264) and returns the path.
func writeModel(t testing.TB, dir, name string, m *m2test.Model) string {
	t.Helper()
	data, skin := m.Encode()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if skin != nil {
		if err := os.WriteFile(SkinName(p), skin, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// decodeMem decodes an encoded model in memory, serving its skin for any .skin.
func decodeMem(name string, data, skin []byte) (*formats.Part, error) {
	return decodeWith(name, name, data, func(p string) ([]byte, error) {
		if skin != nil && filepath.Ext(p) == ".skin" {
			return skin, nil
		}
		return nil, os.ErrNotExist
	})
}
