package dds

import (
	"encoding/binary"
	"fmt"
	"image"
	"math/bits"
	"strings"

	"animscope/formats/internal/dxt"
	"animscope/formats/internal/texreg"
)

// Limits that keep a hostile file from asking for a huge allocation. Star Wars
// Galaxies' largest textures are 2048 on a side.
const (
	MaxSide     = 4096
	MaxFileSize = 64 << 20
)

// HeaderSize is the bytes before level 0: the magic and the 124-byte header.
const HeaderSize = 128

// Header field offsets (from the start of the file, magic included).
const (
	offSize     = 4
	offFlags    = 8
	offHeight   = 12
	offWidth    = 16
	offDepth    = 24
	offMipCount = 28
	offPFSize   = 76
	offPFFlags  = 80
	offFourCC   = 84
	offBitCount = 88
	offMasks    = 92 // red, green, blue, alpha
	offCaps2    = 112
)

// Header flags, pixel-format flags and caps the decoder looks at.
const (
	flagDepth = 0x800000

	PFAlphaPixels = 0x1     // the alpha mask counts
	PFAlpha       = 0x2     // alpha only
	PFFourCC      = 0x4     // compressed: FourCC names the format
	PFRGB         = 0x40    // the red, green and blue masks count
	PFLuminance   = 0x20000 // the red mask holds a grey level

	caps2Cubemap = 0x200
	caps2Volume  = 0x200000
)

// Encoding is how a level's pixels are stored.
type Encoding int

const (
	DXT1   Encoding = iota + 1 // 8-byte blocks, three colours and transparent black when c0 <= c1
	DXT3                       // 16-byte blocks, explicit 4-bit alpha
	DXT5                       // 16-byte blocks, interpolated alpha
	Masked                     // uncompressed, 1 to 4 bytes a pixel, channels by bit mask
)

// encodings name each encoding and its DXT block format.
var encodings = map[Encoding]texreg.Encoding{
	DXT1:   {Name: "DXT1", DXT: dxt.DXT1},
	DXT3:   {Name: "DXT3", DXT: dxt.DXT3},
	DXT5:   {Name: "DXT5", DXT: dxt.DXT5},
	Masked: {Name: "uncompressed"},
}

func (e Encoding) String() string { return texreg.EncodingName(encodings, e) }

// Level is one mip level: its size and where its bytes lie in the file.
type Level = texreg.Level

// Texture is a parsed DDS file; Mip decodes its levels.
type Texture struct {
	Name          string // the file, for messages
	Encoding      Encoding
	Width, Height int
	Levels        []Level
	// PixelFlags, BitCount and Masks (red, green, blue, alpha) are the pixel
	// format as stored; BitCount and Masks matter for Masked only.
	PixelFlags uint32
	BitCount   int
	Masks      [4]uint32

	data []byte
}

// FormatError is a malformed or unsupported file; Offset is where the fault lies.
type FormatError = texreg.FormatError

func errAt(name string, off int, format string, args ...any) error {
	return texreg.ErrorAt("dds", name, off, format, args...)
}

func u32(b []byte, off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }

// Parse checks a whole DDS file held in data: the header, the pixel format, the
// mip count, and that every level's bytes lie inside the file. It copies nothing;
// the Texture refers to data.
func Parse(name string, data []byte) (*Texture, error) {
	if len(data) < 4 || string(data[:4]) != "DDS " {
		n := min(len(data), 4)
		return nil, errAt(name, 0, "magic %q: not a DDS texture", data[:n])
	}
	if len(data) < HeaderSize {
		return nil, errAt(name, len(data), "file ends inside the %d-byte DDS header", HeaderSize)
	}
	if s := u32(data, offSize); s != 124 {
		return nil, errAt(name, offSize, "header size %d: want 124", s)
	}
	if s := u32(data, offPFSize); s != 32 {
		return nil, errAt(name, offPFSize, "pixel format size %d: want 32", s)
	}
	t := &Texture{Name: name, data: data}
	w, h := u32(data, offWidth), u32(data, offHeight)
	if w == 0 || w > MaxSide {
		return nil, errAt(name, offWidth, "width %d: must be 1 to %d", w, MaxSide)
	}
	if h == 0 || h > MaxSide {
		return nil, errAt(name, offHeight, "height %d: must be 1 to %d", h, MaxSide)
	}
	t.Width, t.Height = int(w), int(h)
	caps2 := u32(data, offCaps2)
	if caps2&caps2Cubemap != 0 {
		return nil, errAt(name, offCaps2, "a cube map: not supported (only 2D textures)")
	}
	if caps2&caps2Volume != 0 || u32(data, offFlags)&flagDepth != 0 && u32(data, offDepth) > 1 {
		return nil, errAt(name, offCaps2, "a volume texture: not supported (only 2D textures)")
	}
	if err := t.pixelFormat(); err != nil {
		return nil, err
	}
	n := 1
	if raw := u32(data, offMipCount); raw > 1 {
		if most := bits.Len(uint(max(t.Width, t.Height))); raw > uint32(most) {
			return nil, errAt(name, offMipCount, "mip count %d: a %d x %d texture has at most %d levels", raw, t.Width, t.Height, most)
		}
		n = int(raw)
	}
	off := HeaderSize
	for i := 0; i < n; i++ {
		lv := Level{Width: max(1, t.Width>>i), Height: max(1, t.Height>>i), Offset: off}
		lv.Size = t.levelSize(lv.Width, lv.Height)
		if lv.Size > len(data)-off {
			return nil, errAt(name, off, "mip level %d (%d x %d, %d bytes of %v) runs past the end of the file (%d bytes)", i, lv.Width, lv.Height, lv.Size, t.Encoding, len(data))
		}
		t.Levels = append(t.Levels, lv)
		off += lv.Size
	}
	return t, nil
}

