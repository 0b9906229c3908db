package iff

import (
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var writeSeeds = flag.Bool("write-seeds", false, "(re)write the committed fuzz seed corpora under testdata/fuzz")

// writeSeed writes one seed of a fuzz target in Go's corpus format
// ("go test fuzz v1", then one line per argument).
func writeSeed(t *testing.T, target, name string, args ...any) {
	t.Helper()
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, a := range args {
		switch v := a.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%q)\n", v)
		case string:
			fmt.Fprintf(&b, "string(%q)\n", v)
		case uint8:
			fmt.Fprintf(&b, "byte(%q)\n", v)
		default:
			t.Fatalf("%s/%s: unsupported argument type %T", target, name, a)
		}
	}
	if b.Len() > 64<<10 {
		t.Fatalf("%s/%s: %d bytes, keep seeds under 64 KiB", target, name, b.Len())
	}
	dir := filepath.Join("testdata", "fuzz", target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWriteFuzzSeeds (re)writes the FuzzIFF seed corpus from the package's own
// Writer; it does nothing without -write-seeds:
//
//	go test ./formats/iff -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	if !*writeSeeds {
		t.Skip("run with -args -write-seeds to rewrite testdata/fuzz")
	}
	full := sample()
	var deep Writer
	for i := 0; i < 12; i++ {
		deep.Form(fmt.Sprintf("%04d", i))
	}
	deep.Chunk("LEAF").U32(0xDEADBEEF).End()
	for i := 0; i < 12; i++ {
		deep.End()
	}
	var chunks Writer
	chunks.Form("SKTM").Form("0002").Chunk("INFO").I32(2).End().Chunk("NAME").CString("root").CString("child").End().
		Chunk("PRNT").I32(-1).I32(0).End().Chunk("ODD ").Raw([]byte{1, 2, 3}).End().End().End()
	big := append([]byte(nil), full...)
	binary.BigEndian.PutUint32(big[4:], 0xFFFFFFFF)
	inner := append([]byte(nil), full...)
	binary.BigEndian.PutUint32(inner[16:], 0xFFFFFFF0)
	seeds := []struct {
		name string
		data []byte
	}{
		{"seed-sample", full},
		{"seed-empty-form", []byte("FORM\x00\x00\x00\x04SKTM")},
		{"seed-one-chunk", new(Writer).Chunk("DATA").U16(1).F32(0.5).End().Bytes()},
		{"seed-nested-12", deep.Bytes()},
		{"seed-sktm-like", chunks.Bytes()},
		{"seed-form-size-ffffffff", big},
		{"seed-inner-size-past-parent", inner},
		{"seed-truncated-half", full[:len(full)/2]},
	}
	for _, s := range seeds {
		writeSeed(t, "FuzzIFF", s.name, s.data)
	}
}
