//go:build !amd64 || purego

package anim

func blendPrepAVX(a, b *Transform, w0, w1 *float32, masks *uint8, ds, signs *float32, n int, w, lin0 float32) (m int) {
	panic("anim: blendPrepAVX without AVX2")
}

func blendScaleAVX(x *float32, m int, w float32) {
	panic("anim: blendScaleAVX without AVX2")
}

func blendExpandAVX(masks *uint8, ds, signs, sinTheta, sinA, cosA, w0, w1 *float32, n int) {
	panic("anim: blendExpandAVX without AVX2")
}

func blendMixAVX(a, b, out *Transform, w0, w1 *float32, n int, v, w float32) {
	panic("anim: blendMixAVX without AVX2")
}
