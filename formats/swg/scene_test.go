package swg_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"

	"github.com/go-gl/mathgl/mgl32"
)

func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := swgtest.WriteFileAtomic(p, data); err != nil {
			t.Fatal(err)
		}
	}
}

// formats.Open of a .skt, an .ans and a .mgn gives a scene that can be sampled,
// composed, skinned and blended.
func TestOpenSceneSkeletonClipMesh(t *testing.T) {
	dir := t.TempDir()
	sk := chainSkeleton(8)
	names := sk.Names
	writeFiles(t, dir, map[string][]byte{
		"x.skt": mustEncodeSKTM(t, sk),
		"y.ans": mustEncodeAnim(t, synthAnimation("CKAT", "0001", names[:6], 20)),
		"w.ans": mustEncodeAnim(t, synthAnimation("KFAT", "0003", names, 30)),
		"z.mgn": mustEncodeMesh(t, synthMesh(names, "appearance/skeleton/x.skt")),
	})
	p := func(n string) string { return filepath.Join(dir, n) }
	scene, err := formats.Open([]string{p("x.skt"), p("y.ans"), p("z.mgn"), p("w.ans")}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if scene.Skeleton.Len() != 8 || len(scene.Clips) != 2 || len(scene.Meshes) != 1 {
		t.Fatalf("skeleton %d joints, %d clips, %d meshes", scene.Skeleton.Len(), len(scene.Clips), len(scene.Meshes))
	}
	if formats.HasErrors(scene.Diagnostics) {
		t.Errorf("diagnostics: %v", scene.Diagnostics)
	}
	if c, i, err := scene.Clip("w"); err != nil || i != 1 || c.Info().Duration != 30 {
		t.Errorf("clip w: index %d, err %v", i, err)
	}
	mesh := scene.Meshes[0]
	if mesh.Joints2 == nil || len(mesh.UVs) != len(mesh.Positions) || len(mesh.Normals) != len(mesh.Positions) {
		t.Errorf("mesh: joints2 %v, %d UVs, %d normals for %d vertices", mesh.Joints2 != nil, len(mesh.UVs), len(mesh.Normals), len(mesh.Positions))
	}
	for v := range mesh.Positions {
		var s float32
		for k := 0; k < 4; k++ {
			s += mesh.Weights[v][k] + mesh.Weights2[v][k]
		}
		if s < 1-1e-6 || s > 1+1e-6 {
			t.Fatalf("vertex %d weights sum to %g", v, s)
		}
	}
	pose := anim.NewPose(scene.Skeleton.Len())
	res := pose.Blender.Sample(scene.Clips[0], 7.5, scene.Clips[1], 12, 0.5, pose.Local, pose.Probes, pose.ProbesB)
	if !res.UsedA || !res.UsedB {
		t.Errorf("blend used %+v", res)
	}
	anim.LocalToModel(scene.Skeleton, pose.Local, nil, pose.Model)
	anim.SkinPalette(scene.Skeleton, pose.Model, pose.Skin)
	for i, m := range pose.Skin {
		for _, v := range m {
			if !finite(v) {
				t.Fatalf("skin matrix %d is not finite: %v", i, m)
			}
		}
	}
	// joints 6 and 7 are not in y.ans: side A falls back to the bind pose
	scene.Clips[0].Sample(nil, 3, pose.Local, pose.Probes)
	if !pose.Probes[6].Fallback || pose.Probes[0].Fallback {
		t.Errorf("fallback probes: joint 6 %v, joint 0 %v", pose.Probes[6].Fallback, pose.Probes[0].Fallback)
	}
}

// A .sat opens its skeletons (a second segment attached to a joint of the
// first) and meshes (through a .lmg) as one scene.
func TestOpenAppearance(t *testing.T) {
	dir := t.TempDir()
	body := chainSkeleton(6)
	face := &swg.SkeletonTemplate{Version: "0002", Names: []string{"face", "jaw"}, Parents: []int32{-1, 0},
		RPRE: []mgl32.Quat{q(1, 0, 0, 0), q(1, 0, 0, 0)}, RPST: []mgl32.Quat{q(1, 0, 0, 0), q(1, 0, 0, 0)},
		BPTR: []mgl32.Vec3{{0, 0.1, 0}, {0, -0.05, 0.05}}, BPRO: []mgl32.Quat{q(1, 0, 0, 0), q(1, 0, 0, 0)}}
	all := append(append([]string{}, body.Names...), face.Names...)
	slod, err := swgtest.EncodeSLOD([]swgtest.SLODEntry{{Name: "appearance/skeleton/body_l0.skt"}})
	if err != nil {
		t.Fatal(err)
	}
	ap := &swg.Appearance{Meshes: []string{"appearance/mesh/thing.lmg", "appearance/mesh/missing.mgn"},
		Skeletons: []swg.SkeletonRef{{Path: "appearance/skeleton/body.skt"}, {Path: "appearance/skeleton/face.skt", Attach: body.Names[5]}}}
	writeFiles(t, dir, map[string][]byte{
		"appearance/thing.sat":                swgtest.EncodeAppearance(ap),
		"appearance/skeleton/body.skt":        slod,
		"appearance/skeleton/body_l0.skt":     mustEncodeSKTM(t, body),
		"appearance/skeleton/face.skt":        mustEncodeSKTM(t, face),
		"appearance/mesh/thing.lmg":           swgtest.EncodeLODList([]string{"appearance/mesh/thing_l0.mgn", "appearance/mesh/thing_l1.mgn"}),
		"appearance/mesh/thing_l0.mgn":        mustEncodeMesh(t, synthMesh(all, "appearance/skeleton/body.skt")),
		"appearance/animation/thing_walk.ans": mustEncodeAnim(t, synthAnimation("KFAT", "0003", all, 10)),
	})
	sat := filepath.Join(dir, "appearance", "thing.sat")
	scene, err := formats.Open([]string{sat, filepath.Join(dir, "appearance", "animation", "thing_walk.ans")}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := scene.Skeleton
	if s.Len() != 8 || s.Parents[6] != 5 || len(scene.Meshes) != 1 || len(scene.Clips) != 1 {
		t.Fatalf("skeleton %d joints (face parent %d), %d meshes, %d clips", s.Len(), s.Parents[6], len(scene.Meshes), len(scene.Clips))
	}
	var missing bool
	for _, d := range scene.Diagnostics {
		if d.Severity == formats.Error {
			t.Errorf("error: %v", d)
		}
		if strings.Contains(d.Message, "missing.mgn") {
			missing = true
		}
	}
	if !missing {
		t.Errorf("no warning for the missing mesh: %v", scene.Diagnostics)
	}
	// Same scene with the skeleton files removed: a warning and a stand-in.
	os.Remove(filepath.Join(dir, "appearance", "skeleton", "face.skt"))
	scene, err = formats.Open([]string{sat}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if scene.Skeleton.Len() != len(all) || len(scene.Meshes) != 1 {
		t.Errorf("stand-in: %d joints, %d meshes", scene.Skeleton.Len(), len(scene.Meshes))
	}
	// --root: the same paths resolve inside an explicit asset root.
	if _, err := formats.Open([]string{sat}, formats.Options{Root: dir}); err != nil {
		t.Errorf("with Root: %v", err)
	}
}

// Spec §9.3: a SLOD NAME that is missing, loops, climbs with "..", is absolute
// or leaves the root through a symbolic link is an error naming both files and
// the NAME chunk's offset.
func TestSkeletonReferenceErrors(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	sk := mustEncodeSKTM(t, workedExample())
	slod := func(name string) []byte {
		b, err := swgtest.EncodeSLOD([]swgtest.SLODEntry{{Name: name}})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	writeFiles(t, outside, map[string][]byte{"secret.skt": sk})
	writeFiles(t, dir, map[string][]byte{
		"ok.skt":            slod("skeleton/real.skt"),
		"skeleton/real.skt": sk,
		"base.skt":          slod("some/other/folder/real2.skt"),
		"real2.skt":         sk,
		"missing.skt":       slod("skeleton/nothere.skt"),
		"loop.skt":          slod("loop.skt"),
		"loop_a.skt":        slod("loop_b.skt"),
		"loop_b.skt":        slod("loop_a.skt"),
		"dotdot.skt":        slod("../x.skt"),
		"abs.skt":           slod(filepath.Join(outside, "secret.skt")),
		"escape.skt":        slod("link/secret.skt"),
	})
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Skipf("symlinks: %v", err)
	}
	// The NAME chunk of a one-entry SLOD sits after FORM SLOD, FORM 0000 and INFO.
	const nameOff = 12 + 12 + 8 + 2
	cases := []struct {
		file, want string
		ok         bool
	}{
		{"ok.skt", "", true},
		{"base.skt", "", true}, // base-name fallback beside the file
		{"missing.skt", "not found", false},
		{"loop.skt", "loop", false},
		{"loop_a.skt", "loop", false},
		{"dotdot.skt", "..", false},
		{"abs.skt", "absolute", false},
		{"escape.skt", "symbolic link", false},
	}
	for _, c := range cases {
		p := filepath.Join(dir, c.file)
		_, err := formats.Open([]string{p}, formats.Options{})
		if c.ok {
			if err != nil {
				t.Errorf("%s: %v", c.file, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: no error", c.file)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, p+": offset 0x22: NAME ") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: error %q, want %s: offset 0x%x: NAME … %s", c.file, msg, p, nameOff, c.want)
		}
	}
}

func finite(v float32) bool { return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) }
