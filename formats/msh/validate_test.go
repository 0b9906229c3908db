package msh_test

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"

	"github.com/go-gl/mathgl/mgl32"
)

func ent(a *nres.Archive, t uint32) *nres.Entry {
	i, _ := a.FindType(t)
	if i < 0 {
		return nil
	}
	return &a.Entries[i]
}

// own makes e's payload a private copy so it can be changed.
func own(e *nres.Entry) []byte {
	e.Data = append([]byte(nil), e.Data...)
	return e.Data
}

func set16(a *nres.Archive, t uint32, off int, v uint16) {
	binary.LittleEndian.PutUint16(own(ent(a, t))[off:], v)
}

func set32(a *nres.Archive, t uint32, off int, v uint32) {
	binary.LittleEndian.PutUint32(own(ent(a, t))[off:], v)
}

func payload(t uint32, off int) func(a *nres.Archive) int64 {
	return func(a *nres.Archive) int64 { return int64(ent(a, t).Offset) + int64(off) }
}

func dirField(t uint32, fld int) func(a *nres.Archive) int64 {
	return func(a *nres.Archive) int64 { return ent(a, t).DirOffset + int64(fld) }
}

func removeType(a *nres.Archive, t uint32) {
	i, _ := a.FindType(t)
	a.Entries = append(a.Entries[:i], a.Entries[i+1:]...)
}

// allDiagnostics opens data and returns the decoder's and Validate's diagnostics.
func allDiagnostics(t *testing.T, name string, data []byte) (*formats.Asset, []formats.Diagnostic) {
	t.Helper()
	a, err := formats.OpenData(name, data, formats.Options{})
	if err != nil {
		t.Fatalf("OpenData: %v", err)
	}
	ds := append([]formats.Diagnostic(nil), a.Diagnostics...)
	if a.Validate != nil {
		ds = append(ds, a.Validate()...)
	}
	return a, ds
}

type valCase struct {
	name   string
	model  func() *msh.Model
	mutate func(a *nres.Archive)
	sev    formats.Severity
	text   string
	off    func(a *nres.Archive) int64
}

const node = msh.NodeSize

