package gltf

import (
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/swg/swgtest"
)

// TestExportStandInMeshesInBindPose: an SWG scene on a flat stand-in skeleton
// exports its meshes in bind pose (skinned to the armature root) while the
// joints play the clip, as the viewer draws it; the mesh on the skeleton it
// names follows the clip (issue 27 item 7).
func TestExportStandInMeshesInBindPose(t *testing.T) {
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
	}{
		{"stand-in .sat + clip", []string{f(flat, swgtest.StandInAppearance), f(flat, swgtest.StandInClip)}, false},
		{".mgn on the skeleton it names + clip", []string{f(named, swgtest.StandInMesh), f(named, swgtest.StandInClip)}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := formats.Open(tc.files, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			doc, err := Export(a, ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			glb, err := EncodeBytes(doc)
			if err != nil {
				t.Fatal(err)
			}
			validateGLB(t, tc.name, glb)
			ev := newEvaluator(t, decodeGLB(t, glb))
			if len(ev.meshData) == 0 || len(ev.anims) != 1 {
				t.Fatalf("%d meshes, %d animations, want some and 1", len(ev.meshData), len(ev.anims))
			}
			w0, w30 := ev.worlds(0, 0), ev.worlds(0, 1) // frame 30 at 30 frames a second
			var mesh, joints float64
			for m := range ev.meshData {
				for v := range ev.meshData[m].pos {
					mesh = max(mesh, ev.skinVertex(w0, m, v).sub(ev.skinVertex(w30, m, v)).maxAbs())
				}
			}
			for _, j := range ev.doc.Skins[0].Joints {
				p := vec3{0.3, 0.7, 0.2} // a point in the joint's frame shows a turn as well as a move
				joints = max(joints, w0[j].point(p).sub(w30[j].point(p)).maxAbs())
			}
			if !(joints > 0.1) {
				t.Errorf("the joints moved %g from frame 0 to frame 30, want them to play the clip", joints)
			}
			if tc.meshMoves && !(mesh > 0.1) {
				t.Errorf("the mesh moved %g from frame 0 to frame 30, want it to follow the clip", mesh)
			}
			if !tc.meshMoves && mesh > 1e-6 {
				t.Errorf("the mesh moved %g from frame 0 to frame 30, want it in bind pose", mesh)
			}
		})
	}
}
