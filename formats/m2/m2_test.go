package m2

import (
	"animscope/formats/m2/m2test"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

var versions = []uint32{256, 260, 264, 272}

// openTest writes m2test.NewModel(version) (or m) to a temporary folder and opens it
// through formats.Open, as the viewer does.
func openTest(t *testing.T, m *m2test.Model) (*formats.Asset, string) {
	t.Helper()
	p := writeModel(t, t.TempDir(), "Test.m2", m)
	a, err := formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatalf("version %d: Open: %v", m.Version, err)
	}
	return a, p
}

// quatTol is how closely a sampled rotation must match: int16 keys carry 1/32767.
func quatTol(version uint32) float32 {
	if version >= 260 {
		return 1e-4
	}
	return 2e-6
}

func vecNear(a, b mgl32.Vec3, tol float32) bool {
	for c := 0; c < 3; c++ {
		if d := a[c] - b[c]; d > tol || d < -tol {
			return false
		}
	}
	return true
}

func zQuat(deg float64) mgl32.Quat {
	q := m2test.QuatZ(deg)
	return mgl32.Quat{W: q[3], V: mgl32.Vec3{q[0], q[1], q[2]}}
}

func TestSyntheticStructure(t *testing.T) {
	for _, v := range versions {
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			a, _ := openTest(t, m2test.NewModel(v))
			s := a.Skeleton
			// File bones 0 (parent 2), 1 (root), 2 (parent 1) → nodes 1, 2, 0.
			wantFile := []int32{1, 2, 0}
			wantParents := []int32{-1, 0, 1}
			for i := range wantFile {
				if s.FileIndex[i] != wantFile[i] || s.Parents[i] != wantParents[i] {
					t.Errorf("node %d: file %d parent %d, want file %d parent %d", i, s.FileIndex[i], s.Parents[i], wantFile[i], wantParents[i])
				}
			}
			if got, want := s.Names[0], "Bone1_Root"; got != want {
				t.Errorf("node 0 name %q, want %q", got, want)
			}
			if got := s.Pivot[2]; got != (mgl32.Vec3{1, 0, 0}) || s.Offset[2] != got {
				t.Errorf("node 2 pivot %v offset %v, want (1,0,0) both", got, s.Offset[2])
			}
			if a.UpAxis != formats.UpZ || a.Family != "m2" || a.ConjugatedRotation {
				t.Errorf("up %d family %q conjugated %v", a.UpAxis, a.Family, a.ConjugatedRotation)
			}
			det := a.Details.(*Details)
			if got := det.BillboardModes(); len(got) != 3 || got[1] != BillboardSpherical || got[0] != BillboardNone {
				t.Errorf("billboard modes %v, want [0 1 0] (file bone 2 is node 1)", got)
			}
			wantSkipped := skipped{Particles: 2, Ribbons: 1, Cameras: 1, Lights: 3, Colors: 1, Transparency: 1}
			if det.Skipped != wantSkipped {
				t.Errorf("skipped %+v, want %+v", det.Skipped, wantSkipped)
			}
			if len(det.Textures) != 1 || det.Textures[0].Name != `TEST\SKIN.BLP` {
				t.Errorf("textures %+v", det.Textures)
			}
			if det.Name != "Test" || det.Version != v {
				t.Errorf("name %q version %d", det.Name, det.Version)
			}
			if _, err := json.Marshal(det); err != nil {
				t.Errorf("details do not marshal: %v", err)
			}
			// Clips.
			wantNames := []string{"Walk", "Stand.1", "Run"}
			for i, c := range a.Clips {
				info := c.Info()
				if info.Name != wantNames[i] || info.Unit != "ms" || info.UnitsPerSecond != 1000 || info.Duration != 1000 {
					t.Errorf("clip %d info %+v, want %q ms 1000", i, info, wantNames[i])
				}
			}
			for _, sel := range []struct {
				sel  string
				want int
			}{{"Stand.1", 1}, {"0.1", 1}, {"4.0", 0}, {"5.0", 2}, {"run", 2}} {
				if _, idx, err := a.Clip(sel.sel); err != nil || idx != sel.want {
					t.Errorf("Clip(%q) = %d, %v; want %d", sel.sel, idx, err, sel.want)
				}
			}
			if got := det.Sequences[2].AliasOf; got != 0 {
				t.Errorf("sequence 2 alias_of %d, want 0", got)
			}
			// Meshes: one per submesh, geoset ids as groups, joints mapped to nodes.
			if len(a.Meshes) != 2 {
				t.Fatalf("%d meshes, want 2", len(a.Meshes))
			}
			m0, m1 := a.Meshes[0], a.Meshes[1]
			if m0.Group != 0 || m1.Group != 101 || m0.Node != -1 {
				t.Errorf("groups %d, %d node %d; want 0, 101, -1", m0.Group, m1.Group, m0.Node)
			}
			if len(m0.Positions) != 3 || len(m1.Positions) != 3 || len(m1.Indices) != 3 {
				t.Errorf("mesh sizes %d/%d vertices, %d indices", len(m0.Positions), len(m1.Positions), len(m1.Indices))
			}
			// Mesh 1 is triangle (2, 1, 3): its first vertex is file vertex 2 (bones 2 and 0).
			if got := m1.Positions[m1.Indices[0]]; got != (mgl32.Vec3{0, 1, 0}) {
				t.Errorf("mesh 1 first vertex %v, want (0,1,0)", got)
			}
			j, w := m1.Joints[m1.Indices[0]], m1.Weights[m1.Indices[0]]
			if j[0] != 1 || j[1] != 2 || w[0] != 128.0/255 || w[1] != 127.0/255 {
				t.Errorf("vertex 2 joints %v weights %v, want nodes 1, 2 at 128/255, 127/255", j, w)
			}
			if uv := det.SecondUVs(1)[m1.Indices[0]]; uv != (mgl32.Vec2{0.5, 0.25}) {
				t.Errorf("second UV %v, want (0.5, 0.25)", uv)
			}
			clip := a.Clips[0].(*Clip)
			if got := clip.MeshAlpha(1, 0, 0); got != 0 {
				t.Errorf("mesh 1 alpha in seq 0 = %v, want 0", got)
			}
			if got := a.Clips[1].(*Clip).MeshAlpha(1, 0, 0); got != 1 {
				t.Errorf("mesh 1 alpha in seq 1 = %v, want 1", got)
			}
			if got := clip.MeshAlpha(0, 0, 0); got != 1 {
				t.Errorf("mesh 0 alpha = %v, want 1", got)
			}
			// Cubic tracks are warned about.
			warned := 0
			for _, d := range a.Diagnostics {
				if d.Severity == formats.Error {
					t.Errorf("error diagnostic: %v", d)
				}
				if strings.Contains(d.Message, "cubic") {
					warned++
				}
			}
			if warned != 2 {
				t.Errorf("%d cubic warnings, want 2: %v", warned, a.Diagnostics)
			}
		})
	}
}

