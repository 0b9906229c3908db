//go:build !amd64 || purego

package anim

func slerpCombineAVX(p *pendingSlerp, sin, cos *float32, n int) {
	panic("anim: slerpCombineAVX without AVX2")
}
