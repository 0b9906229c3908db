package gltf

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/qmuntal/gltf"

	"animscope/formats/atomicfile"
)

// Encode writes doc to w as binary glTF (.glb).
func Encode(w io.Writer, doc *gltf.Document) error {
	enc := gltf.NewEncoder(w)
	enc.AsBinary = true
	return enc.Encode(doc)
}

// EncodeBytes returns doc as binary glTF (.glb).
func EncodeBytes(doc *gltf.Document) ([]byte, error) {
	var b bytes.Buffer
	if err := Encode(&b, doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteFile writes doc as binary glTF to path, atomically: the bytes go to a
// temporary file in the same folder, which is synced and then renamed over path, so
// path is either its old self or the complete new file. The encoding streams into
// the temporary file (the .glb is never held in memory as a whole).
func WriteFile(path string, doc *gltf.Document) error {
	err := atomicfile.WriteFunc(path, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		if err := Encode(bw, doc); err != nil {
			return err
		}
		return bw.Flush()
	})
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}
