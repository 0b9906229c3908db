package msh_test

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/msh"
	"animscope/formats/nres"
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

// TestWriteFuzzSeeds (re)writes the FuzzMSH seed corpus from the package's own
// encoder; it does nothing without -write-seeds:
//
//	go test ./formats/msh -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	if !*writeSeeds {
		t.Skip("run with -args -write-seeds to rewrite testdata/fuzz")
	}
	enc := func(m *msh.Model) []byte {
		data, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	r := rand.New(rand.NewPCG(5, 6))
	worked := enc(msh.WorkedExample())
	chain := enc(msh.NewChain(4, 6))
	static := msh.NewChain(1, 1)
	outer := nres.Encode(0, []nres.Entry{member(0, "a.msh", worked), member(nres.TypeTexm, "t", []byte("Texm"))})
	arc, err := nres.Decode("w.msh", worked)
	if err != nil {
		t.Fatal(err)
	}
	// Res19's frame_count (attr2) set to 0: an error diagnostic, not a decode error.
	noFrames := append([]byte(nil), worked...)
	if i, _ := arc.FindType(msh.ResFrameMap); i >= 0 {
		binary.LittleEndian.PutUint32(noFrames[arc.Entries[i].DirOffset+nres.FieldAttr2:], 0)
	}
	seeds := []struct {
		name string
		data []byte
		opt  uint8 // index into fuzzOpts
	}{
		{"seed-worked-example", worked, 0},
		{"seed-worked-example-floor-wxyz", worked, 1},
		{"seed-chain-4x6", chain, 0},
		{"seed-chain-4x6-half-away", chain, 2},
		{"seed-static-1-node", enc(static), 0},
		{"seed-random-1", enc(randomModel(r)), 0},
		{"seed-random-2", enc(randomModel(r)), 1},
		{"seed-outer-archive", outer, 0},
		{"seed-frame-count-0", noFrames, 0},
		{"seed-truncated-half", worked[:len(worked)/2], 0},
	}
	for _, s := range seeds {
		writeSeed(t, "FuzzMSH", s.name, s.data, s.opt)
	}
}