// probeKey returns the record of channel ch.
func probeKey(p *anim.Probe, ch string) (anim.KeyUse, bool) {
	for _, k := range p.All() {
		if k.Channel.String() == ch {
			return k, true
		}
	}
	return anim.KeyUse{}, false
}

func TestSyntheticSampling(t *testing.T) {
	type kw struct {
		ch     string
		k0, k1 int32
		alpha  float32
	}
	for _, v := range versions {
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			a, _ := openTest(t, m2test.NewModel(v))
			n := a.Skeleton.Len()
			out := make([]anim.Transform, n)
			pr := make([]anim.Probe, n)
			// seq-1 key of bone 0's translation: global index 3 before 264, inner index 0 at 264.
			seq1Key := int32(3)
			if v >= 264 {
				seq1Key = 0
			}
			const b0, b1, b2 = 2, 0, 1 // nodes of file bones 0, 1, 2
			cases := []struct {
				name  string
				clip  int
				t, g  float64
				node  int
				check func(x anim.Transform) (string, bool)
				keys  []kw
			}{
				{"linear translation halfway", 0, 250, 250, b0,
					func(x anim.Transform) (string, bool) {
						return fmt.Sprint(x.T), vecNear(x.T, mgl32.Vec3{0.5, 1, 1.5}, 1e-6)
					},
					[]kw{{"t", 0, 1, 0.5}, {"s", 0, 1, 0.25}}},
				{"exact key", 0, 500, 500, b0,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.T), x.T == mgl32.Vec3{1, 2, 3} },
					[]kw{{"t", 1, -1, 0}}},
				{"clamp before the first key", 0, -100, -100, b0,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.T), x.T == mgl32.Vec3{0, 0, 0} },
					[]kw{{"t", 0, -1, 0}, {"s", 0, -1, 0}}},
				{"clamp after the last key", 0, 5000, 5000, b0,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.T), x.T == mgl32.Vec3{2, 0, 0} },
					[]kw{{"t", 2, -1, 0}}},
				{"single key in sequence 1 (a == b)", 1, 700, 700, b0,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.T), x.T == mgl32.Vec3{5, 5, 5} },
					[]kw{{"t", seq1Key, -1, 0}}},
				{"Hermite scale (type 2) at r = 0.25", 0, 250, 250, b0,
					func(x anim.Transform) (string, bool) {
						return fmt.Sprint(x.S), vecNear(x.S, mgl32.Vec3{1.4375, 0.96875, 1.15625}, 1e-6)
					}, nil},
				{"Bézier translation (type 3) at r = 0.5", 0, 500, 500, b1,
					func(x anim.Transform) (string, bool) {
						return fmt.Sprint(x.T), vecNear(x.T, mgl32.Vec3{0.375, 0.75, 0.5}, 1e-6)
					},
					[]kw{{"t", 0, 1, 0.5}, {"r", 0, 1, 0.5}}},
				{"slerp a quarter turn, r = 0.25", 0, 250, 250, b1,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.Q), quatNear(x.Q, zQuat(22.5), quatTol(v)) },
					nil},
				{"slerp takes the shortest arc (dot < 0)", 1, 500, 500, b1,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.Q), quatNear(x.Q, zQuat(135), quatTol(v)) },
					nil},
				{"step holds the key before t", 0, 399, 399, b2,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.S), x.S == mgl32.Vec3{1, 1, 1} },
					[]kw{{"s", 0, -1, 0}}},
				{"step on a key", 0, 400, 400, b2,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.S), x.S == mgl32.Vec3{2, 2, 2} },
					[]kw{{"s", 1, -1, 0}}},
				{"no keys for this sequence: default", 1, 400, 400, b2,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.S), x.S == mgl32.Vec3{1, 1, 1} },
					[]kw{{"s", -1, -1, 0}}},
				{"global sequence: G = t mod 1000", 0, 1250, 1250, b2,
					func(x anim.Transform) (string, bool) {
						return fmt.Sprint(x.T), vecNear(x.T, mgl32.Vec3{0, 0, 0.5}, 1e-6)
					},
					[]kw{{"t", 0, 1, 0.5}}},
				{"global sequence on a separate clock", 1, 0, 2750, b2,
					func(x anim.Transform) (string, bool) {
						return fmt.Sprint(x.T), vecNear(x.T, mgl32.Vec3{0, 0, 0.5}, 1e-6)
					},
					[]kw{{"t", 1, 2, 0.5}}},
				{"global sequence of length 0 stays at time 0", 0, 50, 50, b2,
					func(x anim.Transform) (string, bool) { return fmt.Sprint(x.Q), quatNear(x.Q, zQuat(30), quatTol(v)) },
					[]kw{{"r", 0, -1, 0}}},
				{"alias samples its target", 2, 250, 250, b0,
					func(x anim.Transform) (string, bool) {
						return fmt.Sprint(x.T), vecNear(x.T, mgl32.Vec3{0.5, 1, 1.5}, 1e-6)
					},
					[]kw{{"t", 0, 1, 0.5}}},
			}
			for _, c := range cases {
				clip := a.Clips[c.clip].(*Clip)
				clip.SampleWith(nil, c.t, c.g, out, pr)
				if got, ok := c.check(out[c.node]); !ok {
					t.Errorf("%s: got %s", c.name, got)
				}
				p := &pr[c.node]
				if p.Frame != int32(math.Floor(c.t)) || p.Fallback {
					t.Errorf("%s: probe frame %d fallback %v, want %d false", c.name, p.Frame, p.Fallback, int32(math.Floor(c.t)))
				}
				for _, w := range c.keys {
					got, ok := probeKey(p, w.ch)
					if !ok || got.K0 != w.k0 || got.K1 != w.k1 || got.Alpha != w.alpha {
						t.Errorf("%s: probe %s = %+v (found %v), want k0 %d k1 %d alpha %v", c.name, w.ch, got, ok, w.k0, w.k1, w.alpha)
					}
				}
			}
			// Sample and SampleWith(nil, t, t) agree; records come in order t, r, s.
			a.Clips[0].Sample(nil, 1250, out, pr)
			var chans []string
			for _, k := range pr[b2].All() {
				chans = append(chans, k.Channel.String())
			}
			if got := strings.Join(chans, ","); got != "t,r,s" {
				t.Errorf("bone 2 probe channels %q, want t,r,s", got)
			}
			// A bone without tracks samples the identity with no key record.
			if pr[b1].Len() != 2 {
				t.Errorf("bone 1 has %d key records, want 2 (t, r)", pr[b1].Len())
			}
		})
	}
}

