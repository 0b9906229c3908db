// Package ddstest writes DDS files for tests: every encoding the dds package reads,
// from an image (Encode) or from level bytes given as they are (Assemble), so the
// suite stands on fixtures of its own and the fuzz seeds come from a real writer.
// It is test support, not a production encoder: DXT blocks come from
// formats/internal/dxt/dxttest and the mip levels are point-sampled.
package ddstest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"math/bits"

	"animscope/formats/blp/blptest"
	"animscope/formats/dds"
	"animscope/formats/internal/dxt"
	"animscope/formats/internal/dxt/dxttest"
)

// Format says what to write.
type Format struct {
	Name     string       // for messages and fixture names
	Encoding dds.Encoding // DXT1, DXT3, DXT5 or Masked
	// Flags, BitCount and Masks (red, green, blue, alpha) describe a Masked format.
	Flags    uint32
	BitCount int
	Masks    [4]uint32
	// Punch writes DXT1 in three-colour mode with transparent black where alpha < 128.
	Punch bool
	Mips  bool // write every level down to 1 x 1
}

// The formats the fixtures cover: the block formats and the common uncompressed
// masks of Direct3D 9's D3DFORMAT list.
var (
	DXT1      = Format{Name: "DXT1", Encoding: dds.DXT1}
	DXT1Alpha = Format{Name: "DXT1-alpha", Encoding: dds.DXT1, Punch: true}
	DXT3      = Format{Name: "DXT3", Encoding: dds.DXT3}
	DXT5      = Format{Name: "DXT5", Encoding: dds.DXT5}
	A8R8G8B8  = masked("A8R8G8B8", dds.PFRGB|dds.PFAlphaPixels, 32, 0xff0000, 0xff00, 0xff, 0xff000000)
	X8R8G8B8  = masked("X8R8G8B8", dds.PFRGB, 32, 0xff0000, 0xff00, 0xff, 0)
	A8B8G8R8  = masked("A8B8G8R8", dds.PFRGB|dds.PFAlphaPixels, 32, 0xff, 0xff00, 0xff0000, 0xff000000)
	R8G8B8    = masked("R8G8B8", dds.PFRGB, 24, 0xff0000, 0xff00, 0xff, 0)
	R5G6B5    = masked("R5G6B5", dds.PFRGB, 16, 0xf800, 0x07e0, 0x001f, 0)
	A1R5G5B5  = masked("A1R5G5B5", dds.PFRGB|dds.PFAlphaPixels, 16, 0x7c00, 0x03e0, 0x001f, 0x8000)
	X1R5G5B5  = masked("X1R5G5B5", dds.PFRGB, 16, 0x7c00, 0x03e0, 0x001f, 0)
	A4R4G4B4  = masked("A4R4G4B4", dds.PFRGB|dds.PFAlphaPixels, 16, 0x0f00, 0x00f0, 0x000f, 0xf000)
	L8        = masked("L8", dds.PFLuminance, 8, 0xff, 0, 0, 0)
	A8L8      = masked("A8L8", dds.PFLuminance|dds.PFAlphaPixels, 16, 0xff, 0, 0, 0xff00)
	A8        = masked("A8", dds.PFAlpha, 8, 0, 0, 0, 0xff)

	All = []Format{DXT1, DXT1Alpha, DXT3, DXT5, A8R8G8B8, X8R8G8B8, A8B8G8R8, R8G8B8, R5G6B5, A1R5G5B5, X1R5G5B5, A4R4G4B4, L8, A8L8, A8}
)

func masked(name string, flags uint32, bitCount int, r, g, b, a uint32) Format {
	return Format{Name: name, Encoding: dds.Masked, Flags: flags, BitCount: bitCount, Masks: [4]uint32{r, g, b, a}}
}

