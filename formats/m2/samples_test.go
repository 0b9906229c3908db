package m2

import (
	"encoding/json"
	"math"
	"path/filepath"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/samples"

	"github.com/go-gl/mathgl/mgl32"
)

// sampleFacts is the table of ../shared/samples/m2/PROVENANCE.md.
var sampleFacts = []struct {
	file                         string
	version                      uint32
	name                         string
	seqs, bones, verts, views    int
	globals                      []uint32
	textures, particles, cameras int
	flags                        uint32
}{
	{"ElwynnCampfire.m2", 256, " PA_campfire_01", 1, 7, 460, 1, []uint32{3333}, 4, 3, 0, 0x0},
	{"Frog.m2", 256, "Toad", 10, 48, 441, 4, []uint32{0, 1000, 500}, 2, 0, 2, 0x2080},
	{"Rabbit.m2", 264, "Rabbit", 7, 40, 154, 1, []uint32{0}, 1, 0, 2, 0x1},
	{"Rabbit2.m2", 256, " Rabbit2", 18, 45, 831, 1, nil, 2, 0, 2, 0x1}, // 1 global sequence, length not listed
	{"Squirrel2.m2", 256, " Squirrel2", 8, 46, 559, 1, []uint32{33, 0}, 1, 0, 2, 0x1},
	{"TalkToMe.m2", 256, "TalkToMe", 2, 1, 306, 4, []uint32{}, 1, 0, 0, 0x0},
	{"Tombstone03.m2", 256, " Stormwind_Gravestone_06", 1, 1, 46, 1, []uint32{}, 1, 0, 0, 0x0},
}

func openSample(t *testing.T, file string) *formats.Asset {
	t.Helper()
	dir := samples.Dir(t, "m2")
	a, err := formats.Open([]string{filepath.Join(dir, file)}, formats.Options{})
	if err != nil {
		t.Fatalf("Open(%s): %v", file, err)
	}
	return a
}

func TestSamplesCounts(t *testing.T) {
	samples.Dir(t, "m2")
	for _, f := range sampleFacts {
		t.Run(f.file, func(t *testing.T) {
			a := openSample(t, f.file)
			det, ok := a.Details.(*Details)
			if !ok {
				t.Fatalf("Details is %T, want *m2.Details", a.Details)
			}
			check := func(what string, got, want any) {
				t.Helper()
				if got != want {
					t.Errorf("%s = %v, want %v", what, got, want)
				}
			}
			check("family", a.Family, formats.FamilyM2)
			check("up axis", a.UpAxis, formats.UpZ)
			check("version", det.Version, f.version)
			check("name", det.Name, f.name)
			check("sequences", len(det.Sequences), f.seqs)
			check("clips", len(a.Clips), f.seqs)
			check("bones", len(det.Bones), f.bones)
			check("skeleton nodes", a.Skeleton.Len(), f.bones)
			check("vertices", det.Vertices, f.verts)
			check("views", det.Views, f.views)
			check("textures", len(det.Textures), f.textures)
			check("particles", det.Skipped.Particles, f.particles)
			check("cameras", det.Skipped.Cameras, f.cameras)
			check("flags", det.Flags, f.flags)
			if f.globals == nil {
				check("global sequences", len(det.GlobalSequences), 1)
			} else {
				check("global sequences", len(det.GlobalSequences), len(f.globals))
				for i := range f.globals {
					if i < len(det.GlobalSequences) {
						check("global sequence length", det.GlobalSequences[i], f.globals[i])
					}
				}
			}
			if len(a.Meshes) == 0 {
				t.Errorf("no meshes")
			}
			if formats.HasErrors(a.Diagnostics) {
				t.Errorf("diagnostics: %v", a.Diagnostics)
			}
			if _, err := json.Marshal(det); err != nil {
				t.Errorf("Details do not marshal: %v", err)
			}
			if got := len(det.BillboardModes()); got != f.bones {
				t.Errorf("BillboardModes has %d entries, want %d", got, f.bones)
			}
		})
	}
}

