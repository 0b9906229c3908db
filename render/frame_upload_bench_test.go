package render

import (
	"fmt"
	"testing"
	"unsafe"

	"animscope/anim"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
)

// BenchmarkFrameUpload is the CPU side of every GL upload one viewer frame
// makes for a skeleton of 140 nodes (the real WotLK scourgefemale's), the draws
// left out: for one character the skin palette (SceneGPU.UploadPalette) and the
// bone pass's model matrices and offset; for a crowd of 1,000 every instance's
// palette, model matrices and place, in the batches DrawCrowd and the bone pass
// use (2 × 6.7 MB). Under Xvfb the driver is llvmpipe, whose copy is a memcpy
// into host memory, as a real driver's copy into its staging memory is.
func BenchmarkFrameUpload(b *testing.B) {
	const nodes = 140
	for _, chars := range []int{1, 1000} {
		b.Run(fmt.Sprintf("%dx%d", chars, nodes), func(b *testing.B) {
			withContext(b, func(r *Renderer) {
				skin := make([]anim.Affine, chars*nodes)
				model := make([]anim.Affine, chars*nodes)
				offsets := make([]mgl32.Vec3, chars)
				for i := range skin {
					skin[i], model[i] = anim.IdentityAffine, anim.IdentityAffine
					skin[i][9], model[i][10] = float32(i), float32(i)
				}
				gpu := NewSceneGPU(nil, nodes)
				defer gpu.Delete()
				batch := max(r.bones.maxTexels/(3*nodes), 1)
				upload := func() {
					if chars == 1 {
						gpu.UploadPalette(skin)
						r.bones.model.upload(unsafe.Pointer(&model[0]), nodes*48)
						r.bones.offset.upload(unsafe.Pointer(&noOffset), 12)
						return
					}
					for c0 := 0; c0 < chars; c0 += batch {
						c1 := min(c0+batch, chars)
						r.crowd.palette.upload(unsafe.Pointer(&skin[c0*nodes]), (c1-c0)*nodes*48)
						r.crowd.offset.upload(unsafe.Pointer(&offsets[c0]), (c1-c0)*12)
					}
					for c0 := 0; c0 < chars; c0 += batch {
						c1 := min(c0+batch, chars)
						r.bones.model.upload(unsafe.Pointer(&model[c0*nodes]), (c1-c0)*nodes*48)
						r.bones.offset.upload(unsafe.Pointer(&offsets[c0]), (c1-c0)*12)
					}
				}
				upload()
				gl.Finish()
				b.SetBytes(int64(2*chars*nodes*48 + chars*12))
				b.ReportAllocs()
				for b.Loop() {
					upload()
				}
				gl.Finish()
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/frame")
				if err := CheckError(); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