// pixelFormat reads the pixel format: a FourCC, or a bit count and masks.
func (t *Texture) pixelFormat() error {
	d := t.data
	t.PixelFlags = u32(d, offPFFlags)
	if t.PixelFlags&PFFourCC != 0 {
		fourCC := string(d[offFourCC : offFourCC+4])
		switch fourCC {
		case "DXT1":
			t.Encoding = DXT1
		case "DXT3":
			t.Encoding = DXT3
		case "DXT5":
			t.Encoding = DXT5
		case "DXT2", "DXT4":
			return errAt(t.Name, offFourCC, "FourCC %s (premultiplied alpha): not supported", fourCC)
		case "DX10":
			return errAt(t.Name, offFourCC, "FourCC DX10 (the extended header): not supported")
		default:
			return errAt(t.Name, offFourCC, "FourCC %q: not supported (DXT1, DXT3, DXT5 or uncompressed)", fourCC)
		}
		return nil
	}
	if t.PixelFlags&(PFRGB|PFLuminance|PFAlpha|PFAlphaPixels) == 0 {
		return errAt(t.Name, offPFFlags, "pixel format flags 0x%x: neither FourCC, RGB, luminance nor alpha", t.PixelFlags)
	}
	t.Encoding = Masked
	bc := u32(d, offBitCount)
	switch bc {
	case 8, 16, 24, 32:
		t.BitCount = int(bc)
	default:
		return errAt(t.Name, offBitCount, "%d bits a pixel: want 8, 16, 24 or 32", bc)
	}
	var used uint32
	for i := range t.Masks {
		m := u32(d, offMasks+4*i)
		if !t.counts(i) {
			continue // a mask the flags do not turn on is not read
		}
		if m == 0 {
			continue
		}
		if bc < 32 && m>>bc != 0 {
			return errAt(t.Name, offMasks+4*i, "%s mask 0x%x: outside the %d bits of a pixel", channelNames[i], m, bc)
		}
		if shifted := m >> bits.TrailingZeros32(m); shifted&(shifted+1) != 0 {
			return errAt(t.Name, offMasks+4*i, "%s mask 0x%x: bits not contiguous", channelNames[i], m)
		}
		if used&m != 0 {
			return errAt(t.Name, offMasks+4*i, "%s mask 0x%x: overlaps another channel", channelNames[i], m)
		}
		used |= m
		t.Masks[i] = m
	}
	if used == 0 {
		return errAt(t.Name, offMasks, "no channel mask set for the pixel format's flags 0x%x", t.PixelFlags)
	}
	return nil
}

var channelNames = [4]string{"red", "green", "blue", "alpha"}

// counts says whether mask i (red, green, blue, alpha) is read under the flags.
func (t *Texture) counts(i int) bool {
	f := t.PixelFlags
	switch i {
	case 0:
		return f&(PFRGB|PFLuminance) != 0
	case 1, 2:
		return f&PFRGB != 0
	}
	return f&(PFAlphaPixels|PFAlpha) != 0
}

// levelSize is the bytes a w x h level holds.
func (t *Texture) levelSize(w, h int) int {
	if t.Encoding == Masked {
		return w * h * t.BitCount / 8
	}
	return dxt.LevelSize(encodings[t.Encoding].DXT, w, h)
}

// Mip decodes level n (0 is the full size) to straight (non-premultiplied) RGBA.
func (t *Texture) Mip(n int) (*image.NRGBA, error) {
	if n < 0 || n >= len(t.Levels) {
		return nil, fmt.Errorf("%s: mip level %d: the texture has levels 0 to %d", t.Name, n, len(t.Levels)-1)
	}
	lv := t.Levels[n]
	src := t.data[lv.Offset : lv.Offset+lv.Size]
	img := image.NewNRGBA(image.Rect(0, 0, lv.Width, lv.Height))
	if t.Encoding == Masked {
		t.decodeMasked(img, src)
	} else {
		dxt.Decode(img, src, encodings[t.Encoding].DXT, true)
	}
	return img, nil
}

// PixelFormat names the format: the FourCC, or for uncompressed pixels the
// channels from the most significant bit down with their widths (A8R8G8B8,
// X8R8G8B8, R5G6B5, L8, A8L8, ...; X for bits no channel uses).
func (t *Texture) PixelFormat() string {
	if t.Encoding != Masked {
		return t.Encoding.String()
	}
	letters := [4]string{"R", "G", "B", "A"}
	if t.PixelFlags&PFLuminance != 0 {
		letters[0] = "L"
	}
	var b strings.Builder
	for bit := t.BitCount - 1; bit >= 0; {
		ch, run := t.channelAt(bit), 1
		for bit-run >= 0 && t.channelAt(bit-run) == ch {
			run++
		}
		if ch < 0 {
			fmt.Fprintf(&b, "X%d", run)
		} else {
			fmt.Fprintf(&b, "%s%d", letters[ch], run)
		}
		bit -= run
	}
	return b.String()
}

func (t *Texture) channelAt(bit int) int {
	for i, m := range t.Masks {
		if m>>bit&1 != 0 {
			return i
		}
	}
	return -1
}
