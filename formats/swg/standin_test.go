package swg_test

import (
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/swg/swgtest"
)

// TestStandInMeshPose: a scene on a stand-in skeleton draws its meshes in bind
// pose unless the stand-in is the skeleton the meshes were bound in, and its
// warning says which (issue 27 item 7).
func TestStandInMeshPose(t *testing.T) {
	flat, named := t.TempDir(), t.TempDir()
	if err := swgtest.WriteStandInScene(flat, false); err != nil {
		t.Fatal(err)
	}
	if err := swgtest.WriteStandInScene(named, true); err != nil {
		t.Fatal(err)
	}
	f := func(root, name string) string { return filepath.Join(root, filepath.FromSlash(name)) }
	tests := []struct {
		name        string
		files       []string
		standIn     bool
		bindPose    bool
		wantMessage string // in the stand-in warning ("" when there is none)
	}{
		{".sat without its skeleton + clip", []string{f(flat, swgtest.StandInAppearance), f(flat, swgtest.StandInClip)},
			true, true, "the meshes are drawn in bind pose"},
		{"clip + .sat without its skeleton", []string{f(flat, swgtest.StandInClip), f(flat, swgtest.StandInAppearance)},
			true, true, "the meshes are drawn in bind pose"},
		{".mgn without its skeleton + clip", []string{f(flat, swgtest.StandInMesh), f(flat, swgtest.StandInClip)},
			true, true, "the meshes are drawn in bind pose"},
		{".mgn with the skeleton it names + clip", []string{f(named, swgtest.StandInMesh), f(named, swgtest.StandInClip)},
			true, false, "the meshes follow the clip"},
		{"clip alone", []string{f(flat, swgtest.StandInClip)}, true, false, ""},
		{".sat with its skeleton + clip", []string{f(named, swgtest.StandInAppearance), f(named, swgtest.StandInClip)},
			false, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := formats.Open(tc.files, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if a.StandInSkeleton != tc.standIn || a.MeshesInBindPose != tc.bindPose {
				t.Errorf("StandInSkeleton, MeshesInBindPose = %v, %v, want %v, %v", a.StandInSkeleton, a.MeshesInBindPose, tc.standIn, tc.bindPose)
			}
			d, ok := a.StandInWarning()
			if ok != tc.standIn {
				t.Fatalf("StandInWarning: ok %v, want %v", ok, tc.standIn)
			}
			if !ok {
				return
			}
			if !strings.Contains(d.Message, "stand-in skeleton") || (tc.wantMessage != "") != strings.Contains(d.Message, "; the meshes") ||
				!strings.Contains(d.Message, tc.wantMessage) {
				t.Errorf("warning %q, want the stand-in warning saying %q", d.Message, tc.wantMessage)
			}
			n := 0
			for _, x := range a.Diagnostics {
				if x.Message == d.Message {
					n++
				}
			}
			if n != 1 {
				t.Errorf("the stand-in warning is among the diagnostics %d times, want once", n)
			}
		})
	}
}