func validationCases() []valCase {
	ex := mshtest.WorkedExample
	chain := func() *msh.Model { return mshtest.NewChain(3, 5) }
	twoStatic := func() *msh.Model {
		m := mshtest.WorkedExample()
		m.Nodes[1].Keys = m.Nodes[1].Keys[:1]
		return m
	}
	E, W := formats.Error, formats.Warning
	return []valCase{
		// §16.1 required.
		{"Res8 size", ex, func(a *nres.Archive) { e := ent(a, 8); e.Data = append(own(e), 0) }, E, "Res8: size 97 is not a multiple", dirField(8, nres.FieldSize)},
		{"Res19 size", ex, func(a *nres.Archive) { e := ent(a, 19); e.Data = append(own(e), 0) }, E, "Res19: size 11 is not a multiple", dirField(19, nres.FieldSize)},
		{"fb past key pool", ex, func(a *nres.Archive) { set16(a, 1, node+6, 9) }, E, "fallback key 9 is out of range", payload(1, node+6)},
		{"fb 0xFFFF", ex, func(a *nres.Archive) { set16(a, 1, 6, 0xFFFF) }, E, "fallback key 65535 is out of range", payload(1, 6)},
		{"map block range", ex, func(a *nres.Archive) { set16(a, 1, node+4, 3) }, E, "map block 3 + frame_count 5 exceeds", payload(1, node+4)},
		{"times increase", ex, func(a *nres.Archive) { set32(a, 8, 2*24+12, math.Float32bits(0)) }, E, "key 2 time 0 does not increase", payload(8, 2*24+12)},
		{"mapped track 2 keys", ex, func(a *nres.Archive) {
			for f := 0; f < 5; f++ {
				set16(a, 19, 2*f, 3)
			}
		}, E, "needs at least 2 keys", payload(1, node+4)},
		{"frame_count 0", ex, func(a *nres.Archive) { ent(a, 19).Attr2 = 0 }, E, "frame_count (attr2) is 0", dirField(19, nres.FieldAttr2)},
		{"parent not before", ex, func(a *nres.Archive) { set16(a, 1, 2, 1) }, E, "parent 1 is neither 0xFFFF nor less", payload(1, 2)},
		// §16.1 recommended.
		{"fb increase", twoStatic, func(a *nres.Archive) { set16(a, 1, 6, 1); set16(a, 1, node+6, 0) }, W, "fallback key 0 does not increase", payload(1, node+6)},
		{"track time 0", ex, func(a *nres.Archive) { set32(a, 8, 1*24+12, math.Float32bits(0.5)) }, W, "starts at key 1 with time 0.5", payload(8, 24+12)},
		{"frame count = end + 1", ex, func(a *nres.Archive) { set32(a, 8, 3*24+12, math.Float32bits(3)) }, W, "frame_count 5, but the largest track end time is 3", dirField(19, nres.FieldAttr2)},
		{"map overlap", chain, func(a *nres.Archive) { set16(a, 1, node+4, 0) }, W, "overlaps the previous block", payload(1, node+4)},
		{"map gap", chain, func(a *nres.Archive) {
			e := ent(a, 19)
			e.Data = append(own(e), make([]byte, 10)...)
			e.Attr1 += 5
			set16(a, 1, node+4, 10)
		}, W, "leaving a gap after word 5", payload(1, node+4)},
		{"parent cycle", ex, func(a *nres.Archive) { set16(a, 1, 2, 1) }, W, "form a cycle", payload(1, 0+2)},
		// Canonical form (warnings).
		{"map above fb", ex, func(a *nres.Archive) { set16(a, 19, 2*4, 7) }, W, "map value 7 at frame 4 is above the fallback key 3", payload(19, 8)},
		{"map not canonical", ex, func(a *nres.Archive) { set16(a, 19, 2*3, 1) }, W, "map value 1 at frame 3, canonical data stores 2", payload(19, 6)},
		{"key pool order", ex, func(a *nres.Archive) {
			// Node 1 maps keys 2..3 only: its track no longer starts right after key 0.
			set16(a, 19, 0, 2)
			set32(a, 8, 1*24+12, math.Float32bits(0))
			set32(a, 8, 2*24+12, math.Float32bits(0))
		}, W, "not right after the previous track", payload(1, node+6)},
		// §16.2 structure.
		{"missing Res1", ex, func(a *nres.Archive) { removeType(a, 1) }, E, "required stream Res1 is missing", func(a *nres.Archive) int64 { return a.DirOffset }},
		{"missing Res2", ex, func(a *nres.Archive) { removeType(a, 2) }, E, "required stream Res2 is missing", func(a *nres.Archive) int64 { return a.DirOffset }},
		{"missing Res3", ex, func(a *nres.Archive) { removeType(a, 3) }, E, "required stream Res3 is missing", func(a *nres.Archive) int64 { return a.DirOffset }},
		{"missing Res6", ex, func(a *nres.Archive) { removeType(a, 6) }, E, "required stream Res6 is missing", func(a *nres.Archive) int64 { return a.DirOffset }},
		{"missing Res13", ex, func(a *nres.Archive) { removeType(a, 13) }, E, "required stream Res13 is missing", func(a *nres.Archive) int64 { return a.DirOffset }},
		{"duplicate type", ex, func(a *nres.Archive) { a.Entries = append(a.Entries, a.Entries[2]) }, W, "Res3 appears more than once", func(a *nres.Archive) int64 { return a.Entries[len(a.Entries)-1].DirOffset }},
		{"Res1 stride", ex, func(a *nres.Archive) { ent(a, 1).Attr3 = 40 }, W, "stride (attr3) 40", dirField(1, nres.FieldAttr3)},
		{"Res1 size", ex, func(a *nres.Archive) { e := ent(a, 1); e.Data = append(own(e), 0) }, E, "Res1: size 77 is not a multiple", dirField(1, nres.FieldSize)},
		{"Res1 attr1", ex, func(a *nres.Archive) { ent(a, 1).Attr1 = 3 }, E, "Res1: attr1 (node count) 3", dirField(1, nres.FieldAttr1)},
		{"Res2 short", ex, func(a *nres.Archive) { e := ent(a, 2); e.Data = own(e)[:100] }, E, "smaller than the 0x8C-byte model header", dirField(2, nres.FieldSize)},
		{"Res2 slot size", ex, func(a *nres.Archive) { e := ent(a, 2); e.Data = append(own(e), 0) }, E, "not a multiple of the 68-byte slot", dirField(2, nres.FieldSize)},
		{"Res2 attr1", ex, func(a *nres.Archive) { ent(a, 2).Attr1 = 2 }, E, "Res2: attr1 (slot count) 2", dirField(2, nres.FieldAttr1)},
		{"Res2 attr3", ex, func(a *nres.Archive) { ent(a, 2).Attr3 = 64 }, E, "Res2: attr3 64, must be 68", dirField(2, nres.FieldAttr3)},
		{"Res2 attr2", ex, func(a *nres.Archive) { ent(a, 2).Attr2 = 1 }, W, "Res2: attr2 1", dirField(2, nres.FieldAttr2)},
		{"Res3 stride", ex, func(a *nres.Archive) { ent(a, 3).Attr3 = 16 }, E, "Res3: attr3 16, must be the stride 12", dirField(3, nres.FieldAttr3)},
		{"Res3 attr1", ex, func(a *nres.Archive) { ent(a, 3).Attr1 = 1 }, E, "Res3: attr1 1", dirField(3, nres.FieldAttr1)},
		{"Res6 attr2", ex, func(a *nres.Archive) { ent(a, 6).Attr2 = 4 }, W, "Res6: attr2 4", dirField(6, nres.FieldAttr2)},
		{"Res7 size", ex, func(a *nres.Archive) { e := ent(a, 7); e.Data = append(own(e), 0) }, E, "Res7: size 193 is not a multiple", dirField(7, nres.FieldSize)},
		{"Res13 attr3", ex, func(a *nres.Archive) { ent(a, 13).Attr3 = 4 }, E, "Res13: attr3 4", dirField(13, nres.FieldAttr3)},
		{"Res15 attr1", ex, func(a *nres.Archive) { ent(a, 15).Attr1 = 0 }, E, "Res15: attr1 0", dirField(15, nres.FieldAttr1)},
		{"Res8 attr3", ex, func(a *nres.Archive) { ent(a, 8).Attr3 = 24 }, E, "Res8: attr3 24, must be 4", dirField(8, nres.FieldAttr3)},
		{"Res19 attr3", ex, func(a *nres.Archive) { ent(a, 19).Attr3 = 4 }, E, "Res19: attr3 4, must be 2", dirField(19, nres.FieldAttr3)},
		{"Res10 attr1", ex, func(a *nres.Archive) { ent(a, 10).Attr1 = 5 }, E, "Res10: attr1 5, must equal Res1's attr1 2", dirField(10, nres.FieldAttr1)},
		{"Res10 attr3", ex, func(a *nres.Archive) { ent(a, 10).Attr3 = 1 }, W, "Res10: attr3 1", dirField(10, nres.FieldAttr3)},
		{"Res10 leftover", ex, func(a *nres.Archive) { e := ent(a, 10); e.Data = append(own(e), 0, 0) }, E, "2 bytes left over", payload(10, 8)},
		{"Res10 length", ex, func(a *nres.Archive) { set32(a, 10, 4, 1000) }, E, "length 1000 does not fit", payload(10, 4)},
		{"Res10 NUL", ex, func(a *nres.Archive) {
			e := ent(a, 10)
			e.Data = []byte{2, 0, 0, 0, 'a', 'b', 'c', 0, 0, 0, 0}
		}, W, "record 0 has no NUL terminator", payload(10, 6)},
		{"Res4 count", ex, func(a *nres.Archive) { e := ent(a, 4); e.Data = own(e)[:8]; e.Attr1 = 2 }, E, "Res4 has 2 records, Res3 has 24", dirField(4, nres.FieldAttr1)},
		{"Res5 count", ex, func(a *nres.Archive) { e := ent(a, 5); e.Data = own(e)[:8]; e.Attr1 = 2 }, E, "Res5 has 2 records, Res3 has 24", dirField(5, nres.FieldAttr1)},
		{"batch index range", ex, func(a *nres.Archive) { set32(a, 13, 10, 30) }, E, "batch 0: indices 30..66 are past the 36", payload(13, 10)},
		{"batch index count", ex, func(a *nres.Archive) { set16(a, 13, 8, 35) }, W, "index count 35 is not a multiple of 3", payload(13, 8)},
		{"batch vertex", ex, func(a *nres.Archive) { set32(a, 13, 16, 1) }, E, "base vertex 1 + index 23 is past the 24", payload(13, 16)},
		{"slot triangles", ex, func(a *nres.Archive) { set16(a, 2, 0x8C+2, 13) }, E, "slot 0: triangles 0..13 are past the 12", payload(2, 0x8C)},
		{"slot batches", ex, func(a *nres.Archive) { set16(a, 2, 0x8C+4, 1) }, E, "slot 0: batches 1..2 are past the 1", payload(2, 0x8C+4)},
		{"slot bounds", ex, func(a *nres.Archive) { set32(a, 2, 0x8C+0x2C, 0x7FC00000) }, E, "bound value 9 is not finite", payload(2, 0x8C+0x2C)},
		{"triangle link", ex, func(a *nres.Archive) { set16(a, 7, 16+4, 12) }, E, "triangle 1: link1 = 12", payload(7, 16+4)},
		{"node slot index", ex, func(a *nres.Archive) { set16(a, 1, node+8+2*7, 3) }, E, "slotIndex[7] = 3 is out of range", payload(1, node+8+14)},
		{"24-byte nodes", func() *msh.Model { return twoStatic() }, func(a *nres.Archive) {
			e := ent(a, 1)
			d := own(e)
			e.Data = append(append([]byte(nil), d[:24]...), d[38:62]...)
			e.Attr3 = 24
		}, W, "24-byte node stride", dirField(1, nres.FieldAttr3)},
	}
}

