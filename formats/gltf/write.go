package gltf

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/qmuntal/gltf"

	"animscope/formats/atomicfile"
)

// Encode writes doc to w as binary glTF (.glb).
//
// The JSON chunk is written element by element (every accessor, buffer view, node,
// mesh, animation channel and sampler on its own, formatted a chunk of elements at
// a time on two goroutines: writeElems) instead of through one json.Marshal of the
// whole document, which would hold the whole text, and a copy, in memory: a
// skeleton of 65,000 nodes has a JSON chunk of over 100 MB. Its length, which the
// header gives first, comes from a first pass that only counts.
func Encode(w io.Writer, doc *gltf.Document) error {
	var count countingWriter
	if err := writeJSON(&count, doc); err != nil {
		return err
	}
	data, err := binChunk(doc)
	if err != nil {
		return err
	}
	hdr, err := glbHeader(count.n, data)
	if err != nil {
		return err
	}
	if _, err := w.Write(hdr[:]); err != nil {
		return err
	}
	cw := &countingWriter{w: w}
	if err := writeJSON(cw, doc); err != nil {
		return err
	}
	if cw.n != count.n {
		return fmt.Errorf("glTF JSON changed between two passes (%d then %d bytes)", count.n, cw.n)
	}
	return writeTail(w, cw.n, data)
}

// encodeSeekable is Encode for a file: the JSON is written once, after a header
// whose lengths are filled in at the end (the counting pass costs as much as the
// writing one: half of a large export's time). The bytes are Encode's.
func encodeSeekable(f io.WriteSeeker, doc *gltf.Document) error {
	data, err := binChunk(doc)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	var placeholder [20]byte
	if _, err := bw.Write(placeholder[:]); err != nil {
		return err
	}
	cw := &countingWriter{w: bw}
	if err := writeJSON(cw, doc); err != nil {
		return err
	}
	hdr, err := glbHeader(cw.n, data)
	if err != nil {
		return err
	}
	if err := writeTail(bw, cw.n, data); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err = f.Write(hdr[:])
	return err
}

// binChunk is the bytes of the binary chunk: buffer 0 when it has no URI (nil
// when there is none).
func binChunk(doc *gltf.Document) ([]byte, error) {
	if len(doc.Buffers) == 0 || doc.Buffers[0].URI != "" {
		return nil, nil
	}
	data := doc.Buffers[0].Data
	if len(data) != doc.Buffers[0].ByteLength {
		return nil, fmt.Errorf("glTF buffer 0 holds %d bytes, its byteLength says %d", len(data), doc.Buffers[0].ByteLength)
	}
	if data == nil {
		data = []byte{} // a binary chunk of no bytes is still written
	}
	return data, nil
}

// glbHeader is the 12-byte file header and the JSON chunk's 8-byte header for a
// JSON text of jsonN bytes and the binary chunk data (nil: none).
func glbHeader(jsonN int64, data []byte) ([20]byte, error) {
	var hdr [20]byte
	jsonLen := pad4(jsonN)
	total := 12 + 8 + jsonLen
	if data != nil {
		total += 8 + pad4(int64(len(data)))
	}
	if total > 1<<32-1 {
		return hdr, fmt.Errorf("the .glb would be %d bytes, more than the 4 GiB a .glb can hold", total)
	}
	binary.LittleEndian.PutUint32(hdr[0:], 0x46546c67) // "glTF"
	binary.LittleEndian.PutUint32(hdr[4:], 2)
	binary.LittleEndian.PutUint32(hdr[8:], uint32(total))
	binary.LittleEndian.PutUint32(hdr[12:], uint32(jsonLen))
	binary.LittleEndian.PutUint32(hdr[16:], 0x4e4f534a) // "JSON"
	return hdr, nil
}

// writeTail pads the JSON chunk of jsonN bytes with spaces and writes the binary
// chunk.
func writeTail(w io.Writer, jsonN int64, data []byte) error {
	if _, err := w.Write(bytes.Repeat([]byte{' '}, int(pad4(jsonN)-jsonN))); err != nil {
		return err
	}
	if data == nil {
		return nil
	}
	var hdr [8]byte
	binary.LittleEndian.PutUint32(hdr[0:], uint32(pad4(int64(len(data)))))
	binary.LittleEndian.PutUint32(hdr[4:], 0x004e4942) // "BIN\0"
	if _, err := w.Write(hdr[:]); err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	_, err := w.Write(make([]byte, pad4(int64(len(data)))-int64(len(data))))
	return err
}

func pad4(n int64) int64 { return (n + 3) &^ 3 }

// countingWriter counts what goes through it (to w, or nowhere when w is nil).
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	if c.w == nil {
		return len(p), nil
	}
	return c.w.Write(p)
}

// writeJSON writes doc's JSON: the large arrays element by element, then the rest of
// the document marshalled as usual.
func writeJSON(w io.Writer, doc *gltf.Document) error {
	enc := json.NewEncoder(w)
	put := func(s string) error { _, err := io.WriteString(w, s); return err }
	rest := *doc
	rest.Accessors, rest.BufferViews, rest.Nodes, rest.Meshes, rest.Animations = nil, nil, nil, nil, nil
	if err := put("{"); err != nil {
		return err
	}
	if err := writeArray(w, enc, "accessors", doc.Accessors, appendAccessor); err != nil {
		return err
	}
	if err := writeArray(w, enc, "bufferViews", doc.BufferViews, appendBufferView); err != nil {
		return err
	}
	if err := writeArray(w, enc, "nodes", doc.Nodes, appendNode); err != nil {
		return err
	}
	if err := writeArray(w, enc, "meshes", doc.Meshes, appendMesh); err != nil {
		return err
	}
	if len(doc.Animations) > 0 {
		if err := put(`"animations":[`); err != nil {
			return err
		}
		err := writeElems(w, doc.Animations, 4, func(b *bytes.Buffer, enc *json.Encoder, an *gltf.Animation) error {
			return writeAnimation(b, enc, an)
		})
		if err != nil {
			return err
		}
		if err := put("],"); err != nil {
			return err
		}
	}
	b, err := json.Marshal(&rest) // small now; it always holds "asset"
	if err != nil {
		return err
	}
	_, err = w.Write(b[1:])
	return err
}

