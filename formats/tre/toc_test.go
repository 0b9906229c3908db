package tre_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/tre"
	"animscope/formats/tre/tretest"
)

// writeTOCSet writes two tree files and a .toc indexing members of both, and
// returns the .toc's path and the members' contents.
func writeTOCSet(t *testing.T, dir string) (string, map[string][]byte) {
	want := map[string][]byte{}
	var entries []tretest.TOCEntry
	for i, treeName := range []string{"data_a.tre", "data_b.tre"} {
		files := []tretest.File{
			{Name: "appearance/" + treeName + "/x.skt", Data: bytes.Repeat([]byte{byte('a' + i)}, 3000), Zlib: true},
			{Name: "appearance/" + treeName + "/y.ans", Data: []byte("plain " + treeName)},
		}
		data := tretest.Build(files, tretest.Options{})
		if err := os.WriteFile(filepath.Join(dir, treeName), data, 0o644); err != nil {
			t.Fatal(err)
		}
		a, err := tre.NewArchive(treeName, bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		for j, e := range a.Entries {
			entries = append(entries, tretest.TOCEntry{Name: e.Name, TreeFile: i, Offset: e.Offset, Length: e.Length,
				CompressedLength: e.CompressedLength, Compressor: e.Compressor})
			want[e.Name] = files[j].Data
		}
	}
	p := filepath.Join(dir, "sku.toc")
	if err := os.WriteFile(p, tretest.BuildTOC([]string{"data_a.tre", "data_b.tre"}, entries, true, true), 0o644); err != nil {
		t.Fatal(err)
	}
	return p, want
}

func TestTOCRoundTrip(t *testing.T) {
	p, want := writeTOCSet(t, t.TempDir())
	toc, err := tre.OpenTOC(p)
	if err != nil {
		t.Fatal(err)
	}
	defer toc.Close()
	if len(toc.Entries) != 4 || len(toc.TreeFiles) != 2 {
		t.Fatalf("%d entries in %d tree files, want 4 in 2", len(toc.Entries), len(toc.TreeFiles))
	}
	for i := range toc.Entries {
		e := &toc.Entries[i]
		got, err := toc.Read(e)
		if err != nil || !bytes.Equal(got, want[e.Name]) {
			t.Errorf("%s: %d bytes, %v; want %d", e.Name, len(got), err, len(want[e.Name]))
		}
	}
}

func TestTOCHostile(t *testing.T) {
	good := tretest.BuildTOC([]string{"a.tre"}, []tretest.TOCEntry{{Name: "x/y.skt", Length: 3}}, false, false)
	put := func(off int, v uint32) []byte {
		c := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(c[off:], v)
		return c
	}
	cases := map[string][]byte{
		"short":                 good[:10],
		"magic":                 append([]byte("TOC "), good[4:]...),
		"version":               append([]byte(" COT2000"), good[8:]...),
		"count huge":            put(12, 0xFFFFFFF),
		"table past the end":    put(16, 0xFFFFFF),
		"tree names past end":   put(32, 0xFFFFFF),
		"tree count mismatch":   put(28, 2),
		"name length too long":  put(tre.TOCHeaderSize+6+8, 99),
		"tree index out of set": func() []byte { c := append([]byte(nil), good...); c[tre.TOCHeaderSize+6+2] = 5; return c }(),
	}
	for name, data := range cases {
		_, err := tre.DecodeTOC("t.toc", data)
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.File != "t.toc" {
			t.Errorf("%s: err = %v, want a FileError of t.toc", name, err)
		}
	}
	// A tree file named with a path is refused when a member is read.
	bad := tretest.BuildTOC([]string{"../evil.tre"}, []tretest.TOCEntry{{Name: "x", Length: 1}}, false, false)
	p := filepath.Join(t.TempDir(), "bad.toc")
	os.WriteFile(p, bad, 0o644)
	toc, err := tre.OpenTOC(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := toc.Read(&toc.Entries[0]); err == nil {
		t.Error("a tree file outside the .toc's folder is read")
	}
}

func FuzzTOC(f *testing.F) {
	f.Add(tretest.BuildTOC([]string{"a.tre", "b.tre"}, []tretest.TOCEntry{{Name: "x/y.skt", Length: 3}, {Name: "z", TreeFile: 1}}, true, true))
	f.Add(tretest.BuildTOC(nil, nil, false, false))
	f.Fuzz(func(t *testing.T, data []byte) {
		toc, err := tre.DecodeTOC("f.toc", data)
		if err != nil {
			var fe *formats.FileError
			if !errors.As(err, &fe) || fe.Offset < 0 {
				t.Fatalf("error without an offset: %v", err)
			}
			return
		}
		for _, e := range toc.Entries {
			if e.TreeFile >= len(toc.TreeFiles) {
				t.Fatalf("entry %q points at tree file %d of %d", e.Name, e.TreeFile, len(toc.TreeFiles))
			}
		}
	})
}

// TestTOCNamesOneTreeFileManyTimes: a .toc whose tree-file names repeat one
// file opens that file once, however many indexes name it, and reads its
// members through any of them. (Each index once opened and held the file
// again: a .toc of 12 KiB naming a 100 KiB tree file 2,000 times took 2 GB.)
func TestTOCNamesOneTreeFileManyTimes(t *testing.T) {
	dir := t.TempDir()
	data := tretest.Build([]tretest.File{{Name: "a/x.skt", Data: []byte("skeleton")}}, tretest.Options{})
	if err := os.WriteFile(filepath.Join(dir, "data.tre"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	const names = 1000
	trees := make([]string, names)
	for i := range trees {
		trees[i] = "data.tre"
	}
	a, err := tre.NewArchive("data.tre", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	e := a.Entries[0]
	entries := []tretest.TOCEntry{
		{Name: e.Name, TreeFile: 0, Offset: e.Offset, Length: e.Length, CompressedLength: e.CompressedLength},
		{Name: "b/" + e.Name, TreeFile: names - 1, Offset: e.Offset, Length: e.Length, CompressedLength: e.CompressedLength},
	}
	p := filepath.Join(dir, "many.toc")
	if err := os.WriteFile(p, tretest.BuildTOC(trees, entries, true, true), 0o644); err != nil {
		t.Fatal(err)
	}
	toc, err := tre.OpenTOC(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := toc.Load(); err != nil {
		t.Fatal(err)
	}
	if got := toc.TreePaths(); len(got) != 1 || got[0] != filepath.Join(dir, "data.tre") {
		t.Errorf("tree files opened: %d (%q), want data.tre once", len(got), got[:min(len(got), 3)])
	}
	for i := range toc.Entries {
		if got, err := toc.Read(&toc.Entries[i]); err != nil || string(got) != "skeleton" {
			t.Errorf("%s: %q, %v; want \"skeleton\"", toc.Entries[i].Name, got, err)
		}
	}
	if err := toc.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

// TestTOCEntryErrorsNameTheTOC: an entry whose own fields are wrong for its
// tree file (a compressor neither none nor zlib, data outside the file) is an
// error of the .toc, at the entry's place in its table, and a tree file that
// is not there one of the .toc at its name; a tree file's member outside the
// file names the file once.
func TestTOCEntryErrorsNameTheTOC(t *testing.T) {
	dir := t.TempDir()
	data := tretest.Build([]tretest.File{{Name: "a/x.skt", Data: []byte("skeleton")}}, tretest.Options{})
	if err := os.WriteFile(filepath.Join(dir, "data.tre"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := tre.NewArchive("data.tre", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	good := a.Entries[0]
	entry := func(name string, edit func(*tretest.TOCEntry)) tretest.TOCEntry {
		e := tretest.TOCEntry{Name: name, Offset: good.Offset, Length: good.Length, CompressedLength: good.CompressedLength}
		edit(&e)
		return e
	}
	entries := []tretest.TOCEntry{
		entry("good", func(*tretest.TOCEntry) {}),
		entry("packed", func(e *tretest.TOCEntry) { e.Compressor = 1 }),
		entry("outside", func(e *tretest.TOCEntry) { e.Offset = uint32(len(data)) - 2 }),
	}
	trees := "data.tre\x00"
	tableAt := int64(tre.TOCHeaderSize + len(trees)) // a plain table follows the tree-file names
	p := filepath.Join(dir, "set.toc")
	if err := os.WriteFile(p, tretest.BuildTOC([]string{"data.tre"}, entries, false, false), 0o644); err != nil {
		t.Fatal(err)
	}
	toc, err := tre.OpenTOC(p)
	if err != nil {
		t.Fatal(err)
	}
	defer toc.Close()
	for i, want := range []string{"", "compressor 1", "lie outside"} {
		e := &toc.Entries[i]
		_, err := toc.Read(e)
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", e.Name, err)
			}
			continue
		}
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.File != p+":"+e.Name || fe.Offset != tableAt+int64(i*tre.EntrySize) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want an error of %s:%s at offset %#x saying %q", e.Name, err, p, e.Name, tableAt+int64(i*tre.EntrySize), want)
		}
		if strings.Count(err.Error(), "data.tre") > 1 {
			t.Errorf("%s: %v names the tree file more than once", e.Name, err)
		}
	}

	// A tree file the .toc names that is not there: the .toc's error, at the name.
	missing := filepath.Join(dir, "missing.toc")
	if err := os.WriteFile(missing, tretest.BuildTOC([]string{"data.tre", "gone.tre"}, entries[:1], false, false), 0o644); err != nil {
		t.Fatal(err)
	}
	toc2, err := tre.OpenTOC(missing)
	if err != nil {
		t.Fatal(err)
	}
	err = toc2.Load()
	var fe *formats.FileError
	if !errors.As(err, &fe) || fe.File != missing || fe.Offset != int64(tre.TOCHeaderSize+len(trees)) || !strings.Contains(err.Error(), "gone.tre") {
		t.Errorf("Load: %v; want an error of %s at offset %#x naming gone.tre", err, missing, tre.TOCHeaderSize+len(trees))
	}

	// A tree file's own member outside the file: named once, at its data.
	bad := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(bad[int(binary.LittleEndian.Uint32(bad[12:]))+8:], uint32(len(bad))-2) // entry 0's offset
	b, err := tre.NewArchive("bad.tre", bytes.NewReader(bad), int64(len(bad)))
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Read(&b.Entries[0])
	if !errors.As(err, &fe) || fe.File != "bad.tre:a/x.skt" || strings.Count(err.Error(), "bad.tre") != 1 {
		t.Errorf("a member outside its tree file: %v; want one error of bad.tre:a/x.skt", err)
	}
}
