// Package texreg registers a texture format twice, by one rule: with the
// project's texture registry (formats.RegisterTexture), so that every reader of
// a texture reads it, and with the standard library's image package, so that
// image.Decode and image.DecodeConfig read it: the whole stream read through a
// bounded reader, the format's own checks, and its largest level (mip 0). The
// texture packages (BLP, DDS) share it, so that their registrations follow one
// rule.
package texreg

import (
	"bytes"
	"image"
	"image/color"
	"io"

	"animscope/formats"
)

// Texture is a parsed texture whose levels decode on demand.
type Texture interface {
	formats.TexturePixels
}

// Format is one texture format: its name; Magic, the pattern image.RegisterFormat
// matches ('?' any byte); Heads, the first bytes formats' texture registry
// takes for it; MaxSize, the longest stream read, and TooLong the package's
// error for a longer one; Parse (every check done before any level is decoded)
// and Size (mip 0's width and height, and the number of levels).
type Format[T Texture] struct {
	Name, Magic string
	Heads       []string
	MaxSize     int
	TooLong     func(name string) error
	Parse       func(name string, data []byte) (T, error)
	Size        func(t T) (w, h, levels int)
}

// Register registers f with the texture registry and with the image package.
func Register[T Texture](f *Format[T]) {
	formats.RegisterTexture(formats.TextureKind{Name: f.Name, Sniff: f.sniff, Parse: f.parseTexture})
	image.RegisterFormat(f.Name, f.Magic, f.decode, f.decodeConfig)
}

func (f *Format[T]) sniff(head []byte) bool {
	for _, h := range f.Heads {
		if bytes.HasPrefix(head, []byte(h)) {
			return true
		}
	}
	return false
}

func (f *Format[T]) parseTexture(name string, data []byte) (*formats.Texture, error) {
	t, err := f.Parse(name, data)
	if err != nil {
		return nil, err
	}
	w, h, levels := f.Size(t)
	return &formats.Texture{Name: name, Format: f.Name, Width: w, Height: h, Levels: levels, Pixels: t}, nil
}

// ReadAll reads at most f.MaxSize bytes from r; a longer stream is the
// format's TooLong error, naming the file.
func (f *Format[T]) ReadAll(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(f.MaxSize)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > f.MaxSize {
		return nil, f.TooLong(name)
	}
	return data, nil
}

// decode reads and checks the stream and decodes its largest level.
func (f *Format[T]) decode(r io.Reader) (image.Image, error) {
	t, err := f.parse(r)
	if err != nil {
		return nil, err
	}
	return t.Mip(0)
}

// decodeConfig reads and checks the stream (every level's byte range) and
// reports mip 0's size, decoding nothing.
func (f *Format[T]) decodeConfig(r io.Reader) (image.Config, error) {
	t, err := f.parse(r)
	if err != nil {
		return image.Config{}, err
	}
	w, h, _ := f.Size(t)
	return image.Config{ColorModel: color.NRGBAModel, Width: w, Height: h}, nil
}

func (f *Format[T]) parse(r io.Reader) (T, error) {
	data, err := f.ReadAll("", r)
	if err != nil {
		var zero T
		return zero, err
	}
	return f.Parse("", data)
}
