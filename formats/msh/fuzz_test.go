package msh_test

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"animscope/anim"
	"animscope/assets"
	"animscope/formats"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
)

func seedModels(tb testing.TB) [][]byte {
	var out [][]byte
	r := rand.New(rand.NewPCG(5, 6))
	models := []*msh.Model{mshtest.WorkedExample(), mshtest.NewChain(4, 6), randomModel(r), randomModel(r)}
	for _, m := range models {
		data, err := m.Encode()
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, data)
	}
	out = append(out, assets.DemoMSH)
	outer := nres.Encode(0, []nres.Entry{member(0, "a.msh", out[0]), member(nres.TypeTexm, "t", []byte("Texm"))})
	textured, err := mshtest.TexturedArchive()
	if err != nil {
		tb.Fatal(err)
	}
	return append(out, outer, textured)
}

func finiteT(x anim.Transform) bool {
	for _, v := range []float32{x.T[0], x.T[1], x.T[2], x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2], x.S[0], x.S[1], x.S[2]} {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return false
		}
	}
	return true
}

// checkOpen opens data and checks the invariants every input must keep.
func checkOpen(t *testing.T, data []byte, opts formats.Options) {
	a, err := formats.OpenData("f.msh", data, opts)
	if err != nil {
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.Offset < 0 {
			// Merge rejects an archive listing (no skeleton): not a decode error.
			if _, derr := msh.Decode(&formats.Source{Name: "f.msh", Path: "f.msh", Data: data, Opts: opts}); derr != nil {
				t.Fatalf("error without an offset: %v", err)
			}
		}
		return
	}
	ds := append([]formats.Diagnostic(nil), a.Diagnostics...)
	ds = append(ds, a.Validate()...)
	for _, d := range ds {
		if d.File == "" || d.Message == "" {
			t.Fatalf("diagnostic without file or message: %+v", d)
		}
	}
	d := a.Details.(*msh.Details)
	f := d.File()
	n := a.Skeleton.Len()
	for ai := 0; ai < 3; ai++ {
		for bi := 0; bi < 5; bi++ {
			for _, m := range d.SlotMeshes(ai, bi) {
				for _, ix := range m.Indices {
					if int(ix) >= len(m.Positions) {
						t.Fatalf("slot (%d,%d) node %d: index %d of %d vertices", ai, bi, m.Node, ix, len(m.Positions))
					}
				}
			}
		}
	}
	finiteKeys := true
	for k := 0; k < f.KeyCount; k++ {
		key := f.RawKey(k)
		for _, v := range []float32{key.Pos[0], key.Pos[1], key.Pos[2], key.Time} {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) || math.Abs(float64(v)) > 1e6 {
				finiteKeys = false
			}
		}
	}
	// A file in canonical form (no diagnostic at all) samples finite numbers. Files
	// with warnings may legitimately extrapolate (a non-canonical map naming a key
	// past its time, key times a denormal apart) exactly as the engine would.
	clean := len(ds) == 0 && finiteKeys
	clip := a.Clips[0]
	out := make([]anim.Transform, n)
	probes := make([]anim.Probe, n)
	F := float64(clip.Info().Frames)
	for _, tm := range []float64{-1, 0, 0.25, 0.5, 1, F / 2, F - 1, F - 0.5, F, F + 1} {
		clip.Sample(nil, tm, out, probes)
		for i := range out {
			if clean && !finiteT(out[i]) {
				for k := 0; k < f.KeyCount; k++ {
					t.Logf("key %d: %+v", k, f.RawKey(k))
				}
				for j := range f.Nodes {
					t.Logf("node %d: %+v", j, f.Nodes[j])
				}
				t.Logf("probe %+v diags %v", probes[i].AppendKeys(nil), ds)
				t.Fatalf("t=%v node %d: %+v is not finite", tm, i, out[i])
			}
			if probes[i].Len() != 1 {
				t.Fatalf("t=%v node %d: %d key records", tm, i, probes[i].Len())
			}
		}
	}
	// SampleNodes (diff's block walk) gives each node what Sample gives it, on
	// any input: blocks of 1, 3 and all nodes, at times in and out of the timeline.
	if mc, ok := clip.(*msh.Clip); ok && n > 0 {
		blockOut, blockProbes := make([]anim.Transform, n), make([]anim.Probe, n)
		for _, tm := range []float64{-1, 0.5, F / 2, F} {
			clip.Sample(nil, tm, out, probes)
			for _, size := range []int{1, 3, n} {
				for lo := 0; lo < n; lo += size {
					mc.SampleNodes(tm, lo, lo+size, blockOut[lo:], blockProbes[lo:])
				}
				for i := range out {
					if transformBits(blockOut[i]) != transformBits(out[i]) || anim.CompareProbes(&blockProbes[i], &probes[i]) != 0 {
						t.Fatalf("t=%v blocks of %d: node %d samples %+v %v alone, %+v %v in Sample", tm, size, i,
							blockOut[i], blockProbes[i].AppendKeys(nil), out[i], probes[i].AppendKeys(nil))
					}
				}
			}
		}
	}
	kt := clip.(anim.KeyTimesClip)
	for i := 0; i < n; i++ {
		kt.KeyTimes(i, nil)
	}
	// decode → encode → decode, where the file is canonical.
	if m, err := f.Model(opts.Value("quat-order")); err == nil {
		enc, err := m.Encode()
		if err != nil {
			t.Fatalf("a canonical model does not re-encode: %v", err)
		}
		g, err := msh.Parse("g.msh", enc)
		if err != nil {
			t.Fatal(err)
		}
		m2, err := g.Model(opts.Value("quat-order"))
		if err != nil {
			t.Fatalf("re-encoded model is not canonical: %v", err)
		}
		enc2, err := m2.Encode()
		if err != nil || string(enc2) != string(enc) {
			t.Fatalf("decode → encode → decode is not stable (%v)", err)
		}
	}
}

