// Package blptest writes BLP files for tests: every encoding the blp package reads,
// from an image (Encode) or from level bytes given as they are (Assemble), so the
// suite stands on fixtures of its own and the fuzz seeds come from a real writer.
// It is test support, not a production encoder: palettes are exact (at most 256
// colours), DXT blocks take their endpoints from the block's colour box, and the
// mip levels are point-sampled.
package blptest

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"math/bits"

	"animscope/formats/blp"
	"animscope/formats/internal/dxt"
	"animscope/formats/internal/dxt/dxttest"
)

// Format says what to write.
type Format struct {
	Version    int          // 1 or 2
	Encoding   blp.Encoding // BLP1: Palette or JPEG; BLP2: Palette, DXT1, DXT3, DXT5 or BGRA
	AlphaDepth int          // 0, 1, 4 or 8 (DXT1: 0 or 1; DXT3 and DXT5: 8; JPEG: 0, or 8 for 4 channels)
	Mips       bool         // write every level down to 1 x 1
}

// Assemble lays a BLP file out: the header, the mip table, the palette (BLP2 always
// reserves it), BLP1's JPEG header, then the levels in order.
func Assemble(f Format, w, h int, palette, jpegHeader []byte, levels [][]byte) []byte {
	var b bytes.Buffer
	le := func(v uint32) { binary.Write(&b, binary.LittleEndian, v) }
	var start int
	if f.Version == 1 {
		b.WriteString("BLP1")
		le(map[bool]uint32{true: 0, false: 1}[f.Encoding == blp.JPEG])
		le(uint32(f.AlphaDepth))
		le(uint32(w))
		le(uint32(h))
		le(5) // picture type
		le(boolU32(f.Mips))
		start = 156
		if f.Encoding == blp.JPEG {
			start += 4 + len(jpegHeader)
		} else {
			start += 1024
		}
	} else {
		b.WriteString("BLP2")
		le(1)
		enc, alphaType := byte(1), byte(0)
		switch f.Encoding {
		case blp.DXT1:
			enc = 2
		case blp.DXT3:
			enc, alphaType = 2, 1
		case blp.DXT5:
			enc, alphaType = 2, 7
		case blp.BGRA:
			enc = 3
		}
		b.Write([]byte{enc, byte(f.AlphaDepth), alphaType, byte(boolU32(f.Mips))})
		le(uint32(w))
		le(uint32(h))
		start = 148 + 1024
	}
	off := start
	for i := 0; i < 16; i++ {
		if i < len(levels) {
			le(uint32(off))
			off += len(levels[i])
		} else {
			le(0)
		}
	}
	for i := 0; i < 16; i++ {
		if i < len(levels) {
			le(uint32(len(levels[i])))
		} else {
			le(0)
		}
	}
	switch {
	case f.Version == 1 && f.Encoding == blp.JPEG:
		le(uint32(len(jpegHeader)))
		b.Write(jpegHeader)
	default:
		pal := make([]byte, 1024)
		copy(pal, palette)
		b.Write(pal)
	}
	for _, l := range levels {
		b.Write(l)
	}
	return b.Bytes()
}

func boolU32(v bool) uint32 {
	if v {
		return 1
	}
	return 0
}

// Levels returns img's mip chain: level 0 is img, level i takes every 2^i-th pixel
// (point sampling keeps a palettized image's colours).
func Levels(img image.Image, mips bool) []*image.NRGBA {
	b := img.Bounds()
	base := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(base, base.Rect, img, b.Min, draw.Src)
	out := []*image.NRGBA{base}
	if !mips {
		return out
	}
	n := bits.Len(uint(max(b.Dx(), b.Dy())))
	for i := 1; i < n; i++ {
		w, h := max(1, b.Dx()>>i), max(1, b.Dy()>>i)
		l := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				l.SetNRGBA(x, y, base.NRGBAAt(min(x<<i, b.Dx()-1), min(y<<i, b.Dy()-1)))
			}
		}
		out = append(out, l)
	}
	return out
}

