package mif

import (
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
)

// chunkOf wraps values in a chunk for the table below.
func chunkOf(body string) string { return "chunk \"DATA\" {\n" + body + "\n}\n" }

// payload returns the payload of the single chunk of a compiled source.
func payload(t *testing.T, data []byte) string {
	t.Helper()
	if len(data) < 8 || string(data[:4]) != "DATA" {
		t.Fatalf("compiled %x: not one DATA chunk", data)
	}
	return hex.EncodeToString(data[8:])
}

func TestCompileValues(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{"int8", "int8 1, -1, 255", "01ffff"},
		{"uint8 hex", "uint8 0x7f, 0XFF", "7fff"},
		{"int16 little-endian", "int16 0x1234, -2", "3412feff"},
		{"uint16", "uint16 65535", "ffff"},
		{"int32", "int32 -1, 0x01020304", "ffffffff04030201"},
		{"uint32 octal and suffixes", "uint32 010, 7UL", "0800000007000000"},
		{"float", "float 1.0, -2.5f, 3", "0000803f000020c000004040"},
		{"float negative zero", "float -0.0", "00000080"},
		{"float exponent (extension)", "float 1e2", "0000c842"},
		{"double", "double 1.5", "000000000000f83f"},
		{"cstring", `cstring "ab"`, "616200"},
		{"string and CString spellings", `string "a" CString "b"`, "61006200"},
		{"empty cstring", `cstring ""`, "00"},
		{"escapes", `cstring "\n\t\"\\\101\x41\?"`, "0a09225c41413f00"},
		{"mIFF's \\f is 0x07", `cstring "\f"`, "0700"},
		{"wstring UTF-16LE", `wstring "hé"`, "6800e9000000"},
		{"labelhash is SWG's CRC", `labelhash "123456789"`, "181989fc"},
		{"tag as the client writes it", `tag "ABCD"`, "44434241"},
		{"integer expressions", "int32 1+2*3, (1+2)*3, 1<<4|1, ~0, -(-5), 7%4, 0xF0>>4, 6^3, 6&3", "07000000" + "09000000" + "11000000" + "ffffffff" + "05000000" + "03000000" + "0f000000" + "05000000" + "02000000"},
		{"same level: + and << left to right", "int32 1+1<<2", "08000000"},
		{"float expressions", "float 1.5*2, 2^^3, (1+1)/4, -sin(0), cos(0)", "00004040" + "00000041" + "0000003f" + "00000080" + "0000803f"},
		{"enum symbols", "int8 B, C", "0203"},
		{"comments", "int8 1 // x\n/* y */ int8 2", "0102"},
	} {
		src := chunkOf(c.src)
		if c.name == "enum symbols" {
			src = "enum e { A = 1, B, C } ;\n" + src
		}
		data, _, _, err := Compile("t.mif", []byte(src), Options{NoFiles: true})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := payload(t, data); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

func TestCompileBlocks(t *testing.T) {
	src := `#pragma extension "skt"
form "AB" { form "0001" { chunk "X" { uint8 1 } chunk "EMPT" { } } }
`
	data, sm, f, err := Compile("t.mif", []byte(src), Options{NoFiles: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "464f524d00000021" + "41422020" + "464f524d00000015" + "30303031" + "5820202000000001" + "01" + "454d505400000000"
	if got := hex.EncodeToString(data); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	if f.Extension != "skt" {
		t.Errorf("extension %q, want skt", f.Extension)
	}
	// The byte of chunk X's value (offset 32) maps back to the value statement.
	line2 := strings.Split(src, "\n")[1]
	col := strings.Index(line2, "uint8 1") + 1 + len("uint8 ")
	if p, ok := sm.Lookup(32); !ok || p.Line != 2 || p.Col != col {
		t.Errorf("offset 32 maps to %v, want t.mif:2:%d", p, col)
	}
}

// TestCompileErrors: every error names FILE:LINE:COL.
func TestCompileErrors(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{"unterminated string", "chunk \"A\" {\n cstring \"abc\n}", "t.mif:2:10: string is not closed"},
		{"unterminated comment", "/* x", "t.mif:1:1: comment /* is not closed"},
		{"unclosed form", "form \"A\" {\n", "t.mif:2:1: FORM \"A   \" opened at 1:1 is not closed"},
		{"unclosed chunk", "chunk \"A\" { int8 1", "t.mif:1:19: CHUNK \"A   \" opened at 1:1 is not closed"},
		{"stray brace", "}", "t.mif:1:1: \"}\" closes nothing"},
		{"value outside a chunk", "form \"A\" { int8 1 }", "t.mif:1:12: int8 value outside a chunk"},
		{"form inside a chunk", "chunk \"A\" { form \"B\" { } }", "t.mif:1:13: a chunk holds values, not form"},
		{"long name", "chunk \"ABCDE\" { }", "t.mif:1:7: CHUNK name \"ABCDE\" is longer than 4 characters"},
		{"FORM as a name", "form \"form\" { }", "t.mif:1:6: FORM name cannot be FORM"},
		{"int8 overflow", "chunk \"A\" { int8 256 }", "t.mif:1:18: value 256 does not fit int8"},
		{"int32 below range", "chunk \"A\" { int32 -2147483649 }", "does not fit int32"},
		{"huge number", "chunk \"A\" { int32 99999999999999999999999 }", "t.mif:1:19: number 99999999999999999999999 is too large"},
		{"huge float", "chunk \"A\" { float 1e39 }", "t.mif:1:19: float value 1e+39 is not a finite float"},
		{"float out of double range", "chunk \"A\" { double 1e999 }", "t.mif:1:20: number 1e999 is out of range"},
		{"overflowing expression", "chunk \"A\" { int32 0x7fffffffffffffff + 1 }", "integer overflow"},
		{"division by zero", "chunk \"A\" { int32 1/0 }", "t.mif:1:20: division by zero"},
		{"undefined symbol", "chunk \"A\" { int32 FOO }", "t.mif:1:19: undefined symbol FOO"},
		{"float where an integer goes", "chunk \"A\" { int32 1.5 }", "t.mif:1:19: 1.5 is not an integer"},
		{"unknown escape", `chunk "A" { cstring "\q" }`, "t.mif:1:22: unknown escape \\q"},
		{"hex escape above 255", `chunk "A" { cstring "\x100" }`, "hex escape is above 255"},
		{"pragma after the body", "form \"A\" { }\n#pragma extension \"ans\"", "t.mif:2:1: #pragma must come before"},
		{"unknown pragma", "#pragma color \"red\"", "t.mif:1:1: unknown #pragma color"},
		{"unsupported directive", "#ifdef X", "t.mif:1:1: preprocessor directive #ifdef is not supported"},
		{"character literal", "chunk \"A\" { int8 'a' }", "character literals are not part of MIF"},
		{"deep expression", "chunk \"A\" { int32 " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300) + " }", "expression nests more than 256 levels"},
		{"deep forms", strings.Repeat("form \"A\" {", 70) + strings.Repeat("}", 70), "forms nest more than 64 levels deep"},
		{"tag length", "chunk \"A\" { tag \"ABC\" }", "tag \"ABC\" is not 4 characters"},
		{"include refused in memory", "chunk \"A\" { include \"x.bin\" }", "may not read other files"},
		{"binary include outside a chunk", "include \"x\"", "include (a binary file) is allowed only inside a chunk"},
		{"bad character", "chunk \"A\" { int8 1 @ }", "t.mif:1:20: unexpected character '@'"},
	} {
		_, _, _, err := Compile("t.mif", []byte(c.src), Options{NoFiles: true})
		if err == nil {
			t.Errorf("%s: no error, want %q", c.name, c.want)
			continue
		}
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.Line < 1 || fe.Col < 1 {
			t.Errorf("%s: %v is not a FileError with a line and column", c.name, err)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %q, want it to contain %q", c.name, err, c.want)
		}
	}
}

// TestIncludes: #include, include (binary) and includeIFF read inside the asset
// root, errors inside an included file name that file, and includes that leave
// the root or loop are refused.
func TestIncludes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("inc/common.mif", "enum { NINE = 9 };\nchunk \"COMM\" { int8 NINE }\n")
	write("inc/blob.bin", "\x01\x02")
	write("inc/sub.iff", "SUBC\x00\x00\x00\x01\x05")
	write("inc/bad.mif", "chunk \"B\" {\n  int8 300\n}\n")
	write("inc/loop.mif", "#include \"inc/loop.mif\"\n")
	main := write("main.mif", "form \"TOPF\" {\n#include \"inc/common.mif\"\nchunk \"BIN \" { include \"inc/blob.bin\" int8 NINE }\nincludeIFF \"inc/sub.iff\"\n}\n")
	src, _ := os.ReadFile(main)
	data, _, f, err := Compile(main, src, Options{Path: main})
	if err != nil {
		t.Fatal(err)
	}
	want := "464f524d00000021" + "544f5046" + "434f4d4d0000000109" + "42494e2000000003010209" + "535542430000000105"
	if got := hex.EncodeToString(data); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if len(f.Read) != 3 {
		t.Errorf("read %v, want 3 files", f.Read)
	}
	for _, c := range []struct{ src, want string }{
		{"#include \"inc/bad.mif\"", "bad.mif:2:8: value 300 does not fit int8"},
		{"#include \"inc/loop.mif\"", "includes itself"},
		{"#include \"../etc/passwd\"", "climbs out of the asset root"},
		{"#include \"/etc/passwd\"", "absolute path"},
		{"#include \"inc/missing.mif\"", "not found"},
		{"#include \"inc\"", "only regular files are read"},
	} {
		p := write("case.mif", c.src)
		_, _, _, err := Compile(p, []byte(c.src), Options{Path: p})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
	}
}

