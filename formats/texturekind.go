package formats

import (
	"errors"
	"fmt"
	"image"
	"io"
)

// Texture kinds: the texture formats (BLP, DDS, Texm, PNG, JPEG) register here
// from their own packages, each with the first bytes that are its own and its
// parser, so that every reader of a texture (the texture command, validate and
// inspect through the "texture" data kind, the viewer, the renderer and export)
// reads the same formats by the same rule.

// ErrNoLevel is wrapped by Mip's error for a level the texture does not have.
var ErrNoLevel = errors.New("no such mip level")

// ErrNotTexture is wrapped by ParseTexture's error for data that is none of the
// texture formats (a model, a text file): callers that try a file as a texture
// last tell it from a texture that is broken.
var ErrNotTexture = errors.New("not a texture this program reads (BLP, DDS, Texm, PNG or JPEG)")

// TextureKind is one texture format in the registry.
type TextureKind struct {
	// Name is the format as Texture.Format gives it ("blp").
	Name string
	// Sniff reports whether head (at most the first 4 KiB) starts as this
	// format's files do.
	Sniff func(head []byte) bool
	// Parse checks a whole file (every level's byte range) and describes it,
	// decoding no pixels.
	Parse func(name string, data []byte) (*Texture, error)
	// Fallback kinds are tried after every other (in name order): a kind that
	// reads what is left (the image formats other packages register with the
	// standard library).
	Fallback bool
}

// Texture is a parsed texture file.
type Texture struct {
	Name   string
	Format string // the kind's name: "blp", "dds", "texm", "png", "jpeg"
	// Width and Height are level 0's size.
	Width, Height int
	// Levels is the number of mip levels (1 for PNG and JPEG).
	Levels int
	// Pixels decodes the levels and summarises the encoding.
	Pixels TexturePixels
}

// TexturePixels are a parsed texture's levels, decoded on demand.
type TexturePixels interface {
	// Mip decodes level n (0 is the full size; Texture.Mip checks n) to
	// straight RGBA.
	Mip(n int) (*image.NRGBA, error)
	// Describe is a one-line summary: format, encoding, size and levels.
	Describe() string
}

// Mip decodes level n (0 is the full size) to straight RGBA.
func (t *Texture) Mip(n int) (*image.NRGBA, error) {
	if n < 0 || n >= t.Levels {
		return nil, fmt.Errorf("%s: mip level %d: the texture has levels 0 to %d: %w", t.Name, n, t.Levels-1, ErrNoLevel)
	}
	return t.Pixels.Mip(n)
}

// Describe is a one-line summary: format, encoding, size and levels.
func (t *Texture) Describe() string { return t.Pixels.Describe() }

// textureKinds are the kinds, then the fallbacks, each by name.
var textureKinds = newKindList(func(a, b TextureKind) bool {
	if a.Fallback != b.Fallback {
		return !a.Fallback
	}
	return a.Name < b.Name
})

// RegisterTexture adds a texture kind. Kinds call it from init.
func RegisterTexture(k TextureKind) { textureKinds.add(k) }

// TextureKinds lists the registered texture kinds in the order they are tried.
func TextureKinds() []TextureKind {
	return append([]TextureKind(nil), textureKinds.all()...)
}

func textureKindOf(data []byte) (TextureKind, bool) {
	head := data
	if len(head) > 4096 {
		head = head[:4096]
	}
	for _, k := range textureKinds.all() {
		if k.Sniff(head) {
			return k, true
		}
	}
	return TextureKind{}, false
}

// ParseTexture recognises the texture in data by its content and checks it.
func ParseTexture(name string, data []byte) (*Texture, error) {
	k, ok := textureKindOf(data)
	if !ok {
		return nil, fmt.Errorf("%s: %w", name, ErrNotTexture)
	}
	return k.Parse(name, data)
}

// ReadTexture reads (ReadData) and parses a texture file.
func ReadTexture(name string) (*Texture, error) {
	data, err := ReadData(name)
	if err != nil {
		return nil, err
	}
	return ParseTexture(name, data)
}

// The "texture" data kind: a file any texture kind reads, with the verdict the
// texture command gives on it.
func init() {
	RegisterData(DataKind{
		Name:        "texture",
		Description: "a texture (BLP, DDS, Texm, PNG, JPEG)",
		Sniff: func(_ string, head []byte) bool {
			_, ok := textureKindOf(head)
			return ok
		},
		Read: readTextureData,
	})
}

// textureInfo is what `inspect --json` says of a texture, under "texture".
type textureInfo struct {
	Format      string `json:"format"` // "blp", "dds", "texm", "png", "jpeg"
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Levels      int    `json:"levels"`
	Description string `json:"description"`
}

func readTextureData(src *Source) (*Data, error) {
	t, err := ParseTexture(src.Name, src.Data)
	if err != nil {
		return nil, err
	}
	info := textureInfo{Format: t.Format, Width: t.Width, Height: t.Height, Levels: t.Levels, Description: t.Describe()}
	return &Data{Key: "texture", Value: info, Text: func(w io.Writer) {
		fmt.Fprintf(w, "files:   %s\nformat:  texture (%s)\n", src.Name, info.Description)
	}}, nil
}
