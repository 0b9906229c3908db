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
