// Package texmtest writes Texm textures for tests and fixtures (the decoder in
// package texm never writes one).
package texmtest

import (
	"animscope/formats/texm"
	"encoding/binary"
	"fmt"
	"image"
)

// Encode writes img as a Texm of the given pixel format with mips levels (each
// the 2×2 average of the one above; 1 for level 0 only) and the Page chunk of
// pages when there are any: what tests and fixtures need. Channels are rounded
// to the format's bits by truncation, as Direct3D tools do; format 0 needs an
// image of at most 256 colours (alpha ignored: the palette is opaque).
func Encode(img *image.NRGBA, format uint32, mips int, pages []texm.Rect) ([]byte, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w < 1 || h < 1 || w > texm.MaxSide || h > texm.MaxSide {
		return nil, fmt.Errorf("texm: size %d x %d: each side must be 1 to %d", w, h, texm.MaxSide)
	}
	if texm.BytesPerPixel(format) == 0 {
		return nil, fmt.Errorf("texm: pixel format %d: want one of %v", format, texm.Formats)
	}
	if mips < 1 || mips > 32 {
		return nil, fmt.Errorf("texm: mip count %d: want 1 to 32", mips)
	}
	le := binary.LittleEndian
	out := make([]byte, texm.HeaderSize, texm.HeaderSize+texm.PaletteSize+8*w*h)
	copy(out, texm.Magic)
	for i, v := range []uint32{uint32(w), uint32(h), uint32(mips), 0, 0, 0, format} {
		le.PutUint32(out[4+4*i:], v)
	}
	var index map[[3]uint8]int
	if format == 0 {
		index = map[[3]uint8]int{}
		pal := make([]byte, texm.PaletteSize)
		p := img.Pix
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				o := y*img.Stride + 4*x
				c := [3]uint8{p[o], p[o+1], p[o+2]}
				if _, ok := index[c]; ok {
					continue
				}
				if len(index) == 256 {
					return nil, fmt.Errorf("texm: format 0 holds 256 colours; the image has more")
				}
				k := len(index)
				index[c] = k
				pal[4*k], pal[4*k+1], pal[4*k+2] = c[2], c[1], c[0]
			}
		}
		out = append(out, pal...)
	}
	level := img
	for n := 0; n < mips; n++ {
		if n > 0 {
			level = halve(level)
		}
		lp := level.Pix
		for y := 0; y < level.Rect.Dy(); y++ {
			for x := 0; x < level.Rect.Dx(); x++ {
				o := y*level.Stride + 4*x
				r, g, b, a := uint16(lp[o]), uint16(lp[o+1]), uint16(lp[o+2]), uint16(lp[o+3])
				switch format {
				case 0:
					k, ok := index[[3]uint8{lp[o], lp[o+1], lp[o+2]}]
					if !ok { // a mip level's averaged colour: the nearest palette entry
						k = nearest(index, lp[o:o+3])
					}
					out = append(out, byte(k))
				case 565:
					out = le.AppendUint16(out, r>>3<<11|g>>2<<5|b>>3)
				case 556:
					out = le.AppendUint16(out, r>>3<<11|g>>3<<6|b>>2)
				case 4444:
					out = le.AppendUint16(out, a>>4<<12|r>>4<<8|g>>4<<4|b>>4)
				case 888:
					out = append(out, byte(b), byte(g), byte(r), 0)
				case 8888:
					out = append(out, byte(b), byte(g), byte(r), byte(a))
				}
			}
		}
	}
	if len(pages) > 0 {
		out = append(out, texm.PageMagic...)
		out = le.AppendUint32(out, uint32(len(pages)))
		for _, r := range pages {
			for _, v := range []int16{r.X, r.W, r.Y, r.H} {
				out = le.AppendUint16(out, uint16(v))
			}
		}
	}
	return out, nil
}

// halve is the next mip level: each pixel the average of (up to) 2×2.
func halve(img *image.NRGBA) *image.NRGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	nw, nh := max(1, w/2), max(1, h/2)
	out := image.NewNRGBA(image.Rect(0, 0, nw, nh))
	for y := 0; y < nh; y++ {
		for x := 0; x < nw; x++ {
			var sum [4]int
			n := 0
			for dy := 0; dy < 2; dy++ {
				for dx := 0; dx < 2; dx++ {
					sx, sy := min(2*x+dx, w-1), min(2*y+dy, h-1)
					o := sy*img.Stride + 4*sx
					for c := 0; c < 4; c++ {
						sum[c] += int(img.Pix[o+c])
					}
					n++
				}
			}
			o := y*out.Stride + 4*x
			for c := 0; c < 4; c++ {
				out.Pix[o+c] = uint8((sum[c] + n/2) / n)
			}
		}
	}
	return out
}

func nearest(index map[[3]uint8]int, c []uint8) int {
	best, bestD := 0, 1<<30
	for k, i := range index {
		d := 0
		for j := 0; j < 3; j++ {
			e := int(k[j]) - int(c[j])
			d += e * e
		}
		if d < bestD || (d == bestD && i < best) {
			best, bestD = i, d
		}
	}
	return best
}
