package dds

import (
	"image"
	"math/bits"
)

// channel extracts one channel of an uncompressed pixel and widens it to 8 bits.
type channel struct {
	mask  uint32
	shift int
	// max is the largest value of the channel's bits (2^n - 1); 0 for no channel.
	max uint32
	// drop is the low bits discarded from a channel wider than 8 bits.
	drop int
}

func newChannel(mask uint32) channel {
	if mask == 0 {
		return channel{}
	}
	shift := bits.TrailingZeros32(mask)
	n := bits.OnesCount32(mask)
	c := channel{mask: mask, shift: shift, max: mask >> shift}
	if n > 8 {
		c.drop = n - 8
	}
	return c
}

// value is the channel's 8-bit value in pixel p: v*255/(2^n-1) rounded to
// nearest for n <= 8 bits (Direct3D's UNORM rule), the top 8 bits for wider ones.
func (c channel) value(p uint32) byte {
	v := (p & c.mask) >> c.shift
	if c.drop > 0 {
		return byte(v >> c.drop)
	}
	return byte((v*510 + c.max) / (2 * c.max))
}

// decodeMasked reads BitCount/8 little-endian bytes a pixel and picks the channels
// out with the masks.
func (t *Texture) decodeMasked(img *image.NRGBA, src []byte) {
	var ch [4]channel
	for i, m := range t.Masks {
		ch[i] = newChannel(m)
	}
	lum := t.PixelFlags&PFLuminance != 0
	size := t.BitCount / 8
	for i, j := 0, 0; j < len(img.Pix); i, j = i+size, j+4 {
		var p uint32
		for k := size - 1; k >= 0; k-- {
			p = p<<8 | uint32(src[i+k])
		}
		out := img.Pix[j : j+4 : j+4]
		for k := range ch {
			if ch[k].max != 0 {
				out[k] = ch[k].value(p)
			}
		}
		if lum {
			out[1], out[2] = out[0], out[0]
		}
		if ch[3].max == 0 {
			out[3] = 255
		}
	}
}
