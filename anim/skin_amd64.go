//go:build !purego

package anim

// skinPaletteAVX sets skin[i] = model[i]·inv[i] for i below n, as
// mulAffineTo does, bit for bit (skin_amd64.s). skin must alias neither.
//
//go:noescape
func skinPaletteAVX(model, inv, skin *Affine, n int)
