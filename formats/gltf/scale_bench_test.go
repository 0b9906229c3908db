package gltf

import (
	"fmt"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/vca/vcatest"
)

// BenchmarkExportFlatBones exports a flat VoxelCore model ("root" and N−1 child
// bones of one box each: 6 meshes per bone) at two sizes a factor 8 apart; export
// is linear in the nodes when ns/op grows by about 8, not 64. The decode is
// outside the timer: the figure is Export and WriteFile (the command's path: one
// JSON pass into the file).
func BenchmarkExportFlatBones(b *testing.B) {
	for _, n := range []int{2500, 20000} {
		b.Run(fmt.Sprintf("bones=%d", n), func(b *testing.B) {
			a, err := formats.OpenData("flat.vcm", vcatest.Bones(n), formats.Options{})
			if err != nil {
				b.Fatal(err)
			}
			out := filepath.Join(b.TempDir(), "flat.glb")
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				doc, err := Export(a, ExportOptions{})
				if err != nil {
					b.Fatal(err)
				}
				if err := WriteFile(out, doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
