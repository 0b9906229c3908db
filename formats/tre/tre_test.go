package tre_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/tre"
	"animscope/formats/tre/tretest"
)

func files() []tretest.File {
	big := bytes.Repeat([]byte("appearance/skeleton/all_b.skt "), 500)
	return []tretest.File{
		{Name: "appearance/skeleton/all_b.skt", Data: big, Zlib: true},
		{Name: "appearance/mesh/x_l0.mgn", Data: []byte("SKMG mesh bytes")},
		{Name: "empty.txt", Data: []byte{}},
	}
}

func open(t testing.TB, data []byte) (*tre.Archive, error) {
	return tre.NewArchive("t.tre", bytes.NewReader(data), int64(len(data)))
}

// TestRoundTrip: both versions, every mix of compressed table, names and members.
func TestRoundTrip(t *testing.T) {
	for _, v := range []string{"4000", "5000"} {
		for _, zt := range []bool{false, true} {
			for _, zn := range []bool{false, true} {
				name := fmt.Sprintf("%s/table-zlib-%v/names-zlib-%v", v, zt, zn)
				a, err := open(t, tretest.Build(files(), tretest.Options{Version: v, ZlibTable: zt, ZlibNames: zn}))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if a.Version != v || len(a.Entries) != 3 {
					t.Fatalf("%s: version %s, %d entries", name, a.Version, len(a.Entries))
				}
				for i, f := range files() {
					e := &a.Entries[i]
					if e.Name != f.Name {
						t.Errorf("%s: entry %d is %q, want %q", name, i, e.Name, f.Name)
					}
					got, err := a.Read(e)
					if err != nil || !bytes.Equal(got, f.Data) {
						t.Errorf("%s: %s: %d bytes, %v; want the %d written", name, f.Name, len(got), err, len(f.Data))
					}
				}
			}
		}
	}
}

// TestHostile: a broken header, table, name block or member gives a FileError
// with an offset; nothing panics or allocates what the header claims.
func TestHostile(t *testing.T) {
	good := tretest.Build(files(), tretest.Options{ZlibTable: true, ZlibNames: true})
	le := binary.LittleEndian
	put := func(off int, v uint32) []byte {
		c := append([]byte(nil), good...)
		le.PutUint32(c[off:], v)
		return c
	}
	cases := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"bad magic", append([]byte("TREE"), good[4:]...)},
		{"version 6000", append([]byte("EERT6000"), good[8:]...)},
		{"count huge", put(8, 0xFFFFFFF)},
		{"table past the end", put(12, uint32(len(good)))},
		{"table size past the end", put(20, 0xFFFFFFF0)},
		{"unknown table compressor", put(16, 1)},
		{"names larger than the limit", put(32, tre.MaxTableSize+1)},
		{"names size wrong", put(32, 3)},
		{"truncated", good[:len(good)-5]},
	}
	for _, tc := range cases {
		_, err := open(t, tc.data)
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.File != "t.tre" || fe.Offset < 0 {
			t.Errorf("%s: err = %v, want a FileError of t.tre with an offset", tc.name, err)
		}
	}
	// A member whose stored bytes lie past the end, or do not unpack.
	plain := tretest.Build(files(), tretest.Options{})
	toc := int(le.Uint32(plain[12:]))
	for _, edit := range []struct {
		name  string
		field int
		v     uint32
	}{{"offset past the end", 8, 0xFFFFFF00}, {"length wrong", 4, 99999}, {"compressor 7", 12, 7}, {"huge length", 4, tre.MaxMemberSize + 1}} {
		c := append([]byte(nil), plain...)
		le.PutUint32(c[toc+edit.field:], edit.v)
		a, err := open(t, c)
		if err != nil {
			t.Fatalf("%s: the archive should open: %v", edit.name, err)
		}
		_, err = a.Read(&a.Entries[0])
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.File != "t.tre:appearance/skeleton/all_b.skt" {
			t.Errorf("%s: err = %v, want a FileError of the member", edit.name, err)
		}
	}
}

