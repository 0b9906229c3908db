package gltf

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
)

// TestExportParentFlagsApply: an M2 whose bones ignore their parent's rotation,
// scale or translation, opened with --parent-flags apply, exports joints and
// skinned vertices that match the sampled pose (which composes those bones by
// the client's rule) within the usual tolerance, at every exported sample.
func TestExportParentFlagsApply(t *testing.T) {
	for _, flags := range [][3]uint32{{0x4, 0, 0x2}, {0x1, 0, 0x6}, {0x7, 0, 0x5}} {
		m := m2test.NewModel(264)
		for i := range m.Bones {
			m.Bones[i].Flags |= flags[i]
		}
		data, skin := m.Encode()
		dir := t.TempDir()
		p := filepath.Join(dir, "Flags.m2")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "Flags00.skin"), skin, 0o644); err != nil {
			t.Fatal(err)
		}
		a, err := formats.Open([]string{p}, formats.Options{}.With("parent-flags", "apply"))
		if err != nil {
			t.Fatal(err)
		}
		if a.Skeleton.Inherit == nil {
			t.Fatalf("flags %v: the skeleton has no inheritance flags under apply", flags)
		}
		runFamilyCase(t, "parent flags apply", a, ExportOptions{}, axesZUp)
	}
}
