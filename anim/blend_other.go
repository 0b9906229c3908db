//go:build !amd64 || purego

package anim

func blendPrepAVX(a, b *Transform, w0, w1 *float32, idx *uint8, ds, signs *float32, n int, w, lin0 float32) (m int) {
	panic("anim: blendPrepAVX without AVX2")
}

func blendMixAVX(a, b, out *Transform, w0, w1 *float32, n int, v, w float32) {
	panic("anim: blendMixAVX without AVX2")
}
