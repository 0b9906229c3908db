//go:build !amd64 || purego

package anim

func skinPaletteAVX(model, inv, skin *Affine, n int) {
	panic("anim: skinPaletteAVX without AVX2")
}
