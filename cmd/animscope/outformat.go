package main

import (
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	qgltf "github.com/qmuntal/gltf"

	"animscope/formats/atomicfile"
	"animscope/formats/gltf"
)

// The output format of render and export is the one --out's extension names; an
// extension the command cannot write is a usage error before anything is read.

// imageEncoder returns the encoder for a render --out by its extension.
func imageEncoder(out string) (func(io.Writer, image.Image) error, error) {
	switch strings.ToLower(filepath.Ext(out)) {
	case ".png":
		return png.Encode, nil
	case ".jpg", ".jpeg":
		return func(w io.Writer, img image.Image) error {
			return jpeg.Encode(w, img, &jpeg.Options{Quality: 92})
		}, nil
	}
	return nil, usagef("--out %s: want a .png, .jpg or .jpeg file", out)
}

// writeImage encodes img by out's extension and writes it atomically; an error
// names out.
func writeImage(out string, img image.Image) error {
	enc, err := imageEncoder(out)
	if err != nil {
		return err
	}
	return atomicfile.WriteFunc(out, func(w io.Writer) error { return enc(w, img) })
}

// gltfOutput checks an export --out's extension and returns the buffer file a
// .gltf --separate writes beside it (FILE.bin), "" otherwise.
func gltfOutput(out string, separate bool) (bin string, err error) {
	switch ext := filepath.Ext(out); strings.ToLower(ext) {
	case ".glb":
		if separate {
			return "", usagef("--separate: only a .gltf --out has its buffer beside it (%s is a .glb)", out)
		}
		return "", nil
	case ".gltf":
		if separate {
			return strings.TrimSuffix(out, ext) + ".bin", nil
		}
		return "", nil
	}
	return "", usagef("--out %s: want a .glb or .gltf file", out)
}

// writeGLTF writes doc to out as .glb or .gltf (bin: its buffer beside it).
func writeGLTF(out, bin string, doc *qgltf.Document) error {
	if strings.EqualFold(filepath.Ext(out), ".gltf") {
		return gltf.WriteText(out, doc, bin)
	}
	return gltf.WriteFile(out, doc)
}