// Header writes the 128 bytes before level 0 for a w x h texture with mipCount
// levels (the count is written as given, for tests of bad counts).
func Header(f Format, w, h, mipCount int) []byte {
	var b bytes.Buffer
	le := func(v uint32) { binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("DDS ")
	le(124)
	flags := uint32(0x1 | 0x2 | 0x4 | 0x1000) // caps, height, width, pixel format
	if mipCount > 1 {
		flags |= 0x20000
	}
	le(flags)
	le(uint32(h))
	le(uint32(w))
	if f.Encoding == dds.Masked {
		le(uint32((w*f.BitCount + 7) / 8)) // pitch
	} else {
		le(uint32(dxt.LevelSize(kind(f.Encoding), w, h))) // linear size
	}
	le(0) // depth
	le(uint32(mipCount))
	for i := 0; i < 11; i++ {
		le(0)
	}
	le(32)
	if f.Encoding == dds.Masked {
		le(f.Flags)
		le(0)
		le(uint32(f.BitCount))
		for _, m := range f.Masks {
			le(m)
		}
	} else {
		le(dds.PFFourCC)
		b.WriteString(f.Encoding.String())
		for i := 0; i < 5; i++ {
			le(0)
		}
	}
	caps := uint32(0x1000) // texture
	if mipCount > 1 {
		caps |= 0x8 | 0x400000 // complex, mipmap
	}
	le(caps)
	for i := 0; i < 4; i++ {
		le(0)
	}
	return b.Bytes()
}

// Assemble lays a DDS file out: the header, then the levels in order.
func Assemble(f Format, w, h int, levels [][]byte) []byte {
	out := Header(f, w, h, len(levels))
	for _, l := range levels {
		out = append(out, l...)
	}
	return out
}

func kind(e dds.Encoding) dxt.Kind {
	return map[dds.Encoding]dxt.Kind{dds.DXT1: dxt.DXT1, dds.DXT3: dxt.DXT3, dds.DXT5: dxt.DXT5}[e]
}

// Encode writes img (and its point-sampled mips when f.Mips) in format f.
func Encode(img image.Image, f Format) ([]byte, error) {
	levels := blptest.Levels(img, f.Mips)
	w, h := levels[0].Rect.Dx(), levels[0].Rect.Dy()
	var payload [][]byte
	for _, l := range levels {
		switch f.Encoding {
		case dds.DXT1, dds.DXT3, dds.DXT5:
			payload = append(payload, dxttest.Encode(l, kind(f.Encoding), f.Punch))
		case dds.Masked:
			payload = append(payload, maskedLevel(l, f))
		default:
			return nil, fmt.Errorf("ddstest: encoding %v", f.Encoding)
		}
	}
	return Assemble(f, w, h, payload), nil
}

// maskedLevel packs each pixel's channels into their masks, each 8-bit value
// scaled to the channel's width rounded to nearest; a luminance format stores the
// pixel's red as its grey.
func maskedLevel(img *image.NRGBA, f Format) []byte {
	size := f.BitCount / 8
	out := make([]byte, 0, size*img.Rect.Dx()*img.Rect.Dy())
	for i := 0; i < len(img.Pix); i += 4 {
		var p uint32
		for c, m := range f.Masks {
			if m == 0 {
				continue
			}
			shift := bits.TrailingZeros32(m)
			mx := m >> shift
			v := (uint32(img.Pix[i+c])*mx*2 + 255) / 510
			p |= v << shift
		}
		for k := 0; k < size; k++ {
			out = append(out, byte(p>>(8*k)))
		}
	}
	return out
}

// Expect is what the dds package should decode from a pixel c written in format f
// (uncompressed formats only): each channel quantised to its mask's width and
// widened back, grey repeated for luminance, alpha 255 without an alpha mask and
// black for alpha-only.
func Expect(c [4]byte, f Format) [4]byte {
	var out [4]byte
	for i, m := range f.Masks {
		if m == 0 {
			continue
		}
		mx := m >> bits.TrailingZeros32(m)
		v := (uint32(c[i])*mx*2 + 255) / 510
		out[i] = byte((v*510 + mx) / (2 * mx))
	}
	if f.Flags&dds.PFLuminance != 0 {
		out[1], out[2] = out[0], out[0]
	}
	if f.Masks[3] == 0 {
		out[3] = 255
	}
	return out
}
