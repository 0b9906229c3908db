// Package texm reads and writes Parkan's Texm textures (NRes members of type
// 'Texm', kept in Textures.lib and beside the models).
//
// Layout (32-byte header of eight little-endian u32): magic "Texm", width,
// height, mipCount, flags4, flags5, unk6, format. For format 0 a 1024-byte
// palette follows; then the mip levels, largest first, each halving the sides
// (never below 1); then, optionally, exactly one Page chunk: "Page", u32 count,
// count rectangles of four i16 (x, w, y, h) in level 0's pixels.
//
// Pixel formats (little-endian words; short channels widen to 8 bits by
// repeating their high bits):
//
//	0     8-bit index into the palette: 256 entries of 4 bytes, B G R and an
//	      unused byte; opaque
//	565   u16 R5 G6 B5 (red in the high bits); opaque
//	556   u16 R5 G5 B6; opaque
//	4444  u16 A4 R4 G4 B4
//	888   u32 X8 R8 G8 B8 (bytes B, G, R, unused); opaque
//	8888  u32 A8 R8 G8 B8 (bytes B, G, R, A)
//
// Decisions: the channel order inside a word is Direct3D's (the engine hands the
// levels to Direct3D as they are); the palette's fourth byte is not alpha (the
// engine's base path ignores it). A header whose sizes do not match the payload
// is an error naming the offset, checked before anything is allocated; flags4
// outside {0, 32} and flags5 outside {0, 0x04000000, 0x00800000} are warnings.
package texm

import (
	"encoding/binary"
	"fmt"
	"image"
	"slices"
)

// Magic and layout constants.
const (
	Magic       = "Texm"
	PageMagic   = "Page"
	HeaderSize  = 32
	PaletteSize = 1024
	// MaxSide bounds a side of level 0.
	MaxSide = 8192
)

// Formats lists the pixel formats, as their header codes.
var Formats = []uint32{0, 565, 556, 4444, 888, 8888}

// BytesPerPixel is a format's pixel size (0 for an unknown format).
func BytesPerPixel(format uint32) int {
	switch format {
	case 0:
		return 1
	case 565, 556, 4444:
		return 2
	case 888, 8888:
		return 4
	}
	return 0
}

// Rect is a Page rectangle in level 0's pixels.
type Rect struct{ X, W, Y, H int16 }

// Texture is a parsed Texm.
type Texture struct {
	Name                 string
	Width, Height        int
	Mips                 int
	Flags4, Flags5, Unk6 uint32
	Format               uint32
	Pages                []Rect
	Warnings             []string
	palette              []byte
	levels               [][]byte // each level's pixels, views into the data
}

// LevelSize is the size of level n of a w×h texture.
func LevelSize(w, h, n int) (int, int) {
	return max(1, w>>n), max(1, h>>n)
}