// TestSlerpMatchesEngine checks the precomputed-arc slerp against anim.Slerp (the
// engine weights computed per call) bit for bit, over a whole linear track.
func TestSlerpMatchesEngine(t *testing.T) {
	for _, v := range versions {
		a, _ := openTest(t, m2test.NewModel(v))
		clip := a.Clips[1].(*Clip)
		tr := clip.m.nodes[0].r
		lo, hi, _, _ := tr.span(1)
		out := make([]anim.Transform, a.Skeleton.Len())
		for tau := 0.0; tau <= 1000; tau += 37 {
			clip.Sample(nil, tau, out, nil)
			i, r, exact := tr.locate(lo, hi, tau+clip.start, nil)
			want := tr.q[i]
			if !exact {
				want = anim.Slerp(tr.q[i], tr.q[i+1], r)
			}
			if out[0].Q != want {
				t.Errorf("version %d τ=%v: %v, want anim.Slerp's %v", v, tau, out[0].Q, want)
			}
		}
	}
}

// TestQuat16 checks spec §5.5's decode with the spec's vector from Rabbit.m2 and
// the special codes.
func TestQuat16(t *testing.T) {
	cases := []struct {
		raw        [4]uint16
		want       mgl32.Quat
		tol        float32
		zero       bool
		beforeNorm [4]float64
	}{
		{[4]uint16{0x7FFF, 0x69C7, 0x7FFF, 0xFE0D}, mgl32.Quat{W: 0.984818, V: mgl32.Vec3{0, -0.173592, 0}}, 2e-6, false,
			[4]float64{0, -0.173589, 0, 0.984802}},
		{[4]uint16{0x7FFF, 0x6B75, 0x7FFF, 0xFE56}, normQ(0.987030, 0, -0.160466, 0), 2e-6, false,
			[4]float64{0, -0.160466, 0, 0.987030}},
		{[4]uint16{0x7FFF, 0x7FFF, 0x7FFF, 0xFFFF}, mgl32.QuatIdent(), 0, false, [4]float64{0, 0, 0, 1}},
		{[4]uint16{0x8000, 0x8000, 0x8000, 0x0000}, mgl32.Quat{W: -1}, 0, false, [4]float64{0, 0, 0, -1}},
		{[4]uint16{0x7FFF, 0x8000, 0x7FFF, 0x8000}, mgl32.QuatIdent(), 0, true, [4]float64{}},
	}
	for _, c := range cases {
		for k := 0; k < 4; k++ {
			if got := decodeQuat16(int16(c.raw[k])); math.Abs(got-c.beforeNorm[k]) > 1e-6 {
				t.Errorf("decode(%#04x) = %v, want %v", c.raw[k], got, c.beforeNorm[k])
			}
		}
		q, zero := quat16(int16(c.raw[0]), int16(c.raw[1]), int16(c.raw[2]), int16(c.raw[3]), false)
		if !quatNear(q, c.want, c.tol) || zero != c.zero {
			t.Errorf("quat16(%04x) = %v zero %v, want %v zero %v", c.raw, q, zero, c.want, c.zero)
		}
	}
	// The same vector through a whole 264 file, raw codes in the track.
	for _, v := range []uint32{260, 264} {
		m := m2test.NewModel(v)
		raw := [][]float32{{0x7FFF, float32(0x69C7), 0x7FFF, float32(int16(-499))}}
		m.Bones[1].R = m2test.MakeTrack(m, InterpLinear, -1, [][]m2test.Key{{{T: 0, V: raw[0]}}}, -1)
		m.Bones[1].R.Raw = true
		a, _ := openTest(t, m)
		out := make([]anim.Transform, 3)
		a.Clips[0].Sample(nil, 0, out, nil)
		if want := (mgl32.Quat{W: 0.984818, V: mgl32.Vec3{0, -0.173592, 0}}); !quatNear(out[0].Q, want, 2e-6) {
			t.Errorf("version %d: file rotation %v, want %v", v, out[0].Q, want)
		}
	}
}

