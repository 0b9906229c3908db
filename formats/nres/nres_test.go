package nres_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/nres"
)

func entry(t uint32, name string, data []byte, a1, a2, a3 uint32) nres.Entry {
	e := nres.Entry{Type: t, Attr1: a1, Attr2: a2, Attr3: a3, Data: data}
	e.SetName(name)
	return e
}

func sample() []nres.Entry {
	return []nres.Entry{
		entry(nres.TypeTexm, "zeta.tex", []byte("texture bytes"), 1, 2, 3),
		entry(nres.TypeMESH, "Alpha.MSH", bytes.Repeat([]byte{7}, 17), 0, 0, 0),
		entry(nres.TypeWEAR, "beta.wea", []byte{}, 5, 0, 0),
		entry(nres.TypeMAT0, "ALPHA.mat", []byte{1, 2, 3, 4, 5, 6, 7, 8}, 9, 6, 0),
	}
}

func TestEncodeLayout(t *testing.T) {
	data := nres.Encode(0, sample())
	le := binary.LittleEndian
	if string(data[:4]) != "NRes" || le.Uint32(data[4:]) != 0x100 || le.Uint32(data[8:]) != 4 || int(le.Uint32(data[12:])) != len(data) {
		t.Fatalf("header % x", data[:16])
	}
	dir := len(data) - 4*64
	wantOffs := []uint32{16, 16 + 16, 16 + 16 + 24, 16 + 16 + 24} // 13→16, 17→24, 0, 8
	for i, want := range wantOffs {
		if got := le.Uint32(data[dir+64*i+0x38:]); got != want {
			t.Errorf("entry %d data_offset = %d, want %d", i, got, want)
		}
	}
	// Sorted names: alpha.mat (3), alpha.msh (1), beta.wea (2), zeta.tex (0).
	// "alpha.mat" < "alpha.msh" since 'a' < 's'.
	wantSort := []uint32{3, 1, 2, 0}
	for i, want := range wantSort {
		if got := le.Uint32(data[dir+64*i+0x3C:]); got != want {
			t.Errorf("entry %d sort_index = %d, want %d", i, got, want)
		}
	}
	// Padding after the 13-byte payload is zero.
	if !bytes.Equal(data[16+13:32], make([]byte, 3)) {
		t.Errorf("padding % x, want zeros", data[16+13:32])
	}
}

