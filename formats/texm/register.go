package texm

import (
	"bytes"
	"fmt"

	"animscope/formats"
)

// init registers Texm with the texture registry.
func init() {
	formats.RegisterTexture(formats.TextureKind{
		Name:  "texm",
		Sniff: func(head []byte) bool { return bytes.HasPrefix(head, []byte(Magic)) },
		Parse: func(name string, data []byte) (*formats.Texture, error) {
			x, err := Parse(name, data)
			if err != nil {
				return nil, err
			}
			return &formats.Texture{Name: name, Format: "texm", Width: x.Width, Height: x.Height, Levels: x.Mips, Pixels: x}, nil
		},
	})
}

// Describe is a one-line summary: pixel format, size and levels.
func (t *Texture) Describe() string {
	return fmt.Sprintf("Texm format %d, %d x %d, %d mip levels", t.Format, t.Width, t.Height, t.Mips)
}
