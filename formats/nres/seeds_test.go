package nres_test

import (
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/nres"
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

// TestWriteFuzzSeeds (re)writes the FuzzNRes seed corpus from the package's own
// encoder; it does nothing without -write-seeds:
//
//	go test ./formats/nres -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	if !*writeSeeds {
		t.Skip("run with -args -write-seeds to rewrite testdata/fuzz")
	}
	full := nres.Encode(0, sample())
	put := func(data []byte, off int, v uint32) []byte {
		c := append([]byte(nil), data...)
		binary.LittleEndian.PutUint32(c[off:], v)
		return c
	}
	dir := len(full) - 4*nres.EntrySize
	seeds := []struct {
		name string
		data []byte
	}{
		{"seed-four-entries", full},
		{"seed-empty", nres.Encode(0, nil)},
		{"seed-one-entry", nres.Encode(0, sample()[:1])},
		{"seed-version-0x200", nres.Encode(0x200, sample())},
		{"seed-trailing-bytes", append(append([]byte(nil), full...), 0, 0, 0, 0, 0, 0, 0, 0)},
		{"seed-sort-index-wrong", put(full, dir+nres.FieldSortIndex, 3)},
		{"seed-entry-count-ffffffff", put(full, 8, 0xFFFFFFFF)},
		{"seed-payload-size-ffffffff", put(full, dir+nres.FieldSize, 0xFFFFFFFF)},
		{"seed-truncated-half", full[:len(full)/2]},
		{"seed-magic-only", []byte("NRes")},
	}
	for _, s := range seeds {
		writeSeed(t, "FuzzNRes", s.name, s.data)
	}
}
