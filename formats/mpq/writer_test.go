package mpq_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
)

func open(t testing.TB, data []byte) *mpq.Archive {
	t.Helper()
	a, err := mpq.NewArchive("t.mpq", bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func build(t testing.TB, files []mpqtest.File, opt mpqtest.Options) []byte {
	t.Helper()
	data, err := mpqtest.Build(files, opt)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func payload(n int, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	var b bytes.Buffer
	for b.Len() < n {
		fmt.Fprintf(&b, "vertex %d %d %d\n", rng.Intn(50), rng.Intn(50), rng.Intn(50))
	}
	return b.Bytes()[:n]
}

// TestWriterRoundTrip: every combination the test writer makes reads back.
func TestWriterRoundTrip(t *testing.T) {
	kinds := []struct {
		name string
		f    mpqtest.File
	}{
		{"stored", mpqtest.File{}},
		{"zlib", mpqtest.File{Comp: mpq.CompZlib}},
		{"pkware", mpqtest.File{Comp: mpq.CompPKWARE}},
		{"zlib+pkware", mpqtest.File{Comp: mpq.CompZlib | mpq.CompPKWARE}},
		{"implode", mpqtest.File{Implode: true}},
		{"single-zlib", mpqtest.File{Comp: mpq.CompZlib, SingleUnit: true}},
		{"single-stored", mpqtest.File{SingleUnit: true}},
	}
	for _, version := range []int{0, 1} {
		for _, k := range kinds {
			for _, enc := range []string{"clear", "encrypted", "fixkey"} {
				for _, shift := range []uint16{0, 3} {
					name := fmt.Sprintf("v%d/%s/%s/shift%d", version, k.name, enc, shift)
					t.Run(name, func(t *testing.T) {
						var files []mpqtest.File
						for i, n := range []int{0, 1, 511, 512, 513, 9000} {
							f := k.f
							f.Name = fmt.Sprintf(`Dir\Sub\file%d.dat`, i)
							f.Data = payload(n, int64(i))
							f.Encrypt = enc != "clear"
							f.FixKey = enc == "fixkey"
							files = append(files, f)
						}
						a := open(t, build(t, files, mpqtest.Options{Version: version, SectorShift: shift, Listfile: true}))
						if got, want := len(a.Members()), len(files)+1; got != want {
							t.Fatalf("%d members, want %d", got, want)
						}
						for _, f := range files {
							got, err := a.ReadFile(strings.ToUpper(f.Name))
							if err != nil {
								t.Fatal(err)
							}
							if !bytes.Equal(got, f.Data) {
								t.Fatalf("%s: %d bytes differ from the %d written", f.Name, len(got), len(f.Data))
							}
						}
					})
				}
			}
		}
	}
}

func TestUserDataHeaderAndPrefix(t *testing.T) {
	files := []mpqtest.File{{Name: "a.txt", Data: []byte("hello"), Comp: mpq.CompZlib}}
	tests := []struct {
		name       string
		opt        mpqtest.Options
		wantOffset int64
	}{
		{"plain", mpqtest.Options{}, 0},
		{"user data", mpqtest.Options{UserData: bytes.Repeat([]byte{7}, 600)}, 1024},
		{"game header", mpqtest.Options{Prefix: []byte("HM3W"), Version: 1}, 512},
		{"both", mpqtest.Options{Prefix: make([]byte, 700), UserData: []byte("x")}, 1536},
	}
	for _, tc := range tests {
		a := open(t, build(t, files, tc.opt))
		if a.Offset != tc.wantOffset {
			t.Errorf("%s: header at %d, want %d", tc.name, a.Offset, tc.wantOffset)
		}
		if got, err := a.ReadFile("A.TXT"); err != nil || string(got) != "hello" {
			t.Errorf("%s: read %q, %v", tc.name, got, err)
		}
	}
}

func TestLocaleAndDeletion(t *testing.T) {
	data := build(t, []mpqtest.File{
		{Name: "x.txt", Data: []byte("german"), Locale: 0x407},
		{Name: "x.txt", Data: []byte("neutral")},
		{Name: "gone.txt", DeleteMarker: true},
	}, mpqtest.Options{})
	a := open(t, data)
	a.AddListfile([]byte("x.txt;gone.txt"))
	if got, _ := a.ReadFile("x.txt"); string(got) != "neutral" {
		t.Errorf("x.txt = %q, want the neutral locale", got)
	}
	m, ok := a.Stat("gone.txt")
	if !ok || m.Blk.Flags&mpq.FlagDeleteMarker == 0 {
		t.Fatalf("gone.txt: %v %+v, want a deletion marker", ok, m)
	}
	if _, err := a.ReadMember(m); err == nil {
		t.Error("reading a deletion marker succeeded")
	}
}

func TestUnknownNamesAndEncryptedWithoutName(t *testing.T) {
	a := open(t, build(t, []mpqtest.File{
		{Name: "secret.bin", Data: []byte("0123456789"), Encrypt: true},
		{Name: "plain.bin", Data: []byte("abc")},
	}, mpqtest.Options{}))
	ms := a.Members()
	if len(ms) != 2 {
		t.Fatalf("%d members, want 2", len(ms))
	}
	for _, m := range ms {
		if m.Known || !strings.HasPrefix(m.Name, "File") {
			t.Errorf("member %q: without a listfile its name is unknown", m.Name)
		}
		_, err := a.ReadMember(m)
		if enc := m.Blk.Flags&mpq.FlagEncrypted != 0; enc != (err != nil) {
			t.Errorf("%s: encrypted %v, read error %v", m.Name, enc, err)
		}
	}
	if n := a.AddListfile([]byte("secret.bin\nplain.bin\nmissing.bin")); n != 2 {
		t.Errorf("user listfile named %d members, want 2", n)
	}
	if got, err := a.ReadFile("secret.bin"); err != nil || string(got) != "0123456789" {
		t.Errorf("secret.bin = %q, %v", got, err)
	}
}

// TestHostileArchives: broken tables and members give a FileError with the
// archive's name and an offset, never a panic or a huge allocation.
func TestHostileArchives(t *testing.T) {
	good := build(t, []mpqtest.File{
		{Name: "a.bin", Data: payload(10000, 1), Comp: mpq.CompZlib, Encrypt: true},
		{Name: "b.bin", Data: payload(100, 2)},
	}, mpqtest.Options{Listfile: true, Version: 1})
	le := binary.LittleEndian
	put32 := func(off int, v uint32) []byte {
		c := append([]byte(nil), good...)
		le.PutUint32(c[off:], v)
		return c
	}
	put16 := func(off int, v uint16) []byte {
		c := append([]byte(nil), good...)
		le.PutUint16(c[off:], v)
		return c
	}
	open := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"no header", bytes.Repeat([]byte{1}, 2000)},
		{"truncated header", good[:20]},
		{"format 3", put16(12, 2)},
		{"sector shift 40", put16(14, 40)},
		{"hash size not a power of two", put32(24, 3)},
		{"hash size 2^31", put32(24, 1<<31)},
		{"block count huge", put32(28, 0x0FFFFFFF)},
		{"hash table past the end", put32(16, uint32(len(good)-8))},
		{"high block table past the end", put32(32, uint32(len(good)))},
		{"user data pointing outside", append([]byte("MPQ\x1b\x00\x00\x00\x00\xff\xff\xff\x00\x10\x00\x00\x00"), make([]byte, 100)...)},
	}
	for _, tc := range open {
		_, err := mpq.NewArchive("t.mpq", bytes.NewReader(tc.data), int64(len(tc.data)))
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.File != "t.mpq" || fe.Offset < 0 {
			t.Errorf("%s: err = %v, want a FileError of t.mpq with an offset", tc.name, err)
		}
	}
}

// TestHostileMembers damages a member's stored bytes or block entry; the archive
// opens, and reading the member fails with a FileError that names it.
func TestHostileMembers(t *testing.T) {
	files := []mpqtest.File{{Name: "a.bin", Data: payload(10000, 1), Comp: mpq.CompZlib}}
	good := build(t, files, mpqtest.Options{})
	a := open(t, good)
	m, _ := a.Stat("a.bin")
	pos := int(m.Blk.Pos)
	damage := []struct {
		name string
		edit func(b []byte)
	}{
		{"sector offset past the member", func(b []byte) { binary.LittleEndian.PutUint32(b[pos+4:], 0xFFFFFF) }},
		{"sector offsets backwards", func(b []byte) { binary.LittleEndian.PutUint32(b[pos:], 0x7FFF) }},
		{"zlib garbage", func(b []byte) {
			first := binary.LittleEndian.Uint32(b[pos:])
			for i := 1; i < 20; i++ {
				b[pos+int(first)+i] ^= 0x5A
			}
		}},
		{"unknown compression", func(b []byte) { b[pos+int(binary.LittleEndian.Uint32(b[pos:]))] = 0x04 }},
	}
	for _, d := range damage {
		c := append([]byte(nil), good...)
		d.edit(c)
		a := open(t, c)
		_, err := a.ReadFile("a.bin")
		var fe *formats.FileError
		if !errors.As(err, &fe) || !strings.HasSuffix(fe.File, ":a.bin") || fe.Offset < 0 {
			t.Errorf("%s: err = %v, want a FileError of the member with an offset", d.name, err)
		}
	}
}

func FuzzArchive(f *testing.F) {
	seeds := [][]mpqtest.File{
		{{Name: "a.bin", Data: payload(5000, 1), Comp: mpq.CompZlib, Encrypt: true}},
		{{Name: `x\y.txt`, Data: payload(700, 2), Comp: mpq.CompPKWARE, FixKey: true, Encrypt: true}},
		{{Name: "s.bin", Data: payload(300, 3), SingleUnit: true, Comp: mpq.CompZlib}},
		{{Name: "i.bin", Data: payload(1500, 4), Implode: true}, {Name: "p.bin", Data: []byte("plain")}},
	}
	for i, s := range seeds {
		data, err := mpqtest.Build(s, mpqtest.Options{Version: i % 2, SectorShift: 0, Listfile: true})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("MPQ\x1a"))
	for _, s := range [][]mpqtest.File{
		{{Name: "bomb.bin", Raw: mpqtest.ZlibBomb(1 << 20), Size: 1 << 20, Comp: mpq.CompZlib, SingleUnit: true}},
		{{Name: "liar.bin", Raw: mpqtest.ZlibBomb(1 << 10), Size: 1 << 29, Comp: mpq.CompZlib, SingleUnit: true}},
	} {
		f.Add(build(f, s, mpqtest.Options{Listfile: true}))
	}
	f.Add(build(f, seeds[0], mpqtest.Options{Listfile: true, Prefix: []byte("MZ stub")}))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := mpq.NewArchive("f.mpq", bytes.NewReader(data), int64(len(data)))
		if err != nil {
			var fe *formats.FileError
			if !errors.As(err, &fe) || fe.Offset < 0 {
				t.Fatalf("error without a file offset: %v", err)
			}
			return
		}
		for _, m := range a.Members() {
			// Reads are bounded by the caller's limit: 1 MiB here.
			got, err := a.ReadMemberLimit(m, 1<<20)
			if err == nil && len(got) != int(m.Blk.Size) {
				t.Fatalf("%s: %d bytes, listed as %d", m.Name, len(got), m.Blk.Size)
			}
			var sum bytes.Buffer
			n, werr := a.WriteMember(&sum, m, 1<<20)
			if (werr == nil) != (err == nil) || n > 1<<20 || (err == nil && !bytes.Equal(sum.Bytes(), got)) {
				t.Fatalf("%s: streamed %d bytes (%v), read %d (%v)", m.Name, n, werr, len(got), err)
			}
		}
	})
}
