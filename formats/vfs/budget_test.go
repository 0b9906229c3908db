package vfs_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/tre/tretest"
	"animscope/formats/vfs"
)

// TestUnpackLimit: all reads of a mount together unpack at most its limit:
// by default 512 MiB for small archives, so two members that each claim
// 300 MiB (and hold a few bytes) cost one attempt, and the second is refused
// unread, naming the limit; SetMaxBytes sets it, for Read and WriteTo alike,
// for MPQ and tree-file members; a folder's files are not charged.
func TestUnpackLimit(t *testing.T) {
	dir := t.TempDir()
	liar := mpqtest.ZlibBomb(1 << 10)
	arc := filepath.Join(dir, "liars.mpq")
	writeMPQOpts(t, arc, []mpqtest.File{
		{Name: "a.bin", Raw: liar, Size: 300 << 20, Comp: mpq.CompZlib, SingleUnit: true},
		{Name: "b.bin", Raw: liar, Size: 300 << 20, Comp: mpq.CompZlib, SingleUnit: true},
	}, mpqtest.Options{Listfile: true})
	m, err := vfs.Open(arc)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ea, _ := m.Lookup("a.bin")
	eb, _ := m.Lookup("b.bin")
	_, errA := m.WriteTo(io.Discard, ea)
	_, errB := m.WriteTo(io.Discard, eb)
	// Read holds no member over MaxReadSize, and says so before charging it.
	if _, err := m.Read(eb); err == nil || errors.Is(err, vfs.ErrMaxBytes) || !strings.Contains(err.Error(), "in memory") {
		t.Errorf("Read of a 300 MiB member: %v; want the in-memory limit", err)
	}
	if errA == nil || errors.Is(errA, vfs.ErrMaxBytes) || !strings.Contains(errA.Error(), "unpacks to") {
		t.Errorf("a.bin: %v; want its own error (it unpacks to less than it claims)", errA)
	}
	if !errors.Is(errB, vfs.ErrMaxBytes) || !strings.Contains(errB.Error(), "b.bin") || !strings.Contains(errB.Error(), "536870912 bytes") {
		t.Errorf("b.bin: %v; want the 512 MiB limit, naming the member", errB)
	}

	treArc := filepath.Join(dir, "t.tre")
	writeFile(t, treArc, tretest.Build([]tretest.File{
		{Name: "x", Data: make([]byte, 600<<10), Zlib: true},
		{Name: "y", Data: make([]byte, 600<<10), Zlib: true},
	}, tretest.Options{}))
	for _, via := range []string{"Read", "WriteTo"} {
		m, err := vfs.Open(treArc)
		if err != nil {
			t.Fatal(err)
		}
		m.SetMaxBytes(1 << 20)
		var errs []error
		for _, name := range []string{"x", "y"} {
			e, _ := m.Lookup(name)
			if via == "Read" {
				_, err = m.Read(e)
			} else {
				_, err = m.WriteTo(io.Discard, e)
			}
			errs = append(errs, err)
		}
		m.Close()
		if errs[0] != nil || !errors.Is(errs[1], vfs.ErrMaxBytes) {
			t.Errorf("%s with a 1 MiB limit: %v, %v; want the first member and the limit for the second", via, errs[0], errs[1])
		}
	}

	folder := t.TempDir()
	writeFile(t, filepath.Join(folder, "big.bin"), make([]byte, 2<<20))
	fm, err := vfs.Open(folder)
	if err != nil {
		t.Fatal(err)
	}
	defer fm.Close()
	fm.SetMaxBytes(1 << 20)
	if data, err := fm.ReadFile("big.bin"); err != nil || len(data) != 2<<20 {
		t.Errorf("a folder's 2 MiB file under a 1 MiB limit: %d bytes, %v; folders are not charged", len(data), err)
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestTableCost: mounting a tree file of 200,000 entries costs a bounded
// number of bytes per entry (the table, the names, one Entry and one index
// slot each), so the largest table a tree file may hold (tre.MaxEntries) mounts
// in a few hundred MiB.
func TestTableCost(t *testing.T) {
	const n = 200000
	fs := make([]tretest.File, n)
	for i := range fs {
		fs[i].Name = fmt.Sprintf("dir%03d/file%06d.skt", i%997, i)
	}
	p := filepath.Join(t.TempDir(), "many.tre")
	writeFile(t, p, tretest.Build(fs, tretest.Options{ZlibTable: true, ZlibNames: true}))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m, err := vfs.Open(p)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if m.Len() != n {
		t.Fatalf("%d files, want %d", m.Len(), n)
	}
	perEntry := (after.TotalAlloc - before.TotalAlloc) / n
	t.Logf("%d bytes allocated per entry", perEntry)
	if perEntry > 600 {
		t.Errorf("mounting allocated %d bytes per entry, want at most 600", perEntry)
	}
}