// TestDefines: object-like #define and #undef, as the C preprocessor that mIFF
// runs first would replace them.
func TestDefines(t *testing.T) {
	var chain strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&chain, "#define M%d M%d M%d\n", i, i+1, i+1)
	}
	chain.WriteString("#define M30 0,\n") // 2^30 values if nothing stopped it
	for _, c := range []struct {
		name, src, want string // want: hex payload, or "error: substring"
	}{
		{"constant", "#define N 3\n" + chunkOf("int8 N, N+1"), "0304"},
		{"type name", "#define T int16\n" + chunkOf("T 1"), "0100"},
		{"expression, with a comment", "#define TWICE(2 * 4) // eight\n", "error: function-like macros are not supported"},
		{"parenthesised body", "#define E (2 * 4) // eight\n" + chunkOf("int8 E + 1"), "09"},
		{"macro of macros", "#define A B\n#define B 7\n" + chunkOf("int8 A"), "07"},
		{"undef", "#define N 3\n#undef N\n" + chunkOf("int8 N"), "error: t.mif:4:6: undefined symbol N"},
		{"self reference stops", "#define A A\n" + chunkOf("int8 A"), "error: t.mif:3:6: undefined symbol A"},
		{"exponential chain is bounded", chain.String() + chunkOf("int8 M0 0"), "error: tokens of macro expansion (16 per byte of source)"},
		{"no name", "#define 3\n", "error: t.mif:1:1: #define needs a macro name"},
	} {
		data, _, _, err := Compile("t.mif", []byte(c.src), Options{NoFiles: true})
		if want, ok := strings.CutPrefix(c.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: got %v, want an error containing %q", c.name, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := payload(t, data); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

// TestMaxValues: a source with more values than the limit is refused at the first
// value past it.
func TestMaxValues(t *testing.T) {
	old := maxValues
	maxValues = 6 // the chunk and five values
	defer func() { maxValues = old }()
	if _, _, _, err := Compile("t.mif", []byte(chunkOf("int8 1, 2, 3, 4, 5")), Options{NoFiles: true}); err != nil {
		t.Fatalf("5 values: %v", err)
	}
	if _, _, _, err := Compile("t.mif", []byte(strings.Repeat("form \"A\" { }\n", 7)), Options{NoFiles: true}); err == nil ||
		!strings.Contains(err.Error(), "t.mif:7:1: more than 6 values and blocks") {
		t.Errorf("7 forms: got %v, want t.mif:7:1: more than 6 values and blocks", err)
	}
	_, _, _, err := Compile("t.mif", []byte(chunkOf("int8 1, 2, 3\ncstring \"a\" cstring \"b\" float 6")), Options{NoFiles: true})
	if err == nil || !strings.Contains(err.Error(), "t.mif:3:31: more than 6 values and blocks") {
		t.Errorf("6 values: got %v, want t.mif:3:31: more than 6 values and blocks", err)
	}
}

// TestLabelHash: labelhash is CRC-32 with polynomial 0x04C11DB7, most
// significant bit first, initial value and final XOR 0xFFFFFFFF (the
// CRC-32/BZIP2 parameters, whose check value for "123456789" is 0xFC891918); it
// stops at a 0 byte. The table form agrees with the bit-at-a-time loop.
func TestLabelHash(t *testing.T) {
	bitwise := func(s string) uint32 {
		crc := uint32(0xFFFFFFFF)
		for i := 0; i < len(s) && s[i] != 0; i++ {
			crc ^= uint32(s[i]) << 24
			for k := 0; k < 8; k++ {
				if crc&0x80000000 != 0 {
					crc = crc<<1 ^ 0x04C11DB7
				} else {
					crc <<= 1
				}
			}
		}
		return crc ^ 0xFFFFFFFF
	}
	for _, c := range []struct {
		s    string
		want uint32
	}{{"123456789", 0xFC891918}, {"", 0}, {"123456789\x00tail", 0xFC891918}} {
		if got := LabelHash(c.s); got != c.want {
			t.Errorf("LabelHash(%q) = %#08x, want %#08x", c.s, got, c.want)
		}
	}
	for _, s := range []string{"a", "appearance/skeleton/all_b.skt", "\xff\x80\x01", strings.Repeat("xyz", 100)} {
		if got, want := LabelHash(s), bitwise(s); got != want {
			t.Errorf("LabelHash(%q) = %#08x, bit by bit %#08x", s, got, want)
		}
	}
}

// TestStringPositions: a string with a line break, escapes and multi-byte
// characters leaves the lexer at the right line and column, and its bytes are
// those written (with or without escapes).
func TestStringPositions(t *testing.T) {
	src := "chunk \"A\" { cstring \"ab\ncé\" int8 1 cstring \"x\\ty\" cstring \"\" int8 2 }"
	data, sm, f, err := Compile("s.mif", []byte(src), Options{NoFiles: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := hex.EncodeToString(data[8:]), "61620a63c3a90001"+"78097900"+"00"+"02"; got != want {
		t.Errorf("payload %s, want %s", got, want)
	}
	n := f.Top[0]
	for i, want := range []Pos{{"s.mif", 1, 21}, {"s.mif", 2, 10}, {"s.mif", 2, 20}, {"s.mif", 2, 35}, {"s.mif", 2, 43}} {
		if got := f.Value(n, i).Pos; got != want {
			t.Errorf("value %d at %v, want %v", i, got, want)
		}
	}
	if p, ok := sm.Lookup(int64(len(data) - 1)); !ok || p.Line != 2 || p.Col != 43 {
		t.Errorf("the last byte maps to %v, want s.mif:2:43", p)
	}
}
