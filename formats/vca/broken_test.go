package vca

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

// openBroken decodes data through the registry, recovering a panic as a failure.
func openBroken(name string, data []byte) (a *formats.Asset, err error, panicked any) {
	defer func() {
		if r := recover(); r != nil {
			panicked = r
		}
	}()
	a, err = formats.OpenData(name, data, formats.Options{})
	return a, err, nil
}

// requireNamed checks err names the file and a position: an offset for binary
// files, a line and column for text.
func requireNamed(t *testing.T, what, name string, err error, binary bool) {
	t.Helper()
	var fe *formats.FileError
	if !errors.As(err, &fe) {
		t.Errorf("%s: error %v (%T) is not a *formats.FileError", what, err, err)
		return
	}
	if fe.File != name {
		t.Errorf("%s: error %v names %q, want %q", what, err, fe.File, name)
	}
	if binary && fe.Offset < 0 {
		t.Errorf("%s: error %v has no offset", what, err)
	}
	if !binary && (fe.Line < 1 || fe.Col < 1) {
		t.Errorf("%s: error %v has no line and column", what, err)
	}
}

func TestBrokenVEC3(t *testing.T) {
	good := testVEC3(false, true)
	if _, err := ParseVEC3(good); err != nil {
		t.Fatalf("the intact file fails: %v", err)
	}
	put16 := func(off int) func([]byte) { return func(b []byte) { binary.LittleEndian.PutUint16(b[off:], 0xFFFF) } }
	put32 := func(off int) func([]byte) {
		return func(b []byte) { binary.LittleEndian.PutUint32(b[off:], 0xFFFFFFFF) }
	}
	type tc struct {
		name   string
		mutate func([]byte) []byte
		msg    string
	}
	var cases []tc
	for k := 1; k < 8; k++ {
		n := len(good) * k / 8
		cases = append(cases, tc{fmt.Sprintf("truncated at %d/8 (%d bytes)", k, n), func(b []byte) []byte { return b[:n] }, ""})
	}
	for _, c := range []struct {
		name string
		set  func([]byte)
		msg  string
	}{
		{"material count 0xFFFF", put16(12), "negative material"},
		{"model count 0xFFFF", put16(14), "negative"},
		{"material name length 0xFFFF", put16(18), "negative name length"},
		{"model name length 0xFFFF", put16(22), "negative name length"},
		{"mesh count 0xFFFFFFFF", put32(36), "negative mesh count"},
		{"triangle count 0xFFFFFFFF", put32(40), "negative triangle count"},
		{"attribute count 0xFFFF", put16(48), "attributes"},
		{"position size 0xFFFFFFFF", put32(52), "negative size"},
		{"uv size 0xFFFFFFFF", put32(106), "negative size"},
		{"triangle count 0x7FFFFFFF", func(b []byte) { binary.LittleEndian.PutUint32(b[40:], 0x7FFFFFFF) }, "does not fit"},
		{"position size 0x7FFFFFFF", func(b []byte) { binary.LittleEndian.PutUint32(b[52:], 0x7FFFFFFF) }, "does not fit"},
		{"zlib flag", func(b []byte) { b[46] |= vec3FlagZlib }, "zlib"},
		{"attribute flags", func(b []byte) { b[51] = 1 }, "must be 0"},
		{"index out of range", func(b []byte) { b[160] = 9 }, "past the"},
		{"material id out of range", func(b []byte) { b[44] = 7 }, "out of range"},
		{"bad magic", func(b []byte) { b[2] = 'X' }, "magic"},
		{"version", func(b []byte) { b[8] = 2 }, "version"},
	} {
		set := c.set
		cases = append(cases, tc{c.name, func(b []byte) []byte { set(b); return b }, c.msg})
	}
	for _, c := range cases {
		data := c.mutate(append([]byte(nil), good...))
		_, err, p := openBroken("broken.vec3", data)
		if p != nil {
			t.Errorf("%s: panic %v", c.name, p)
			continue
		}
		if err == nil {
			t.Errorf("%s: decoded without an error", c.name)
			continue
		}
		requireNamed(t, c.name, "broken.vec3", err, true)
		if c.msg != "" && !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %q, want it to mention %q", c.name, err, c.msg)
		}
	}
	// Every byte flipped in turn: a named error or a successful decode, never a panic.
	for i := range good {
		data := append([]byte(nil), good...)
		data[i] ^= 0xFF
		_, err, p := openBroken("flipped.vec3", data)
		if p != nil {
			t.Fatalf("byte %d flipped: panic %v", i, p)
		}
		if err != nil {
			var fe *formats.FileError
			if !errors.As(err, &fe) || fe.File != "flipped.vec3" {
				t.Errorf("byte %d flipped: unnamed error %v", i, err)
			}
		}
	}
}

