package blp

import (
	"encoding/binary"
	"fmt"
	"image"
	"math/bits"

	"animscope/formats/internal/dxt"
	"animscope/formats/internal/texreg"
)

// Limits that keep a hostile file from asking for a huge allocation. World of
// Warcraft's largest textures are 2048 on a side (4096 in later data).
const (
	MaxSide     = 4096
	MaxFileSize = 64 << 20
)

// Layout of the two headers.
const (
	blp1Header   = 156  // magic, compression, alpha bits, width, height, picture type, has mips, mip table
	blp2Header   = 148  // magic, type, encoding, alpha depth, alpha type, has mips, width, height, mip table
	paletteSize  = 1024 // 256 BGRA entries
	blp1MipTable = 28
	blp2MipTable = 20
	maxLevels    = 16
)

// Encoding is how a level's pixels are stored.
type Encoding int

const (
	Palette Encoding = iota + 1 // 8-bit palette indices, then an alpha plane
	DXT1                        // 8-byte blocks; 1-bit alpha when AlphaDepth > 0
	DXT3                        // 16-byte blocks, explicit 4-bit alpha
	DXT5                        // 16-byte blocks, interpolated alpha
	BGRA                        // 4 bytes a pixel
	JPEG                        // shared JPEG header + the level's bytes (BLP1)
)

// encodings name each encoding and its DXT block format.
var encodings = map[Encoding]texreg.Encoding{
	Palette: {Name: "palette"},
	DXT1:    {Name: "DXT1", DXT: dxt.DXT1},
	DXT3:    {Name: "DXT3", DXT: dxt.DXT3},
	DXT5:    {Name: "DXT5", DXT: dxt.DXT5},
	BGRA:    {Name: "BGRA"},
	JPEG:    {Name: "JPEG"},
}

func (e Encoding) String() string { return texreg.EncodingName(encodings, e) }

// Level is one mip level: its size and where its bytes lie in the file.
type Level = texreg.Level

// Texture is a parsed BLP file; Mip decodes its levels.
type Texture struct {
	Name    string // the file, for messages
	Version int    // 1 or 2
	// Encoding of every level.
	Encoding Encoding
	// AlphaDepth is the alpha plane's bits per pixel for Palette (0, 1, 4, 8); for
	// DXT1 a non-zero depth turns on the block's transparent colour; for BGRA and
	// JPEG zero means opaque.
	AlphaDepth int
	// AlphaType is BLP2's alpha-encoding byte (0 DXT1, 1 DXT3, 7 DXT5) and BLP1's
	// picture-type field, as stored.
	AlphaType     int
	Width, Height int
	Levels        []Level

	data       []byte
	palette    []byte // 1024 bytes of BGRA for Palette
	jpegHeader []byte
}

// FormatError is a malformed or unsupported file; Offset is where the fault lies.
type FormatError = texreg.FormatError

func errAt(name string, off int, format string, args ...any) error {
	return texreg.ErrorAt("blp", name, off, format, args...)
}

// Parse checks a whole BLP file held in data: the header, the mip table, and that
// every level's bytes lie inside the file and are enough for its size. It copies
// nothing; the Texture refers to data.
func Parse(name string, data []byte) (*Texture, error) {
	if len(data) < 4 {
		return nil, errAt(name, 0, "%d bytes: too short for a BLP header", len(data))
	}
	switch string(data[:4]) {
	case "BLP1":
		return parse1(name, data)
	case "BLP2":
		return parse2(name, data)
	}
	return nil, errAt(name, 0, "magic %q: not a BLP1 or BLP2 texture", data[:4])
}

func u32(b []byte, off int) uint32 { return binary.LittleEndian.Uint32(b[off:]) }

func parse1(name string, data []byte) (*Texture, error) {
	if len(data) < blp1Header {
		return nil, errAt(name, len(data), "file ends inside the %d-byte BLP1 header", blp1Header)
	}
	t := &Texture{Name: name, Version: 1, data: data}
	compression, alphaBits := u32(data, 4), u32(data, 8)
	t.AlphaType = int(u32(data, 20))
	switch compression {
	case 0:
		t.Encoding = JPEG
	case 1:
		t.Encoding = Palette
	default:
		return nil, errAt(name, 4, "compression %d: want 0 (JPEG) or 1 (palette)", compression)
	}
	switch alphaBits {
	case 0, 1, 4, 8:
		t.AlphaDepth = int(alphaBits)
	default:
		return nil, errAt(name, 8, "alpha bits %d: want 0, 1, 4 or 8", alphaBits)
	}
	if t.Encoding == JPEG && alphaBits != 0 && alphaBits != 8 {
		return nil, errAt(name, 8, "alpha bits %d: a JPEG texture has 0 or 8", alphaBits)
	}
	if err := t.size(12); err != nil {
		return nil, err
	}
	switch t.Encoding {
	case Palette:
		if len(data) < blp1Header+paletteSize {
			return nil, errAt(name, len(data), "file ends inside the palette (%d bytes from 0x%x)", paletteSize, blp1Header)
		}
		t.palette = data[blp1Header : blp1Header+paletteSize]
	case JPEG:
		if len(data) < blp1Header+4 {
			return nil, errAt(name, len(data), "file ends before the JPEG header size")
		}
		n := u32(data, blp1Header)
		if uint64(n) > uint64(len(data)-blp1Header-4) {
			return nil, errAt(name, blp1Header, "JPEG header of %d bytes runs past the end of the file (%d bytes)", n, len(data))
		}
		t.jpegHeader = data[blp1Header+4 : blp1Header+4+int(n)]
	}
	return t, t.levels(blp1MipTable, u32(data, 24) != 0)
}

