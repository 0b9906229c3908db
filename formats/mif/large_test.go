package mif

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"animscope/formats/mif/miftest"
)

// TestLargeSourceMemory: compiling a source of a million one-byte values
// allocates a small, fixed amount per value (the value's 16-byte mark in the
// source map, its byte of output and that buffer's growth), not an object per
// token or value; the compiled bytes and the source map are right at both ends.
// (Issue: 15 million values, a 100 MiB source, ran out of memory at 2.1 GB.)
func TestLargeSourceMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an 8 MB source")
	}
	const n = 1 << 20
	src := miftest.OneByteValues(n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	data, sm, f, err := Compile("big.mif", src, Options{NoFiles: true})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	perValue := float64(after.TotalAlloc-before.TotalAlloc) / n
	t.Logf("%d values, %d source bytes: %.1f bytes allocated per value", n, len(src), perValue)
	// 16 for the mark, about 5 for the output as it grows by a quarter at a time.
	if perValue > 32 {
		t.Errorf("compiling allocated %.1f bytes per value, want at most 32", perValue)
	}
	if len(data) != 12+8+n {
		t.Fatalf("compiled %d bytes, want %d", len(data), 12+8+n)
	}
	for _, i := range []int{0, 1, n/2 + 3, n - 1} {
		if got, want := data[20+i], byte(i%200); got != want {
			t.Errorf("value %d is %d, want %d", i, got, want)
		}
		if p, ok := sm.Lookup(int64(20 + i)); !ok || p.Line != 3+i || p.Col != 7 {
			t.Errorf("byte of value %d maps to %v, want big.mif:%d:7 (the number)", i, p, 3+i)
		}
	}
	chunk := f.Top[0].Kids[0]
	if chunk.NumValues() != n {
		t.Fatalf("the chunk holds %d values, want %d", chunk.NumValues(), n)
	}
	if v := f.Value(chunk, n-1); v.Type != TUint8 || v.Int != int64((n-1)%200) || len(v.Bytes) != 1 || v.Pos.Line != n+2 {
		t.Errorf("last value %+v", v)
	}
}

// TestValueReadBack: File.Value gives each value's type, bytes, integer (as
// written: a negative one stays negative, a large unsigned one positive) and
// place, including included bytes and strings.
func TestValueReadBack(t *testing.T) {
	src := "chunk \"A\" { int8 -1, 255 uint16 65535 int16 -2 int32 -5 uint32 4294967295\n" +
		"  cstring \"ab\" wstring \"é\" float 1.5 tag \"ABCD\" }\n"
	_, _, f, err := Compile("v.mif", []byte(src), Options{NoFiles: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		t         Type
		int       int64
		bytes     string
		line, col int
	}{
		{TInt8, -1, "ff", 1, 18}, {TInt8, 255, "ff", 1, 22}, {TUint16, 65535, "ffff", 1, 33},
		{TInt16, -2, "feff", 1, 45}, {TInt32, -5, "fbffffff", 1, 54}, {TUint32, 4294967295, "ffffffff", 1, 64},
		{TCString, 0, "616200", 2, 11}, {TWString, 0, "e9000000", 2, 24}, {TFloat, 0, "0000c03f", 2, 34}, {TTag, 0, "44434241", 2, 42},
	}
	n := f.Top[0]
	if n.NumValues() != len(want) {
		t.Fatalf("%d values, want %d", n.NumValues(), len(want))
	}
	for i, w := range want {
		v := f.Value(n, i)
		if v.Type != w.t || v.Int != w.int || fmt.Sprintf("%x", v.Bytes) != w.bytes || v.Pos.Line != w.line || v.Pos.Col != w.col {
			t.Errorf("value %d: got %v %d %x at %d:%d, want %v %d %s at %d:%d", i, v.Type, v.Int, v.Bytes, v.Pos.Line, v.Pos.Col,
				w.t, w.int, w.bytes, w.line, w.col)
		}
	}
}

// BenchmarkCompileLarge compiles sources of one-byte values at two sizes eight
// times apart: time and bytes per value should stay the same (linear growth).
func BenchmarkCompileLarge(b *testing.B) {
	for _, n := range []int{1 << 17, 1 << 20} {
		src := miftest.OneByteValues(n)
		b.Run(fmt.Sprintf("values=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, _, _, err := Compile("big.mif", src, Options{NoFiles: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/value")
		})
	}
}

