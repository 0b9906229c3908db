// Package dxt decodes S3TC (DXT1, DXT3, DXT5) blocks into straight RGBA, for the
// texture formats that store them (BLP, DDS).
package dxt

import (
	"encoding/binary"
	"image"
)

// Kind is a block format.
type Kind int

const (
	DXT1 Kind = iota + 1 // 8-byte blocks: two 5:6:5 colours and 2-bit indices
	DXT3                 // 16-byte blocks: 4-bit explicit alpha, then a DXT1-style colour block
	DXT5                 // 16-byte blocks: interpolated alpha, then a DXT1-style colour block
)

// BlockSize is the bytes one 4x4 block of kind k takes.
func BlockSize(k Kind) int {
	if k == DXT1 {
		return 8
	}
	return 16
}

// LevelSize is the bytes a w x h level of kind k takes: whole blocks, a partial
// block at the right and bottom edges counted whole.
func LevelSize(k Kind, w, h int) int {
	return BlockSize(k) * ((w + 3) / 4) * ((h + 3) / 4)
}

// Decode decodes a level of kind k held in src (at least LevelSize bytes) into
// img, whose size is the level's. punch is DXT1's transparent-black rule: with it,
// index 3 of a block in three-colour mode (c0 <= c1) has alpha 0; without it the
// colour is opaque black.
func Decode(img *image.NRGBA, src []byte, k Kind, punch bool) {
	switch k {
	case DXT1:
		decodeDXT1(img, src, punch)
	case DXT3:
		decodeDXT3(img, src)
	case DXT5:
		decodeDXT5(img, src)
	}
}

// The DXT (S3TC) block rules used here: a 5:6:5 endpoint widens to 8 bits by bit
// replication (v<<3 | v>>2, v<<2 | v>>4), as the hardware does; the interpolated
// colours are (2*c0 + c1)/3 and (c0 + 2*c1)/3, or (c0 + c1)/2, each rounded down
// (the rounding of libsquish, Mesa's software decoder and Pillow's BCn decoder;
// GPUs differ in the last bit). DXT5's interpolated alphas round down likewise.

// colorBlock decodes the 8-byte colour half of a block into four RGBA entries.
// fourColor forces the c0 > c1 mode (DXT3 and DXT5 always use it); otherwise
// c0 <= c1 selects three colours and a black that is transparent when punch is set.
func colorBlock(b []byte, fourColor, punch bool) (pal [4][4]byte) {
	c0, c1 := binary.LittleEndian.Uint16(b), binary.LittleEndian.Uint16(b[2:])
	pal[0], pal[1] = expand565(c0), expand565(c1)
	if fourColor || c0 > c1 {
		for k := 0; k < 3; k++ {
			a, b := uint(pal[0][k]), uint(pal[1][k])
			pal[2][k] = byte((2*a + b) / 3)
			pal[3][k] = byte((a + 2*b) / 3)
		}
		pal[2][3], pal[3][3] = 255, 255
		return pal
	}
	for k := 0; k < 3; k++ {
		pal[2][k] = byte((uint(pal[0][k]) + uint(pal[1][k])) / 2)
	}
	pal[2][3] = 255
	if !punch {
		pal[3][3] = 255
	}
	return pal
}

func expand565(c uint16) [4]byte {
	r, g, b := byte(c>>11), byte(c>>5&63), byte(c&31)
	return [4]byte{r<<3 | r>>2, g<<2 | g>>4, b<<3 | b>>2, 255}
}

// eachBlock calls f for every 4x4 block with the block's bytes and its top-left
// pixel; blocks are stored row by row, a partial block at the right and bottom
// edges of a level smaller than a multiple of 4.
func eachBlock(img *image.NRGBA, src []byte, size int, f func(b []byte, x0, y0 int)) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	i := 0
	for y0 := 0; y0 < h; y0 += 4 {
		for x0 := 0; x0 < w; x0 += 4 {
			f(src[i:i+size], x0, y0)
			i += size
		}
	}
}

// put writes pixel k (0..15, row-major) of the block at (x0, y0) unless it lies
// outside the level.
func put(img *image.NRGBA, x0, y0, k int, c [4]byte) {
	x, y := x0+k&3, y0+k>>2
	if x >= img.Rect.Dx() || y >= img.Rect.Dy() {
		return
	}
	copy(img.Pix[y*img.Stride+4*x:], c[:])
}

func decodeDXT1(img *image.NRGBA, src []byte, punch bool) {
	eachBlock(img, src, 8, func(b []byte, x0, y0 int) {
		pal := colorBlock(b, false, punch)
		idx := binary.LittleEndian.Uint32(b[4:])
		for k := 0; k < 16; k++ {
			put(img, x0, y0, k, pal[idx>>(2*k)&3])
		}
	})
}

// decodeDXT3: 64 bits of 4-bit alpha (pixel k in bits 4k..4k+3, widened by 17),
// then a four-colour block.
func decodeDXT3(img *image.NRGBA, src []byte) {
	eachBlock(img, src, 16, func(b []byte, x0, y0 int) {
		alpha := binary.LittleEndian.Uint64(b)
		pal := colorBlock(b[8:], true, false)
		idx := binary.LittleEndian.Uint32(b[12:])
		for k := 0; k < 16; k++ {
			c := pal[idx>>(2*k)&3]
			c[3] = 17 * byte(alpha>>(4*k)&15)
			put(img, x0, y0, k, c)
		}
	})
}

// decodeDXT5: alpha endpoints a0, a1 and 48 bits of 3-bit indices, then a
// four-colour block. a0 > a1: six interpolants ((8-i)*a0 + (i-1)*a1)/7 for i
// = 2..7; otherwise four ((6-i)*a0 + (i-1)*a1)/5 for i = 2..5, then 0 and 255.
func decodeDXT5(img *image.NRGBA, src []byte) {
	eachBlock(img, src, 16, func(b []byte, x0, y0 int) {
		var alphas [8]byte
		a0, a1 := uint(b[0]), uint(b[1])
		alphas[0], alphas[1] = b[0], b[1]
		if a0 > a1 {
			for i := uint(2); i < 8; i++ {
				alphas[i] = byte(((8-i)*a0 + (i-1)*a1) / 7)
			}
		} else {
			for i := uint(2); i < 6; i++ {
				alphas[i] = byte(((6-i)*a0 + (i-1)*a1) / 5)
			}
			alphas[6], alphas[7] = 0, 255
		}
		codes := binary.LittleEndian.Uint64(b) >> 16 // 48 bits of indices
		pal := colorBlock(b[8:], true, false)
		idx := binary.LittleEndian.Uint32(b[12:])
		for k := 0; k < 16; k++ {
			c := pal[idx>>(2*k)&3]
			c[3] = alphas[codes>>(3*k)&7]
			put(img, x0, y0, k, c)
		}
	})
}