// Encode writes img (and its point-sampled mips when f.Mips) in format f.
func Encode(img image.Image, f Format) ([]byte, error) {
	if f.Version != 1 && f.Version != 2 {
		return nil, fmt.Errorf("blptest: version %d", f.Version)
	}
	levels := Levels(img, f.Mips)
	w, h := levels[0].Rect.Dx(), levels[0].Rect.Dy()
	var payload [][]byte
	var palette, jpegHeader []byte
	switch f.Encoding {
	case blp.Palette:
		var err error
		palette, err = buildPalette(levels[0], f.AlphaDepth)
		if err != nil {
			return nil, err
		}
		for _, l := range levels {
			payload = append(payload, paletteLevel(l, palette, f.AlphaDepth))
		}
	case blp.JPEG:
		if f.Version != 1 {
			return nil, errors.New("blptest: JPEG content is BLP1 only")
		}
		var streams [][]byte
		for _, l := range levels {
			s, err := jpegLevel(l, f.AlphaDepth)
			if err != nil {
				return nil, err
			}
			streams = append(streams, s)
		}
		// The shared header is everything before the frame header (SOI and the
		// quantisation tables, the same for every level at one quality).
		cut := bytes.Index(streams[0], []byte{0xFF, 0xC0})
		if cut < 2 {
			return nil, errors.New("blptest: no SOF0 in the JPEG stream")
		}
		jpegHeader = streams[0][:cut]
		for _, s := range streams {
			if !bytes.HasPrefix(s, jpegHeader) {
				return nil, errors.New("blptest: JPEG levels do not share their header")
			}
			payload = append(payload, s[cut:])
		}
	case blp.DXT1, blp.DXT3, blp.DXT5:
		for _, l := range levels {
			kind := map[blp.Encoding]dxt.Kind{blp.DXT1: dxt.DXT1, blp.DXT3: dxt.DXT3, blp.DXT5: dxt.DXT5}[f.Encoding]
			payload = append(payload, dxttest.Encode(l, kind, f.AlphaDepth > 0))
		}
	case blp.BGRA:
		for _, l := range levels {
			p := make([]byte, len(l.Pix))
			for i := 0; i < len(p); i += 4 {
				p[i], p[i+1], p[i+2], p[i+3] = l.Pix[i+2], l.Pix[i+1], l.Pix[i], l.Pix[i+3]
			}
			payload = append(payload, p)
		}
	default:
		return nil, fmt.Errorf("blptest: encoding %v", f.Encoding)
	}
	return Assemble(f, w, h, palette, jpegHeader, payload), nil
}

// QuantizeAlpha is the alpha a depth can hold closest to a (depth 0 holds 255).
func QuantizeAlpha(a byte, depth int) byte {
	switch depth {
	case 0:
		return 255
	case 1:
		return 255 * (a >> 7)
	case 4:
		return 17 * byte((int(a)+8)/17)
	}
	return a
}

// buildPalette lists the distinct colours of img (alpha quantised to depth) as BGRA
// entries. The entry's alpha byte holds the same alpha as the alpha plane, so
// readers that take alpha from the palette agree with those that read the plane.
func buildPalette(img *image.NRGBA, depth int) ([]byte, error) {
	seen := map[[4]byte]bool{}
	pal := make([]byte, 0, 1024)
	for i := 0; i < len(img.Pix); i += 4 {
		c := [4]byte{img.Pix[i+2], img.Pix[i+1], img.Pix[i], QuantizeAlpha(img.Pix[i+3], depth)}
		if seen[c] {
			continue
		}
		if len(seen) == 256 {
			return nil, errors.New("blptest: more than 256 colours for a palette")
		}
		seen[c] = true
		pal = append(pal, c[:]...)
	}
	return pal, nil
}

func paletteLevel(img *image.NRGBA, pal []byte, depth int) []byte {
	n := len(img.Pix) / 4
	out := make([]byte, n+(n*depth+7)/8)
	alpha := out[n:]
	for i := 0; i < n; i++ {
		p := img.Pix[4*i:]
		a := QuantizeAlpha(p[3], depth)
		for k := 0; k < len(pal); k += 4 {
			if pal[k] == p[2] && pal[k+1] == p[1] && pal[k+2] == p[0] && pal[k+3] == a {
				out[i] = byte(k / 4)
				break
			}
		}
		switch depth {
		case 1:
			alpha[i>>3] |= (a >> 7) << (i & 7)
		case 4:
			alpha[i>>1] |= (a / 17) << (4 * (i & 1))
		case 8:
			alpha[i] = a
		}
	}
	return out
}

// jpegLevel encodes a level as a JPEG whose channels hold B, G, R: with Go's
// encoder (3 channels, YCbCr), or with alpha depth 8 as a 4-channel JPEG of B, G,
// R, A (JPEG4: flat 8 x 8 blocks).
func jpegLevel(img *image.NRGBA, depth int) ([]byte, error) {
	if depth == 8 {
		bgra := image.NewNRGBA(img.Rect)
		for i := 0; i < len(img.Pix); i += 4 {
			bgra.Pix[i], bgra.Pix[i+1], bgra.Pix[i+2], bgra.Pix[i+3] = img.Pix[i+2], img.Pix[i+1], img.Pix[i], img.Pix[i+3]
		}
		return JPEG4(bgra)
	}
	sw := image.NewNRGBA(img.Rect)
	for i := 0; i < len(img.Pix); i += 4 {
		sw.Pix[i], sw.Pix[i+1], sw.Pix[i+2], sw.Pix[i+3] = img.Pix[i+2], img.Pix[i+1], img.Pix[i], 255
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, sw, &jpeg.Options{Quality: 90}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
