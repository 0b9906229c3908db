package texture

import (
	"bytes"
	"image"
	"image/png"
	"sync"
)

// provided are textures made in memory (a character's composited body skin),
// by the name a material gives them: Read serves them as PNG files, so every
// path-based reader (the viewer, render, export) takes them as it takes files.
var provided sync.Map // name -> []byte (PNG)

// Provide makes img readable under name until the process ends (a later call
// with the same name replaces it). The name should not be a file's: use an
// "ARCHIVE:MEMBER" form beside the file the texture belongs to.
func Provide(name string, img image.Image) error {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	provided.Store(name, b.Bytes())
	return nil
}

// providedData is the PNG that Provide stored under name.
func providedData(name string) ([]byte, bool) {
	v, ok := provided.Load(name)
	if !ok {
		return nil, false
	}
	return v.([]byte), true
}
