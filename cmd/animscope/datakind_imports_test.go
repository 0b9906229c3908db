package main

import (
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// TestVerdictFilesImportNoDataFamily: validate, inspect, texture, batch and the
// texture warnings ask formats' registries (data kinds, texture kinds) and import
// no package of a family of data or scenes; the families come in through
// formats/all.
func TestVerdictFilesImportNoDataFamily(t *testing.T) {
	families := map[string]bool{}
	for _, f := range []string{"blp", "dbc", "dds", "iff", "m2", "mif", "msh", "nres", "swg", "texm", "texture", "vca", "wowchar"} {
		families["animscope/formats/"+f] = true
	}
	fset := token.NewFileSet()
	for _, file := range []string{"validate.go", "inspect.go", "texture.go", "texture_verdict.go", "render_textures.go", "batch.go", "batch_export.go"} {
		f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			for fam := range families {
				if p == fam || strings.HasPrefix(p, fam+"/") {
					t.Errorf("%s imports %s: it should ask formats", file, p)
				}
			}
		}
	}
}