func TestSamplesRabbitSequences(t *testing.T) {
	a := openSample(t, "Rabbit.m2")
	ids := []uint16{4, 5, 0, 9, 1, 0, 0}
	vars := []uint16{0, 0, 0, 0, 0, 1, 2}
	durs := []uint32{600, 1066, 667, 1000, 1300, 1667, 1834}
	flags := []uint32{0x20, 0x20, 0x20, 0x21, 0x23, 0x21, 0x20}
	names := []string{"Walk", "Run", "Stand", "CombatWound", "Death", "Stand.1", "Stand.2"}
	det := a.Details.(*Details)
	for i, s := range det.Sequences {
		if s.ID != ids[i] || s.Variation != vars[i] || s.Duration != durs[i] || s.Flags != flags[i] || s.Name != names[i] {
			t.Errorf("sequence %d = id %d var %d dur %d flags %#x %q, want id %d var %d dur %d flags %#x %q",
				i, s.ID, s.Variation, s.Duration, s.Flags, s.Name, ids[i], vars[i], durs[i], flags[i], names[i])
		}
		if got := a.Clips[i].Info(); got.Name != names[i] || got.Duration != float64(durs[i]) || got.Unit != "ms" {
			t.Errorf("clip %d info = %+v", i, got)
		}
	}
	if det.Skin != "Rabbit00.skin" {
		t.Errorf("skin = %q, want Rabbit00.skin", det.Skin)
	}
	for _, sel := range []struct {
		sel  string
		want int
	}{{"Stand", 2}, {"Stand.2", 6}, {"0.1", 5}, {"4.0", 0}, {"stand.1", 5}} {
		_, idx, err := a.Clip(sel.sel)
		if err != nil || idx != sel.want {
			t.Errorf("Clip(%q) = %d, %v; want %d", sel.sel, idx, err, sel.want)
		}
	}
}

func nodeOf(a *formats.Asset, fileBone int) int {
	for i := range a.Skeleton.Parents {
		if a.Skeleton.FileIndexOf(i) == fileBone {
			return i
		}
	}
	return -1
}

func normQ(w, x, y, z float64) mgl32.Quat {
	n := math.Sqrt(w*w + x*x + y*y + z*z)
	return mgl32.Quat{W: float32(w / n), V: mgl32.Vec3{float32(x / n), float32(y / n), float32(z / n)}}
}

func quatNear(a, b mgl32.Quat, tol float32) bool {
	d := []float32{a.W - b.W, a.V[0] - b.V[0], a.V[1] - b.V[1], a.V[2] - b.V[2]}
	for _, x := range d {
		if x > tol || x < -tol {
			return false
		}
	}
	return true
}

