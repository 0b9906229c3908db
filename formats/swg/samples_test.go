package swg_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/iff"
	"animscope/formats/samples"
	"animscope/formats/swg"

	"github.com/go-gl/mathgl/mgl32"
)

func readSample(t *testing.T, name string) (string, []byte) {
	t.Helper()
	dir := samples.Dir(t, "swg")
	p := filepath.Join(dir, name)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Skipf("sample %s is absent: %v", name, err)
	}
	return p, data
}

var sampleFiles = []string{
	"dinosaurid_emt_stand_trick_1.ans",
	"acklay_rea_get_hit_add.ans",
	"acklay_rea_stand_get_hit_medium.ans",
	"acklay_std_turn_right.ans",
	"all_b_cbt_pistol_kneeling_aimed_hurry_to_pistol_standing_aimed.ans",
	"binjinphant_mount_l0.mgn",
	"binjinphant_mount_l3.mgn",
	"binjinphant_mount.lmg",
	"binjinphant_mount.sat",
}

// FORMAT.md §2: the IFF walk consumes every sample exactly, without padding.
func TestSampleIFFWalkConsumesFile(t *testing.T) {
	for _, name := range sampleFiles {
		t.Run(name, func(t *testing.T) {
			p, data := readSample(t, name)
			nodes, err := iff.Parse(p, data)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if len(nodes) != 1 {
				t.Errorf("got %d top-level blocks, want 1", len(nodes))
			}
			if got := nodes[len(nodes)-1].End(); got != len(data) {
				t.Errorf("walk ends at %d, want the file length %d", got, len(data))
			}
		})
	}
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func quatNear(got mgl32.Quat, want [4]float64, tol float64) bool {
	return near(float64(got.W), want[0], tol) && near(float64(got.V[0]), want[1], tol) &&
		near(float64(got.V[1]), want[2], tol) && near(float64(got.V[2]), want[3], tol)
}

// Spec §5.5: the compressed-quaternion test vectors, from the words alone and
// from the sample files.
func TestCKATDecodeVectors(t *testing.T) {
	cases := []struct {
		name       string
		fx, fy, fz uint8
		word       uint32
		want       [4]float64
	}{
		{"all_b SROT[0]", 0xF3, 0xE7, 0xFC, 0x1DD22649, [4]float64{0.898462, -0.059411, -0.074579, -0.428571}},
		{"all_b SROT[2]", 0xF3, 0xE7, 0xFC, 0x3FE7FCFF, [4]float64{1.000000, -0.000109, -0.000058, -0.000652}},
		{"foot_r key 0", 0xE8, 0xE7, 0xFE, 0x950EE5FD, [4]float64{0.060614, 0.039503, 0.050773, 0.996086}},
		{"foot_r key 1", 0xE8, 0xE7, 0xFE, 0x958EE1FD, [4]float64{0.061007, 0.039043, 0.050658, 0.996086}},
	}
	for _, c := range cases {
		got, clamped := swg.ExpandQuat(c.word, c.fx, c.fy, c.fz)
		if clamped || !quatNear(got, c.want, 1.5e-6) {
			t.Errorf("%s: ExpandQuat(0x%08X) = %v (clamped %v), want %v", c.name, c.word, got, clamped, c.want)
		}
	}

	p, data := readSample(t, "all_b_cbt_pistol_kneeling_aimed_hurry_to_pistol_standing_aimed.ans")
	a, err := swg.DecodeAnimation(p, data)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.StaticPacked[0]; got.Word != 0x1DD22649 || got.Formats != [3]uint8{0xF3, 0xE7, 0xFC} {
		t.Errorf("all_b SROT[0] = %+v, want formats F3 E7 FC word 0x1DD22649", got)
	}
	if !quatNear(a.StaticRot[0], cases[0].want, 1.5e-6) || !quatNear(a.StaticRot[2], cases[1].want, 1.5e-6) {
		t.Errorf("all_b SROT[0], [2] = %v, %v", a.StaticRot[0], a.StaticRot[2])
	}
	for i, q := range a.StaticRot {
		if l := q.Len(); !near(float64(l), 1, 1e-3) || q.W < 0 {
			t.Errorf("all_b SROT[%d] = %v: |q| = %g, w must be >= 0", i, q, l)
		}
	}

	p, data = readSample(t, "acklay_std_turn_right.ans")
	a, err = swg.DecodeAnimation(p, data)
	if err != nil {
		t.Fatal(err)
	}
	x := findXform(a, "foot_r")
	if x == nil || !x.AnimatedRot || x.RotIndex != 0 {
		t.Fatalf("foot_r: %+v, want AROT[0]", x)
	}
	ch := a.Rot[0]
	if len(ch.Keys) != 51 || ch.Formats != [3]uint8{0xE8, 0xE7, 0xFE} || ch.Words[0] != 0x950EE5FD || ch.Frames[1] != 1 {
		t.Errorf("AROT[0]: %d keys, formats % X, word0 0x%08X", len(ch.Keys), ch.Formats, ch.Words[0])
	}
	if !quatNear(ch.Keys[0], cases[2].want, 1.5e-6) || !quatNear(ch.Keys[1], cases[3].want, 1.5e-6) {
		t.Errorf("AROT[0] keys 0, 1 = %v, %v", ch.Keys[0], ch.Keys[1])
	}
	for ci, c := range a.Rot {
		for k, q := range c.Keys {
			if l := q.Len(); !near(float64(l), 1, 2e-3) || q.W < 0 {
				t.Fatalf("AROT[%d] key %d = %v: |q| = %g", ci, k, q, l)
			}
		}
	}
}

func findXform(a *swg.Animation, name string) *swg.XformInfo {
	for i := range a.Xforms {
		if strings.EqualFold(a.Xforms[i].Name, name) {
			return &a.Xforms[i]
		}
	}
	return nil
}

// The samples' evaluation table (their PROVENANCE.md; file-exact, FORMAT.md §6.1),
// through the scene API.
func TestSampleEvaluationTable(t *testing.T) {
	cases := []struct {
		file  string
		joint string
		frame float64
		rot   [4]float64
		trans [3]float64
	}{
		{"dinosaurid_emt_stand_trick_1.ans", "rknee", 0, [4]float64{0.995649, 0.004351, -0.036480, -0.085629}, [3]float64{0, 0, 0}},
		{"dinosaurid_emt_stand_trick_1.ans", "rknee", 37.5, [4]float64{0.976226, 0.005866, -0.037658, -0.213380}, [3]float64{0, 0, 0}},
		{"dinosaurid_emt_stand_trick_1.ans", "root", 0, [4]float64{0.999594, -0.002491, -0.001353, -0.028360}, [3]float64{0, -0.081991, 0}},
		{"dinosaurid_emt_stand_trick_1.ans", "root", 37.5, [4]float64{0.999664, -0.002505, -0.001386, -0.025765}, [3]float64{0, -0.099289, 0}},
		{"dinosaurid_emt_stand_trick_1.ans", "spine2", 120, [4]float64{0.976691, -0.005738, -0.033605, -0.211927}, [3]float64{0, 0, 0}},
		{"acklay_std_turn_right.ans", "root", 0, [4]float64{0.992361, 0.001489, -0.015583, -0.122367}, [3]float64{0, -0.350123, -0.048880}},
		{"acklay_std_turn_right.ans", "root", 12.25, [4]float64{0.990762, 0.001023, -0.036514, -0.130599}, [3]float64{0, -0.327753, -0.048880}},
		{"acklay_std_turn_right.ans", "root", 50, [4]float64{0.999877, 0.000015, -0.015698, -0.000115}, [3]float64{0, -0.233425, -0.051872}},
		{"acklay_std_turn_right.ans", "foot_r", 12.25, [4]float64{0.351491, -0.009087, -0.032264, -0.935591}, [3]float64{0, 0, 0}},
	}
	sample := func(file, fid, joint string, frame float64) (anim.Transform, anim.Probe) {
		t.Helper()
		p, _ := readSample(t, file)
		scene, err := formats.Open([]string{p}, formats.Options{Readings: map[string]string{"fidelity": fid}})
		if err != nil {
			t.Fatal(err)
		}
		clip, _, err := scene.Clip("")
		if err != nil {
			t.Fatal(err)
		}
		j := scene.Skeleton.Find(joint)
		if j < 0 {
			t.Fatalf("%s: no joint %q in the stand-in skeleton", file, joint)
		}
		out := make([]anim.Transform, scene.Skeleton.Len())
		probes := make([]anim.Probe, len(out))
		clip.Sample(nil, frame, out, probes)
		return out[j], probes[j]
	}
	for _, c := range cases {
		got, pr := sample(c.file, swg.FidelityFile, c.joint, c.frame)
		if !quatNear(got.Q, c.rot, 1.5e-6) {
			t.Errorf("%s %s f=%g: rotation = %v, want %v", c.file, c.joint, c.frame, got.Q, c.rot)
		}
		for k := 0; k < 3; k++ {
			if !near(float64(got.T[k]), c.trans[k], 1.5e-6) {
				t.Errorf("%s %s f=%g: translation = %v, want %v", c.file, c.joint, c.frame, got.T, c.trans)
				break
			}
		}
		if pr.Fallback || pr.Frame != int32(math.Floor(c.frame)) || pr.Len() != 4 {
			t.Errorf("%s %s f=%g: probe %+v", c.file, c.joint, c.frame, pr)
		}
		// §6.2: client fidelity differs only where keys were thinned. A
		// channel whose keys are adjacent in the file (or a single key) gives the
		// file-exact value bit for bit.
		cg, cp := sample(c.file, swg.FidelityClient, c.joint, c.frame)
		for k, ku := range cp.All() {
			if ku.Channel != pr.Key(k).Channel {
				t.Fatalf("%s %s: client channel %q, file channel %q", c.file, c.joint, ku.Channel, pr.Key(k).Channel)
			}
			thinned := ku.K1 >= 0 && ku.K1 != ku.K0+1
			var same bool
			switch ku.Channel.String() {
			case "r", "r:static":
				same = cg.Q == got.Q
			case "tx", "tx:static":
				same = cg.T[0] == got.T[0]
			case "ty", "ty:static":
				same = cg.T[1] == got.T[1]
			case "tz", "tz:static":
				same = cg.T[2] == got.T[2]
			}
			if !thinned && (!same || ku.K0 != pr.Key(k).K0 || ku.K1 != pr.Key(k).K1) {
				t.Errorf("%s %s f=%g channel %s: client %+v differs from file %+v without thinning", c.file, c.joint, c.frame, ku.Channel, ku, pr.Key(k))
			}
			if thinned && same && ku.Channel.String() == "r" {
				t.Errorf("%s %s f=%g: client keys %d..%d span a thinned key, yet the rotation is unchanged", c.file, c.joint, c.frame, ku.K0, ku.K1)
			}
		}
	}
}

// Every real sample opens; meshes carry their facts (the samples' PROVENANCE.md).
func TestSampleFilesOpen(t *testing.T) {
	for _, name := range sampleFiles {
		t.Run(name, func(t *testing.T) {
			p, _ := readSample(t, name)
			scene, err := formats.Open([]string{p}, formats.Options{})
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			if scene.Skeleton == nil || scene.Skeleton.Len() == 0 {
				t.Fatalf("no skeleton")
			}
			if scene.Family != formats.FamilySWG || !scene.MirrorX || scene.UpAxis != formats.UpY {
				t.Errorf("family %q MirrorX %v UpAxis %d", scene.Family, scene.MirrorX, scene.UpAxis)
			}
			if formats.HasErrors(scene.Diagnostics) {
				t.Errorf("errors: %v", scene.Diagnostics)
			}
			if strings.HasSuffix(name, ".ans") && len(scene.Clips) != 1 {
				t.Errorf("got %d clips, want 1", len(scene.Clips))
			}
			if !strings.HasSuffix(name, ".ans") && len(scene.Meshes) == 0 {
				t.Errorf("no meshes")
			}
		})
	}
}

func TestSampleMeshFacts(t *testing.T) {
	cases := []struct {
		file                        string
		pos, weights, names, verts  int
		tris, hardpoints, windAgree int
	}{
		{"binjinphant_mount_l0.mgn", 1192, 1577, 56, 1549, 2360, -1, 2358},
		{"binjinphant_mount_l3.mgn", 334, 508, 25, 489, 652, 1, 652},
	}
	for _, c := range cases {
		p, data := readSample(t, c.file)
		m, err := swg.DecodeMeshGen(p, data)
		if err != nil {
			t.Fatal(err)
		}
		if m.Version != "0004" || len(m.Positions) != c.pos || len(m.Weights) != c.weights || len(m.XFNM) != c.names {
			t.Errorf("%s: version %s, %d positions, %d weights, %d names; want %d, %d, %d", c.file, m.Version,
				len(m.Positions), len(m.Weights), len(m.XFNM), c.pos, c.weights, c.names)
		}
		if len(m.Shaders) != 1 || len(m.Shaders[0].PIDX) != c.verts || len(m.Shaders[0].Triangles)/3 != c.tris {
			t.Fatalf("%s: shaders %d", c.file, len(m.Shaders))
		}
		sum := 0
		for _, h := range m.WeightHead {
			sum += int(h)
		}
		if sum != len(m.Weights) {
			t.Errorf("%s: sum(TWHD) = %d, want %d", c.file, sum, len(m.Weights))
		}
		for i, s := range m.WeightSums() {
			if !near(float64(s), 1, 1.2e-7*4) {
				t.Fatalf("%s: position %d weights sum to %.9g", c.file, i, s)
			}
		}
		if c.hardpoints >= 0 {
			if len(m.Hardpoints) != c.hardpoints {
				t.Errorf("%s: %d hardpoints, want %d", c.file, len(m.Hardpoints), c.hardpoints)
			} else {
				h := m.Hardpoints[0]
				if h.Name != "saddle" || h.Parent != "root" || !quatNear(h.Rotation, [4]float64{0.02, 0.7068, 0.02, -0.7068}, 1e-4) ||
					!near(float64(h.Position[1]), -0.1599, 1e-4) {
					t.Errorf("%s: hardpoint %+v", c.file, h)
				}
			}
		}
		// §7.3: the winding agrees with the normals in raw SWG data, and after
		// mirroring (X negated, triangles (a, c, b)) it still does.
		ps := m.Shaders[0]
		pos := make([]mgl32.Vec3, len(ps.PIDX))
		nor := make([]mgl32.Vec3, len(ps.PIDX))
		for v := range ps.PIDX {
			pos[v] = m.Positions[ps.PIDX[v]]
			nor[v] = m.Normals[ps.NIDX[v]]
		}
		for _, mirrored := range []bool{false, true} {
			agree, total := swg.Winding(pos, nor, ps.Triangles, mirrored)
			if agree != c.windAgree || total != c.tris {
				t.Errorf("%s mirrored=%v: %d/%d triangles agree with the normals, want %d/%d", c.file, mirrored, agree, total, c.windAgree, c.tris)
			}
		}
		// Mirroring without reversing the winding turns the faces inside out.
		mp := make([]mgl32.Vec3, len(pos))
		mn := make([]mgl32.Vec3, len(nor))
		for i := range pos {
			mp[i], mn[i] = swg.MirrorVec(pos[i]), swg.MirrorVec(nor[i])
		}
		if agree, _ := swg.Winding(mp, mn, ps.Triangles, false); agree != c.tris-c.windAgree {
			t.Errorf("%s: mirrored without reversing, %d agree, want %d", c.file, agree, c.tris-c.windAgree)
		}
		if agree, _ := swg.Winding(mp, mn, swg.MirrorTriangles(ps.Triangles), false); agree != c.windAgree {
			t.Errorf("%s: MirrorTriangles: %d agree, want %d", c.file, agree, c.windAgree)
		}
		// Bound meshes: skinning weights per vertex still sum to 1.
		ms, _ := m.BindMeshes(m.StandIn())
		for _, mesh := range ms {
			for v := range mesh.Positions {
				var s float32
				for k := 0; k < 4; k++ {
					s += mesh.Weights[v][k]
					if mesh.Weights2 != nil {
						s += mesh.Weights2[v][k]
					}
				}
				if !near(float64(s), 1, 1e-6) {
					t.Fatalf("%s: bound vertex %d weights sum to %g", c.file, v, s)
				}
			}
		}
	}
}