// writeArray writes `"name":[e0,e1,…],` (nothing for an empty array): each
// element through fast (fastjson.go) when it can, else through a JSON encoder
// (the bytes enc writes: one of the default settings, as enc is), formatted by
// writeElems.
func writeArray[T any](w io.Writer, enc *json.Encoder, name string, elems []T, fast func([]byte, T) ([]byte, bool)) error {
	if len(elems) == 0 {
		return nil
	}
	if _, err := io.WriteString(w, `"`+name+`":[`); err != nil {
		return err
	}
	err := writeElems(w, elems, 4096, func(b *bytes.Buffer, enc *json.Encoder, x T) error {
		if out, ok := fast(b.AvailableBuffer(), x); ok {
			b.Write(out)
			return nil
		}
		return enc.Encode(x)
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, "],")
	return err
}

// writeElems writes format's text of every element of elems, a comma between
// two. The elements are formatted a chunk at a time on two goroutines, into two
// buffers (each with its own encoder of the default settings) that are then
// written in order: the bytes of formatting them one after the other, with a
// buffer's worth of text in memory instead of the whole (the JSON of a large
// skeleton's accessors is over 100 MB).
func writeElems[T any](w io.Writer, elems []T, chunk int, format func(b *bytes.Buffer, enc *json.Encoder, x T) error) error {
	var bufs [2]bytes.Buffer
	encs := [2]*json.Encoder{json.NewEncoder(&bufs[0]), json.NewEncoder(&bufs[1])}
	run := func(side, lo, hi int) error {
		b := &bufs[side]
		b.Reset()
		for i := lo; i < hi; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := format(b, encs[side], elems[i]); err != nil {
				return err
			}
		}
		return nil
	}
	for lo := 0; lo < len(elems); lo += 2 * chunk {
		mid, hi := min(lo+chunk, len(elems)), min(lo+2*chunk, len(elems))
		var errB error
		done := make(chan struct{})
		if mid < hi {
			go func() {
				defer close(done)
				errB = run(1, mid, hi)
			}()
		} else {
			close(done)
		}
		errA := run(0, lo, mid)
		<-done
		if errA != nil {
			return errA
		}
		if _, err := w.Write(bufs[0].Bytes()); err != nil {
			return err
		}
		if errB != nil {
			return errB
		}
		if mid < hi {
			if _, err := w.Write(bufs[1].Bytes()); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeAnimation writes one animation with its channels and samplers element by
// element (an animation of a large skeleton has hundreds of thousands).
func writeAnimation(w io.Writer, enc *json.Encoder, an *gltf.Animation) error {
	if an.Extensions != nil || an.Extras != nil {
		return enc.Encode(an)
	}
	put := func(s string) error { _, err := io.WriteString(w, s); return err }
	if err := put("{"); err != nil {
		return err
	}
	if an.Name != "" {
		name, err := json.Marshal(an.Name)
		if err != nil {
			return err
		}
		if err := put(`"name":` + string(name) + ","); err != nil {
			return err
		}
	}
	// Channels and samplers through appendChannel and appendSampler
	// (fastjson.go) into a buffer written every 32 KiB, the Encoder for any it
	// refuses.
	buf := make([]byte, 0, 64<<10)
	buf = append(buf, `"channels":[`...)
	flush := func() error {
		_, err := w.Write(buf)
		buf = buf[:0]
		return err
	}
	for i, ch := range an.Channels {
		if i > 0 {
			buf = append(buf, ',')
		}
		var ok bool
		if buf, ok = appendChannel(buf, ch); !ok {
			if err := flush(); err != nil {
				return err
			}
			if err := enc.Encode(ch); err != nil {
				return err
			}
		}
		if len(buf) >= 32<<10 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	buf = append(buf, `],"samplers":[`...)
	for i, sa := range an.Samplers {
		if i > 0 {
			buf = append(buf, ',')
		}
		var ok bool
		if buf, ok = appendSampler(buf, sa); !ok {
			if err := flush(); err != nil {
				return err
			}
			if err := enc.Encode(sa); err != nil {
				return err
			}
		}
		if len(buf) >= 32<<10 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	buf = append(buf, "]}"...)
	return flush()
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
	// Encoding allocates many short-lived values while the whole document stays
	// alive; the collector's default (collect when the heap has doubled) would let
	// that garbage grow to the document's size. Collecting at a quarter keeps the
	// peak near what is held (see TestExportMemoryBound).
	if old := debug.SetGCPercent(25); old >= 0 && old < 25 {
		debug.SetGCPercent(old)
	} else {
		defer debug.SetGCPercent(old)
	}
	err := atomicfile.WriteFunc(path, func(w io.Writer) error {
		if f, ok := w.(io.WriteSeeker); ok {
			return encodeSeekable(f, doc)
		}
		bw := bufio.NewWriterSize(w, 1<<20)
		if err := Encode(bw, doc); err != nil {
			return err
		}
		return bw.Flush()
	})
	return err // it names path ("write PATH: …")
}