// TestSamplesVectors checks worked vectors of the samples (their PROVENANCE.md):
// the int16 rotation decode of FORMAT.md §5.5 among them.
func TestSamplesVectors(t *testing.T) {
	samples.Dir(t, "m2")
	t.Run("Rabbit int16 quaternions", func(t *testing.T) {
		a := openSample(t, "Rabbit.m2")
		n := nodeOf(a, 1)
		if p := a.Skeleton.FileParentOf(n); p != 0 {
			t.Errorf("bone 1 parent = %d, want 0", p)
		}
		if f := a.Details.(*Details).Bones[1].Flags; f != 0x200 {
			t.Errorf("bone 1 flags = %#x, want 0x200", f)
		}
		out := make([]anim.Transform, a.Skeleton.Len())
		pr := make([]anim.Probe, a.Skeleton.Len())
		for _, c := range []struct {
			t    float64
			want mgl32.Quat
			k0   int32
		}{
			{0, mgl32.Quat{W: 0.984818, V: mgl32.Vec3{0, -0.173592, 0}}, 0},
			{34, normQ(0.987030, 0, -0.160466, 0), 1},
		} {
			a.Clips[0].Sample(nil, c.t, out, pr)
			if !quatNear(out[n].Q, c.want, 2e-6) {
				t.Errorf("t=%v: bone 1 rotation = %v, want %v", c.t, out[n].Q, c.want)
			}
			var rk *anim.KeyUse
			for _, k := range pr[n].All() {
				if k.Channel.String() == "r" {
					rk = &k
				}
			}
			if rk == nil || rk.K0 != c.k0 || rk.K1 != -1 {
				t.Errorf("t=%v: rotation probe = %+v, want k0 %d, k1 -1", c.t, rk, c.k0)
			}
		}
		total := 0
		for _, b := range a.Details.(*Details).Bones {
			for _, tr := range b.Tracks {
				if tr.Channel == "r" {
					total += tr.Keys
				}
			}
		}
		if total != 3192 {
			t.Errorf("rotation keys = %d, want 3192", total)
		}
	})
	t.Run("TalkToMe ranges", func(t *testing.T) {
		a := openSample(t, "TalkToMe.m2")
		out := make([]anim.Transform, 1)
		pr := make([]anim.Probe, 1)
		a.Clips[0].Sample(nil, 383.5, out, pr)
		if d := out[0].T.Sub(mgl32.Vec3{0, 0, -0.044733}).Len(); d > 1e-6 {
			t.Errorf("seq 0 τ=383.5: translation = %v, want (0, 0, -0.044733)", out[0].T)
		}
		if pr[0].Len() == 0 {
			t.Fatalf("seq 0 τ=383.5: no probe records")
		}
		if k := pr[0].Key(0); k.Channel.String() != "t" || k.K0 != 0 || k.K1 != 1 || k.Alpha != 0.5 {
			t.Errorf("seq 0 τ=383.5: probe = %+v, want t 0→1 at 0.5", pr[0].AppendKeys(nil))
		}
		if pr[0].Frame != 383 || pr[0].Fallback {
			t.Errorf("probe frame %d fallback %v, want 383 false", pr[0].Frame, pr[0].Fallback)
		}
		a.Clips[1].Sample(nil, 0, out, pr)
		if d := out[0].T.Sub(mgl32.Vec3{0, 0, 0.516611}).Len(); d > 1e-6 {
			t.Errorf("seq 1 τ=0: translation = %v, want (0, 0, 0.516611)", out[0].T)
		}
		if modes := a.Details.(*Details).BillboardModes(); modes[0] != BillboardCylindricalZ {
			t.Errorf("TalkToMe billboard = %d, want %d (cylindrical Z)", modes[0], BillboardCylindricalZ)
		}
	})
	t.Run("Squirrel2 float quaternion", func(t *testing.T) {
		a := openSample(t, "Squirrel2.m2")
		out := make([]anim.Transform, a.Skeleton.Len())
		pr := make([]anim.Probe, a.Skeleton.Len())
		a.Clips[0].Sample(nil, 0, out, pr)
		n := nodeOf(a, 0)
		if !quatNear(out[n].Q, mgl32.Quat{W: 0.975585, V: mgl32.Vec3{0, 0.219306, 0}}, 1e-6) {
			t.Errorf("bone 0 rotation = %v, want (0.975585; 0, 0.219306, 0)", out[n].Q)
		}
		m := a.Clips[0].(*Clip).m
		lo, hi, _, ok := m.nodes[n].r.span(0)
		if !ok || lo != 0 || hi != 8 {
			t.Errorf("bone 0 rotation range = (%d, %d) %v, want (0, 8)", lo, hi, ok)
		}
	})
	t.Run("Campfire billboards", func(t *testing.T) {
		a := openSample(t, "ElwynnCampfire.m2")
		det := a.Details.(*Details)
		n := 0
		for fi, b := range det.Bones {
			if b.Flags&boneSpherical != 0 {
				n++
				if det.BillboardModes()[b.Node] != BillboardSpherical {
					t.Errorf("bone %d (flags %#x) billboard mode %d, want spherical", fi, b.Flags, det.BillboardModes()[b.Node])
				}
			}
		}
		if n == 0 {
			t.Errorf("no spherical billboard bone found")
		}
	})
}

