package dds_test

import (
	"image"
	"image/color"
)

// smoothImage is a w x h gradient in colour and alpha, colours on one line in RGB
// so a DXT block holds them closely; every channel differs, so a swap shows.
func smoothImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := x + 2*y
			img.SetNRGBA(x, y, color.NRGBA{R: byte(t * 4), G: byte(255 - t*3), B: byte(60 + t*2), A: byte(40 + t*3)})
		}
	}
	return img
}

// punchImage is smoothImage with alpha 0 or 255 in a checker of 3 x 3 squares
// (DXT1's one-bit alpha).
func punchImage(w, h int) *image.NRGBA {
	img := smoothImage(w, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			a := byte(255)
			if (x/3+y/3)%2 == 1 {
				a = 0
			}
			img.Pix[img.PixOffset(x, y)+3] = a
		}
	}
	return img
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
