package mpq_test

import (
	"bytes"
	"io"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
)

// bzip2Bomb is a single-unit member's stored bytes: the bzip2 mask byte and a
// stream of n zero bytes, compressed by the bzip2 tool (Go has no bzip2 writer).
func bzip2Bomb(t *testing.T, n int) []byte {
	t.Helper()
	p, err := exec.LookPath("bzip2")
	if err != nil {
		t.Skip("bzip2 (Debian package bzip2) is not installed: the bzip2 bomb is not built")
	}
	cmd := exec.Command(p, "-9c")
	cmd.Stdin = io.LimitReader(zeros{}, int64(n))
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte{mpq.CompBzip2}, out...)
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// allocated is what f allocates, in bytes.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestDecompressionBombs: a member of a few hundred bytes that unpacks to 16 MiB
// streams out with a few MiB of buffers, reads into memory with one buffer of its
// size, and is refused before it is read when it is larger than the caller's
// limit; one that claims 512 MiB and unpacks to less is an error without a
// 512 MiB buffer ever being made.
func TestDecompressionBombs(t *testing.T) {
	const real = 16 << 20
	for _, kind := range []string{"zlib", "bzip2"} {
		t.Run(kind, func(t *testing.T) {
			var stream []byte
			if kind == "zlib" {
				stream = mpqtest.ZlibBomb(real)
			} else {
				stream = bzip2Bomb(t, real)
			}
			for _, tc := range []struct {
				name  string
				size  uint32
				limit int64
				want  string // error; "" for none
			}{
				{"honest", real, mpq.MaxMemberSize, ""},
				{"liar", 512 << 20, mpq.MaxMemberSize, "unpacks to"},
				{"over the limit", real, 1 << 20, "would pass the 1048576 bytes"},
			} {
				data := build(t, []mpqtest.File{{Name: "bomb.bin", Raw: stream, Size: tc.size, Comp: stream[0], SingleUnit: true}}, mpqtest.Options{Listfile: true})
				if len(data) > 80<<10 {
					t.Fatalf("the archive is %d bytes", len(data))
				}
				a := open(t, data)
				m, ok := a.Stat("bomb.bin")
				if !ok {
					t.Fatal("bomb.bin is not found")
				}
				var n int64
				var err error
				streamed := allocated(func() { n, err = a.WriteMember(io.Discard, m, tc.limit) })
				if !errMatches(err, tc.want) || (tc.want == "" && n != real) {
					t.Errorf("%s: WriteMember: %d bytes, %v; want %d, error %q", tc.name, n, err, real, tc.want)
				}
				if streamed > 6<<20 {
					t.Errorf("%s: WriteMember allocated %d bytes, want under 6 MiB", tc.name, streamed)
				}
				var got []byte
				inMemory := allocated(func() { got, err = a.ReadMemberLimit(m, tc.limit) })
				if !errMatches(err, tc.want) || (tc.want == "" && len(got) != real) {
					t.Errorf("%s: ReadMember: %d bytes, %v; want %d, error %q", tc.name, len(got), err, real, tc.want)
				}
				bound := uint64(8 << 20)
				if tc.want == "" {
					bound += real // its own buffer, once
				}
				if inMemory > bound {
					t.Errorf("%s: ReadMember allocated %d bytes, want at most %d", tc.name, inMemory, bound)
				}
				if tc.want == "" && !bytes.Equal(got[real-8:], make([]byte, 8)) {
					t.Errorf("%s: the data read is not the zeros written", tc.name)
				}
			}
		})
	}
}

func errMatches(err error, want string) bool {
	if want == "" {
		return err == nil
	}
	return err != nil && strings.Contains(err.Error(), want)
}

// TestSectoredZeros: a sectored member that packs 1000:1 (8 MiB of zeros) reads
// into one buffer of its size (the sectors unpack twice, the first time kept
// nowhere), and streams with one sector's buffer.
func TestSectoredZeros(t *testing.T) {
	const size = 8 << 20
	a := open(t, build(t, []mpqtest.File{{Name: "z.bin", Data: make([]byte, size), Comp: mpq.CompZlib}}, mpqtest.Options{}))
	m, _ := a.Stat("z.bin")
	var got []byte
	var err error
	if n := allocated(func() { got, err = a.ReadMember(m) }); err != nil || len(got) != size || n > size+2<<20 {
		t.Errorf("ReadMember: %d bytes, %v, %d allocated; want %d bytes in about as many", len(got), err, n, size)
	}
	var w int64
	if n := allocated(func() { w, err = a.WriteMember(io.Discard, m, mpq.MaxMemberSize) }); err != nil || w != size || n > 2<<20 {
		t.Errorf("WriteMember: %d bytes, %v, %d allocated; want %d bytes with under 2 MiB", w, err, n, size)
	}
}
