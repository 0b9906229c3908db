// Package texture reads the texture files the model families name: BLP (World of
// Warcraft; every mip level), DDS (Star Wars Galaxies; every mip level), Texm
// (Parkan; every mip level, also as a member of an NRes archive) and the images the standard library reads (PNG for
// VoxelCore, JPEG), each as straight RGBA.
package texture

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // JPEG textures
	_ "image/png"  // PNG textures (VoxelCore)
	"io"

	"animscope/formats"
	"animscope/formats/blp"
	"animscope/formats/dds"
	"animscope/formats/texm"
)

// MaxSide bounds a side of an image read by the standard library's decoders,
// checked from the header before the pixels are allocated.
const MaxSide = 8192

// ErrNoLevel is wrapped by Mip's error for a level the texture does not have.
var ErrNoLevel = errors.New("no such mip level")

// ErrNotTexture is wrapped by Parse's error for data that is none of the texture
// formats (a model, a text file): callers that try a file as a texture last tell
// it from a texture that is broken.
var ErrNotTexture = errors.New("not a texture this program reads (BLP, DDS, Texm, PNG or JPEG)")

// Texture is a parsed texture file.
type Texture struct {
	Name   string
	Format string // "blp", "dds", "png", "jpeg"
	// Width and Height are level 0's size.
	Width, Height int
	// Levels is the number of mip levels (1 for PNG and JPEG).
	Levels int
	// BLP is the parsed BLP (nil for other formats), for its encoding and levels.
	BLP *blp.Texture
	// DDS is the parsed DDS (nil for other formats).
	DDS *dds.Texture
	// Texm is the parsed Texm (Parkan; nil for other formats).
	Texm *texm.Texture

	data []byte
}

// Read reads and parses a texture file, or an archive member named
// "ARCHIVE:MEMBER" (formats.ReadMember: regular files only, under the project's
// read limit).
func Read(path string) (*Texture, error) {
	data, err := ReadData(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// ReadData reads the bytes Read parses (a file, or an archive member named
// "ARCHIVE:MEMBER"), for a caller that tells a file it cannot read from one
// that is not a texture.
func ReadData(path string) ([]byte, error) {
	if data, ok := providedData(path); ok {
		return data, nil
	}
	return formats.ReadMember(path)
}

// Parse recognises the texture in data by its content and checks its header.
func Parse(name string, data []byte) (*Texture, error) {
	if bytes.HasPrefix(data, []byte("BLP1")) || bytes.HasPrefix(data, []byte("BLP2")) {
		b, err := blp.Parse(name, data)
		if err != nil {
			return nil, err
		}
		return &Texture{Name: name, Format: "blp", Width: b.Width, Height: b.Height, Levels: len(b.Levels), BLP: b, data: data}, nil
	}
	if bytes.HasPrefix(data, []byte("DDS ")) {
		d, err := dds.Parse(name, data)
		if err != nil {
			return nil, err
		}
		return &Texture{Name: name, Format: "dds", Width: d.Width, Height: d.Height, Levels: len(d.Levels), DDS: d, data: data}, nil
	}
	if bytes.HasPrefix(data, []byte(texm.Magic)) {
		x, err := texm.Parse(name, data)
		if err != nil {
			return nil, err
		}
		return &Texture{Name: name, Format: "texm", Width: x.Width, Height: x.Height, Levels: x.Mips, Texm: x, data: data}, nil
	}
	cfg, format, err := image.DecodeConfig(&peekReader{b: data})
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return nil, fmt.Errorf("%s: %w", name, ErrNotTexture)
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxSide || cfg.Height > MaxSide {
		return nil, fmt.Errorf("%s: %s of %d x %d: each side must be 1 to %d", name, format, cfg.Width, cfg.Height, MaxSide)
	}
	switch format {
	case "png":
		err = checkPNGDensity(name, data, cfg.Width, cfg.Height)
	case "jpeg":
		err = checkJPEGDensity(name, data, cfg.Width, cfg.Height)
	}
	if err != nil {
		return nil, err
	}
	return &Texture{Name: name, Format: format, Width: cfg.Width, Height: cfg.Height, Levels: 1, data: data}, nil
}

// Mip decodes level n (0 is the full size) to straight RGBA.
func (t *Texture) Mip(n int) (*image.NRGBA, error) {
	if n < 0 || n >= t.Levels {
		return nil, fmt.Errorf("%s: mip level %d: the texture has levels 0 to %d: %w", t.Name, n, t.Levels-1, ErrNoLevel)
	}
	if t.BLP != nil {
		return t.BLP.Mip(n)
	}
	if t.DDS != nil {
		return t.DDS.Mip(n)
	}
	if t.Texm != nil {
		return t.Texm.Mip(n)
	}
	img, _, err := image.Decode(bytes.NewReader(t.data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", t.Name, err)
	}
	if nrgba, ok := img.(*image.NRGBA); ok && nrgba.Rect.Min == (image.Point{}) {
		return nrgba, nil
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out, nil
}

// Describe is a one-line summary: format, encoding, size and levels.
func (t *Texture) Describe() string {
	if t.BLP != nil {
		return fmt.Sprintf("BLP%d %v, alpha %d bits, %d x %d, %d mip levels", t.BLP.Version, t.BLP.Encoding, t.BLP.AlphaDepth, t.Width, t.Height, t.Levels)
	}
	if t.DDS != nil {
		return fmt.Sprintf("DDS %s, %d x %d, %d mip levels", t.DDS.PixelFormat(), t.Width, t.Height, t.Levels)
	}
	if t.Texm != nil {
		return fmt.Sprintf("Texm format %d, %d x %d, %d mip levels", t.Texm.Format, t.Width, t.Height, t.Levels)
	}
	return fmt.Sprintf("%s, %d x %d, 1 level", t.Format, t.Width, t.Height)
}

// peekReader reads a byte slice and can Peek, so image.DecodeConfig sniffs it
// without wrapping it in a bufio.Reader (a 4 KiB buffer per call: a batch over a
// mount asks this of every file no scene decoder opens).
type peekReader struct {
	b   []byte
	off int
}

func (r *peekReader) Read(p []byte) (int, error) {
	if r.off >= len(r.b) {
		return 0, io.EOF
	}
	n := copy(p, r.b[r.off:])
	r.off += n
	return n, nil
}

// Peek returns the next n bytes without consuming them; fewer, with io.EOF, at the end.
func (r *peekReader) Peek(n int) ([]byte, error) {
	rest := r.b[r.off:]
	if n > len(rest) {
		return rest, io.EOF
	}
	return rest[:n], nil
}
