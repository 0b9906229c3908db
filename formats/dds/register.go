package dds

import (
	"fmt"
	"io"

	"animscope/formats/internal/texreg"
)

// init registers the format, so that image.Decode reads a DDS file (its largest level)
// and image.DecodeConfig its size after checking every level's byte range.
func init() {
	texreg.Register(texreg.Format[*Texture]{
		Name: "dds", Magic: "DDS ",
		Read:  func(r io.Reader) ([]byte, error) { return ReadAll("", r) },
		Parse: func(data []byte) (*Texture, error) { return Parse("", data) },
		Size:  func(t *Texture) (int, int) { return t.Width, t.Height },
	})
}

// ReadAll reads at most MaxFileSize bytes from r; a longer stream is an error.
func ReadAll(name string, r io.Reader) ([]byte, error) {
	data, tooLong, err := texreg.ReadAll(r, MaxFileSize)
	if tooLong {
		return nil, &FormatError{File: name, Offset: MaxFileSize, Msg: fmt.Sprintf("larger than %d bytes", MaxFileSize)}
	}
	return data, err
}
