// Package texreg registers a texture format with the standard library's image
// package, so that image.Decode and image.DecodeConfig read it: the whole stream
// read through a bounded reader, the format's own checks, and its largest level
// (mip 0). The texture packages (BLP, DDS) share it, so that their registrations
// follow one rule.
package texreg

import (
	"image"
	"image/color"
	"io"
)

// Texture is a parsed texture whose levels decode on demand.
type Texture interface {
	Mip(n int) (*image.NRGBA, error)
}

// Format is one texture format: its name and magic for image.RegisterFormat,
// Read (the whole stream, bounded; the package's error when it is longer),
// Parse (every check done before any level is decoded) and Size (mip 0's width
// and height).
type Format[T Texture] struct {
	Name, Magic string
	Read        func(r io.Reader) ([]byte, error)
	Parse       func(data []byte) (T, error)
	Size        func(t T) (w, h int)
}

// Register registers f with the image package.
func Register[T Texture](f Format[T]) {
	image.RegisterFormat(f.Name, f.Magic, f.decode, f.decodeConfig)
}

// decode reads and checks the stream and decodes its largest level.
func (f Format[T]) decode(r io.Reader) (image.Image, error) {
	t, err := f.parse(r)
	if err != nil {
		return nil, err
	}
	return t.Mip(0)
}

// decodeConfig reads and checks the stream (every level's byte range) and
// reports mip 0's size, decoding nothing.
func (f Format[T]) decodeConfig(r io.Reader) (image.Config, error) {
	t, err := f.parse(r)
	if err != nil {
		return image.Config{}, err
	}
	w, h := f.Size(t)
	return image.Config{ColorModel: color.NRGBAModel, Width: w, Height: h}, nil
}

func (f Format[T]) parse(r io.Reader) (T, error) {
	data, err := f.Read(r)
	if err != nil {
		var zero T
		return zero, err
	}
	return f.Parse(data)
}

// ReadAll reads at most max bytes from r; tooLong reports a longer stream (the
// caller says so in its own error, naming the file).
func ReadAll(r io.Reader, max int) (data []byte, tooLong bool, err error) {
	data, err = io.ReadAll(io.LimitReader(r, int64(max)+1))
	if err != nil {
		return nil, false, err
	}
	if len(data) > max {
		return nil, true, nil
	}
	return data, false, nil
}