// TestSpecRanges rebuilds TalkToMe.m2's translation track (FORMAT.md §5.1): ranges
// [(0,2), (3,5), (0,0)] on times [3333 4100 4866 8199 8966 9732].
func TestSpecRanges(t *testing.T) {
	m := m2test.NewModel(256)
	m.Seqs = []m2test.Seq{{ID: 0, Start: 3333, End: 4866, Flags: 0x20, Next: -1}, {ID: 190, Start: 8199, End: 9732, Flags: 0x20, Next: -1}}
	m.Bones = []m2test.Bone{{KeyBone: -1, Parent: -1}}
	m.Bones[0].T = m2test.Track{Interp: InterpLinear, Global: -1,
		Ranges: [][2]uint32{{0, 2}, {3, 5}, {0, 0}},
		Times:  []uint32{3333, 4100, 4866, 8199, 8966, 9732},
		Vals:   [][]float32{m2test.V3(0, 0, 0), m2test.V3(0, 0, -0.089466), m2test.V3(0, 0, 0), m2test.V3(0, 0, 0.516611), m2test.V3(0, 0, 0.427145), m2test.V3(0, 0, 0.516611)}}
	for i := range m.Verts {
		m.Verts[i].B = [4]uint8{}
	}
	a, _ := openTest(t, m)
	out := make([]anim.Transform, 1)
	pr := make([]anim.Probe, 1)
	cases := []struct {
		clip   int
		tau    float64
		want   mgl32.Vec3
		k0, k1 int32
	}{
		{0, 383.5, mgl32.Vec3{0, 0, -0.044733}, 0, 1},
		{1, 0, mgl32.Vec3{0, 0, 0.516611}, 3, -1},
		{1, 767, mgl32.Vec3{0, 0, 0.427145}, 4, -1},
		{1, 2000, mgl32.Vec3{0, 0, 0.516611}, 5, -1},
	}
	for _, c := range cases {
		a.Clips[c.clip].Sample(nil, c.tau, out, pr)
		k := pr[0].Key(0)
		if !vecNear(out[0].T, c.want, 1e-6) || k.K0 != c.k0 || k.K1 != c.k1 {
			t.Errorf("clip %d τ=%v: %v keys %d→%d, want %v keys %d→%d", c.clip, c.tau, out[0].T, k.K0, k.K1, c.want, c.k0, c.k1)
		}
	}
	if got := a.Clips[1].Info().Name; got != "StandHigh" {
		t.Errorf("id 190 name %q, want StandHigh", got)
	}
}

