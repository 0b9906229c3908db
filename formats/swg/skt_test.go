package swg_test

import (
	"math"
	"testing"

	"animscope/anim"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"

	"github.com/go-gl/mathgl/mgl32"
)

// quatFromAffine reads the rotation of a model matrix as a quaternion with w >= 0.
func quatFromAffine(m *anim.Affine) mgl32.Quat {
	r := mgl32.Mat4ToQuat(m.Mat4())
	if r.W < 0 {
		r = swg.NegQuat(r)
	}
	return r
}

// FORMAT.md §4.5: RPST·BPRO·RPRE as a change of basis.
func TestChangeOfBasis(t *testing.T) {
	sk := &swg.SkeletonTemplate{
		RPRE: []mgl32.Quat{axisAngleDeg(90, mgl32.Vec3{0, 0, 1})},
		RPST: []mgl32.Quat{axisAngleDeg(-90, mgl32.Vec3{0, 0, 1})},
		BPRO: []mgl32.Quat{axisAngleDeg(30, mgl32.Vec3{1, 0, 0})},
	}
	got := sk.LocalRotation(0)
	want := axisAngleDeg(30, mgl32.Vec3{0, -1, 0})
	if !quatNear(got, [4]float64{float64(want.W), float64(want.V[0]), float64(want.V[1]), float64(want.V[2])}, 1e-6) ||
		!quatNear(got, [4]float64{0.965926, 0, -0.258819, 0}, 1e-6) {
		t.Errorf("RPST·BPRO·RPRE = %v, want 30° about −Y (0.965926, 0, −0.258819, 0)", got)
	}
}

// FORMAT.md §4.6: the worked example, as a bare SKTM 0002 and as a SLOD with an
// SKTM 0002 LOD 0 and an SKTM 0001 LOD 1 (two joints, BPMJ), through
// anim.LocalToModel, in SWG space and mirrored into glTF space.
func TestWorkedExampleBindPose(t *testing.T) {
	ex := workedExample()
	bare := mustEncodeSKTM(t, ex)
	lod1 := &swg.SkeletonTemplate{Version: "0001", Names: ex.Names[:2], Parents: ex.Parents[:2], RPRE: ex.RPRE[:2],
		RPST: ex.RPST[:2], BPTR: ex.BPTR[:2], BPRO: ex.BPRO[:2], JROR: ex.JROR[:2]}
	slod, err := swgtest.EncodeSLOD([]swgtest.SLODEntry{{T: ex}, {T: lod1}})
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		local, rot [4]float64
		pos, gltfP [3]float64
		gltfQxyzw  [4]float64
	}
	wants := []want{
		{[4]float64{1, 0, 0, 0}, [4]float64{1, 0, 0, 0}, [3]float64{0, 1, 0}, [3]float64{0, 1, 0}, [4]float64{0, 0, 0, 1}},
		{[4]float64{0.965926, 0, -0.258819, 0}, [4]float64{0.965926, 0, -0.258819, 0}, [3]float64{0, 1.5, 0}, [3]float64{0, 1.5, 0}, [4]float64{0, 0.258819, 0, 0.965926}},
		{[4]float64{0.923880, 0, 0.382683, 0}, [4]float64{0.991445, 0, 0.130526, 0}, [3]float64{-0.05, 1.75, 0.086603}, [3]float64{0.05, 1.75, 0.086603}, [4]float64{0, -0.130526, 0, 0.991445}},
	}
	for _, c := range []struct {
		name string
		data []byte
		lods int
	}{{"SKTM 0002", bare, 1}, {"SLOD 0000", slod, 2}} {
		sf, err := swg.DecodeSkeletonFile(c.name+".skt", c.data, "")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(sf.LODs) != c.lods || sf.DetailCount != c.lods {
			t.Fatalf("%s: %d LODs (detail %d), want %d", c.name, len(sf.LODs), sf.DetailCount, c.lods)
		}
		if c.lods == 2 {
			l1 := sf.LODs[1]
			if l1.Version != "0001" || l1.Len() != 2 || len(l1.BPMJ) != 2 {
				t.Errorf("%s LOD 1: version %s, %d joints, %d BPMJ", c.name, l1.Version, l1.Len(), len(l1.BPMJ))
			}
		}
		as, err := swg.SkeletonAsset(c.name, sf, 0)
		if err != nil {
			t.Fatal(err)
		}
		if d := as.Details.(swg.SkeletonDetails); d.LODCount != c.lods || d.Joints != 3 {
			t.Errorf("%s: details %+v", c.name, d)
		}
		s := as.Skeleton
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		model := make([]anim.Affine, s.Len())
		anim.LocalToModel(s, identityPose(s.Len()), nil, model)
		skin := make([]anim.Affine, s.Len())
		anim.SkinPalette(s, model, skin)
		for i, w := range wants {
			tpl := sf.LODs[0]
			if got := tpl.LocalRotation(i); !quatNear(got, w.local, 2e-6) {
				t.Errorf("%s %s: local rotation %v, want %v", c.name, s.Names[i], got, w.local)
			}
			p := s.JointPosition(i, model)
			for k := 0; k < 3; k++ {
				if !near(float64(p[k]), w.pos[k], 2e-6) {
					t.Errorf("%s %s: global position %v, want %v", c.name, s.Names[i], p, w.pos)
					break
				}
			}
			r := quatFromAffine(&model[i])
			if !quatNear(r, w.rot, 2e-6) {
				t.Errorf("%s %s: global rotation %v, want %v", c.name, s.Names[i], r, w.rot)
			}
			gp := swg.MirrorVec(p)
			gq := swg.Mirror(r)
			gx := [4]float64{float64(gq.V[0]), float64(gq.V[1]), float64(gq.V[2]), float64(gq.W)}
			for k := 0; k < 3; k++ {
				if !near(float64(gp[k]), w.gltfP[k], 2e-6) {
					t.Errorf("%s %s: glTF position %v, want %v", c.name, s.Names[i], gp, w.gltfP)
					break
				}
			}
			for k := 0; k < 4; k++ {
				if !near(gx[k], w.gltfQxyzw[k], 2e-6) {
					t.Errorf("%s %s: glTF rotation %v, want %v", c.name, s.Names[i], gx, w.gltfQxyzw)
					break
				}
			}
			// In the bind pose the skin matrix is the identity.
			for k, v := range skin[i] {
				if !near(float64(v), float64(anim.IdentityAffine[k]), 2e-6) {
					t.Errorf("%s %s: bind-pose skin matrix %v is not the identity", c.name, s.Names[i], skin[i])
					break
				}
			}
		}
	}
}

