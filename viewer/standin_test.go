package viewer_test

import (
	"path/filepath"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/samples"
	"animscope/formats/swg/swgtest"
	"animscope/viewer"

	"github.com/go-gl/mathgl/mgl32"
)

// drawnVertices skins the scene's visible meshes as the renderer does, with the
// palette DrawnPose gives, after evaluating clip 0 at t.
func drawnVertices(sc *viewer.Scene, t float64) (verts []mgl32.Vec3, joints []mgl32.Vec3) {
	sc.Evaluate(&anim.PoseRequest{A: sc.Clips[0], TA: t})
	model, skin := sc.DrawnPose(mgl32.Vec3{0, 0, 10}, mgl32.Vec3{0, 1, 0})
	for i := 0; i < sc.Skel.Len(); i++ {
		joints = append(joints, sc.Skel.JointPosition(i, model))
	}
	for _, m := range sc.Meshes {
		if m.Hidden {
			continue
		}
		for v, p := range m.Positions {
			if m.Joints == nil {
				verts = append(verts, skin[m.Node].TransformPoint(p))
				continue
			}
			var q mgl32.Vec3
			for k := 0; k < 4; k++ {
				if w := m.Weights[v][k]; w != 0 {
					q = q.Add(skin[m.Joints[v][k]].TransformPoint(p).Mul(w))
				}
			}
			verts = append(verts, q)
		}
	}
	return verts, joints
}

func maxMoved(a, b []mgl32.Vec3) float32 {
	var d float32
	for i := range a {
		d = max(d, a[i].Sub(b[i]).Len())
	}
	return d
}

// TestStandInMeshesStayInBindPose: the SWG scene on a flat stand-in skeleton
// draws the same mesh at t = 0 and t = 30 while its skeleton plays the clip;
// the same mesh opened with the skeleton it names follows the clip (issue 27
// item 7). The badge's tooltip says which was drawn.
func TestStandInMeshesStayInBindPose(t *testing.T) {
	flat, named := t.TempDir(), t.TempDir()
	if err := swgtest.WriteStandInScene(flat, false); err != nil {
		t.Fatal(err)
	}
	if err := swgtest.WriteStandInScene(named, true); err != nil {
		t.Fatal(err)
	}
	f := func(root, name string) string { return filepath.Join(root, filepath.FromSlash(name)) }
	tests := []struct {
		name      string
		files     []string
		meshMoves bool
		tooltip   string
	}{
		{"stand-in .sat + clip", []string{f(flat, swgtest.StandInAppearance), f(flat, swgtest.StandInClip)}, false, viewer.StandInBindPose},
		{"stand-in .mgn + clip", []string{f(flat, swgtest.StandInMesh), f(flat, swgtest.StandInClip)}, false, viewer.StandInBindPose},
		{".mgn on the skeleton it names + clip", []string{f(named, swgtest.StandInMesh), f(named, swgtest.StandInClip)}, true, viewer.StandInDeforms},
		{".sat with its skeleton + clip", []string{f(named, swgtest.StandInAppearance), f(named, swgtest.StandInClip)}, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := formats.Open(tc.files, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sc, err := viewer.NewScene(a, tc.files, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			v0, j0 := drawnVertices(sc, 0)
			v30, j30 := drawnVertices(sc, 30)
			if len(v0) == 0 {
				t.Fatal("no vertex drawn")
			}
			if d := maxMoved(j0, j30); !(d > 0.1) {
				t.Errorf("the skeleton moved %g from t = 0 to t = 30, want it to play the clip", d)
			}
			moved := maxMoved(v0, v30)
			if tc.meshMoves && !(moved > 0.1) {
				t.Errorf("the mesh moved %g from t = 0 to t = 30, want it to follow the clip", moved)
			}
			if !tc.meshMoves && moved != 0 {
				t.Errorf("the mesh moved %g from t = 0 to t = 30, want it in bind pose (the same at both)", moved)
			}
			if got := sc.MeshesInBindPose(); got != !tc.meshMoves {
				t.Errorf("MeshesInBindPose() = %v, want %v", got, !tc.meshMoves)
			}
			if n := testing.AllocsPerRun(20, func() { sc.DrawnPose(mgl32.Vec3{0, 0, 10}, mgl32.Vec3{0, 1, 0}) }); n != 0 {
				t.Errorf("DrawnPose allocates %v times a frame, want 0", n)
			}
			got := sc.StandInTooltip()
			if tc.tooltip == "" {
				if sc.StandIn() {
					t.Errorf("StandIn() = true, want a scene on its own skeleton")
				}
				return
			}
			if !strings.HasSuffix(got, tc.tooltip) {
				t.Errorf("tooltip %q, want it to end with %q", got, tc.tooltip)
			}
		})
	}
}

// TestStandInSampleMeshStill: the real binjinphant mount with the dinosaurid
// clip, opened without the dinosaurid skeleton (not among the samples), draws
// its mesh the same at t = 0 and t = 30 while the skeleton plays.
func TestStandInSampleMeshStill(t *testing.T) {
	dir := samples.Dir(t, "swg")
	sat := filepath.Join(dir, "binjinphant_mount.sat")
	ans := filepath.Join(dir, "dinosaurid_emt_stand_trick_1.ans")
	files := []string{sat, ans}
	a, err := formats.Open(files, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !a.StandInSkeleton || !a.MeshesInBindPose {
		t.Fatalf("StandInSkeleton, MeshesInBindPose = %v, %v, want true, true", a.StandInSkeleton, a.MeshesInBindPose)
	}
	d, _ := a.StandInWarning()
	if !strings.Contains(d.Message, "the meshes are drawn in bind pose") {
		t.Errorf("stand-in warning %q, want it to say the meshes are drawn in bind pose", d.Message)
	}
	sc, err := viewer.NewScene(a, files, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v0, j0 := drawnVertices(sc, 0)
	v30, j30 := drawnVertices(sc, 30)
	if moved := maxMoved(v0, v30); moved != 0 || len(v0) == 0 {
		t.Errorf("%d vertices, moved %g from t = 0 to t = 30, want some, unmoved", len(v0), moved)
	}
	if d := maxMoved(j0, j30); !(d > 0) {
		t.Errorf("the skeleton moved %g from t = 0 to t = 30, want it to play the clip", d)
	}
}
