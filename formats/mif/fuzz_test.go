package mif

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/iff"
	"animscope/formats/internal/fuzzseed"
)

// FuzzMIF: the lexer and parser never panic and never hang on any source; an
// error is a *formats.FileError naming the file, a line and a column; a source
// that compiles gives well-formed IFF of bounded size, whose MIF (Write) compiles
// back to the same bytes and prints the same text again, and Check runs on it.
func FuzzMIF(f *testing.F) {
	for _, s := range hostileSeeds() {
		f.Add([]byte(s.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		data, _, file, err := Compile("f.mif", src, Options{NoFiles: true})
		if err != nil {
			var fe *formats.FileError
			if !errors.As(err, &fe) || fe.File != "f.mif" || fe.Line < 1 || fe.Col < 1 {
				t.Fatalf("error %v (%T) does not name f.mif:LINE:COL", err, err)
			}
			return
		}
		// Each token writes at most 8 bytes; macros add at most MacroBase +
		// MacroPerByte tokens per source byte.
		if len(data) > 8*(len(src)+MacroBase+MacroPerByte*len(src))+64 {
			t.Fatalf("%d source bytes compiled to %d bytes", len(src), len(data))
		}
		if _, err := iff.Parse("f.iff", data); err != nil {
			t.Fatalf("compiled IFF does not parse: %v", err)
		}
		Check(file)
		txt, err := Write("f.iff", data)
		if err != nil {
			t.Fatalf("write: %v", err)
		}
		back, _, _, err := Compile("g.mif", []byte(txt), Options{NoFiles: true})
		if err != nil || !bytes.Equal(back, data) {
			t.Fatalf("IFF → MIF → IFF changed the bytes (%v)", err)
		}
		if txt2, err := Write("f.iff", back); err != nil || txt2 != txt {
			t.Fatalf("MIF → IFF → MIF is not stable (%v)", err)
		}
	})
}

type seed struct{ name, src string }

// hostileSeeds are the FuzzMIF seeds the hostile-input rules ask for, written
// here rather than taken from any file.
func hostileSeeds() []seed {
	return []seed{
		{"seed-deep-forms-70", strings.Repeat("form \"A\" {\n", 70) + strings.Repeat("}\n", 70)},
		{"seed-deep-forms-64", strings.Repeat("form \"A\" {", 64) + "chunk \"X\" { int8 1 }" + strings.Repeat("}", 64)},
		{"seed-deep-parens", "chunk \"A\" { int32 " + strings.Repeat("(", 400) + "1" + strings.Repeat(")", 400) + " }"},
		{"seed-deep-unary", "chunk \"A\" { float " + strings.Repeat("-", 500) + "1.0 }"},
		{"seed-huge-integer", "chunk \"A\" { uint32 184467440737095516160000 }"},
		{"seed-huge-hex", "chunk \"A\" { int32 0xFFFFFFFFFFFFFFFFFF }"},
		{"seed-huge-float", "chunk \"A\" { float 1e400, 3.5e38 }"},
		{"seed-overflow-expression", "chunk \"A\" { int32 9223372036854775807 * 2 }"},
		{"seed-shift", "chunk \"A\" { int32 1 << 64, 1 >> -1 }"},
		{"seed-unterminated-string", "chunk \"A\" { cstring \"abc"},
		{"seed-unterminated-escape", "chunk \"A\" { cstring \"abc\\"},
		{"seed-unterminated-comment", "chunk \"A\" { int8 1 } /* open"},
		{"seed-unclosed-form", "form \"SKTM\" { form \"0002\" { chunk \"INFO\" { int32 1 }"},
		{"seed-escapes", "chunk \"A\" { cstring \"\\a\\b\\f\\n\\r\\t\\v\\'\\\"\\\\\\?\\0\\101\\x41\\X4a\" wstring \"w\\xe9\" }"},
		{"seed-enum", "enum e { A, B = A + 5, C } x, y;\nchunk \"A\" { int8 A, B, C float C * 0.5 }"},
		{"seed-pragmas", "#pragma extension \"skt\"\n#pragma filename \"x\"\n# 1 \"f.mif\" 2\nform \"SKTM\" { }"},
		{"seed-include-refused", "#include \"other.mif\"\nchunk \"A\" { include \"b.bin\" }"},
		{"seed-every-type", "chunk \"DATA\" { int8 -1 uint8 255 int16 -2 uint16 2 int32 -3 uint32 3 float 1.5 double -2.25 " +
			"cstring \"s\" string \"t\" CString \"u\" wstring \"v\" WString \"w\" labelhash \"x\" tag \"ABCD\" }"},
		{"seed-functions", "chunk \"A\" { float sin(1), cos(1), tan(1), asin(1), acos(1), atan(1), 2 ^^ 10 }"},
		{"seed-bad-bytes", "chunk \"\xff\xfe\" { cstring \"\x00\x01\xc3\" }"},
		{"seed-names", "form \"\" { chunk \"AB\" { } chunk \"FORM\" { } }"},
		{"seed-macros", "#define N 3\n#define T int16\n#define Q 1.0, 0, 0, 0\nchunk \"A\" { T N, N * 2 float Q }\n#undef N\nchunk \"B\" { int8 N }"},
		{"seed-macro-self", "#define A A B\n#define B A\nchunk \"A\" { int8 A }"},
		{"seed-macro-doubling", "#define A B B\n#define B C C\n#define C D D\n#define D E E\n#define E 0,\nchunk \"A\" { int8 A 0 }"},
	}
}

// TestWriteFuzzSeeds (re)writes FuzzMIF's seed corpus: the hostile seeds above and
// the MIF text this package writes for the swg encoders' own fixtures. It does
// nothing without -write-seeds:
//
//	go test ./formats/mif -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	for _, s := range hostileSeeds() {
		fuzzseed.Write(t, "FuzzMIF", s.name, []byte(s.src))
	}
	fx := encoderFixtures(t)
	for _, name := range []string{"FuzzSKT/seed-sktm-worked-example", "FuzzSKT/seed-slod-one-lod", "FuzzANS/seed-ckat-0001",
		"FuzzANS/seed-kfat-0003-one-joint-2-frames", "FuzzLMG/seed-mlod-three", "FuzzSAT/seed-smat-mgn-two-skeletons",
		"FuzzMGN/seed-skmg-0004-1-joint"} {
		data, ok := fx[name]
		if !ok {
			t.Fatalf("fixture %s is missing", name)
		}
		txt, err := Write(filepath.Base(name)+"."+strings.ToLower(strings.TrimPrefix(filepath.Dir(name), "Fuzz")), data)
		if err != nil {
			t.Fatal(err)
		}
		fuzzseed.Write(t, "FuzzMIF", "seed-written-"+strings.TrimPrefix(filepath.Base(name), "seed-"), []byte(txt))
	}
}

// TestFuzzSeedsCommitted keeps the committed corpus in step with the seeds above.
func TestFuzzSeedsCommitted(t *testing.T) {
	for _, s := range hostileSeeds() {
		if _, err := os.Stat(filepath.Join("testdata", "fuzz", "FuzzMIF", s.name)); err != nil {
			t.Errorf("seed %s is not committed (run TestWriteFuzzSeeds with -write-seeds)", s.name)
		}
	}
}
