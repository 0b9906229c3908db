package nres_test

import (
	"bytes"
	"errors"
	"testing"

	"animscope/formats"
	"animscope/formats/nres"
)

// FuzzNRes: any input either decodes or fails with a FileError that has an offset;
// a decoded archive encodes to a canonical archive that decodes to the same entries
// and encodes to the same bytes again.
func FuzzNRes(f *testing.F) {
	f.Add(nres.Encode(0, sample()))
	f.Add(nres.Encode(0, nil))
	f.Add(nres.Encode(0, sample()[:1]))
	f.Add([]byte("NRes"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := nres.Decode("f.rlb", data)
		if err != nil {
			var fe *formats.FileError
			if !errors.As(err, &fe) || fe.Offset < 0 || fe.Msg == "" || fe.File != "f.rlb" {
				t.Fatalf("error without file and offset: %v", err)
			}
			return
		}
		for _, d := range a.Diagnostics {
			if d.Offset < 0 || d.File != "f.rlb" || d.Severity != formats.Warning {
				t.Fatalf("diagnostic %v: want a warning with an offset", d)
			}
		}
		enc := a.Encode()
		b, err := nres.Decode("f.rlb", enc)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if len(b.Diagnostics) != 0 && a.Version == nres.Version {
			t.Fatalf("canonical re-encode has diagnostics: %v", b.Diagnostics)
		}
		if len(b.Entries) != len(a.Entries) {
			t.Fatalf("%d entries, want %d", len(b.Entries), len(a.Entries))
		}
		for i := range a.Entries {
			x, y := &a.Entries[i], &b.Entries[i]
			if x.Type != y.Type || x.Attr1 != y.Attr1 || x.Attr2 != y.Attr2 || x.Attr3 != y.Attr3 || x.Name != y.Name || !bytes.Equal(x.Data, y.Data) {
				t.Fatalf("entry %d changed in the round trip", i)
			}
		}
		if again := b.Encode(); !bytes.Equal(again, enc) {
			t.Fatalf("encode is not stable")
		}
	})
}