// Parse checks a Texm's header, sizes and trailing Page chunk; the pixels are
// decoded by Mip.
func Parse(name string, data []byte) (*Texture, error) {
	fail := func(off int, format string, args ...any) error {
		return fmt.Errorf("%s: offset 0x%X: %s", name, off, fmt.Sprintf(format, args...))
	}
	if len(data) < HeaderSize {
		return nil, fail(0, "%d bytes: a Texm header needs %d", len(data), HeaderSize)
	}
	if string(data[:4]) != Magic {
		return nil, fail(0, "magic %q, want %q", data[:4], Magic)
	}
	le := binary.LittleEndian
	w, h, mips := le.Uint32(data[4:]), le.Uint32(data[8:]), le.Uint32(data[12:])
	t := &Texture{Name: name, Flags4: le.Uint32(data[16:]), Flags5: le.Uint32(data[20:]), Unk6: le.Uint32(data[24:]), Format: le.Uint32(data[28:])}
	if w == 0 || h == 0 || w > MaxSide || h > MaxSide {
		return nil, fail(4, "size %d x %d: each side must be 1 to %d", w, h, MaxSide)
	}
	// Past 14 levels every side is 1 pixel: a count beyond 32 is not a texture.
	if mips == 0 || mips > 32 {
		return nil, fail(12, "mip count %d: want 1 to 32", mips)
	}
	bpp := BytesPerPixel(t.Format)
	if bpp == 0 {
		return nil, fail(28, "pixel format %d: want one of %v", t.Format, Formats)
	}
	t.Width, t.Height, t.Mips = int(w), int(h), int(mips)
	off := HeaderSize
	if t.Format == 0 {
		if len(data)-off < PaletteSize {
			return nil, fail(off, "the palette needs %d bytes, %d are left", PaletteSize, len(data)-off)
		}
		t.palette = data[off : off+PaletteSize]
		off += PaletteSize
	}
	// Every size below is at most MaxSide² · 4 · 2, far inside int.
	t.levels = make([][]byte, 0, t.Mips)
	for n := 0; n < t.Mips; n++ {
		lw, lh := LevelSize(t.Width, t.Height, n)
		size := lw * lh * bpp
		if len(data)-off < size {
			return nil, fail(off, "mip level %d (%d x %d, format %d) needs %d bytes, %d are left", n, lw, lh, t.Format, size, len(data)-off)
		}
		t.levels = append(t.levels, data[off:off+size])
		off += size
	}
	if rest := data[off:]; len(rest) > 0 {
		if len(rest) < 8 || string(rest[:4]) != PageMagic {
			return nil, fail(off, "%d bytes after the pixels that are not a Page chunk", len(rest))
		}
		count := uint64(le.Uint32(rest[4:]))
		if uint64(len(rest)-8) != count*8 {
			return nil, fail(off+4, "Page chunk of %d rectangles needs %d bytes after its header, %d are left", count, count*8, len(rest)-8)
		}
		t.Pages = make([]Rect, count)
		for i := range t.Pages {
			r := rest[8+8*i:]
			t.Pages[i] = Rect{int16(le.Uint16(r)), int16(le.Uint16(r[2:])), int16(le.Uint16(r[4:])), int16(le.Uint16(r[6:]))}
		}
	}
	if t.Flags4 != 0 && t.Flags4 != 32 {
		t.Warnings = append(t.Warnings, fmt.Sprintf("%s: offset 0x10: flags4 0x%X is not 0 or 32", name, t.Flags4))
	}
	if !slices.Contains([]uint32{0, 0x04000000, 0x00800000}, t.Flags5) {
		t.Warnings = append(t.Warnings, fmt.Sprintf("%s: offset 0x14: flags5 0x%X is not 0, 0x04000000 or 0x00800000", name, t.Flags5))
	}
	return t, nil
}

// widen5, widen6 and widen4 repeat a short channel's high bits into 8 bits.
func widen5(v uint16) uint8 { return uint8(v<<3 | v>>2) }
func widen6(v uint16) uint8 { return uint8(v<<2 | v>>4) }
func widen4(v uint16) uint8 { return uint8(v<<4 | v) }

// Mip decodes level n to straight RGBA.
func (t *Texture) Mip(n int) (*image.NRGBA, error) {
	if n < 0 || n >= len(t.levels) {
		return nil, fmt.Errorf("%s: mip level %d: the texture has levels 0 to %d", t.Name, n, len(t.levels)-1)
	}
	w, h := LevelSize(t.Width, t.Height, n)
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	src, px := t.levels[n], img.Pix
	le := binary.LittleEndian
	for i := 0; i < w*h; i++ {
		d := px[4*i : 4*i+4 : 4*i+4]
		switch t.Format {
		case 0:
			p := t.palette[4*int(src[i]):]
			d[0], d[1], d[2], d[3] = p[2], p[1], p[0], 255
		case 565:
			v := le.Uint16(src[2*i:])
			d[0], d[1], d[2], d[3] = widen5(v>>11), widen6(v>>5&63), widen5(v&31), 255
		case 556:
			v := le.Uint16(src[2*i:])
			d[0], d[1], d[2], d[3] = widen5(v>>11), widen5(v>>6&31), widen6(v&63), 255
		case 4444:
			v := le.Uint16(src[2*i:])
			d[0], d[1], d[2], d[3] = widen4(v>>8&15), widen4(v>>4&15), widen4(v&15), widen4(v>>12)
		case 888:
			s := src[4*i:]
			d[0], d[1], d[2], d[3] = s[2], s[1], s[0], 255
		case 8888:
			s := src[4*i:]
			d[0], d[1], d[2], d[3] = s[2], s[1], s[0], s[3]
		}
	}
	return img, nil
}
