package main

import (
	"errors"
	"fmt"
	"io"

	"animscope/formats/texture"
)

// textureVerdict is, for a file that no scene decoder opens, the verdict the
// texture command gives on it, so that validate and inspect agree with it: a
// texture it converts (tex), one it refuses (err, naming the file and the
// place), or ok false when the file is no texture at all (the decoder's error
// stands then).
func textureVerdict(name string) (tex *texture.Texture, ok bool, err error) {
	data, err := texture.ReadData(name)
	if err != nil {
		return nil, false, nil // unreadable (missing, a folder): the open error says so
	}
	return textureVerdictData(name, data)
}

// textureVerdictData is textureVerdict on the bytes already read.
func textureVerdictData(name string, data []byte) (tex *texture.Texture, ok bool, err error) {
	tex, err = texture.Parse(name, data)
	if errors.Is(err, texture.ErrNotTexture) {
		return nil, false, nil
	}
	return tex, true, err
}

// inspectTextureOut is inspect's description of a texture file.
type inspectTextureOut struct {
	Files       []string       `json:"files"`
	Format      string         `json:"format"` // "texture"
	Texture     inspectTexture `json:"texture"`
	Diagnostics []inspectDiag  `json:"diagnostics"`
}

type inspectTexture struct {
	Format      string `json:"format"` // "blp", "dds", "texm", "png", "jpeg"
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Levels      int    `json:"levels"`
	Description string `json:"description"`
}

// inspectTextureFile prints what inspect says of a texture file.
func inspectTextureFile(tex *texture.Texture, name string, asJSON bool, stdout, stderr io.Writer) int {
	out := inspectTextureOut{Files: []string{name}, Format: "texture", Diagnostics: []inspectDiag{},
		Texture: inspectTexture{Format: tex.Format, Width: tex.Width, Height: tex.Height, Levels: tex.Levels, Description: tex.Describe()}}
	if asJSON {
		return writeJSON(out, stdout, stderr)
	}
	fmt.Fprintf(stdout, "files:   %s\nformat:  texture (%s)\n", name, out.Texture.Description)
	return exitOK
}