func TestValidation(t *testing.T) {
	for _, c := range validationCases() {
		t.Run(c.name, func(t *testing.T) {
			data, err := c.model().Encode()
			if err != nil {
				t.Fatal(err)
			}
			a, err := nres.Decode("bad.msh", data)
			if err != nil {
				t.Fatal(err)
			}
			c.mutate(a)
			data = a.Encode()
			a2, err := nres.Decode("bad.msh", data)
			if err != nil {
				t.Fatal(err)
			}
			wantOff := c.off(a2)
			_, ds := allDiagnostics(t, "bad.msh", data)
			for _, d := range ds {
				if strings.Contains(d.Message, c.text) {
					if d.Severity != c.sev || d.Offset != wantOff || d.File != "bad.msh" {
						t.Errorf("got %v (%v), want a %v at offset 0x%x", d, d.Severity, c.sev, wantOff)
					}
					return
				}
			}
			t.Errorf("no diagnostic containing %q; got:\n%v", c.text, ds)
		})
	}
}

// TestCleanFilesValidate: the writer's output has no diagnostic at all.
func TestCleanFilesValidate(t *testing.T) {
	for name, m := range map[string]*msh.Model{"example": mshtest.WorkedExample(), "chain": mshtest.NewChain(20, 17)} {
		data, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if _, ds := allDiagnostics(t, name+".msh", data); len(ds) != 0 {
			t.Errorf("%s: %v", name, ds)
		}
	}
}

