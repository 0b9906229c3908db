package blp_test

import (
	"image"
	"image/color"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
)

// testImage is w x h with at most 256 distinct colours (16 hues times 16 alphas),
// so every palette depth can hold it exactly.
func testImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			k := (x/2 + y) % 16
			img.SetNRGBA(x, y, color.NRGBA{
				R: byte(k * 17), G: byte(255 - k*13), B: byte((k * 71) % 256),
				A: byte(((x*7 + y*13) % 16) * 17),
			})
		}
	}
	return img
}

// smoothImage is a w x h gradient in colour and alpha (at most 32 x 16), for the lossy encodings
// (DXT, JPEG), whose error a smooth image keeps small.
func smoothImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := x + 2*y // colours on one line in RGB, as a DXT block can hold them
			img.SetNRGBA(x, y, color.NRGBA{R: byte(t * 4), G: byte(255 - t*3), B: byte(60 + t*2), A: byte(40 + t*3)})
		}
	}
	return img
}

// jpegImage is a gradient whose chroma is constant (the same amount added to R, G
// and B changes only luma): JPEG decoders differ most in how they upsample 4:2:0
// chroma (libjpeg interpolates, image/jpeg repeats), which this keeps out of the
// comparison with Pillow while R, G and B still differ, so a swap would show.
func jpegImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := (x + 2*y) * 3 / 2
			img.SetNRGBA(x, y, color.NRGBA{R: byte(20 + t), G: byte(80 + t), B: byte(150 + t), A: 255})
		}
	}
	return img
}

// lossy reports whether an encoding does not keep every pixel.
func lossy(e blp.Encoding) bool {
	return e == blp.DXT1 || e == blp.DXT3 || e == blp.DXT5 || e == blp.JPEG
}

// source is the image a fixture encodes.
func source(fx fixture) *image.NRGBA {
	if fx.f.Encoding == blp.JPEG {
		return jpegImage(32, 16)
	}
	if lossy(fx.f.Encoding) {
		return smoothImage(32, 16)
	}
	return testImage(32, 16)
}

// fixture is one encoding the writer produces.
type fixture struct {
	name string
	f    blptest.Format
}

// fixtures lists every encoding and alpha depth of both versions.
var fixtures = []fixture{
	{"blp1-palette-a0", blptest.Format{Version: 1, Encoding: blp.Palette, AlphaDepth: 0, Mips: true}},
	{"blp1-palette-a1", blptest.Format{Version: 1, Encoding: blp.Palette, AlphaDepth: 1, Mips: true}},
	{"blp1-palette-a4", blptest.Format{Version: 1, Encoding: blp.Palette, AlphaDepth: 4, Mips: true}},
	{"blp1-palette-a8", blptest.Format{Version: 1, Encoding: blp.Palette, AlphaDepth: 8, Mips: true}},
	{"blp1-jpeg", blptest.Format{Version: 1, Encoding: blp.JPEG, Mips: true}},
	{"blp2-palette-a0", blptest.Format{Version: 2, Encoding: blp.Palette, AlphaDepth: 0, Mips: true}},
	{"blp2-palette-a1", blptest.Format{Version: 2, Encoding: blp.Palette, AlphaDepth: 1, Mips: true}},
	{"blp2-palette-a4", blptest.Format{Version: 2, Encoding: blp.Palette, AlphaDepth: 4, Mips: true}},
	{"blp2-palette-a8", blptest.Format{Version: 2, Encoding: blp.Palette, AlphaDepth: 8, Mips: true}},
	{"blp2-dxt1", blptest.Format{Version: 2, Encoding: blp.DXT1, AlphaDepth: 0, Mips: true}},
	{"blp2-dxt1-a1", blptest.Format{Version: 2, Encoding: blp.DXT1, AlphaDepth: 1, Mips: true}},
	{"blp2-dxt3", blptest.Format{Version: 2, Encoding: blp.DXT3, AlphaDepth: 8, Mips: true}},
	{"blp2-dxt5", blptest.Format{Version: 2, Encoding: blp.DXT5, AlphaDepth: 8, Mips: true}},
	{"blp2-bgra-a0", blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 0, Mips: true}},
	{"blp2-bgra-a8", blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8, Mips: true}},
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