func TestSortIndicesStableAndRaw(t *testing.T) {
	es := []nres.Entry{entry(1, "Land", nil, 0, 0, 0), entry(2, "land", nil, 0, 0, 0), entry(3, "LAND", nil, 0, 0, 0), entry(4, "_x", nil, 0, 0, 0)}
	// '_' (0x5F) sorts after upper-case letters but before lower case; names are
	// folded to lower case first, so "_x" < "land".
	got := nres.SortIndices(es)
	want := []uint32{3, 0, 1, 2}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("SortIndices = %v, want %v", got, want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	es := sample()
	es[0].Name[20] = 'X' // a byte after the NUL survives
	data := nres.Encode(0, es)
	a, err := nres.Decode("a.rlb", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Diagnostics) != 0 {
		t.Errorf("canonical archive gave diagnostics: %v", a.Diagnostics)
	}
	if again := a.Encode(); !bytes.Equal(again, data) {
		t.Fatalf("decode → encode is not byte-identical")
	}
	if a.Entries[0].Name[20] != 'X' || a.Entries[0].NameString() != "zeta.tex" {
		t.Errorf("raw name bytes not kept: %q", a.Entries[0].Name)
	}
	if i := a.Find("alpha.msh"); i != 1 {
		t.Errorf("Find(alpha.msh) = %d, want 1", i)
	}
	if idx, n := a.FindType(nres.TypeWEAR); idx != 2 || n != 1 {
		t.Errorf("FindType(WEAR) = %d, %d, want 2, 1", idx, n)
	}
	ms := a.Members()
	if len(ms) != 4 || !ms[1].Model || ms[0].Model || ms[1].Type != "MESH" || ms[0].Type != "Texm" {
		t.Errorf("Members = %+v", ms)
	}
	if a.IsModel() {
		t.Errorf("an outer archive reads as a model")
	}
}

func put32(b []byte, off int, v uint32) []byte {
	c := append([]byte(nil), b...)
	binary.LittleEndian.PutUint32(c[off:], v)
	return c
}

// TestReaderChecks covers each check of §2.6, warnings and errors.
func TestReaderChecks(t *testing.T) {
	good := nres.Encode(0, sample())
	n := len(good)
	dir := n - 4*64
	cases := []struct {
		name    string
		data    []byte
		errOff  int64  // -1: no error expected
		errText string // in the error
		warn    string // in a warning ("" none expected)
		warnOff int64
	}{
		{"short header", good[:10], 0, "header needs 16 bytes", "", 0},
		{"bad magic", append([]byte("NReX"), good[4:]...), 0, "bad magic", "", 0},
		{"negative count", put32(good, 8, 0xFFFFFFFF), 8, "negative", "", 0},
		{"count too large", put32(good, 8, 1<<20), 8, "does not fit", "", 0},
		{"total size past EOF", put32(good, 12, uint32(n+64)), 12, "larger than the file", "", 0},
		{"directory below header", put32(put32(good, 12, 64), 8, 1), 12, "below the 16-byte header", "", 0},
		{"payload past EOF", put32(good, dir+0x38, uint32(n-4)), int64(dir + 0x38), "past the end of the file", "", 0},
		{"version", put32(good, 4, 0x200), -1, "", "version 0x200", 4},
		{"trailing bytes", append(append([]byte(nil), good...), 0, 0, 0, 0, 0, 0, 0, 0), -1, "", "directory does not end at EOF", 12},
		{"sort index", put32(good, dir+0x3C, 0), -1, "", "sort_index", int64(dir + 0x3C)},
		{"unaligned offset", put32(good, dir+0x38, 17), -1, "", "not a multiple of 8", int64(dir + 0x38)},
		{"payload in directory", put32(good, dir+0x38, uint32(dir-8)), -1, "", "outside the data area", int64(dir + 0x38)},
		{"overlap", put32(good, dir+64+0x38, 24), -1, "", "overlaps", int64(dir + 64 + 0x38)},
		{"dirty padding", func() []byte { c := append([]byte(nil), good...); c[30] = 9; return c }(), -1, "", "non-zero byte", 30},
	}
	for _, c := range cases {
		a, err := nres.Decode("x.rlb", c.data)
		if c.errOff >= 0 {
			var fe *formats.FileError
			if !errors.As(err, &fe) || fe.Offset != c.errOff || !strings.Contains(fe.Msg, c.errText) || fe.File != "x.rlb" {
				t.Errorf("%s: err = %v, want a FileError at 0x%x containing %q", c.name, err, c.errOff, c.errText)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: unexpected error %v", c.name, err)
			continue
		}
		found := false
		for _, d := range a.Diagnostics {
			if d.Severity != formats.Warning {
				t.Errorf("%s: %v is not a warning", c.name, d)
			}
			if strings.Contains(d.Message, c.warn) && d.Offset == c.warnOff {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: diagnostics %v, want a warning at 0x%x containing %q", c.name, a.Diagnostics, c.warnOff, c.warn)
		}
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.rlb")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	data := nres.Encode(0, sample())
	if err := nres.WriteFile(p, data); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("read back %d bytes (%v), want %d", len(got), err, len(data))
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("temporary files left behind: %v", es)
	}
}

func BenchmarkDecode(b *testing.B) {
	var es []nres.Entry
	for i := 0; i < 1000; i++ {
		es = append(es, entry(nres.TypeMESH, "model"+strings.Repeat("x", i%20)+".msh", make([]byte, 1000+i), 0, 0, 0))
	}
	data := nres.Encode(0, es)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := nres.Decode("b.rlb", data); err != nil {
			b.Fatal(err)
		}
	}
}
