// Package texture reads the texture files the model families name: BLP (World of
// Warcraft; every mip level), DDS (Star Wars Galaxies; every mip level), Texm
// (Parkan; every mip level, also as a member of an NRes archive) and the images the standard library reads (PNG for
// VoxelCore, JPEG), each as straight RGBA.
//
// Every format is a kind in formats' texture registry (formats.RegisterTexture):
// BLP, DDS and Texm register from their own packages, which this one imports;
// PNG and JPEG register here, with the check of their headers' claims, and so
// does the last kind tried, the other image formats the standard library's
// image package is given by the program (GIF). This package also serves the
// names that formats.ReadMember does not: NRes members and textures made in
// memory (Provide).
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
	_ "animscope/formats/blp"  // BLP textures
	_ "animscope/formats/dds"  // DDS textures
	_ "animscope/formats/texm" // Texm textures
)

// MaxSide bounds a side of an image read by the standard library's decoders,
// checked from the header before the pixels are allocated.
const MaxSide = 8192

// ErrNoLevel is wrapped by Mip's error for a level the texture does not have.
var ErrNoLevel = formats.ErrNoLevel

// ErrNotTexture is wrapped by Parse's error for data that is none of the texture
// formats (a model, a text file): callers that try a file as a texture last tell
// it from a texture that is broken.
var ErrNotTexture = formats.ErrNotTexture

// Texture is a parsed texture file.
type Texture = formats.Texture

// Read reads and parses a texture file, or an archive member named
// "ARCHIVE:MEMBER" (formats.ReadMember: regular files only, under the project's
// read limit).
func Read(path string) (*Texture, error) { return formats.ReadTexture(path) }

// ReadData reads the bytes Read parses (a file, or an archive member named
// "ARCHIVE:MEMBER"), for a caller that tells a file it cannot read from one
// that is not a texture.
func ReadData(path string) ([]byte, error) { return formats.ReadData(path) }

// Parse recognises the texture in data by its content and checks its header.
func Parse(name string, data []byte) (*Texture, error) { return formats.ParseTexture(name, data) }

func init() {
	formats.RegisterDataReader(readData)
	formats.RegisterTexture(formats.TextureKind{Name: "png", Sniff: hasHead("\x89PNG\r\n\x1a\n"), Parse: parseStandard})
	formats.RegisterTexture(formats.TextureKind{Name: "jpeg", Sniff: hasHead("\xff\xd8"), Parse: parseStandard})
	formats.RegisterTexture(formats.TextureKind{Name: "image", Sniff: otherImage, Parse: parseStandard, Fallback: true})
}

// readData serves a texture made in memory (Provide) and a member of an NRes
// archive.
func readData(name string) ([]byte, bool, error) {
	if data, ok := providedData(name); ok {
		return data, true, nil
	}
	return readNResMember(name)
}

func hasHead(magic string) func(head []byte) bool {
	return func(head []byte) bool { return bytes.HasPrefix(head, []byte(magic)) }
}

// otherImage reports whether head starts as a format registered with the image
// package does (its magic matches: the decoder's verdict on the whole file is
// then Parse's).
func otherImage(head []byte) bool {
	_, _, err := image.DecodeConfig(&peekReader{b: head})
	return !errors.Is(err, image.ErrFormat)
}

// parseStandard checks an image the standard library reads: its size from the
// header, and for PNG and JPEG that the file holds the pixels the header claims.
func parseStandard(name string, data []byte) (*Texture, error) {
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
	img := &standardImage{name: name, format: format, w: cfg.Width, h: cfg.Height, data: data}
	return &Texture{Name: name, Format: format, Width: cfg.Width, Height: cfg.Height, Levels: 1, Pixels: img}, nil
}

// standardImage is an image the standard library decodes: one level.
type standardImage struct {
	name, format string
	w, h         int
	data         []byte
}

func (s *standardImage) Mip(int) (*image.NRGBA, error) {
	img, _, err := image.Decode(bytes.NewReader(s.data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", s.name, err)
	}
	if nrgba, ok := img.(*image.NRGBA); ok && nrgba.Rect.Min == (image.Point{}) {
		return nrgba, nil
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out, nil
}

func (s *standardImage) Describe() string {
	return fmt.Sprintf("%s, %d x %d, 1 level", s.format, s.w, s.h)
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
