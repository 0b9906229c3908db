package vca

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/internal/fuzzseed"
)

// TestWriteFuzzSeeds (re)writes the seed corpora of every fuzz target of the
// package from the tests' own inputs and writers; it does nothing without
// -write-seeds:
//
//	go test ./formats/vca -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
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
			fuzzseed.Write(t, target, s.name, s.data)
		}
	}
	for i, s := range exprSeeds {
		fuzzseed.Write(t, "FuzzExpr", fmt.Sprintf("seed-%02d", i), s)
	}
}
