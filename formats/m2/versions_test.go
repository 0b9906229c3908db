package m2

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"animscope/formats/m2/m2test"
)

// TestVersion272Combos: the project's writer builds the synthetic model at 272
// without and with global flag 0x8; with it the texture-combiner combos after
// the header pick each batch's combiner ops (combos.go), without it the ops come
// from the blend mode.
func TestVersion272Combos(t *testing.T) {
	for _, c := range []struct {
		name    string
		flags   uint32
		combos  []uint16
		shaders []uint16
		blends  []uint16 // render flag of batch 0, 1 (two render flags written)
		want    [][]string
		warn    string
	}{
		{name: "no flag, alpha", shaders: []uint16{0, 0}, blends: []uint16{0, 1}, want: [][]string{{"opaque"}, {"mod"}}},
		{name: "flag 0x8", flags: 0x8, combos: []uint16{4, 3, 6}, shaders: []uint16{0, 1}, blends: []uint16{1, 1},
			want: [][]string{{"mod2x"}, {"add"}}},
		{name: "flag 0x8, opaque first stage", flags: 0x8, combos: []uint16{4, 3}, shaders: []uint16{1, 0}, blends: []uint16{0, 1},
			want: [][]string{{"opaque"}, {"mod2x"}}},
		{name: "flag 0x8, combo out of range", flags: 0x8, combos: []uint16{4}, shaders: []uint16{0, 5}, blends: []uint16{1, 1},
			want: [][]string{{"mod2x"}, {"opaque"}}, warn: "combo 5 is out of range (1 combos)"},
		{name: "effect table", shaders: []uint16{0x8000, 0x8003}, blends: []uint16{0, 2}, want: [][]string{nil, nil}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := m2test.NewModel(272)
			m.Flags |= c.flags
			m.Combos = c.combos
			m.RenderFlags = [][2]uint16{{0, 0}, {0, 1}, {0, 2}}
			for i := range m.Batches {
				m.Batches[i].Shader = c.shaders[i]
				m.Batches[i].RenderFlag = []uint16{0, 1, 2}[c.blends[i]]
			}
			data, skin := m.Encode()
			a, err := decodeMem("v272.m2", data, skin)
			if err != nil {
				t.Fatal(err)
			}
			det := a.Details.(*Details)
			if det.Version != 272 || len(a.Meshes) != 2 {
				t.Fatalf("version %d, %d meshes; want 272, 2", det.Version, len(a.Meshes))
			}
			if !slices.Equal(det.TextureCombinerCombos, c.combos) {
				t.Errorf("combos %v, want %v", det.TextureCombinerCombos, c.combos)
			}
			for i, mat := range det.Materials {
				if !slices.Equal(mat.Combiners, c.want[i]) {
					t.Errorf("batch %d: combiners %v, want %v", i, mat.Combiners, c.want[i])
				}
				wantEffect := -1
				if c.shaders[i]&0x8000 != 0 {
					wantEffect = int(c.shaders[i] & 0x7FFF)
				}
				if mat.Effect != wantEffect {
					t.Errorf("batch %d: effect %d, want %d", i, mat.Effect, wantEffect)
				}
			}
			warned := false
			for _, d := range a.Diagnostics {
				warned = warned || (c.warn != "" && strings.Contains(d.Message, c.warn))
			}
			if warned != (c.warn != "") {
				t.Errorf("diagnostics %v, want a warning %q: %v", a.Diagnostics, c.warn, warned)
			}
		})
	}
}

