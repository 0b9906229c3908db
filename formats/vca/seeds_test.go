package vca

import (
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var writeSeeds = flag.Bool("write-seeds", false, "(re)write the committed fuzz seed corpora under testdata/fuzz")

// writeSeed writes one seed of a fuzz target in Go's corpus format
// ("go test fuzz v1", then one line per argument).
func writeSeed(t *testing.T, target, name string, args ...any) {
	t.Helper()
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, a := range args {
		switch v := a.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%q)\n", v)
		case string:
			fmt.Fprintf(&b, "string(%q)\n", v)
		case uint8:
			fmt.Fprintf(&b, "byte(%q)\n", v)
		default:
			t.Fatalf("%s/%s: unsupported argument type %T", target, name, a)
		}
	}
	if b.Len() > 64<<10 {
		t.Fatalf("%s/%s: %d bytes, keep seeds under 64 KiB", target, name, b.Len())
	}
	dir := filepath.Join("testdata", "fuzz", target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWriteFuzzSeeds (re)writes the seed corpora of every fuzz target of the
// package from the tests' own inputs and writers; it does nothing without
// -write-seeds:
//
//	go test ./formats/vca -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	if !*writeSeeds {
		t.Skip("run with -args -write-seeds to rewrite testdata/fuzz")
	}
	wave, err := os.ReadFile(filepath.Join("testdata", "wave.vca"))
	if err != nil {
		t.Fatal(err)
	}
	type seed struct {
		name string
		data []byte
	}
	var vcaS []seed
	for i, s := range vcaSeeds {
		name := fmt.Sprintf("seed-extra-%d", i-4)
		if i < 5 {
			name = "seed-" + [5]string{"w1", "w2", "w3", "w4", "w6"}[i]
		}
		vcaS = append(vcaS, seed{name, []byte(s)})
	}
	vcaS = append(vcaS, seed{"seed-wave", wave})
	vcm16 := testVEC3(true, false)
	truncated := testVEC3(false, true)
	truncated = truncated[:len(truncated)/2]
	bigCount := testVEC3(false, true)
	binary.LittleEndian.PutUint16(bigCount[14:], 0x7FFF) // model count
	corpora := map[string][]seed{
		"FuzzVCA": vcaS,
		"FuzzVCMTokenizer": {
			{"seed-vca-w1", []byte(w1)}, {"seed-vca-w4", []byte(w4)},
			{"seed-vcm-bones", []byte(vcmSeeds[0])}, {"seed-vcm-primitives", []byte(vcmSeeds[1])}, {"seed-vcm-nested", []byte(vcmSeeds[2])},
			{"seed-escapes", []byte("@a x 'q\\u00e9\\101\\x4\\\n' y (a(b)c) # c\n@b { @c } }")},
			{"seed-deep", []byte(strings.Repeat("@b {", 40) + strings.Repeat("}", 40))},
			{"seed-unterminated-string", []byte("@a name 'open")},
		},
		"FuzzSkeletonJSON": {
			{"seed-model-missing", []byte(skeletonSeeds[0])}, {"seed-root-offset", []byte(skeletonSeeds[1])},
			{"seed-short-offset", []byte(skeletonSeeds[2])}, {"seed-name-number", []byte(skeletonSeeds[3])},
		},
		"FuzzVCMModel": {
			{"seed-bone-tree", []byte(vcmSeeds[0])}, {"seed-primitives", []byte(vcmSeeds[1])}, {"seed-nested", []byte(vcmSeeds[2])},
		},
		"FuzzVEC3": {
			{"seed-quad-index8-normals", testVEC3(false, true)},
			{"seed-quad-index16", vcm16},
			{"seed-truncated-half", truncated},
			{"seed-model-count-7fff", bigCount},
		},
	}
	for target, seeds := range corpora {
		for _, s := range seeds {
			writeSeed(t, target, s.name, s.data)
		}
	}
	for i, s := range exprSeeds {
		writeSeed(t, "FuzzExpr", fmt.Sprintf("seed-%02d", i), s)
	}
}
