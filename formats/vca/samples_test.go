package vca

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/samples"

	"github.com/go-gl/mathgl/mgl32"
)

func sampleFile(t *testing.T, rel string) string {
	t.Helper()
	p := filepath.Join(samples.Dir(t, "vca"), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Skipf("sample %s is absent", rel)
	}
	return p
}

func TestSampleHumanVCM(t *testing.T) {
	p := sampleFile(t, "res/models/human.vcm")
	a, err := formats.OpenFile(p, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name   string
		parent int32
		off    mgl32.Vec3
	}{
		{"root", -1, mgl32.Vec3{}}, {"body", 0, mgl32.Vec3{}}, {"head", 1, mgl32.Vec3{0, 0.5, 0}},
		{"leg_left", 1, mgl32.Vec3{-0.125, 0, 0}}, {"leg_left_btm", 3, mgl32.Vec3{0, -0.45, 0}},
		{"leg_right", 1, mgl32.Vec3{0.125, 0, 0}}, {"leg_right_btm", 5, mgl32.Vec3{0, -0.45, 0}},
		{"hand_left", 1, mgl32.Vec3{-0.325, 0.5, 0}}, {"hand_left_btm", 7, mgl32.Vec3{0, -0.45, 0}},
		{"hand_right", 1, mgl32.Vec3{0.325, 0.5, 0}}, {"hand_right_btm", 9, mgl32.Vec3{0, -0.45, 0}},
	}
	s := a.Skeleton
	if s.Len() != len(want) {
		t.Fatalf("%d bones, want %d: %v", s.Len(), len(want), s.Names)
	}
	for i, w := range want {
		if s.Names[i] != w.name || s.Parents[i] != w.parent || s.Offset[i] != w.off {
			t.Errorf("bone %d = %q parent %d offset %v; want %q %d %v", i, s.Names[i], s.Parents[i], s.Offset[i], w.name, w.parent, w.off)
		}
	}
	perBone := map[int]int{}
	for _, m := range a.Meshes {
		perBone[m.Node] += len(m.Indices) / 3
	}
	for i := 1; i < len(want); i++ {
		if perBone[i] != 12 {
			t.Errorf("bone %d (%s) has %d triangles, want 12 (one box)", i, want[i].name, perBone[i])
		}
	}
	if perBone[0] != 0 {
		t.Errorf("root has %d triangles, want 0", perBone[0])
	}
	// The body box spans (-0.2,0,-0.125)..(0.2,0.5,0.15) in the body frame.
	lo, hi := bounds(a.Meshes, 1)
	if !lo.ApproxEqual(mgl32.Vec3{-0.2, 0, -0.125}) || !hi.ApproxEqual(mgl32.Vec3{0.2, 0.5, 0.15}) {
		t.Errorf("body box bounds %v..%v", lo, hi)
	}
}

func bounds(ms []formats.Mesh, node int) (lo, hi mgl32.Vec3) {
	lo = mgl32.Vec3{1e9, 1e9, 1e9}
	hi = lo.Mul(-1)
	for _, m := range ms {
		if m.Node != node {
			continue
		}
		for _, p := range m.Positions {
			for k := 0; k < 3; k++ {
				lo[k] = float32(math.Min(float64(lo[k]), float64(p[k])))
				hi[k] = float32(math.Max(float64(hi[k]), float64(p[k])))
			}
		}
	}
	return lo, hi
}

