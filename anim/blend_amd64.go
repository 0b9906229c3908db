//go:build !purego

package anim

// blendPrepAVX is blendChunkOf's first pass (blend_amd64.s) on joints 0..n−1
// of a and b (n at most blendChunk; w0 and w1 have room for blendChunk): the
// linear weights of every joint into w0 and w1 (1 − w as lin0), and the index,
// |d| and sign of the joints that need trigonometry into idx, ds and signs,
// in order. It returns how many those are.
//
//go:noescape
func blendPrepAVX(a, b *Transform, w0, w1 *float32, idx *uint8, ds, signs *float32, n int, w, lin0 float32) (m int)

// blendMixAVX is blendChunkOf's last pass (blend_amd64.s): out[i] is a[i] and
// b[i] mixed by v and w (translation, scale) and by w0[i] and w1[i]
// (rotation). out may alias a or b.
//
//go:noescape
func blendMixAVX(a, b, out *Transform, w0, w1 *float32, n int, v, w float32)