func TestKeyTimes(t *testing.T) {
	for _, v := range versions {
		a, _ := openTest(t, m2test.NewModel(v))
		clip := a.Clips[0].(*Clip)
		got := clip.KeyTimes(2, nil) // file bone 0: translation 0, 500, 1000; scale 0, 1000
		if fmt.Sprint(got) != "[0 500 1000]" {
			t.Errorf("version %d: node 2 key times %v, want [0 500 1000]", v, got)
		}
		got = clip.KeyTimes(1, []float64{-1}) // file bone 2: global track 0/500/1000 (L 1000), step 0/400, global L=0 → 0
		if fmt.Sprint(got) != "[-1 0 400 500 1000]" {
			t.Errorf("version %d: node 1 key times %v, want [-1 0 400 500 1000]", v, got)
		}
	}
}

// TestSkinLookup: at 264 the view comes from <base>00.skin beside the .m2. Without
// it the model used to fail to open; since real models travel without their
// .skin (two of the Cataclysm samples), it opens skeleton-only with a warning at
// the skin-profile count (0x44) that names the skin looked for (doc.go).
func TestSkinLookup(t *testing.T) {
	dir := t.TempDir()
	p := writeModel(t, dir, "Crab.m2", m2test.NewModel(264))
	a, err := formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if det := a.Details.(*Details); det.Skin != "Crab00.skin" || len(a.Meshes) != 2 {
		t.Errorf("skin %q, %d meshes; want Crab00.skin, 2", det.Skin, len(a.Meshes))
	}
	if err := os.Remove(filepath.Join(dir, "Crab00.skin")); err != nil {
		t.Fatal(err)
	}
	a, err = formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatalf("missing skin: %v, want the model opened skeleton-only", err)
	}
	det := a.Details.(*Details)
	if len(a.Meshes) != 0 || a.Skeleton == nil || len(a.Skeleton.Names) != len(det.Bones) || det.MissingSkin != "Crab00.skin" {
		t.Errorf("missing skin: %d meshes, missing %q; want 0 meshes, a skeleton, Crab00.skin", len(a.Meshes), det.MissingSkin)
	}
	found := false
	for _, dg := range a.Diagnostics {
		if dg.Severity == formats.Warning && dg.File == p && dg.Offset == 0x44 && strings.Contains(dg.Message, "Crab00.skin") {
			found = true
		}
	}
	if !found {
		t.Errorf("missing skin: diagnostics %v, want a warning at 0x44 naming Crab00.skin", a.Diagnostics)
	}
}

