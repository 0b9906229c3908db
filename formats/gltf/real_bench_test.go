package gltf

import (
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/samples"
)

// BenchmarkExportRealCharacter exports the first real WotLK character (140 bones,
// 147 sequences, all clips at their own rate) the way `animscope export` does:
// open, Export, WriteFile. It skips when the sample folder is absent.
func BenchmarkExportRealCharacter(b *testing.B) {
	path := filepath.Join(samples.Dir(b, "m2-real/wotlk"), "scourgefemale.m2")
	out := filepath.Join(b.TempDir(), "c.glb")
	b.ReportAllocs()
	for b.Loop() {
		a, err := formats.Open([]string{path}, formats.Options{})
		if err != nil {
			b.Fatal(err)
		}
		doc, err := Export(a, ExportOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if err := WriteFile(out, doc); err != nil {
			b.Fatal(err)
		}
	}
}