// skinBounds skins every visible mesh vertex with the palette and returns the box.
func skinBounds(a *formats.Asset, skin []anim.Affine, visible func(mesh int) bool) (lo, hi mgl32.Vec3) {
	inf := float32(math.Inf(1))
	lo, hi = mgl32.Vec3{inf, inf, inf}, mgl32.Vec3{-inf, -inf, -inf}
	for mi, m := range a.Meshes {
		if !visible(mi) {
			continue
		}
		for i, p := range m.Positions {
			var v mgl32.Vec3
			for k := 0; k < 4; k++ {
				if w := m.Weights[i][k]; w > 0 {
					v = v.Add(skin[m.Joints[i][k]].TransformPoint(p).Mul(w))
				}
			}
			for c := 0; c < 3; c++ {
				lo[c] = min(lo[c], v[c])
				hi[c] = max(hi[c], v[c])
			}
		}
	}
	return lo, hi
}

// boundsTolerance is how far (in yards, per face of the box) the skinned mesh of
// sequence 0 may leave the bounds the file stores for it. The stored boxes come
// from Blizzard's exporter (or a converter) and its own sampling instants, so they
// are not tight to ours: the worst excess we measure over 16 instants is 0.044
// (Rabbit.m2, top face); the other files stay within 0.021. A wrong rotation
// convention or bone order moves faces by 0.2–0.7 (spec §6.1).
const boundsTolerance = 0.06

// tightTolerance: for the skinned creatures of spec §6.1 the union of the skinned
// boxes over the 16 instants must also reach the stored box (each face within
// 0.08; measured worst 0.059, Frog.m2's bottom face), so a pose that barely moves
// fails too. Campfire and TalkToMe store boxes much larger than their motion.
const tightTolerance = 0.08

var skinnedCreatures = map[string]bool{"Frog.m2": true, "Rabbit.m2": true, "Rabbit2.m2": true, "Squirrel2.m2": true}

func TestSamplesSkinnedBounds(t *testing.T) {
	samples.Dir(t, "m2")
	for _, f := range sampleFacts {
		t.Run(f.file, func(t *testing.T) {
			a := openSample(t, f.file)
			det := a.Details.(*Details)
			animated := false
			for _, b := range det.Bones {
				animated = animated || b.Animated
			}
			if !animated || len(a.Clips) == 0 {
				t.Skip("no animated bone")
			}
			seq := det.Sequences[0]
			clip := a.Clips[0].(*Clip)
			pose := anim.NewPose(a.Skeleton.Len())
			inf := float32(math.Inf(1))
			ulo, uhi := mgl32.Vec3{inf, inf, inf}, mgl32.Vec3{-inf, -inf, -inf}
			for k := 0; k < 16; k++ {
				tau := math.Floor(float64(k) / 15 * float64(seq.Duration))
				clip.Sample(nil, tau, pose.Local, pose.Probes)
				anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
				anim.SkinPalette(a.Skeleton, pose.Model, pose.Skin)
				// Geosets whose colour alpha is 0 (Frog's tongue) are not in the bounds.
				lo, hi := skinBounds(a, pose.Skin, func(m int) bool { return clip.MeshAlpha(m, tau, tau) > 0 })
				for c := 0; c < 3; c++ {
					if lo[c] < seq.Bounds.Min[c]-boundsTolerance || hi[c] > seq.Bounds.Max[c]+boundsTolerance {
						t.Errorf("τ=%v axis %d: skinned [%.3f, %.3f] leaves stored [%.3f, %.3f] by more than %v",
							tau, c, lo[c], hi[c], seq.Bounds.Min[c], seq.Bounds.Max[c], boundsTolerance)
					}
					ulo[c], uhi[c] = min(ulo[c], lo[c]), max(uhi[c], hi[c])
				}
			}
			if !skinnedCreatures[f.file] {
				return
			}
			for c := 0; c < 3; c++ {
				if ulo[c] > seq.Bounds.Min[c]+tightTolerance || uhi[c] < seq.Bounds.Max[c]-tightTolerance {
					t.Errorf("axis %d: skinned union [%.3f, %.3f] falls short of stored [%.3f, %.3f] by more than %v",
						c, ulo[c], uhi[c], seq.Bounds.Min[c], seq.Bounds.Max[c], tightTolerance)
				}
			}
		})
	}
}