// TestIdentityNodes: out-of-range key references sample as identity with a probe
// that names no key, never reading out of bounds.
func TestIdentityNodes(t *testing.T) {
	data, _ := mshtest.WorkedExample().Encode()
	a, _ := nres.Decode("bad.msh", data)
	set16(a, 1, node+6, 0xFFFF)
	as, ds := allDiagnostics(t, "bad.msh", a.Encode())
	if !formats.HasErrors(ds) {
		t.Fatalf("no error diagnostic: %v", ds)
	}
	out := make([]anim.Transform, 2)
	probes := make([]anim.Probe, 2)
	for _, tm := range []float64{-1, 0, 0.5, 2, 4, 9} {
		as.Clips[0].Sample(nil, tm, out, probes)
		if out[1] != anim.IdentityTransform || !probes[1].Fallback || probes[1].Key(0).K0 != -1 {
			t.Errorf("t=%v: node 1 = %+v probe %+v, want identity, fallback, no key", tm, out[1], probes[1].AppendKeys(nil))
		}
	}
	if d := as.Details.(*msh.Details).Tables(); !d.Nodes[1].Identity {
		t.Errorf("details do not flag node 1 as sampled as identity")
	}
}

// TestStaticIdentityCounts: §10.1's counts of the two identity readings.
func TestStaticIdentityCounts(t *testing.T) {
	m := mshtest.NewChain(9, 4) // nodes 2, 5, 8 are static
	for _, order := range []string{"xyzw", "wxyz"} {
		m.QuatOrder = order
		data, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		a, err := formats.OpenData("c.msh", data, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := a.Details.(*msh.Details)
		want := [2]int{3, 0}
		if order == "wxyz" {
			want = [2]int{0, 3}
		}
		if got := [2]int{d.StaticIdentityXYZW, d.StaticIdentityWXYZ}; got != want || d.StaticNodes != 3 {
			t.Errorf("%s: static identity counts %v (static %d), want %v (3)", order, got, d.StaticNodes, want)
		}
	}
}

// TestBatchMaterialReadings: both readings of §8.3 are reported.
func TestBatchMaterialReadings(t *testing.T) {
	m := mshtest.WorkedExample()
	m.Nodes[1].Parts[0].Material = 0x1234
	data, _ := m.Encode()
	a, _ := formats.OpenData("m.msh", data, formats.Options{})
	b := a.Details.(*msh.Details).Tables().Batches[0]
	if b.MaterialW2 != 0x1234 || b.MaterialLo4 != 0x34 || b.LightmapHi4 != 0xFF {
		t.Errorf("batch readings %+v, want word2 0x1234, low byte of +4 0x34, lightmap 0xFF", b)
	}
}

var _ = mgl32.Vec3{}
