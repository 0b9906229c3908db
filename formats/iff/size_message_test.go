package iff

import (
	"testing"
)

// TestSizePastEndNamesTheForm: a block whose size runs past its parent is named
// as it is written: a FORM by its name when the name's bytes are there ("FORM
// SSHT"; it said "FORM FORM"), a bare "FORM" when they are not, a chunk by its
// tag.
func TestSizePastEndNamesTheForm(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"form", []byte("FORM\x00\x00\x01\x00SSHT0001"), "s.iff: offset 0x0: FORM SSHT: size 256 runs past the end of the file (8 bytes remain)"},
		{"form without its name", []byte("FORM\x00\x00\x01\x00SS"), "s.iff: offset 0x0: FORM: size 256 runs past the end of the file (2 bytes remain)"},
		{"chunk", []byte("NAME\x00\x00\x01\x00abc"), "s.iff: offset 0x0: CHUNK NAME: size 256 runs past the end of the file (3 bytes remain)"},
	} {
		_, err := Parse("s.iff", tc.data)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