func parse2(name string, data []byte) (*Texture, error) {
	if len(data) < blp2Header {
		return nil, errAt(name, len(data), "file ends inside the %d-byte BLP2 header", blp2Header)
	}
	t := &Texture{Name: name, Version: 2, data: data}
	if typ := u32(data, 4); typ != 1 {
		return nil, errAt(name, 4, "type %d: only type 1 (palette, DXT or BGRA content) is supported; type 0 (JPEG) is not used by BLP2 files", typ)
	}
	encoding, depth, alphaType, hasMips := data[8], data[9], data[10], data[11]
	t.AlphaType = int(alphaType)
	switch depth {
	case 0, 1, 4, 8:
		t.AlphaDepth = int(depth)
	default:
		return nil, errAt(name, 9, "alpha depth %d: want 0, 1, 4 or 8", depth)
	}
	switch encoding {
	case 1:
		t.Encoding = Palette
		if len(data) < blp2Header+paletteSize {
			return nil, errAt(name, len(data), "file ends inside the palette (%d bytes from 0x%x)", paletteSize, blp2Header)
		}
		t.palette = data[blp2Header : blp2Header+paletteSize]
	case 2:
		// The alpha-encoding byte picks the block format, as the game does.
		switch alphaType {
		case 0:
			t.Encoding = DXT1
		case 1:
			t.Encoding = DXT3
		case 7:
			t.Encoding = DXT5
		default:
			return nil, errAt(name, 10, "alpha encoding %d of a DXT texture: want 0 (DXT1), 1 (DXT3) or 7 (DXT5)", alphaType)
		}
	case 3:
		t.Encoding = BGRA
	default:
		return nil, errAt(name, 8, "encoding %d: want 1 (palette), 2 (DXT) or 3 (BGRA)", encoding)
	}
	if err := t.size(12); err != nil {
		return nil, err
	}
	return t, t.levels(blp2MipTable, hasMips != 0)
}

// size reads and bounds the width and height at off.
func (t *Texture) size(off int) error {
	w, h := u32(t.data, off), u32(t.data, off+4)
	if w == 0 || w > MaxSide {
		return errAt(t.Name, off, "width %d: must be 1 to %d", w, MaxSide)
	}
	if h == 0 || h > MaxSide {
		return errAt(t.Name, off+4, "height %d: must be 1 to %d", h, MaxSide)
	}
	t.Width, t.Height = int(w), int(h)
	return nil
}

// levels reads the mip table at off: 16 offsets, then 16 sizes. A texture with
// mips has one level per halving down to 1 x 1; the table may stop early (a zero
// offset or size ends it), and level 0 must be present.
func (t *Texture) levels(off int, hasMips bool) error {
	n := 1
	if hasMips {
		n = bits.Len(uint(max(t.Width, t.Height)))
	}
	for i := 0; i < n && i < maxLevels; i++ {
		o, s := u32(t.data, off+4*i), u32(t.data, off+64+4*i)
		if o == 0 || s == 0 {
			if i == 0 {
				return errAt(t.Name, off, "mip level 0 has offset %d and size %d: no image", o, s)
			}
			break
		}
		if uint64(o)+uint64(s) > uint64(len(t.data)) {
			return errAt(t.Name, off+4*i, "mip level %d (%d bytes at 0x%x) runs past the end of the file (%d bytes)", i, s, o, len(t.data))
		}
		lv := Level{Width: max(1, t.Width>>i), Height: max(1, t.Height>>i), Offset: int(o), Size: int(s)}
		if need := t.need(lv.Width, lv.Height); int(s) < need {
			return errAt(t.Name, off+64+4*i, "mip level %d: %d bytes, a %d x %d %s level needs %d", i, s, lv.Width, lv.Height, t.Encoding, need)
		}
		t.Levels = append(t.Levels, lv)
	}
	return nil
}

// need is the least number of bytes a w x h level holds.
func (t *Texture) need(w, h int) int {
	switch t.Encoding {
	case Palette:
		return w*h + (w*h*t.AlphaDepth+7)/8
	case DXT1, DXT3, DXT5:
		return dxt.LevelSize(encodings[t.Encoding].DXT, w, h)
	case BGRA:
		return 4 * w * h
	}
	return 1 // JPEG: the decoder checks the rest
}

// Mip decodes level n (0 is the full size) to straight (non-premultiplied) RGBA.
func (t *Texture) Mip(n int) (*image.NRGBA, error) {
	if n < 0 || n >= len(t.Levels) {
		return nil, fmt.Errorf("%s: mip level %d: the texture has levels 0 to %d", t.Name, n, len(t.Levels)-1)
	}
	lv := t.Levels[n]
	src := t.data[lv.Offset : lv.Offset+lv.Size]
	if t.Encoding == JPEG {
		return t.decodeJPEG(lv, src)
	}
	img := image.NewNRGBA(image.Rect(0, 0, lv.Width, lv.Height))
	switch t.Encoding {
	case Palette:
		decodePalette(img, src, t.palette, t.AlphaDepth)
	case DXT1, DXT3, DXT5:
		dxt.Decode(img, src, encodings[t.Encoding].DXT, t.AlphaDepth > 0)
	case BGRA:
		decodeBGRA(img, src, t.AlphaDepth > 0)
	}
	return img, nil
}