// TestExternalAnim: a 264 sequence without flag 0x20 reads <base><id>-<sub>.anim;
// when it is absent its tracks are empty, with a warning.
func TestExternalAnim(t *testing.T) {
	m := m2test.NewModel(264)
	m.Seqs[1].Flags = 0
	dir := t.TempDir()
	p := writeModel(t, dir, "Test.m2", m)
	a, err := formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	warned := false
	for _, d := range a.Diagnostics {
		warned = warned || strings.Contains(d.Message, "Test0000-01.anim")
	}
	if !warned {
		t.Errorf("no warning about Test0000-01.anim: %v", a.Diagnostics)
	}
	out := make([]anim.Transform, 3)
	pr := make([]anim.Probe, 3)
	a.Clips[1].Sample(nil, 0, out, pr)
	if k, _ := probeKey(&pr[2], "t"); out[2].T != (mgl32.Vec3{}) || k.K0 != -1 {
		t.Errorf("sequence 1 without its .anim: %v, probe %+v; want default, k0 -1", out[2].T, k)
	}

	// With the .anim present: move the sequence's inner arrays into it (same bytes
	// at the same offsets: a copy of the .m2 works as the .anim).
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Test0000-01.anim"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err = formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a.Clips[1].Sample(nil, 0, out, pr)
	if out[2].T != (mgl32.Vec3{5, 5, 5}) || a.Details.(*Details).Sequences[1].AnimFile != "Test0000-01.anim" {
		t.Errorf("sequence 1 from its .anim: %v, anim file %q; want (5,5,5)", out[2].T, a.Details.(*Details).Sequences[1].AnimFile)
	}
}