func FuzzTRE(f *testing.F) {
	f.Add(tretest.Build(files(), tretest.Options{}))
	f.Add(tretest.Build(files(), tretest.Options{Version: "4000", ZlibTable: true, ZlibNames: true}))
	f.Add(tretest.Build(nil, tretest.Options{}))
	f.Add(tretest.SharedNames(40, 300))
	f.Add(tretest.Build([]tretest.File{{Name: "bomb", Data: make([]byte, 1<<20), Zlib: true}, {Name: "liar", Data: []byte("x"), Length: 1 << 30}}, tretest.Options{ZlibNames: true}))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := tre.NewArchive("f.tre", bytes.NewReader(data), int64(len(data)))
		if err != nil {
			var fe *formats.FileError
			if !errors.As(err, &fe) || fe.Offset < 0 {
				t.Fatalf("error without an offset: %v", err)
			}
			return
		}
		// The table makes no more name bytes than its name block holds.
		names := 0
		for i := range a.Entries {
			names += len(a.Entries[i].Name) + 1
		}
		if block := int(binary.LittleEndian.Uint32(data[32:])); names > block {
			t.Fatalf("%d entries make %d name bytes from a %d-byte name block", len(a.Entries), names, block)
		}
		for i := range a.Entries {
			e := &a.Entries[i]
			// Reads are bounded by the caller's limit: 1 MiB here.
			got, err := a.ReadLimit(e, 1<<20)
			if err == nil && len(got) != int(e.Length) {
				t.Fatalf("entry %d: %d bytes, want %d", i, len(got), e.Length)
			}
			var sum bytes.Buffer
			n, werr := a.WriteMember(&sum, e, 1<<20)
			if (werr == nil) != (err == nil) || n > 1<<20 || (err == nil && !bytes.Equal(sum.Bytes(), got)) {
				t.Fatalf("entry %d: streamed %d bytes (%v), read %d (%v)", i, n, werr, len(got), err)
			}
		}
	})
}

// TestSharedNames: entries whose names overlap inside one long name are refused
// while the table is read, with the entry and its place, in one pass over the
// block: 3,000 entries into a 2 MiB name would otherwise be 6 GB of names.
func TestSharedNames(t *testing.T) {
	for _, n := range []int{3000, 20000} {
		data := tretest.SharedNames(n, 2<<20)
		if len(data) > 64<<10 {
			t.Fatalf("%d entries: the hostile file is %d bytes, want a small one", n, len(data))
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := open(t, data)
		runtime.ReadMemStats(&after)
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.Offset < tre.HeaderSize || !strings.Contains(err.Error(), "share name bytes") {
			t.Errorf("%d entries: %v, want a FileError saying the entries share name bytes", n, err)
		}
		// The inflated block (2 MiB), its string, the table: well under 16 MiB.
		if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
			t.Errorf("%d entries: reading the table allocated %d bytes, want under 16 MiB", n, got)
		}
	}
	// Names that follow each other exactly fill the block: accepted.
	var fs []tretest.File
	for i := 0; i < 500; i++ {
		fs = append(fs, tretest.File{Name: fmt.Sprintf("dir/%04d.skt", i)})
	}
	a, err := open(t, tretest.Build(fs, tretest.Options{ZlibNames: true}))
	if err != nil || len(a.Entries) != 500 || a.Entries[499].Name != "dir/0499.skt" {
		t.Fatalf("500 plain names: %v", err)
	}
}

// TestEntryLimit: a table of more than MaxEntries entries is refused from the
// header, before the table is read (a compressed table of 2.8 million entries
// fits in a few MiB; each entry would become a listed file).
func TestEntryLimit(t *testing.T) {
	data := tretest.Build(files(), tretest.Options{ZlibTable: true})
	binary.LittleEndian.PutUint32(data[8:], tre.MaxEntries+1)
	_, err := open(t, data)
	var fe *formats.FileError
	if !errors.As(err, &fe) || fe.Offset != 8 || !strings.Contains(err.Error(), "more than the 1048576") {
		t.Errorf("%v; want the entry limit at offset 8", err)
	}
	toc := tretest.BuildTOC([]string{"a.tre"}, []tretest.TOCEntry{{Name: "x"}}, true, true)
	binary.LittleEndian.PutUint32(toc[12:], tre.MaxEntries+1)
	if _, err := tre.DecodeTOC("t.toc", toc); !errors.As(err, &fe) || fe.Offset != 12 || !strings.Contains(err.Error(), "more than the 1048576") {
		t.Errorf(".toc: %v; want the entry limit at offset 12", err)
	}
}
