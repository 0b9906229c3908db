package gltf

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"animscope/formats"

	"github.com/qmuntal/gltf"
)

// glbChunks splits a .glb into its JSON (decoded) and BIN chunks.
func glbChunks(t *testing.T, glb []byte) (any, []byte) {
	t.Helper()
	if len(glb) < 20 || string(glb[:4]) != "glTF" || binary.LittleEndian.Uint32(glb[8:]) != uint32(len(glb)) {
		t.Fatalf("not a .glb of %d bytes (header %q)", len(glb), glb[:min(len(glb), 12)])
	}
	n := binary.LittleEndian.Uint32(glb[12:])
	if n%4 != 0 || string(glb[16:20]) != "JSON" {
		t.Fatalf("JSON chunk: length %d, type %q", n, glb[16:20])
	}
	var js any
	if err := json.Unmarshal(glb[20:20+n], &js); err != nil {
		t.Fatalf("JSON chunk: %v", err)
	}
	rest := glb[20+n:]
	if len(rest) == 0 {
		return js, nil
	}
	m := binary.LittleEndian.Uint32(rest)
	if m%4 != 0 || string(rest[4:8]) != "BIN\x00" || int(m)+8 != len(rest) {
		t.Fatalf("BIN chunk: length %d, type %q, %d bytes left", m, rest[4:8], len(rest))
	}
	return js, rest[8:]
}

// TestEncodeMatchesQmuntal: the streaming encoder writes the same document as
// github.com/qmuntal/gltf's encoder (the same JSON values, the same binary chunk).
func TestEncodeMatchesQmuntal(t *testing.T) {
	for _, tc := range []struct {
		name  string
		scene func() *formats.Asset
	}{{"chain", chainScene}, {"msh", mshScene}, {"vca", vcaScene}, {"swg", swgScene}, {"static", staticScene}} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Export(tc.scene(), ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := EncodeBytes(doc)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			enc := gltf.NewEncoder(&want)
			enc.AsBinary = true
			if err := enc.Encode(doc); err != nil {
				t.Fatal(err)
			}
			gj, gb := glbChunks(t, got)
			wj, wb := glbChunks(t, want.Bytes())
			if !reflect.DeepEqual(gj, wj) {
				g, _ := json.Marshal(gj)
				w, _ := json.Marshal(wj)
				t.Errorf("JSON differs:\n got %.600s\nwant %.600s", g, w)
			}
			if !bytes.Equal(gb, wb) {
				t.Errorf("BIN chunk: got %d bytes, want the %d bytes qmuntal writes", len(gb), len(wb))
			}
		})
	}
}

// TestWriteFileIsEncode: WriteFile's one-pass encoding into a file (the header's
// lengths written last) gives exactly Encode's bytes, for scenes with and without
// a binary chunk.
func TestWriteFileIsEncode(t *testing.T) {
	for _, tc := range []struct {
		name  string
		scene func() *formats.Asset
	}{{"chain", chainScene}, {"msh", mshScene}, {"vca", vcaScene}, {"swg", swgScene}, {"static", staticScene}} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Export(tc.scene(), ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want, err := EncodeBytes(doc)
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(t.TempDir(), "x.glb")
			if err := WriteFile(p, doc); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("WriteFile: %d bytes, want Encode's %d (first difference at %d)", len(got), len(want), firstDiff(got, want))
			}
		})
	}
	empty := &gltf.Document{Asset: gltf.Asset{Version: "2.0"}, Buffers: []*gltf.Buffer{{}}}
	want, _ := EncodeBytes(empty)
	p := filepath.Join(t.TempDir(), "empty.glb")
	if err := WriteFile(p, empty); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); !bytes.Equal(got, want) {
		t.Errorf("empty buffer: WriteFile %q, want %q", got, want)
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestWriteElemsIsSequential: writeElems, which formats chunks on two
// goroutines, writes the bytes of formatting every element in turn, for every
// count and chunk size around the chunk boundaries, with elements its format
// hands to the encoder among them.
func TestWriteElemsIsSequential(t *testing.T) {
	format := func(b *bytes.Buffer, enc *json.Encoder, x int) error {
		if x%3 == 0 { // through the encoder, as writeArray's refused elements
			return enc.Encode(map[string]int{"x": x})
		}
		fmt.Fprintf(b, "{%d}", x)
		return nil
	}
	for n := 0; n <= 21; n++ {
		elems := make([]int, n)
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		for i := range elems {
			elems[i] = i * 7
			if i > 0 {
				want.WriteByte(',')
			}
			if err := format(&want, enc, elems[i]); err != nil {
				t.Fatal(err)
			}
		}
		for chunk := 1; chunk <= 6; chunk++ {
			var got bytes.Buffer
			if err := writeElems(&got, elems, chunk, format); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%d elements in chunks of %d: got %q, want %q", n, chunk, got.String(), want.String())
			}
		}
	}
}