// BenchmarkCheckLarge checks a skeleton's NAME chunk of many names (a record
// matched until the chunk ends) at two sizes eight times apart: the field names
// of messages are built only for messages, so the cost per value stays flat.
func BenchmarkCheckLarge(b *testing.B) {
	for _, n := range []int{1 << 16, 1 << 19} {
		src := "form \"SKTM\" { form \"0002\" { chunk \"NAME\" {\n" + strings.Repeat("cstring \"a\"\n", n) + "} } }\n"
		_, _, f, err := Compile("names.mif", []byte(src), Options{NoFiles: true})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("values=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Check(f)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/value")
		})
	}
}

// TestSmallSourceCannotExpand: what a source makes is bounded by what it is
// (its bytes and those of each file it reads, once): a 1 MB string macro used
// again and again (written or hashed) stops at OutputBase + OutputPerInputByte
// per input byte, a file included again and again at ReadBase +
// ReadPerInputByte per input byte;
// the same file read once compiles. (Before, a 1 MB source compiled to 300 MB
// and took 1.2 GB, and one that hashed its macro 300 times ran for 49 s.)
func TestSmallSourceCannotExpand(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles some 40 MB")
	}
	long := strings.Repeat("x", 1<<20)
	src := miftest.MacroReuse(1<<20, 100, "cstring")
	limit := OutputBase + OutputPerInputByte*len(src)
	_, _, _, err := Compile("amp.mif", src, Options{NoFiles: true})
	want := fmt.Sprintf("the compiled file would exceed %d bytes (%d, and %d per byte", limit, OutputBase, OutputPerInputByte)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a 1 MB macro used 100 times: got %v, want %q", err, want)
	}

	// labelhash writes 4 bytes but reads the whole string: the same bound.
	src = miftest.MacroReuse(1<<20, 100, "labelhash")
	limit = OutputBase + OutputPerInputByte*len(src)
	_, _, _, err = Compile("hash.mif", src, Options{NoFiles: true})
	want = fmt.Sprintf("labelhash: the strings hashed would exceed %d bytes", limit)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a 1 MB macro hashed 100 times: got %v, want %q", err, want)
	}

	comment := []byte("/*" + long + "*/\n")
	tree := sharedTree{"inc.mif": comment, "main.mif": []byte(strings.Repeat("#include \"inc.mif\"\n", 100) + "chunk \"A\" { }\n")}
	_, _, _, err = Compile("a.tre:main.mif", tree["main.mif"], Options{Path: "main.mif", Tree: tree})
	input := len(tree["main.mif"]) + len(comment)
	want = fmt.Sprintf("a.tre:main.mif:%d:1: \"inc.mif\": the sources and files read would exceed %d bytes", (ReadBase+ReadPerInputByte*input)/len(comment)+1, ReadBase+ReadPerInputByte*input)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a 1 MB file included 100 times: got %v, want %q", err, want)
	}

	tree["main.mif"] = []byte("#include \"inc.mif\"\nchunk \"A\" { cstring \"" + long + "\" }\n")
	if _, _, _, err := Compile("a.tre:main.mif", tree["main.mif"], Options{Path: "main.mif", Tree: tree}); err != nil {
		t.Errorf("a 1 MB file included once: %v", err)
	}
}

// sharedTree is an in-memory tree that hands out its slices without copying.
type sharedTree map[string][]byte

func (m sharedTree) ReadFile(name string) ([]byte, error) {
	if d, ok := m[name]; ok {
		return d, nil
	}
	return nil, fmt.Errorf("%s: not here", name)
}

func (m sharedTree) Exists(name string) bool { _, ok := m[name]; return ok }
