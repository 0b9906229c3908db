package dds

import (
	"fmt"
	"io"

	"animscope/formats/internal/texreg"
)

// format registers DDS with the texture registry and with the image package
// (image.Decode reads the largest level, image.DecodeConfig the size after
// checking every level's byte range).
var format = &texreg.Format[*Texture]{
	Name: "dds", Magic: "DDS ", Heads: []string{"DDS "}, MaxSize: MaxFileSize, Parse: Parse,
	TooLong: func(name string) error { return errAt(name, MaxFileSize, "larger than %d bytes", MaxFileSize) },
	Size:    func(t *Texture) (int, int, int) { return t.Width, t.Height, len(t.Levels) },
}

func init() { texreg.Register(format) }

// ReadAll reads at most MaxFileSize bytes from r; a longer stream is an error.
func ReadAll(name string, r io.Reader) ([]byte, error) { return format.ReadAll(name, r) }

// Describe is a one-line summary: pixel format, size and levels.
func (t *Texture) Describe() string {
	return fmt.Sprintf("DDS %s, %d x %d, %d mip levels", t.PixelFormat(), t.Width, t.Height, len(t.Levels))
}