// TestSampleConcurrent: 8 goroutines sample one shared clip at once, each with its
// own context (a cursor), and each gets the results of a plain search. Run with
// -race: the clip holds no state of its own.
func TestSampleConcurrent(t *testing.T) {
	data, skin := benchModel(264, 20).Encode()
	a, err := decodeMem("concurrent.m2", data, skin)
	if err != nil {
		t.Fatal(err)
	}
	const players = 8
	clip, n := a.Clips[0].(*Clip), a.Skeleton.Len()
	var wg sync.WaitGroup
	errs := make(chan string, players)
	for g := 0; g < players; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := clip.NewContext()
			got, want := make([]anim.Transform, n), make([]anim.Transform, n)
			gotP, wantP := make([]anim.Probe, n), make([]anim.Probe, n)
			for step := 0; step < 300; step++ {
				tau := float64((step*37+g*101)%1000) + 0.25
				clip.Sample(ctx, tau, got, gotP)
				clip.SampleWith(nil, tau, tau, want, wantP)
				for i := range got {
					if got[i] != want[i] || fmt.Sprint(gotP[i].AppendKeys(nil)) != fmt.Sprint(wantP[i].AppendKeys(nil)) {
						errs <- fmt.Sprintf("goroutine %d τ=%v node %d: Sample %+v %v, search %+v %v", g, tau, i, got[i], gotP[i].AppendKeys(nil), want[i], wantP[i].AppendKeys(nil))
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestCursorSameResults: sampling with a Cursor gives exactly the transforms and
// probes of a search, for forward playback, jumps back, and a cursor moved between
// clips, whether passed to SampleWith or as Sample's context.
func TestCursorSameResults(t *testing.T) {
	for _, v := range versions {
		m := benchModel(v, 20)
		data, skin := m.Encode()
		a, err := decodeMem("cursor.m2", data, skin)
		if err != nil {
			t.Fatal(err)
		}
		n := a.Skeleton.Len()
		want, got := make([]anim.Transform, n), make([]anim.Transform, n)
		wantP, gotP := make([]anim.Probe, n), make([]anim.Probe, n)
		cur := a.Clips[0].(*Clip).NewCursor()
		ctx := a.Clips[0].NewContext()
		times := []float64{0, 1, 16.7, 33, 33.5, 66, 500, 499, 1000, 1200, -5, 250, 251, 252, 990, 10}
		for step := 0; step < 200; step++ {
			times = append(times, float64(step)*7.3)
		}
		for ci := range a.Clips {
			clip := a.Clips[ci].(*Clip)
			for _, tau := range times {
				clip.SampleWith(nil, tau, tau, want, wantP)
				for _, with := range []string{"a Cursor", "Sample's context"} {
					if with == "a Cursor" {
						clip.SampleWith(cur, tau, tau, got, gotP)
					} else {
						clip.Sample(ctx, tau, got, gotP)
					}
					for i := 0; i < n; i++ {
						if got[i] != want[i] || fmt.Sprint(gotP[i].AppendKeys(nil)) != fmt.Sprint(wantP[i].AppendKeys(nil)) {
							t.Fatalf("version %d clip %d τ=%v node %d: with %s %+v %v, without %+v %v",
								v, ci, tau, i, with, got[i], gotP[i].AppendKeys(nil), want[i], wantP[i].AppendKeys(nil))
						}
					}
				}
			}
		}
	}
}

// TestRegistered: formats.Open picks this decoder by the "MD20" magic, whatever
// the extension, and by the .m2 extension.
func TestRegistered(t *testing.T) {
	data, _ := m2test.NewModel(256).Encode()
	for _, c := range []struct {
		name string
		data []byte
		want bool
	}{{"model.bin", data, true}, {"x.m2", data, true}, {"x.txt", []byte("MD2"), false}} {
		if got := Sniff(c.name, c.data); got != c.want {
			t.Errorf("Sniff(%s) = %v, want %v", c.name, got, c.want)
		}
	}
	p := filepath.Join(t.TempDir(), "model.bin")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := formats.Open([]string{p}, formats.Options{})
	if err != nil || a.Family != formats.FamilyM2 {
		t.Fatalf("Open(model.bin) = %v, %v; want an m2 scene", a, err)
	}
	found := false
	for _, d := range formats.Decoders() {
		if d.Name == "m2" && len(d.Extensions) == 1 && d.Extensions[0] == ".m2" {
			found = true
		}
	}
	if !found {
		t.Errorf("no decoder m2 registered for .m2")
	}
}

// TestRepeatedAnimReadOnce: sequences that repeat an id and variation name one
// .anim; it is read once and both take their keys from it (100 such sequences
// read a 10 MB .anim 100 times: 1 GB for a 7 KB model).
func TestRepeatedAnimReadOnce(t *testing.T) {
	m := m2test.NewModel(264)
	m.Seqs[1].Flags = 0
	m.Seqs[2] = m.Seqs[1] // Stand.1 again, no longer an alias
	data, skin := m.Encode()
	reads := map[string]int{}
	read := func(p string) ([]byte, error) {
		reads[filepath.Base(p)]++
		switch filepath.Base(p) {
		case "Test00.skin":
			return skin, nil
		case "Test0000-01.anim":
			return data, nil // the same bytes at the same offsets (TestExternalAnim)
		}
		return nil, os.ErrNotExist
	}
	a, err := decodeWith("Test.m2", "Test.m2", data, read)
	if err != nil {
		t.Fatal(err)
	}
	if reads["Test0000-01.anim"] != 1 {
		t.Errorf("Test0000-01.anim read %d times, want once", reads["Test0000-01.anim"])
	}
	for _, ci := range []int{1, 2} {
		if got := a.Details.(*Details).Sequences[ci].AnimFile; got != "Test0000-01.anim" {
			t.Errorf("sequence %d: keys from %q, want Test0000-01.anim", ci, got)
		}
	}
	out := make([]anim.Transform, 3)
	a.Clips[1].Sample(nil, 0, out, nil) // (sequence 2's inner arrays are empty)
	if out[2].T != (mgl32.Vec3{5, 5, 5}) {
		t.Errorf("sequence 1: %v, want (5,5,5)", out[2].T)
	}
}
