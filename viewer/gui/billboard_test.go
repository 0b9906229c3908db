package gui

import (
	"math"
	"slices"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/mathgl/mgl32"
)

type modes []uint8

func (m modes) BillboardModes() []uint8 { return m }

// TestDrawnPoseFacesTheCamera: a scene whose node 2 is a spherical billboard draws
// that node with its X axis towards the eye and its joint in place, leaves the
// other nodes and the sampled pose alone, and allocates nothing per frame.
func TestDrawnPoseFacesTheCamera(t *testing.T) {
	a := viewertest.SyntheticAsset(6)
	bb := make(modes, a.Skeleton.Len())
	bb[2] = anim.BillboardSpherical
	a.Billboards = bb
	s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
	if !s.Open([]string{"bb"}) {
		t.Fatal(s.LastError())
	}
	s.Tr.T = 3
	s.Evaluate()
	sc := s.Scene
	sampled := slices.Clone(sc.Pose.Model)
	joint := sc.Skel.JointPosition(2, sc.Pose.Model)
	eye, up := joint.Add(mgl32.Vec3{3, -4, 0}), mgl32.Vec3{0, 0, 1}
	model, skin := sc.DrawnPose(eye, up)
	if !slices.Equal(sc.Pose.Model, sampled) {
		t.Error("DrawnPose changed the sampled pose")
	}
	x := mgl32.Vec3{model[2][0], model[2][1], model[2][2]}
	if want := (mgl32.Vec3{0.6, -0.8, 0}); x.Normalize().Sub(want).Len() > 1e-5 {
		t.Errorf("billboard X axis %v, want along %v", x.Normalize(), want)
	}
	if got := sc.Skel.JointPosition(2, model); got.Sub(joint).Len() > 1e-5 {
		t.Errorf("billboard joint moved from %v to %v", joint, got)
	}
	for i := range model {
		if i != 2 && (model[i] != sampled[i] || skin[i] != sc.Pose.Skin[i]) {
			t.Errorf("node %d changed: %v, want %v", i, model[i], sampled[i])
		}
	}
	if n := testing.AllocsPerRun(50, func() { sc.DrawnPose(eye, up) }); n != 0 {
		t.Errorf("DrawnPose allocates %v times per frame, want 0", n)
	}

	plain := viewertest.SyntheticAsset(6)
	ps, err := viewer.NewScene(plain, nil, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := ps.DrawnPose(eye, up); &m[0] != &ps.Pose.Model[0] {
		t.Error("a scene without billboards draws a copy of its pose")
	}
}

// TestCameraInScene: the eye and up found in model space map back onto the
// world's under the scene matrix (Z up and mirrored here).
func TestCameraInScene(t *testing.T) {
	scene := render.SceneMatrix(render.UpZ, true)
	cam := render.NewCamera()
	cam.Yaw, cam.Pitch = 0.7, 0.3
	view := cam.View()
	eye, up := viewer.CameraInScene(cam.Eye(), view, scene)
	if got := scene.Mul4x1(eye.Vec4(1)).Vec3(); got.Sub(cam.Eye()).Len() > 1e-4 {
		t.Errorf("eye maps back to %v, want %v", got, cam.Eye())
	}
	wantUp := mgl32.Vec3{view[1], view[5], view[9]}
	if got := scene.Mul4x1(up.Vec4(0)).Vec3(); got.Sub(wantUp).Len() > 1e-5 {
		t.Errorf("up maps back to %v, want %v", got, wantUp)
	}
}

// billboardQuad is a one-node scene whose rigid, two-sided unit quad lies in the
// node's YZ plane (facing its X axis), in bind pose; modes[0] is the node's
// billboard mode.
func billboardQuad(mode uint8) *formats.Asset {
	s := &anim.Skeleton{Names: []string{"flame"}, Parents: []int32{-1}}
	q := formats.Mesh{Name: "quad", Node: 0,
		Positions: []mgl32.Vec3{{0, -1, -1}, {0, 1, -1}, {0, 1, 1}, {0, -1, 1}},
		Normals:   []mgl32.Vec3{{1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3, 0, 2, 1, 0, 3, 2}}
	return &formats.Asset{Files: []string{"quad"}, Family: "synthetic", Skeleton: s, UpAxis: formats.UpY,
		Meshes: []formats.Mesh{q}, Billboards: modes{mode}}
}

// TestRenderFacesBillboards: drawn off-screen (the path of `render`), a spherical
// billboard quad faces the camera from the front (+X) and from the side (+Z),
// covering about as many pixels from both, while the same quad without the flag
// is edge-on, nearly invisible, from the side.
func TestRenderFacesBillboards(t *testing.T) {
	withGL(t, func(hd *Headless) {
		pixels := func(mode uint8, yaw float32) int {
			a := billboardQuad(mode)
			s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
			if !s.Open([]string{"quad"}) {
				t.Fatal(s.LastError())
			}
			s.View.Bones, s.View.Joints, s.View.Grid, s.View.Axes = false, false, false, false
			s.Evaluate()
			cam := render.Camera{Yaw: yaw, Distance: 6, FovY: mgl32.DegToRad(45)}
			img, err := hd.Render(s, 96, 96, &cam, 1)
			if err != nil {
				t.Fatal(err)
			}
			return countNonBackground(img)
		}
		const front, side = math.Pi / 2, 0 // yaw π/2 looks from +X, 0 from +Z
		bbFront, bbSide := pixels(anim.BillboardSpherical, front), pixels(anim.BillboardSpherical, side)
		plainFront, plainSide := pixels(anim.BillboardNone, front), pixels(anim.BillboardNone, side)
		t.Logf("pixels: billboard front %d side %d; plain front %d side %d", bbFront, bbSide, plainFront, plainSide)
		if plainFront < 400 || plainSide > plainFront/20 {
			t.Fatalf("without billboarding: %d pixels from the front, %d from the side; want a face-on quad and an edge-on one", plainFront, plainSide)
		}
		if bbSide < plainFront*8/10 || bbSide > plainFront*12/10 || bbFront < plainFront*8/10 || bbFront > plainFront*12/10 {
			t.Errorf("billboard: %d pixels from the front, %d from the side; want about %d from both (facing the camera)", bbFront, bbSide, plainFront)
		}
	})
}

// BenchmarkDrawnPose: the per-frame billboard step on a 100-node scene with every
// tenth node a billboard (copying model and skin, turning 10 nodes).
func BenchmarkDrawnPose(b *testing.B) {
	a := viewertest.SyntheticAsset(100)
	bb := make(modes, 100)
	for i := 0; i < 100; i += 10 {
		bb[i] = anim.BillboardSpherical
	}
	a.Billboards = bb
	sc, err := viewer.NewScene(a, nil, formats.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := range sc.Pose.Model {
		sc.Pose.Model[i] = anim.Affine{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, float32(i) * 0.1, 0}
	}
	eye, up := mgl32.Vec3{3, 4, 5}, mgl32.Vec3{0, 1, 0}
	if m, _ := sc.DrawnPose(eye, up); m[10] == sc.Pose.Model[10] {
		b.Fatal("node 10 did not turn")
	}
	b.ReportAllocs()
	for b.Loop() {
		sc.DrawnPose(eye, up)
	}
}
