package mif

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"animscope/formats/iff"
	"animscope/formats/samples"
)

// roundTrip checks IFF → MIF → IFF (byte-identical) and MIF → IFF → MIF (the same
// text), and that every chunk with a known layout was written as typed values.
func roundTrip(t *testing.T, name string, data []byte) {
	t.Helper()
	roundTripChecked(t, name, data, true)
}

// roundTripChecked is roundTrip; with conforming, the printed MIF must also pass
// Check without a single departure (the writer and the checker read the same
// layout tables).
func roundTripChecked(t *testing.T, name string, data []byte, conforming bool) {
	t.Helper()
	txt, err := Write(name, data)
	if err != nil {
		t.Errorf("%s: write: %v", name, err)
		return
	}
	back, _, f, err := Compile(name+".mif", []byte(txt), Options{NoFiles: true})
	if err != nil {
		t.Errorf("%s: the written MIF does not compile: %v", name, err)
		return
	}
	if conforming {
		for _, d := range Check(f) {
			t.Errorf("%s: the written MIF departs from the layouts: %s", name, d)
		}
	}
	if !bytes.Equal(back, data) {
		t.Errorf("%s: IFF → MIF → IFF differs (%d bytes, then %d)", name, len(data), len(back))
		return
	}
	txt2, err := Write(name, back)
	if err != nil || txt2 != txt {
		t.Errorf("%s: MIF → IFF → MIF is not stable (%v)", name, err)
	}
	if strings.Contains(txt, "do not fit the layout") {
		t.Errorf("%s: a chunk did not fit its layout:\n%s", name, firstLine(txt, "do not fit"))
	}
}

func firstLine(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// encoderFixtures reads the seed corpora that the swg package's own encoders
// write (formats/swg/testdata/fuzz, `go test ./formats/swg -run
// TestWriteFuzzSeeds -args -write-seeds`): every seed that is a well-formed IFF.
func encoderFixtures(t testing.TB) map[string][]byte {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("..", "swg", "testdata", "fuzz", "Fuzz*", "seed-*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no swg seed corpora found (%v)", err)
	}
	out := map[string][]byte{}
	for _, p := range dirs {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
		if len(lines) != 2 || lines[0] != "go test fuzz v1" || !strings.HasPrefix(lines[1], "[]byte(") {
			continue
		}
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if _, err := iff.Parse(p, []byte(s)); err != nil {
			continue // the deliberately broken seeds (truncated, bad sizes)
		}
		out[filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p)] = []byte(s)
	}
	return out
}

func TestRoundTripEncoderFixtures(t *testing.T) {
	fx := encoderFixtures(t)
	if len(fx) < 20 {
		t.Fatalf("only %d well-formed fixtures found, want at least 20", len(fx))
	}
	for name, data := range fx {
		roundTrip(t, name, data)
	}
}

// TestRoundTripAwkwardValues: values that plain decimal printing gets wrong
// (negative zero, subnormals, the extremes, NaN and infinities, which MIF cannot
// write as a float, strings with quotes, backslashes and high bytes) survive.
func TestRoundTripAwkwardValues(t *testing.T) {
	var w iff.Writer
	w.Form("SKTM").Form("0002")
	names := []string{"plain", "quote\"d", `back\slash`, "tab\there", "\xff\x80high", "?x\\\"", ""}
	n := int32(len(names))
	w.Chunk("INFO").I32(n).End()
	w.Chunk("NAME")
	for _, s := range names {
		w.CString(s)
	}
	w.End()
	w.Chunk("PRNT")
	for i := int32(0); i < n; i++ {
		w.I32(i - 1)
	}
	w.End()
	odd := []uint32{0x80000000, 0x00000001, 0x007FFFFF, 0x7F7FFFFF, 0xFF7FFFFF, 0x7FC00000, 0x7F800000, 0xFF800000,
		0x3DCCCCCD, 0x3F800001, 0x4B800001, 0x33D6BF95, 0xFFFFFFFF, 0x00800000, 0x5F000000, 0x2EDBE6FF}
	for _, tag := range []string{"RPRE", "RPST", "BPRO"} {
		w.Chunk(tag)
		for i := int32(0); i < n; i++ {
			for k := 0; k < 4; k++ {
				w.U32(odd[(int(i)*4+k+len(tag))%len(odd)])
			}
		}
		w.End()
	}
	w.Chunk("BPTR")
	for i := int32(0); i < 3*n; i++ {
		w.U32(odd[int(i)%len(odd)])
	}
	w.End()
	w.Chunk("JROR")
	for i := int32(0); i < n; i++ {
		w.U32(0xFFFFFFFF - uint32(i))
	}
	w.End()
	w.Chunk("ZZZZ").Raw([]byte{0, 1, 2, 0xFF}).End() // an unknown chunk, written as bytes
	roundTripChecked(t, "odd.skt", w.Bytes(), false) // NaNs print as uint32, ZZZZ as bytes
	for _, bits := range odd {
		if s, ok := FormatFloat32(bits); ok && strings.ContainsAny(s, "eE") {
			t.Errorf("%08x printed as %s: mIFF has no exponents", bits, s)
		}
	}
}

func TestRoundTripSamples(t *testing.T) {
	dir := samples.Dir(t, "swg")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".skt", ".ans", ".mgn", ".lmg", ".sat":
		default:
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, e.Name(), data)
		n++
	}
	if n < 9 {
		t.Errorf("round-tripped %d samples, want the 9 of PROVENANCE.md", n)
	}
}
