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
	benchmarkExportReal(b, formats.Options{})
}

// BenchmarkExportRealCharacterParentFlags is BenchmarkExportRealCharacter under
// --parent-flags apply (joint locals from the composed matrices, inherit.go).
func BenchmarkExportRealCharacterParentFlags(b *testing.B) {
	benchmarkExportReal(b, formats.Options{}.With("parent-flags", "apply"))
}

func benchmarkExportReal(b *testing.B, opts formats.Options) {
	path := filepath.Join(samples.Dir(b, "m2-real/wotlk"), "scourgefemale.m2")
	out := filepath.Join(b.TempDir(), "c.glb")
	b.ReportAllocs()
	for b.Loop() {
		a, err := formats.Open([]string{path}, opts)
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
