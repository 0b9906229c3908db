//go:build unix

package main

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"animscope/formats/msh"
	"animscope/formats/nres"
)

// TestExportOfOverlappingMapBlocksEnds: MSH map blocks may overlap, so 4.5 MB
// give 65,535 nodes one shared block of a million frames. export reads every
// node's key times before it checks the clip's length, and those were found by
// a scan of the node's block: 6.5·10¹⁰ map words, hours. They are now found in
// one pass over the map, and the export refuses the million-frame clip at once
// (exit 1, the clip too long for its samples), as validate passes the file.
func TestExportOfOverlappingMapBlocksEnds(t *testing.T) {
	const nodes, frames = 0xFFFF, 1_000_000
	le := binary.LittleEndian
	res1 := make([]byte, nodes*msh.NodeSize)
	for i := 0; i < nodes; i++ {
		r := res1[i*msh.NodeSize:]
		parent := uint16(i - 1)
		if i == 0 {
			parent = msh.NoIndex
		}
		le.PutUint16(r[2:], parent)
		le.PutUint16(r[4:], 0) // every block starts at word 0
		le.PutUint16(r[6:], 1) // fallback key 1; the map's words (0) name key 0
		for s := 0; s < msh.SlotsPerNode; s++ {
			le.PutUint16(r[8+2*s:], msh.NoIndex)
		}
	}
	keys := make([]byte, 2*msh.KeySize)
	for k := 0; k < 2; k++ {
		le.PutUint32(keys[k*msh.KeySize+12:], math.Float32bits(float32(k)))
		le.PutUint16(keys[k*msh.KeySize+22:], 32767) // w = 1 (xyzw)
	}
	entry := func(typ, attr1, attr2, attr3 uint32, data []byte) nres.Entry {
		e := nres.Entry{Type: typ, Attr1: attr1, Attr2: attr2, Attr3: attr3, Data: data}
		e.SetName("blocks")
		return e
	}
	data := nres.Encode(0, []nres.Entry{
		entry(msh.ResNodes, nodes, 0, msh.NodeSize, res1),
		entry(msh.ResHeader, 0, 0, 68, make([]byte, msh.HeaderSize)),
		entry(msh.ResPositions, 0, 0, 12, nil),
		entry(msh.ResIndices, 0, 0, 2, nil),
		entry(msh.ResBatches, 0, 0, 20, nil),
		entry(msh.ResKeys, 2, 0, 4, keys),
		entry(msh.ResFrameMap, frames, frames, 2, make([]byte, 2*frames)),
	})
	dir := t.TempDir()
	in := filepath.Join(dir, "blocks.msh")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLIWithin(t, 60*time.Second, "validate", in); code != exitOK {
		t.Fatalf("validate: exit %d: %s", code, stderr)
	}
	code, _, stderr := runCLIWithin(t, 30*time.Second, "export", "--out", filepath.Join(dir, "o.glb"), in)
	if code != exitInvalid || !strings.Contains(stderr, in) || !strings.Contains(stderr, "samples") {
		t.Errorf("export: exit %d, stderr %q; want exit 1 and the clip's length refused", code, stderr)
	}
}
