package mif

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/iff"
)

// TestOpenMIF: a .mif opens through the registry, its family from #pragma
// extension or the top form; errors of the decoder name the MIF line.
func TestOpenMIF(t *testing.T) {
	dir := t.TempDir()
	skt := func(pragma string) string {
		return pragma + `form "SKTM" { form "0002" {
  chunk "INFO" { int32 1 }
  chunk "NAME" { cstring "root" }
  chunk "PRNT" { int32 -1 }
  chunk "RPRE" { float 1, 0, 0, 0 }
  chunk "RPST" { float 1, 0, 0, 0 }
  chunk "BPTR" { float 0, 0, 0 }
  chunk "BPRO" { float 1, 0, 0, 0 }
  chunk "JROR" { uint32 0 }
} }
`
	}
	for _, c := range []struct {
		name, src, want string // want: "" opens, else a substring of the error
	}{
		{"by the top form", skt(""), ""},
		{"by the pragma", skt("#pragma extension \"skt\"\n"), ""},
		{"a pragma of another family falls back to the top form", skt("#pragma extension \"xyz\"\n"), ""},
		{"neither", "#pragma extension \"xyz\"\nform \"ABCD\" { }\n", `:1:1: #pragma extension "xyz" is not a family animscope reads, and FORM ABCD`},
		{"unknown top form", "form \"ABCD\" { }\n", ":1:1: FORM ABCD is not a family animscope reads"},
		{"empty", "// nothing\n", ":1:1: the compiled file is empty"},
		{"decoder error mapped to the line", "form \"MLOD\" {\n form \"0000\" {\n  chunk \"INFO\" { int16 1 }\n  chunk \"NAME\" { int8 65 }\n }\n}\n", "c.mif:4:"},
	} {
		p := filepath.Join(dir, "c.mif")
		if err := os.WriteFile(p, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		a, err := formats.OpenFile(p, formats.Options{})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want == "" && (a.Family != formats.FamilySWG || a.Skeleton == nil || a.Skeleton.Len() != 1):
			t.Errorf("%s: family %q, want an swg skeleton of one joint", c.name, a.Family)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// TestSourceMapEveryByte: every byte of a compiled file maps to a statement at
// or before the block that holds it.
func TestSourceMapEveryByte(t *testing.T) {
	src := "form \"SKTM\" {\n form \"0002\" {\n  chunk \"INFO\" { int32 1 }\n  chunk \"NAME\" { cstring \"root\" }\n }\n}\n"
	data, sm, _, err := Compile("m.mif", []byte(src), Options{NoFiles: true})
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := iff.Parse("m", data)
	if err != nil {
		t.Fatal(err)
	}
	name := nodes[0].Kids[0].Kids[1]
	for off, wantLine := range map[int64]int{0: 1, 12: 2, int64(name.Off): 4, int64(name.Off + 8): 4, int64(len(data) - 1): 4} {
		if p, ok := sm.Lookup(off); !ok || p.Line != wantLine {
			t.Errorf("offset %d maps to %v, want line %d", off, p, wantLine)
		}
	}
}
