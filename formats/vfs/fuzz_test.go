package vfs_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/tre/tretest"
	"animscope/formats/vfs"
)

// FuzzMount: any file mounts or fails without a panic; every listed file is
// found again by its path, and all reads together, in memory or streamed, never
// unpack more than the mount's limit (an NRes archive's members are the
// file's own bytes, not charged).
func FuzzMount(f *testing.F) {
	f.Add(tretest.Build([]tretest.File{{Name: "a/b.skt", Data: []byte("skeleton"), Zlib: true}, {Name: "A/B.SKT", Data: []byte("twin")}}, tretest.Options{ZlibTable: true}))
	f.Add(tretest.SharedNames(20, 100))
	for _, opt := range []mpqtest.Options{{Listfile: true}, {}, {Listfile: true, Prefix: make([]byte, 1024)}} {
		data, err := mpqtest.Build([]mpqtest.File{
			{Name: `Creature\A\a.m2`, Data: []byte("model bytes"), Comp: mpq.CompZlib, Encrypt: true},
			{Name: "bomb.bin", Raw: mpqtest.ZlibBomb(2 << 20), Size: 2 << 20, Comp: mpq.CompZlib, SingleUnit: true},
		}, opt)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(dir, "f.bin")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := vfs.Open(p)
		if err != nil {
			return
		}
		defer m.Close()
		const limit = 1 << 20
		m.SetMaxBytes(limit)
		var unpacked int64
		for _, e := range m.Entries() {
			if _, ok := m.Lookup(e.Path); !ok {
				t.Fatalf("%q is listed but not found", e.Path)
			}
			if m.Kind(e) == vfs.KindNRes {
				continue // held whole in memory already: not unpacked, not charged
			}
			if got, err := m.Read(e); err == nil {
				unpacked += int64(len(got))
			}
			if n, err := m.WriteTo(io.Discard, e); err == nil {
				unpacked += n
			}
		}
		if unpacked > limit {
			t.Fatalf("the reads unpacked %d bytes under a %d-byte limit", unpacked, limit)
		}
		_, _ = m.Match(`Creature\A\a.m2`)
	})
}

// FuzzMountSet: any two files mount together or fail without a panic; every
// listed file is found again by its path, has exactly one version that wins
// (the one the mount serves), and every version of it reads or fails within
// the mount's limit, in memory or streamed.
func FuzzMountSet(f *testing.F) {
	build := func(files []mpqtest.File, opt mpqtest.Options) []byte {
		data, err := mpqtest.Build(files, opt)
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	base := build([]mpqtest.File{
		{Name: `Creature\A\a.m2`, Data: []byte("model bytes"), Comp: mpq.CompZlib, Encrypt: true},
		{Name: "readme.txt", Data: []byte("base")},
		{Name: "loc.txt", Data: []byte("neutral")},
		{Name: "loc.txt", Data: []byte("english"), Locale: 0x409},
	}, mpqtest.Options{Listfile: true})
	patch := build([]mpqtest.File{
		{Name: `Creature\A\a.m2`, DeleteMarker: true},
		{Name: "readme.txt", Data: []byte("patched"), Comp: mpq.CompZlib},
		{Name: "new.txt", Data: []byte("new")},
	}, mpqtest.Options{Listfile: true})
	unnamed := build([]mpqtest.File{{Name: "x.bin", Data: []byte("x")}, {Name: "y.bin", Data: []byte("y"), SingleUnit: true}}, mpqtest.Options{})
	tree := tretest.Build([]tretest.File{{Name: "readme.txt", Data: []byte("tree"), Zlib: true}, {Name: "Readme.TXT", Data: []byte("twin")}}, tretest.Options{})
	f.Add(base, patch)
	f.Add(patch, base)
	f.Add(unnamed, unnamed)
	f.Add(base, unnamed)
	f.Add(tree, tree)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, first, second []byte) {
		paths := []string{filepath.Join(dir, "first.bin"), filepath.Join(dir, "second.bin")}
		for i, data := range [][]byte{first, second} {
			if err := os.WriteFile(paths[i], data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		m, err := vfs.OpenSet(paths)
		if err != nil {
			return
		}
		defer m.Close()
		const limit = 1 << 20
		m.SetMaxBytes(limit)
		var unpacked int64
		for _, e := range m.Entries() {
			served, ok := m.Lookup(e.Path)
			if !ok {
				t.Fatalf("%q is listed but not found", e.Path)
			}
			wins := 0
			for _, v := range m.Versions(e.Path) {
				if v.Wins {
					wins++
					if v.Archive != served.Archive {
						t.Fatalf("%q: the version of %s wins, the mount serves %s's", e.Path, v.Archive, served.Archive)
					}
				}
				if v.Deleted || m.Kind(v.Entry) == vfs.KindNRes {
					continue
				}
				if got, err := m.Read(v.Entry); err == nil {
					unpacked += int64(len(got))
				}
				if n, err := m.WriteTo(io.Discard, v.Entry); err == nil {
					unpacked += n
				}
			}
			if wins != 1 {
				t.Fatalf("%q: %d versions win, want 1", e.Path, wins)
			}
		}
		if unpacked > limit {
			t.Fatalf("the reads unpacked %d bytes under a %d-byte limit", unpacked, limit)
		}
	})
}
