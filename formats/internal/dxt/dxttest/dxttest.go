// Package dxttest encodes DXT1, DXT3 and DXT5 levels for tests (blptest, ddstest):
// a simple block encoder, not a production one.
package dxttest

import (
	"encoding/binary"
	"image"

	"animscope/formats/internal/dxt"
)

// Encode encodes a level block by block. Colour endpoints are the block's two
// colours farthest apart; each pixel takes the nearest of the block's colours. DXT1
// with punch-through alpha uses the three-colour mode and index 3 for pixels whose
// alpha is below 128; opaque DXT1 uses the four-colour mode.
func Encode(img *image.NRGBA, enc dxt.Kind, punch bool) []byte {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	size := 16
	if enc == dxt.DXT1 {
		size = 8
	}
	out := make([]byte, 0, size*((w+3)/4)*((h+3)/4))
	for y0 := 0; y0 < h; y0 += 4 {
		for x0 := 0; x0 < w; x0 += 4 {
			var px [16][4]byte
			for k := range px {
				x, y := min(x0+k&3, w-1), min(y0+k>>2, h-1)
				c := img.NRGBAAt(x, y)
				px[k] = [4]byte{c.R, c.G, c.B, c.A}
			}
			switch enc {
			case dxt.DXT1:
				out = append(out, colorBlock(px, true, punch)...)
			case dxt.DXT3:
				var a uint64
				for k := range px {
					a |= uint64((int(px[k][3])+8)/17) << (4 * k)
				}
				out = binary.LittleEndian.AppendUint64(out, a)
				out = append(out, colorBlock(px, false, false)...)
			case dxt.DXT5:
				out = append(out, alphaBlock(px)...)
				out = append(out, colorBlock(px, false, false)...)
			}
		}
	}
	return out
}

func to565(c [4]byte) uint16 {
	return uint16((int(c[0])*31+127)/255)<<11 | uint16((int(c[1])*63+127)/255)<<5 | uint16((int(c[2])*31+127)/255)
}

func from565(v uint16) [3]int {
	r, g, b := int(v>>11), int(v>>5&63), int(v&31)
	return [3]int{r<<3 | r>>2, g<<2 | g>>4, b<<3 | b>>2}
}

func colorBlock(px [16][4]byte, dxt1, punch bool) []byte {
	// Endpoints: the two pixels farthest apart (the block's principal extent).
	var hi, lo [4]byte
	far := -1
	for i, p := range px {
		if punch && p[3] < 128 {
			continue
		}
		for _, q := range px[i:] {
			if punch && q[3] < 128 {
				continue
			}
			d := 0
			for k := 0; k < 3; k++ {
				e := int(p[k]) - int(q[k])
				d += e * e
			}
			if d > far {
				far, hi, lo = d, p, q
			}
		}
	}
	c0, c1 := to565(hi), to565(lo)
	threeColor := dxt1 && punch
	if threeColor && c0 > c1 || !threeColor && c0 < c1 {
		c0, c1 = c1, c0
	}
	e0, e1 := from565(c0), from565(c1)
	var pal [][3]int
	if c0 > c1 || !dxt1 {
		pal = [][3]int{e0, e1, mix(e0, e1, 2, 1, 3), mix(e0, e1, 1, 2, 3)}
	} else {
		pal = [][3]int{e0, e1, mix(e0, e1, 1, 1, 2)}
	}
	var idx uint32
	for k, p := range px {
		best, bestD := 0, 1<<30
		if punch && p[3] < 128 {
			best = 3
		} else {
			for i, q := range pal {
				d := 0
				for j := 0; j < 3; j++ {
					e := int(p[j]) - q[j]
					d += e * e
				}
				if d < bestD {
					best, bestD = i, d
				}
			}
		}
		idx |= uint32(best) << (2 * k)
	}
	b := binary.LittleEndian.AppendUint16(nil, c0)
	b = binary.LittleEndian.AppendUint16(b, c1)
	return binary.LittleEndian.AppendUint32(b, idx)
}

func mix(a, b [3]int, wa, wb, d int) [3]int {
	var c [3]int
	for k := range c {
		c[k] = (wa*a[k] + wb*b[k]) / d
	}
	return c
}

// alphaBlock: a0 = the block's largest alpha, a1 the smallest, eight-value mode.
func alphaBlock(px [16][4]byte) []byte {
	a0, a1 := byte(0), byte(255)
	for _, p := range px {
		a0, a1 = max(a0, p[3]), min(a1, p[3])
	}
	var vals [8]int
	vals[0], vals[1] = int(a0), int(a1)
	for i := 2; i < 8; i++ {
		vals[i] = ((8-i)*int(a0) + (i-1)*int(a1)) / 7
	}
	var codes uint64
	for k, p := range px {
		best, bestD := 0, 1<<30
		for i, v := range vals {
			if d := (int(p[3]) - v) * (int(p[3]) - v); d < bestD {
				best, bestD = i, d
			}
		}
		codes |= uint64(best) << (3 * k)
	}
	b := []byte{a0, a1}
	for i := 0; i < 6; i++ {
		b = append(b, byte(codes>>(8*i)))
	}
	return b
}
