package gltf

import (
	"os"
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

// TestExportRealCharacterMemoryBound holds the real character's export (147
// clips, under both readings of the parent flags) to the bound of
// TestExportMemoryBound: 4 × (input + output) + 64 MB, the input being every
// file the scene read. It skips when the sample folder is absent.
func TestExportRealCharacterMemoryBound(t *testing.T) {
	path := filepath.Join(samples.Dir(t, "m2-real/wotlk"), "scourgefemale.m2")
	for _, pf := range []string{"ignore", "apply"} {
		t.Run(pf, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "c.glb")
			var in int64
			peak := peakMemory(func() {
				a, err := formats.Open([]string{path}, formats.Options{}.With("parent-flags", pf))
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range a.Files {
					if st, err := os.Stat(f); err == nil {
						in += st.Size()
					}
				}
				doc, err := Export(a, ExportOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if err := WriteFile(out, doc); err != nil {
					t.Fatal(err)
				}
			})
			st, err := os.Stat(out)
			if err != nil {
				t.Fatal(err)
			}
			bound := uint64(4*(in+st.Size()) + 64<<20)
			t.Logf("input %.1f MB, output %.1f MB: peak %d MB, bound %d MB", float64(in)/(1<<20), float64(st.Size())/(1<<20), peak>>20, bound>>20)
			if in == 0 || peak > bound {
				t.Errorf("peak memory: got %d MB for %d input bytes, want <= %d MB (4 × (input + output) + 64 MB)", peak>>20, in, bound>>20)
			}
		})
	}
}