// TestVersionRecordStrides: the records whose size changes after 264 are read at
// their version's stride. A count of 0xFFFFFFFF put in a track of the second
// record, where that version's layout puts it, must be the error, at that
// offset: a 271 camera is 116 bytes with its field-of-view track at 96; a 272
// particle emitter 492 bytes with its "enabled" track at 456; the 272 .skin has
// its shadow-batch array at 48.
func TestVersionRecordStrides(t *testing.T) {
	for _, c := range []struct {
		name    string
		version uint32
		field   int // header field of the array
		size    int // record size
		track   int // track offset in the record
		count   int // records written
	}{
		{"camera 264", 264, 0x110, 100, 16 + 2*20 + 24, 2}, // roll track
		{"camera 271", 271, 0x110, 116, 12 + 3*20 + 24, 2}, // field-of-view track
		{"camera 272", 272, 0x110, 116, 12 + 3*20 + 24, 2},
		{"particle 264", 264, 0x128, 476, 456, 2},
		{"particle 272", 272, 0x128, 492, 456, 2},
		{"particle 272 rate", 272, 0x128, 492, 176, 2}, // after the lifespan variation
		{"particle 272 z source", 272, 0x128, 492, 240, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := m2test.NewModel(c.version)
			m.Cameras, m.Particles = c.count, c.count
			data, skin := m.Encode()
			if _, err := decodeMem(badName, data, skin); err != nil {
				t.Fatalf("unbroken: %v", err)
			}
			at := int(binary.LittleEndian.Uint32(data[c.field+4:])) + c.size + c.track + 4 // timestamps count
			bad := append([]byte(nil), data...)
			binary.LittleEndian.PutUint32(bad[at:], 0xFFFFFFFF)
			_, err := decodeNoPanic(t, c.name, bad, skin)
			if fe, ok := namedError(err, badName); !ok || fe.Offset != int64(at) {
				t.Errorf("count at 0x%x: err %v, want a FileError there", at, err)
			}
		})
	}
	m := m2test.NewModel(272)
	m.ShadowBatches = 2
	data, skin := m.Encode()
	if _, err := decodeMem(badName, data, skin); err != nil {
		t.Fatalf("272 with shadow batches: %v", err)
	}
	bad := append([]byte(nil), skin...)
	binary.LittleEndian.PutUint32(bad[48:], 0xFFFFFFFF)
	_, err := decodeNoPanic(t, "shadow batches", data, bad)
	if fe, ok := namedError(err, SkinName(badName)); !ok || fe.Offset != 48 {
		t.Errorf("shadow batch count 0xFFFFFFFF: err %v, want a FileError at 0x30 of the skin", err)
	}
	// A 272 .skin cut to the 264 header size is too short.
	_, err = decodeNoPanic(t, "short skin", data, skin[:52])
	if _, ok := namedError(err, SkinName(badName)); !ok || !strings.Contains(err.Error(), "skin header (version 272)") {
		t.Errorf("52-byte skin at 272: err %v, want the skin header named", err)
	}
}

// TestMD21Refused: a chunked MD21 file is recognised and refused with a message
// that names the version inside it.
func TestMD21Refused(t *testing.T) {
	inner, _ := m2test.NewModel(272).Encode()
	binary.LittleEndian.PutUint32(inner[4:], 274)
	data := append([]byte("MD21\x00\x00\x00\x00"), inner...)
	binary.LittleEndian.PutUint32(data[4:], uint32(len(inner)))
	_, err := decodeNoPanic(t, "MD21", data, nil)
	if fe, ok := namedError(err, badName); !ok || fe.Offset != 0 || !strings.Contains(err.Error(), "MD21 model (version 274") {
		t.Errorf("MD21: err %v, want a FileError at 0 naming MD21 and version 274", err)
	}
	if !Sniff("x.m2", data) {
		t.Error("Sniff does not recognise MD21")
	}
	_, err = decodeNoPanic(t, "MD21 short", []byte("MD21"), nil)
	if _, ok := namedError(err, badName); !ok || !strings.Contains(err.Error(), "MD21") {
		t.Errorf("short MD21: err %v, want a FileError naming MD21", err)
	}
}

// TestCombinerDrawing: where the combiners change the drawing. A unit that
// blends with alpha and whose first stage is the client's opaque combiner (flag
// 0x8, combo 0) draws with the texture's alpha left out; the same unit through
// the mod combiner (no flag) keeps it; an opaque unit is never marked (its alpha
// is not drawn anyway).
func TestCombinerDrawing(t *testing.T) {
	for _, c := range []struct {
		name   string
		flags  uint32
		combos []uint16
		blend  uint16
		want   bool
	}{
		{"flag 0x8, opaque combiner, alpha blend", 0x8, []uint16{0}, 2, true},
		{"flag 0x8, mod combiner, alpha blend", 0x8, []uint16{1}, 2, false},
		{"no flag, alpha blend", 0, nil, 2, false},
		{"flag 0x8, opaque blend", 0x8, []uint16{1}, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := m2test.NewModel(272)
			m.Flags |= c.flags
			m.Combos = c.combos
			m.RenderFlags = [][2]uint16{{0, c.blend}}
			data, skin := m.Encode()
			a, err := decodeMem("v272.m2", data, skin)
			if err != nil {
				t.Fatal(err)
			}
			for i, fm := range a.Materials.Materials() {
				if fm.OpaqueTexture != c.want {
					t.Errorf("material %d: OpaqueTexture %v, want %v", i, fm.OpaqueTexture, c.want)
				}
			}
		})
	}
}
