package blp

import (
	"fmt"
	"io"

	"animscope/formats/internal/texreg"
)

// format registers BLP with the texture registry (BLP1 and BLP2 files) and
// with the image package (image.Decode reads the largest level, image.DecodeConfig
// the size after checking every level's byte range).
var format = &texreg.Format[*Texture]{
	Name: "blp", Magic: "BLP?", Heads: []string{"BLP1", "BLP2"}, MaxSize: MaxFileSize, Parse: Parse,
	TooLong: func(name string) error { return errAt(name, MaxFileSize, "larger than %d bytes", MaxFileSize) },
	Size:    func(t *Texture) (int, int, int) { return t.Width, t.Height, len(t.Levels) },
}

func init() { texreg.Register(format) }

// ReadAll reads at most MaxFileSize bytes from r; a longer stream is an error.
func ReadAll(name string, r io.Reader) ([]byte, error) { return format.ReadAll(name, r) }

// Describe is a one-line summary: version, encoding, alpha, size and levels.
func (t *Texture) Describe() string {
	return fmt.Sprintf("BLP%d %v, alpha %d bits, %d x %d, %d mip levels", t.Version, t.Encoding, t.AlphaDepth, t.Width, t.Height, len(t.Levels))
}