// TestBrokenText truncates and flips text files: each gives a decoded scene or an
// error with the file, line and column; never a panic.
func TestBrokenText(t *testing.T) {
	wave, err := os.ReadFile(filepath.Join("testdata", "wave.vca"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name string
		data []byte
	}{
		{"wave.vca", wave},
		{"w2.vca", []byte(w2)},
		{"model.vcm", []byte(vcmSeeds[0])},
		{"model2.vcm", []byte(vcmSeeds[1])},
		{"skel.json", []byte(skeletonSeeds[0])},
	} {
		if _, err, p := openBroken(f.name, f.data); err != nil || p != nil {
			t.Fatalf("%s: intact file fails: %v %v", f.name, err, p)
		}
		for k := 1; k < 8; k++ {
			n := len(f.data) * k / 8
			_, err, p := openBroken(f.name, f.data[:n])
			if p != nil {
				t.Errorf("%s truncated to %d bytes: panic %v", f.name, n, p)
				continue
			}
			if err != nil {
				requireNamed(t, fmt.Sprintf("%s truncated to %d bytes", f.name, n), f.name, err, false)
			}
		}
		for i := range f.data {
			data := append([]byte(nil), f.data...)
			data[i] ^= 0x5A
			_, err, p := openBroken(f.name, data)
			if p != nil {
				t.Fatalf("%s byte %d flipped: panic %v", f.name, i, p)
			}
			var fe *formats.FileError
			if err != nil && errors.As(err, &fe) && fe.File == f.name && fe.Line < 1 && fe.Offset < 0 {
				t.Errorf("%s byte %d flipped: error without a position: %v", f.name, i, err)
			}
		}
	}
}

// TestLargeInputsStayLinear: a megabyte of lines (each with a diagnostic) and an
// element with 100,000 attributes load in well under a second each; quadratic
// position or attribute lookups would take minutes.
// largeInputs are a 1 MB file of many lines and one line of 100,000 attributes.
func largeInputs() []struct{ name, src string } {
	var sb strings.Builder
	for sb.Len() < 1<<20 {
		fmt.Fprintf(&sb, "@move bone b%d by q curve smooth {\n @key frame 1 value 2\n}\n", sb.Len())
	}
	var attrs strings.Builder
	attrs.WriteString("@move bone b by x func (1)")
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&attrs, " a%d %d", i, i)
	}
	return []struct{ name, src string }{{"many lines", sb.String()}, {"many attributes", attrs.String()}}
}

// TestLargeInputsStayLinear: large inputs parse, bind and sample;
// BenchmarkLargeInputs measures that the work stays linear in the input.
func TestLargeInputsStayLinear(t *testing.T) {
	for _, tc := range largeInputs() {
		tr, err := ParseTrack("big.vca", []byte(tc.src), formats.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		c, _ := (&Binder{Track: tr}).BindClip(testSkeleton("b"))
		c.Sample(nil, 1, make([]anim.Transform, 2), nil)
	}
}

func BenchmarkLargeInputs(b *testing.B) {
	in := largeInputs()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, tc := range in {
			if _, err := ParseTrack("big.vca", []byte(tc.src), formats.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
