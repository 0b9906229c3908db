package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// neutralFormats are the packages under formats that the command line may
// import: the registries and what every family shares. A file family (m2, msh,
// swg, vca, iff, mif, mpq, tre, nres, blp, dds, texm, texture, dbc, wowchar, or
// any new one) registers itself from init and is reached through formats; only
// formats/all names the families.
var neutralFormats = map[string]bool{
	"animscope/formats":            true,
	"animscope/formats/all":        true,
	"animscope/formats/atomicfile": true,
	"animscope/formats/gltf":       true,
	"animscope/formats/printable":  true,
	"animscope/formats/vfs":        true,
}

// TestCmdImportsNoFamilyPackage: no production file of cmd/animscope imports a
// file family's package. Every .go file that is no test is read, whatever its
// build constraints (a file for another system or for cgo counts too).
func TestCmdImportsNoFamilyPackage(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	byPkg := map[string][]string{}
	read := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		read++
		for _, imp := range ast.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				t.Fatalf("%s: import %s: %v", f, imp.Path.Value, err)
			}
			if strings.HasPrefix(p, "animscope/formats/") && !neutralFormats[p] {
				byPkg[p] = append(byPkg[p], f)
			}
		}
	}
	if read == 0 {
		t.Fatal("no production .go file found in cmd/animscope")
	}
	pkgs := make([]string, 0, len(byPkg))
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		t.Errorf("cmd/animscope imports the family package %s (in %s): reach it through a registry in formats", p, strings.Join(byPkg[p], ", "))
	}
}
