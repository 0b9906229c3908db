// Package fuzzseed writes the committed fuzz seed corpora (testdata/fuzz) of the
// decoder packages from their own encoders. Each package's TestWriteFuzzSeeds calls
// it and does nothing unless the tests run with -write-seeds:
//
//	go test ./formats/m2 -run TestWriteFuzzSeeds -args -write-seeds
package fuzzseed

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var write = flag.Bool("write-seeds", false, "(re)write the committed fuzz seed corpora under testdata/fuzz")

// MaxSize keeps committed seeds small.
const MaxSize = 64 << 10

// Skip skips the calling test unless -write-seeds was given.
func Skip(t *testing.T) {
	t.Helper()
	if !*write {
		t.Skip("run with -args -write-seeds to rewrite testdata/fuzz")
	}
}

// Write writes one seed of a fuzz target in Go's corpus format ("go test fuzz v1",
// then one line per argument) to testdata/fuzz/<target>/<name>.
func Write(t *testing.T, target, name string, args ...any) {
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
	if b.Len() > MaxSize {
		t.Fatalf("%s/%s: %d bytes, keep seeds under %d", target, name, b.Len(), MaxSize)
	}
	dir := filepath.Join("testdata", "fuzz", target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
