package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/tre/tretest"
)

// writeTemp writes data as name in a new temporary folder and returns its path.
func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTRESharedNamesRefused: a tree file whose entries point into one long name
// is refused by every command that mounts it, with the same message.
func TestTRESharedNamesRefused(t *testing.T) {
	arc := writeTemp(t, "shared.tre", tretest.SharedNames(3000, 2<<20))
	out := t.TempDir()
	for _, args := range [][]string{
		{"ls", arc},
		{"extract", arc, "", "--out", out},
		{"validate", arc},
		{"inspect", arc + ":x"},
	} {
		code, _, stderr := runCLI(args...)
		if code != exitInvalid || !strings.Contains(stderr, "share name bytes") {
			t.Errorf("%s: exit %d, %q; want 1 and the shared names named", args[0], code, stderr)
		}
	}
}
