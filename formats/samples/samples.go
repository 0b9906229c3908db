// Package samples finds the real sample files in ../shared/samples beside the
// repository. They are not ours to redistribute, so they are never committed; tests
// that read them call Dir, which skips the test when the folder is absent.
package samples

import (
	"os"
	"path/filepath"
	"testing"
)

// Root returns the repository root (the folder holding go.mod), found by walking up
// from the working directory, or "" when there is none.
func Root() string {
	d, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// Path returns ../shared/samples/<sub> beside the repository, or "" when absent.
// ANIMSCOPE_SAMPLES overrides the samples folder.
func Path(sub string) string {
	base := os.Getenv("ANIMSCOPE_SAMPLES")
	if base == "" {
		root := Root()
		if root == "" {
			return ""
		}
		base = filepath.Join(root, "..", "shared", "samples")
	}
	p := filepath.Join(base, sub)
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// Dir returns the samples sub-folder, skipping the test when it is absent.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	p := Path(sub)
	if p == "" {
		t.Skipf("sample folder ../shared/samples/%s is absent", sub)
	}
	return p
}
