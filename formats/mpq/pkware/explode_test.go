package pkware_test

import (
	"bytes"
	"errors"
	"math/rand"
	"strings"
	"testing"

	"animscope/formats/mpq/pkware"
	"animscope/formats/mpq/pkware/pkwaretest"
)

// Worked example: binary mode, 4 dictionary bits; literal 'A' (bit 0, then the 8
// bits of 0x41), then a copy of length 3 from 1 back (bit 1; length value 1 is
// class 1, code 0x03 in 2 bits; distance 0 has high part 0, code 0x03 in 2 bits,
// then 4 low bits 0), then the end code (class 15, code 0x00 in 7 bits, extra 255
// in 8 bits). The bits, least significant first, pack into the bytes below.
func TestExplodeWorkedExample(t *testing.T) {
	w := &pkwaretest.BitWriter{Out: []byte{0, 4}}
	w.Put(0, 1)
	w.Put(0x41, 8)
	w.Put(1, 1)
	w.Put(0x03, 2)
	w.Put(0x03, 2)
	w.Put(0, 4)
	w.Put(1, 1)
	w.Put(0x00, 7)
	w.Put(0xFF, 8)
	in := w.Flush()
	if want := []byte{0, 4, 0x82, 0x3E, 0x04, 0xFC, 0x03}; !bytes.Equal(in, want) {
		t.Fatalf("packed % x, want % x", in, want)
	}
	got, err := pkware.Explode(in, 4)
	if err != nil || string(got) != "AAAA" {
		t.Fatalf("Explode = %q, %v; want AAAA", got, err)
	}
}

func TestImplodeExplodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	random := make([]byte, 5000)
	rng.Read(random)
	text := []byte(strings.Repeat("the quick brown fox jumps over the lazy dog\r\n", 200))
	inputs := map[string][]byte{
		"empty":  {},
		"one":    {'x'},
		"run":    bytes.Repeat([]byte{0}, 4096),
		"random": random,
		"text":   text,
		"pairs":  []byte("abababababxyxyxyab"),
	}
	for name, data := range inputs {
		for _, mode := range []byte{pkware.Binary, pkware.ASCII} {
			for dict := uint(4); dict <= 6; dict++ {
				c, err := pkwaretest.Implode(data, mode, dict)
				if err != nil {
					t.Fatal(err)
				}
				got, err := pkware.Explode(c, len(data))
				if err != nil {
					t.Fatalf("%s mode %d dict %d: %v", name, mode, dict, err)
				}
				if !bytes.Equal(got, data) {
					t.Fatalf("%s mode %d dict %d: round trip differs", name, mode, dict)
				}
			}
		}
	}
	if c, _ := pkwaretest.Implode(text, pkware.ASCII, 6); len(c) > len(text)/4 {
		t.Errorf("text compresses to %d of %d bytes: matches are not used", len(c), len(text))
	}
}

func TestExplodeRejectsBadInput(t *testing.T) {
	good, _ := pkwaretest.Implode([]byte("hello hello hello"), pkware.Binary, 4)
	tests := []struct {
		name string
		in   []byte
		size int
	}{
		{"empty", nil, 1},
		{"bad mode", []byte{2, 4, 0}, 1},
		{"bad dict", []byte{0, 7, 0}, 1},
		{"truncated", good[:5], 17},
		{"short output", good, 30},
		{"copy before start", []byte{0, 4, 0x0F, 0, 0}, 4},
	}
	for _, tc := range tests {
		_, err := pkware.Explode(tc.in, tc.size)
		if !errors.Is(err, pkware.ErrCorrupt) {
			t.Errorf("%s: err = %v, want ErrCorrupt", tc.name, err)
		}
	}
}

func FuzzExplode(f *testing.F) {
	for _, mode := range []byte{pkware.Binary, pkware.ASCII} {
		c, _ := pkwaretest.Implode([]byte("seed seed seed data\n"), mode, 5)
		f.Add(c, 20)
	}
	f.Fuzz(func(t *testing.T, in []byte, size int) {
		if size < 0 || size > 1<<16 {
			return
		}
		out, err := pkware.Explode(in, size)
		if err == nil && len(out) != size {
			t.Fatalf("%d bytes, want %d", len(out), size)
		}
		if err != nil && !errors.Is(err, pkware.ErrCorrupt) {
			t.Fatalf("error %v does not wrap ErrCorrupt", err)
		}
	})
}
