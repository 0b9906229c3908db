package gltf

import (
	"bufio"
	"io"
	"net/url"
	"path/filepath"

	"github.com/qmuntal/gltf"

	"animscope/formats/atomicfile"
)

// WriteText writes doc as a text glTF (.gltf) to path, atomically like WriteFile.
// The JSON is the one Encode puts into a .glb; the binary buffer is embedded as a
// base64 data URI when bin is "", or else written to the file bin (which must be
// in path's folder) and named by the JSON as a relative URI. The buffer file is
// written first, so a .gltf never names a buffer that is not there.
func WriteText(path string, doc *gltf.Document, bin string) error {
	text := *doc
	if len(doc.Buffers) > 0 && doc.Buffers[0].URI == "" {
		b := *doc.Buffers[0]
		if bin == "" {
			b.EmbeddedResource()
		} else {
			if err := atomicfile.Write(bin, b.Data); err != nil {
				return err
			}
			b.URI = (&url.URL{Path: filepath.Base(bin)}).String() // "./a:b.bin" for a name with a colon
		}
		text.Buffers = append([]*gltf.Buffer{&b}, doc.Buffers[1:]...)
	}
	return atomicfile.WriteFunc(path, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<20)
		if err := writeJSON(bw, &text); err != nil {
			return err
		}
		if _, err := bw.WriteString("\n"); err != nil {
			return err
		}
		return bw.Flush()
	})
}
