package msh

import (
	"strings"
	"testing"

	"animscope/formats/nres"
)

// TestParseNamesIsLatin1PerName holds parseNames (ASCII names cut from one
// string) to nres.Latin1 of each record's C string: empty names, names filling
// all 32 bytes without a NUL, a non-ASCII name anywhere (every name then decoded
// on its own), and a stream shorter or longer than the nodes need.
func TestParseNamesIsLatin1PerName(t *testing.T) {
	rec := func(s string) []byte { b := make([]byte, nameSize); copy(b, s); return b }
	full := strings.Repeat("x", nameSize)
	cases := []struct {
		name  string
		recs  [][]byte
		nodes int
	}{
		{"ascii", [][]byte{rec("root"), rec(""), rec(full), rec("b\x00junk")}, 4},
		{"latin-1 last", [][]byte{rec("root"), rec("arm"), rec("t\xe9te")}, 3},
		{"latin-1 first", [][]byte{rec("\xff"), rec(full), rec("")}, 3},
		{"fewer records", [][]byte{rec("a"), rec("b")}, 4},
		{"more records", [][]byte{rec("a"), rec("b"), rec("c")}, 2},
		{"none", nil, 3},
	}
	for _, tc := range cases {
		var data []byte
		for _, r := range tc.recs {
			data = append(data, r...)
		}
		f := &File{Name: "t.msh", Archive: &nres.Archive{Entries: []nres.Entry{{Type: ResNames, Data: data}}}, Nodes: make([]Node, tc.nodes)}
		for i := range f.streams {
			f.streams[i] = -1
		}
		f.streams[ResNames] = 0
		f.parseNames()
		if len(f.Names) != tc.nodes {
			t.Fatalf("%s: got %d names, want %d", tc.name, len(f.Names), tc.nodes)
		}
		for i, got := range f.Names {
			want := ""
			if i < len(tc.recs) {
				want = nres.Latin1(cstr(tc.recs[i]))
			}
			if got != want {
				t.Errorf("%s: name %d: got %q, want %q", tc.name, i, got, want)
			}
		}
	}
}