var fuzzOpts = []formats.Options{
	{Readings: map[string]string{"rounding": "engine", "quat-order": "xyzw"}}, {Readings: map[string]string{"rounding": "floor", "quat-order": "wxyz"}}, {Readings: map[string]string{"rounding": "half-away", "quat-order": "xyzw"}},
}

func FuzzMSH(f *testing.F) {
	for _, s := range seedModels(f) {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, opt uint8) {
		checkOpen(t, data, fuzzOpts[int(opt)%len(fuzzOpts)])
	})
}

// TestBrokenFiles is the hand-broken table: truncations at each eighth, counts set
// to 0xFFFFFFFF, and a flipped byte in each header and directory field of every
// stream. Each must give a named error (or diagnostic) and never panic.
func TestBrokenFiles(t *testing.T) {
	base, err := mshtest.WorkedExample().Encode()
	if err != nil {
		t.Fatal(err)
	}
	arc, _ := nres.Decode("b.msh", base)
	type broken struct {
		name   string
		data   []byte
		detect bool // must be reported (an error, or a diagnostic at least)
	}
	var cases []broken
	for k := 0; k < 8; k++ {
		cases = append(cases, broken{"truncated at " + string(rune('0'+k)) + "/8", base[:len(base)*k/8], true})
	}
	put := func(off int, v uint32) []byte {
		c := append([]byte(nil), base...)
		binary.LittleEndian.PutUint32(c[off:], v)
		return c
	}
	flip := func(off int) []byte {
		c := append([]byte(nil), base...)
		c[off] ^= 0xFF
		return c
	}
	cases = append(cases, broken{"entry_count 0xFFFFFFFF", put(8, 0xFFFFFFFF), true},
		broken{"total_size 0xFFFFFFFF", put(12, 0xFFFFFFFF), true})
	for off, field := range map[int]string{0: "magic", 4: "version", 8: "entry_count", 12: "total_size"} {
		cases = append(cases, broken{"flipped header " + field, flip(off), true})
	}
	counted := map[uint32]bool{1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true, 10: true, 13: true, 15: true, 19: true}
	required := map[uint32]bool{1: true, 2: true, 3: true, 6: true, 13: true}
	fields := []struct {
		name string
		off  int
	}{{"type", 0}, {"attr1", 4}, {"attr2", 8}, {"size", 12}, {"attr3", 16}, {"name", 20}, {"data_offset", 56}, {"sort_index", 60}}
	for i := range arc.Entries {
		e := &arc.Entries[i]
		tn := e.TypeString()
		for _, fl := range fields {
			off := int(e.DirOffset) + fl.off
			detect := false
			switch fl.name {
			case "type":
				detect = required[e.Type]
			case "attr1":
				detect = counted[e.Type]
			case "attr3":
				detect = counted[e.Type] && e.Type != 10
			case "size", "data_offset", "sort_index":
				detect = len(e.Data) > 0 || fl.name == "sort_index"
			case "attr2":
				detect = e.Type == 19
			}
			cases = append(cases, broken{tn + " " + fl.name + " flipped", flip(off), detect})
			if fl.name == "attr1" || fl.name == "size" || (fl.name == "attr2" && e.Type == 19) {
				cases = append(cases, broken{tn + " " + fl.name + " = 0xFFFFFFFF", put(off, 0xFFFFFFFF), detect || fl.name == "size"})
			}
		}
	}
	// Counts inside payloads: Res10 string lengths, node map start / fallback.
	r10 := int(arc.Entries[12].Offset)
	r1 := int(arc.Entries[0].Offset)
	cases = append(cases, broken{"Res10 length 0xFFFFFFFF", put(r10, 0xFFFFFFFF), true},
		broken{"node fallback 0xFFFF", put(r1+38+4, 0xFFFF0000), true})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("panic: %v", p)
				}
			}()
			a, err := formats.OpenData("b.msh", c.data, formats.Options{})
			if err != nil {
				var fe *formats.FileError
				if !errors.As(err, &fe) || fe.Offset < 0 || fe.File != "b.msh" {
					t.Fatalf("error %v does not name the file and an offset", err)
				}
				return
			}
			ds := append(append([]formats.Diagnostic(nil), a.Diagnostics...), a.Validate()...)
			if c.detect && len(ds) == 0 {
				t.Fatalf("not reported")
			}
			for _, d := range ds {
				if d.File != "b.msh" {
					t.Fatalf("diagnostic %v does not name the file", d)
				}
			}
			checkOpen(t, c.data, formats.Options{})
		})
	}
}