func TestSampleStairsVCM(t *testing.T) {
	a, err := formats.OpenFile(sampleFile(t, "res/models/stairs.vcm"), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tris := 0
	for _, m := range a.Meshes {
		tris += len(m.Indices) / 3
	}
	// two boxes with two faces deleted each (4 faces, 8 triangles each) and two rects
	if a.Skeleton.Len() != 1 || tris != 2*8+2*2 {
		t.Errorf("stairs: %d bones, %d triangles; want 1 and 20", a.Skeleton.Len(), tris)
	}
}

func TestSampleSkeletons(t *testing.T) {
	for _, tc := range []struct {
		file   string
		names  []string
		parent []int32
		offs   []mgl32.Vec3
		meshes int
	}{
		{"res/content/base/skeletons/player.json", []string{"", "body", "head", "item"}, []int32{-1, 0, 1, 1},
			[]mgl32.Vec3{{}, {}, {0, 0.4, 0}, {0.26, 0, -0.23}}, 2},
		{"res/content/base/skeletons/block.json", []string{""}, []int32{-1}, []mgl32.Vec3{{}}, 6},
		{"res/content/base/skeletons/drop.json", []string{""}, []int32{-1}, []mgl32.Vec3{{}}, 6},
		{"res/content/base/skeletons/hand.json", []string{"", "item"}, []int32{-1, 0}, []mgl32.Vec3{{}, {}}, 0},
		{"res/content/base/entities/falling_block.json", []string{""}, []int32{-1}, []mgl32.Vec3{{}}, 6},
		{"res/content/base/entities/player.json", []string{"", "body", "head", "item"}, []int32{-1, 0, 1, 1},
			[]mgl32.Vec3{{}, {}, {0, 0.4, 0}, {0.26, 0, -0.23}}, 2},
		{"res/content/base/entities/drop.json", []string{""}, []int32{-1}, []mgl32.Vec3{{}}, 6},
	} {
		a, err := formats.OpenFile(sampleFile(t, tc.file), formats.Options{})
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		s := a.Skeleton
		if s.Len() != len(tc.names) {
			t.Errorf("%s: names %q, want %q", tc.file, s.Names, tc.names)
			continue
		}
		for i := range tc.names {
			if s.Names[i] != tc.names[i] || s.Parents[i] != tc.parent[i] || s.Offset[i] != tc.offs[i] {
				t.Errorf("%s bone %d: %q %d %v; want %q %d %v", tc.file, i, s.Names[i], s.Parents[i], s.Offset[i], tc.names[i], tc.parent[i], tc.offs[i])
			}
		}
		if len(a.Meshes) != tc.meshes {
			t.Errorf("%s: %d meshes, want %d (diagnostics %v)", tc.file, len(a.Meshes), tc.meshes, a.Diagnostics)
		}
		if a.Family != formats.FamilyVCA || a.UpAxis != formats.UpY {
			t.Errorf("%s: family %q up %d", tc.file, a.Family, a.UpAxis)
		}
	}
}

func TestSampleVEC3(t *testing.T) {
	for _, tc := range []struct {
		file                   string
		materials              []string
		meshes, tris           int
		positions, uvs, normal int // of the first mesh
	}{
		{"res/content/base/models/player-body.vec3", []string{"entities/player"}, 1, 12, -1, -1, -1},
		{"res/content/base/models/player-head.vec3", []string{"entities/player"}, 1, 12, 8, 22, 6},
		{"res/content/base/models/player-hand.vec3", []string{"entities/player"}, 1, 12, -1, -1, -1},
		{"res/content/base/models/drop-block.vec3", []string{"$2", "$3", "$0", "$1", "$4", "$5"}, 6, 2, -1, -1, -1},
		{"res/models/block.vec3", []string{"$2", "$3", "$0", "$1", "$4", "$5"}, 6, 2, -1, -1, -1},
		{"res/models/drop-item.vec3", []string{"$0"}, 1, 84, 168, 168, 2},
	} {
		data, err := os.ReadFile(sampleFile(t, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseVEC3(data)
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		var mats []string
		for _, m := range f.Materials {
			mats = append(mats, m.Name)
		}
		if len(mats) != len(tc.materials) {
			t.Errorf("%s: materials %q, want %q", tc.file, mats, tc.materials)
		}
		for i := range mats {
			if i < len(tc.materials) && mats[i] != tc.materials[i] {
				t.Errorf("%s: materials %q, want %q", tc.file, mats, tc.materials)
				break
			}
		}
		base := filepath.Base(tc.file)
		if len(f.Models) != 1 || f.Models[0].Name != base[:len(base)-len(".vec3")] {
			t.Errorf("%s: models %d named %q", tc.file, len(f.Models), f.Models[0].Name)
			continue
		}
		ms := f.Models[0].Meshes
		if len(ms) != tc.meshes {
			t.Errorf("%s: %d meshes, want %d", tc.file, len(ms), tc.meshes)
		}
		for _, m := range ms {
			if m.Triangles != tc.tris || len(m.Mesh.Indices) != 3*tc.tris {
				t.Errorf("%s: mesh of %d triangles, want %d", tc.file, m.Triangles, tc.tris)
			}
			for _, p := range m.Mesh.Positions {
				if math.IsNaN(float64(p[0])) || math.Abs(float64(p[0])) > 10 {
					t.Errorf("%s: odd position %v", tc.file, p)
					break
				}
			}
		}
		if tc.positions >= 0 && (ms[0].NPositions != tc.positions || ms[0].NUVs != tc.uvs || ms[0].NNormals != tc.normal) {
			t.Errorf("%s: %d positions %d uvs %d normals; want %d %d %d", tc.file, ms[0].NPositions, ms[0].NUVs, ms[0].NNormals, tc.positions, tc.uvs, tc.normal)
		}
		if got := f.Size; got != len(data) {
			t.Errorf("%s: parsing ends at byte %d of %d", tc.file, got, len(data))
		}
	}
}

// TestOpenSceneHumanWave is the viewer's scene: human.vcm plus a .vca, merged by
// formats.Open through the ClipBinder, played, scrubbed and blended.
func TestOpenSceneHumanWave(t *testing.T) {
	human := sampleFile(t, "res/models/human.vcm")
	scene, err := formats.Open([]string{human, filepath.Join("testdata", "wave.vca")}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(scene.Clips) != 1 || scene.Skeleton.Len() != 11 || len(scene.Meshes) == 0 {
		t.Fatalf("scene: %d clips, %d bones, %d meshes", len(scene.Clips), scene.Skeleton.Len(), len(scene.Meshes))
	}
	for _, d := range scene.Diagnostics {
		if d.Severity == formats.Error {
			t.Errorf("diagnostic: %v", d)
		}
	}
	c := scene.Clips[0]
	info := c.Info()
	if info.Name != "wave" || info.Unit != "s" || info.UnitsPerSecond != 1 || info.Duration != 2 || info.Frames != 41 {
		t.Errorf("info = %+v", info)
	}
	if !info.PlacesRoot {
		t.Fatalf("the bound clip does not place the scene root")
	}
	ctx := c.NewContext()
	pose := anim.NewPose(scene.Skeleton.Len())
	hr := scene.Skeleton.Find("hand_right")
	for _, tt := range []float64{0, 0.25, 0.5, 1, 1.5, 2} {
		root, moved := c.Sample(ctx, tt, pose.Local, pose.Probes)
		if !moved {
			t.Fatalf("t=%v: Sample did not return the root", tt)
		}
		anim.LocalToModel(scene.Skeleton, pose.Local, &root, pose.Model)
		if !near(float64(root[10]), 0.1*math.Sin(tt), 1e-6) {
			t.Errorf("t=%v: root y = %v, want %v", tt, root[10], 0.1*math.Sin(tt))
		}
		for i, m := range pose.Model {
			for _, v := range m {
				if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
					t.Fatalf("t=%v node %d: non-finite model %v", tt, i, m)
				}
			}
		}
	}
	c.Sample(nil, 0.5, pose.Local, pose.Probes) // frame 10: hand_right z = 150
	want := mgl32.QuatRotate(mgl32.DegToRad(150), mgl32.Vec3{0, 0, 1})
	if !pose.Local[hr].Q.ApproxEqualThreshold(want, 1e-6) {
		t.Errorf("hand_right at t=0.5: %v, want %v", pose.Local[hr].Q, want)
	}
	// Blend the clip with itself at two times.
	res := pose.Blender.Sample(c, 0, c, 0.5, 0.5, pose.Local, pose.Probes, pose.ProbesB)
	if !res.UsedA || !res.UsedB {
		t.Errorf("blend used A %v B %v, want both", res.UsedA, res.UsedB)
	}
	anim.LocalToModel(scene.Skeleton, pose.Local, nil, pose.Model)
	if !pose.Local[hr].Q.ApproxEqualThreshold(mgl32.QuatRotate(mgl32.DegToRad(75), mgl32.Vec3{0, 0, 1}), 1e-3) {
		t.Errorf("blend of 0° and 150° about z at 0.5 = %v, want 75°", pose.Local[hr].Q)
	}
}