// BPMJ written for version 0001 is the inverse of the bind pose, and the decoder
// reads it back (then ignores it, as the client does).
func TestBPMJRoundTrip(t *testing.T) {
	ex := workedExample()
	ex.Version = "0001"
	data := mustEncodeSKTM(t, ex)
	sf, err := swg.DecodeSkeletonFile("x.skt", data, "")
	if err != nil {
		t.Fatal(err)
	}
	bind := swg.BindPose(ex)
	for i, m := range sf.LODs[0].BPMJ {
		// 3×4 row-major → column-major Affine
		a := anim.Affine{m[0], m[4], m[8], m[1], m[5], m[9], m[2], m[6], m[10], m[3], m[7], m[11]}
		var prod anim.Affine
		anim.MulAffine(&prod, &a, &bind[i])
		for k := range prod {
			if math.Abs(float64(prod[k]-anim.IdentityAffine[k])) > 2e-6 {
				t.Errorf("joint %d: BPMJ · bind = %v, want the identity", i, prod)
				break
			}
		}
	}
}

// An attached segment's roots take the named joint of an earlier segment as
// parent (§4.4); an unknown attachment name is a warning.
func TestBuildSkeletonSegments(t *testing.T) {
	body := workedExample()
	face := &swg.SkeletonTemplate{Version: "0002", Names: []string{"face_root", "jaw"}, Parents: []int32{-1, 0},
		RPRE: []mgl32.Quat{q(1, 0, 0, 0), q(1, 0, 0, 0)}, RPST: []mgl32.Quat{q(1, 0, 0, 0), q(1, 0, 0, 0)},
		BPTR: []mgl32.Vec3{{0, 0.1, 0}, {0, -0.05, 0.05}}, BPRO: []mgl32.Quat{q(1, 0, 0, 0), q(1, 0, 0, 0)}}
	cases := []struct {
		attach     string
		wantParent int32
		warnings   int
	}{{"HEAD", 2, 0}, {"", -1, 0}, {"tail", -1, 1}}
	for _, c := range cases {
		s, ds := swg.BuildSkeleton([]swg.Segment{{T: body}, {T: face, Attach: c.attach}})
		if s.Len() != 5 || s.Parents[3] != c.wantParent || s.Parents[4] != 3 {
			t.Errorf("attach %q: parents %v, want face_root under %d", c.attach, s.Parents, c.wantParent)
		}
		if len(ds) != c.warnings {
			t.Errorf("attach %q: %d diagnostics, want %d: %v", c.attach, len(ds), c.warnings, ds)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("attach %q: %v", c.attach, err)
		}
	}
}
