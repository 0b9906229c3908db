package tre_test

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/tre"
	"animscope/formats/tre/tretest"
)

// allocated is what f allocates, in bytes.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestZlibBomb: a zlib member of 16 KiB that unpacks to 16 MiB streams out with
// small buffers, reads into one buffer of its size, and is refused before it is
// read when it is larger than the caller's limit; one that states 512 MiB and
// unpacks to less is an error without a 512 MiB buffer ever being made.
func TestZlibBomb(t *testing.T) {
	const real = 16 << 20
	zeros := make([]byte, real)
	for _, tc := range []struct {
		name   string
		length uint32
		limit  int64
		want   string
	}{
		{"honest", 0, tre.MaxMemberSize, ""},
		{"liar", 512 << 20, tre.MaxMemberSize, "unpacks to 16777216 bytes, want 536870912"},
		{"says less", real - 1, tre.MaxMemberSize, "unpacks to more than"},
		{"over the limit", 0, 1 << 20, "would pass the 1048576 bytes"},
	} {
		data := tretest.Build([]tretest.File{{Name: "bomb.bin", Data: zeros, Zlib: true, Length: tc.length}}, tretest.Options{})
		if len(data) > 64<<10 {
			t.Fatalf("the tree file is %d bytes", len(data))
		}
		a, err := open(t, data)
		if err != nil {
			t.Fatal(err)
		}
		e := &a.Entries[0]
		var n int64
		streamed := allocated(func() { n, err = a.WriteMember(io.Discard, e, tc.limit) })
		if !errMatches(err, tc.want) || (tc.want == "" && n != real) {
			t.Errorf("%s: WriteMember: %d bytes, %v; want %d, error %q", tc.name, n, err, real, tc.want)
		}
		if streamed > 2<<20 {
			t.Errorf("%s: WriteMember allocated %d bytes, want under 2 MiB", tc.name, streamed)
		}
		var got []byte
		inMemory := allocated(func() { got, err = a.ReadLimit(e, tc.limit) })
		if !errMatches(err, tc.want) || (tc.want == "" && !bytes.Equal(got, zeros)) {
			t.Errorf("%s: ReadLimit: %d bytes, %v; want %d, error %q", tc.name, len(got), err, real, tc.want)
		}
		bound := uint64(2 << 20)
		if tc.want == "" || tc.name == "says less" {
			bound += real // its own buffer, once
		}
		if inMemory > bound {
			t.Errorf("%s: ReadLimit allocated %d bytes, want at most %d", tc.name, inMemory, bound)
		}
	}
}

func errMatches(err error, want string) bool {
	if want == "" {
		return err == nil
	}
	return err != nil && strings.Contains(err.Error(), want)
}
