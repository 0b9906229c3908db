//go:build !purego

package anim

// blendPrepAVX is blendChunkOf's first pass (blend_amd64.s) on joints 0..n−1
// of a and b (n at most blendChunk; w0 and w1 have room for blendChunk): the
// linear weights of every joint into w0 and w1 (1 − w as lin0), and the index,
// |d| and sign of the joints that need trigonometry into idx, ds and signs,
// in order. It returns how many those are.
//
//go:noescape
func blendPrepAVX(a, b *Transform, w0, w1 *float32, idx *int32, ds, signs *float32, n int, w, lin0 float32) (m int)

// blendMixAVX is blendChunkOf's last pass (blend_amd64.s): out[i] is a[i] and
// b[i] mixed by v and w (translation, scale) and by w0[i] and w1[i]
// (rotation). out may alias a or b.
//
//go:noescape
func blendMixAVX(a, b, out *Transform, w0, w1 *float32, n int, v, w float32)

// blendScaleAVX sets x[j] = w·x[j] for j below m rounded up to a multiple of
// 8 (blend_amd64.s): blendChunkOf's angles w·θ, in place.
//
//go:noescape
func blendScaleAVX(x *float32, m int, w float32)

// blendWeightsAVX is blendChunkOf's weights pass (blend_amd64.s): for j below
// m, v = sinA[j]/sinTheta[j], w0[idx[j]] = cosA[j] − v·ds[j] and w1[idx[j]] =
// v·signs[j]. It reads the arrays up to m rounded up to a multiple of 8.
//
//go:noescape
func blendWeightsAVX(idx *int32, ds, signs, sinTheta, sinA, cosA, w0, w1 *float32, m int)

// blendPackEntry returns bpack[k], k below 256 (blend_amd64.s), for
// TestBlendPackTable.
//
//go:noescape
func blendPackEntry(k int) uint64
