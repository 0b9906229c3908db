//go:build !purego

package anim

// blendPrepAVX is blendChunkOf's first pass (blend_amd64.s) on joints 0..n−1
// of a and b (n at most blendChunk; w0 and w1 have room for blendChunk): the
// linear weights of every joint into w0 and w1 (1 − w as lin0), and the |d|
// and sign of the joints that need trigonometry into ds and signs, in order,
// with masks[g] the lanes of group g (joints 8g..8g+7) that are among them.
// It returns how many those are. ds and signs have room for blendChunk.
//
//go:noescape
func blendPrepAVX(a, b *Transform, w0, w1 *float32, masks *uint8, ds, signs *float32, n int, w, lin0 float32) (m int)

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

// blendExpandAVX is blendChunkOf's weights pass (blend_amd64.s): for the
// j-th joint that needs trigonometry, joint i of the lanes masks gives, v =
// sinA[j]/sinTheta[j], w0[i] = cosA[j] − v·ds[j] and w1[i] = v·signs[j];
// the other joints' weights below n are left. It reads the arrays at j up to
// j+7 for each group, within blendChunk.
//
//go:noescape
func blendExpandAVX(masks *uint8, ds, signs, sinTheta, sinA, cosA, w0, w1 *float32, n int)

// blendPackEntry returns bpack[k] and bexpand[k], k below 256
// (blend_amd64.s), for TestBlendPackTable.
//
//go:noescape
func blendPackEntry(k int) (pack, expand uint64)
