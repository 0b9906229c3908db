// Package miftest writes MIF sources for tests: the large and hostile shapes
// that the robustness checks (no input of up to 16 MB may take over 1 GiB or
// 10 s in any command) run every command on. Each is built at run time; none is
// committed.
package miftest

import (
	"strconv"
	"strings"
)

// OneByteValues is a source of n one-byte values, one "uint8 V" statement per
// line, in one chunk of an unknown form (about 8 bytes of source per value: 2
// million values make 16 MB).
func OneByteValues(n int) []byte {
	var b strings.Builder
	b.Grow(n*10 + 64)
	b.WriteString("form \"TEST\" {\nchunk \"DATA\" {\n")
	for i := 0; i < n; i++ {
		b.WriteString("uint8 ")
		b.WriteString(strconv.Itoa(i % 200))
		b.WriteByte('\n')
	}
	b.WriteString("}\n}\n")
	return []byte(b.String())
}

// EmptyChunks is a source of n empty chunks in one form (14 bytes each).
func EmptyChunks(n int) []byte {
	return []byte("form \"TEST\" {\n" + strings.Repeat("chunk \"A\" { }\n", n) + "}\n")
}

// MacroReuse is a source that defines a string macro of size bytes and uses it
// n times as a value of type typ ("cstring", "wstring" or "labelhash"): without
// a bound on what a source makes, a 1 MB source compiles to n MB or hashes n MB.
func MacroReuse(size, n int, typ string) []byte {
	return []byte("#define S \"" + strings.Repeat("x", size) + "\"\nform \"TEST\" {\nchunk \"DATA\" {\n" +
		strings.Repeat(typ+" S\n", n) + "}\n}\n")
}

// RepeatedInclude is a source that includes the file inc n times (one
// "#include" line each) and that file's contents: write both into one folder,
// the source as any name, the file as inc.
func RepeatedInclude(n int, inc string) (src, incData []byte) {
	return []byte(strings.Repeat("#include \""+inc+"\"\n", n) + "form \"TEST\" { }\n"), []byte("// empty\n")
}
