package msh_test

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"animscope/formats/internal/fuzzseed"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
)

// TestWriteFuzzSeeds (re)writes the FuzzMSH seed corpus from the package's own
// encoder; it does nothing without -write-seeds:
//
//	go test ./formats/msh -run TestWriteFuzzSeeds -args -write-seeds
func TestWriteFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	enc := func(m *msh.Model) []byte {
		data, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	r := rand.New(rand.NewPCG(5, 6))
	worked := enc(mshtest.WorkedExample())
	chain := enc(mshtest.NewChain(4, 6))
	static := mshtest.NewChain(1, 1)
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
	textured, err := mshtest.TexturedArchive()
	if err != nil {
		t.Fatal(err)
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
		{"seed-textured-archive", textured, 0},
		{"seed-frame-count-0", noFrames, 0},
		{"seed-truncated-half", worked[:len(worked)/2], 0},
	}
	for _, s := range seeds {
		fuzzseed.Write(t, "FuzzMSH", s.name, s.data, s.opt)
	}
}
