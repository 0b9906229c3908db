package dds

import (
	"fmt"
	"image"
	"image/color"
	"io"
)

func init() {
	image.RegisterFormat("dds", "DDS ", Decode, DecodeConfig)
}

// ReadAll reads at most MaxFileSize bytes from r; a longer stream is an error.
func ReadAll(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, &FormatError{File: name, Offset: MaxFileSize, Msg: fmt.Sprintf("larger than %d bytes", MaxFileSize)}
	}
	return data, nil
}

// Decode reads a DDS file and decodes its largest level (mip 0).
func Decode(r io.Reader) (image.Image, error) {
	data, err := ReadAll("", r)
	if err != nil {
		return nil, err
	}
	t, err := Parse("", data)
	if err != nil {
		return nil, err
	}
	return t.Mip(0)
}

// DecodeConfig reads a DDS file and reports the size of mip 0 after checking the
// header, the pixel format and the levels' byte ranges.
func DecodeConfig(r io.Reader) (image.Config, error) {
	data, err := ReadAll("", r)
	if err != nil {
		return image.Config{}, err
	}
	t, err := Parse("", data)
	if err != nil {
		return image.Config{}, err
	}
	return image.Config{ColorModel: color.NRGBAModel, Width: t.Width, Height: t.Height}, nil
}
