package tre_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/tre"
	"animscope/formats/tre/tretest"
)

// TestZlibErrorSaysZlibOnce: a member whose zlib data has no zlib header is an
// error that says "zlib: invalid header" once (it said "zlib: zlib: …").
func TestZlibErrorSaysZlibOnce(t *testing.T) {
	p := filepath.Join(t.TempDir(), "bad.tre")
	data := tretest.Build([]tretest.File{{Name: "a.m2", Raw: []byte("no zlib header here"), Length: 100}}, tretest.Options{})
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := tre.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	entries := a.Entries
	if len(entries) != 1 {
		t.Fatalf("%d entries, want 1", len(entries))
	}
	_, err = a.Read(&entries[0])
	if err == nil {
		t.Fatal("a member with no zlib header read without an error")
	}
	if got := err.Error(); !strings.Contains(got, "zlib: invalid header") || strings.Count(got, "zlib:") != 1 {
		t.Errorf("error %q, want one \"zlib: invalid header\"", got)
	}
}
