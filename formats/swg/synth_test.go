package swg_test

import (
	"math"
	"testing"

	"animscope/anim"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"

	"github.com/go-gl/mathgl/mgl32"
)

// Test builders: skeletons, animations and meshes written by the package's own
// encoders.

func q(w, x, y, z float32) mgl32.Quat { return mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}} }

func axisAngleDeg(deg float64, ax mgl32.Vec3) mgl32.Quat {
	return swg.AxisAngle(float32(deg*math.Pi/180), ax)
}

// workedExample is the three-joint skeleton of FORMAT.md §4.6 (quaternions rounded
// to six places as it prints them, stored as f32).
func workedExample() *swg.SkeletonTemplate {
	return &swg.SkeletonTemplate{
		Version: "0002",
		Names:   []string{"root", "spine", "head"},
		Parents: []int32{-1, 0, 1},
		RPRE:    []mgl32.Quat{q(1, 0, 0, 0), q(0.707107, 0, 0, 0.707107), q(1, 0, 0, 0)},
		RPST:    []mgl32.Quat{q(1, 0, 0, 0), q(0.707107, 0, 0, -0.707107), q(0.923880, 0, 0.382683, 0)},
		BPTR:    []mgl32.Vec3{{0, 1, 0}, {0, 0.5, 0}, {0, 0.25, 0.1}},
		BPRO:    []mgl32.Quat{q(1, 0, 0, 0), q(0.965926, 0.258819, 0, 0), q(1, 0, 0, 0)},
		JROR:    []uint32{0, 0, 0},
	}
}

// chainSkeleton is an n-joint chain with varied constants.
func chainSkeleton(n int) *swg.SkeletonTemplate {
	t := &swg.SkeletonTemplate{Version: "0002"}
	for i := 0; i < n; i++ {
		t.Names = append(t.Names, jointName(i))
		p := int32(i - 1)
		if i > 3 && i%5 == 0 {
			p = int32(i / 2)
		}
		t.Parents = append(t.Parents, p)
		t.RPRE = append(t.RPRE, axisAngleDeg(float64(7*i%40), mgl32.Vec3{0, 0, 1}))
		t.RPST = append(t.RPST, axisAngleDeg(float64(-(11*i)%50), mgl32.Vec3{0, 1, 0}))
		t.BPRO = append(t.BPRO, axisAngleDeg(float64(13*i%60), mgl32.Vec3{1, 0, 0}))
		t.BPTR = append(t.BPTR, mgl32.Vec3{0.01 * float32(i%3), 0.2, 0.05 * float32(i%2)})
		t.JROR = append(t.JROR, 0)
	}
	return t
}

func jointName(i int) string {
	return "joint_" + string(rune('a'+i/26)) + string(rune('a'+i%26))
}

// synthAnimation builds an animation over the joint names in the given kind and
// version ("KFAT 0003", "KFAT 0002", "CKAT 0001"), with animated and static
// rotations, per-axis translation masks, messages and (not 0002) locomotion.
func synthAnimation(kind, version string, names []string, frames int32) *swg.Animation {
	a := &swg.Animation{Kind: kind, Version: version, FPS: 30, FrameCount: frames}
	legacy := kind == "KFAT" && version == "0002"
	ck := kind == "CKAT"
	keyFrames := func(step int32) []int32 {
		var fr []int32
		for f := int32(0); f < frames; f += step {
			fr = append(fr, f)
		}
		return append(fr, frames)
	}
	for i, n := range names {
		x := swg.XformInfo{Name: n}
		animated := i%3 != 2
		if legacy {
			if animated {
				x.RotMask = swg.MaskRotZ
				if i%2 == 0 {
					x.RotMask |= swg.MaskRotX
				}
				for k := 0; k < 3; k++ {
					if x.RotMask&(swg.MaskRotX<<k) != 0 {
						fr := keyFrames(int32(2 + k))
						ch := swg.ScalarChannel{Frames: fr}
						for j, f := range fr {
							ch.Values = append(ch.Values, float32(0.3*math.Sin(float64(f)/5+float64(i+k)))+float32(j%2)*0.05)
						}
						x.RotIdx[k] = int32(len(a.Euler))
						a.Euler = append(a.Euler, ch)
					} else {
						x.RotIdx[k] = int32(len(a.StaticEuler))
						a.StaticEuler = append(a.StaticEuler, 0.1*float32(i+k))
					}
				}
			} else {
				for k := 0; k < 3; k++ {
					x.RotIdx[k] = int32(len(a.StaticEuler))
					a.StaticEuler = append(a.StaticEuler, -0.05*float32(i+k))
				}
			}
		} else if animated {
			fr := keyFrames(int32(1 + i%3))
			var keys []mgl32.Quat
			for j, f := range fr {
				ang := 0.4*math.Sin(float64(f)/6+float64(i)) + 0.02*float64(j%2)
				k := swg.AxisAngle(float32(ang), mgl32.Vec3{0.6, 0.8, 0})
				if j%4 == 3 && !ck {
					k = swg.NegQuat(k) // KFAT keys are not sign-normalised
				}
				keys = append(keys, k)
			}
			x.AnimatedRot = true
			x.RotIndex = int32(len(a.Rot))
			if ck {
				a.Rot = append(a.Rot, swgtest.PackChannel(fr, keys))
			} else {
				a.Rot = append(a.Rot, swg.QuatChannel{Frames: fr, Keys: keys})
			}
		} else {
			r := swg.AxisAngle(0.1*float32(i), mgl32.Vec3{0, 0, 1})
			x.RotIndex = int32(len(a.StaticRot))
			if ck {
				p, e := swgtest.PackStatic(r)
				a.StaticPacked = append(a.StaticPacked, p)
				r = e
			}
			a.StaticRot = append(a.StaticRot, r)
		}
		x.TransMask = uint32([]int{0, swg.MaskTransY, swg.MaskTransX | swg.MaskTransY | swg.MaskTransZ, swg.MaskTransY | swg.MaskTransZ}[i%4])
		for k := 0; k < 3; k++ {
			if x.TransAnimated(k) {
				fr := keyFrames(int32(3 + k))
				ch := swg.ScalarChannel{Frames: fr}
				for j, f := range fr {
					v := float32(0.1 * math.Cos(float64(f)/7+float64(k)))
					if j%3 == 1 {
						v = ch.Values[j-1] // equal keys: thinned in client fidelity
					}
					ch.Values = append(ch.Values, v)
				}
				x.TransIdx[k] = int32(len(a.Trans))
				a.Trans = append(a.Trans, ch)
			} else {
				x.TransIdx[k] = int32(len(a.StaticTrans))
				a.StaticTrans = append(a.StaticTrans, 0.01*float32(i-k))
			}
		}
		a.Xforms = append(a.Xforms, x)
	}
	a.Messages = []swg.Message{{Name: "footstep", Frames: []int32{2, frames / 2}}, {Name: "roar", Frames: []int32{1, 2, 3, 4}}}
	if !legacy {
		a.Loco = &swg.Locomotion{AverageSpeed: 1.5, TFrames: []int32{0, frames}, T: []mgl32.Vec3{{0, 0, 0}, {0, 0, 2}}}
		if ck {
			a.Loco.RFrames = []int32{0, frames}
			a.Loco.R = []mgl32.Quat{q(1, 0, 0, 0), swg.AxisAngle(0.5, mgl32.Vec3{0, 1, 0})}
		} else {
			a.Loco.RFrames = []int32{0, frames}
			a.Loco.R = []mgl32.Quat{q(1, 0, 0, 0), swg.AxisAngle(0.5, mgl32.Vec3{0, 1, 0})}
		}
	}
	return a
}

// synthMesh builds a mesh skinned to the joint names: one position per joint
// and some with up to six influences.
func synthMesh(names []string, skeletonPath string) *swg.MeshGen {
	m := &swg.MeshGen{Version: "0004", Skeletons: []string{skeletonPath}, XFNM: names}
	n := len(names)
	for i := 0; i < n*2; i++ {
		m.Positions = append(m.Positions, mgl32.Vec3{float32(i%3) * 0.1, float32(i) * 0.05, float32(i%2) * 0.1})
		m.Normals = append(m.Normals, mgl32.Vec3{0, 0, 1})
		k := 1 + i%6
		if k > n {
			k = n
		}
		m.WeightHead = append(m.WeightHead, int32(k))
		// weights 1/k each, the last takes the rounding remainder
		var sum float32
		for j := 0; j < k; j++ {
			w := float32(1) / float32(k)
			if j == k-1 {
				w = 1 - sum
			}
			sum += w
			m.Weights = append(m.Weights, swg.Weight{Joint: int32((i + j) % n), Weight: w})
		}
	}
	ps := swg.PerShader{Shader: "shader/test.sht", UVDims: []int32{2}}
	for v := range m.Positions {
		ps.PIDX = append(ps.PIDX, int32(v))
		ps.NIDX = append(ps.NIDX, int32(v))
	}
	uv := make([]float32, 0, 2*len(ps.PIDX))
	for v := range ps.PIDX {
		uv = append(uv, float32(v)/10, 1-float32(v)/10)
	}
	ps.UVs = [][]float32{uv}
	for v := 0; v+2 < len(ps.PIDX); v += 2 {
		ps.Triangles = append(ps.Triangles, uint32(v), uint32(v+1), uint32(v+2))
	}
	m.Shaders = []swg.PerShader{ps}
	m.Hardpoints = []swg.Hardpoint{{Name: "saddle", Parent: names[0], Rotation: q(1, 0, 0, 0), Position: mgl32.Vec3{0, 1, 0}}}
	return m
}

func mustEncodeSKTM(t testing.TB, s *swg.SkeletonTemplate) []byte {
	t.Helper()
	b, err := swgtest.EncodeSKTM(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustEncodeAnim(t testing.TB, a *swg.Animation) []byte {
	t.Helper()
	b, err := swgtest.EncodeAnimation(a)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustEncodeMesh(t testing.TB, m *swg.MeshGen) []byte {
	t.Helper()
	b, err := swgtest.EncodeMeshGen(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// identityPose samples nothing: every joint at t = 0, q = identity.
func identityPose(n int) []anim.Transform {
	out := make([]anim.Transform, n)
	for i := range out {
		out[i] = anim.IdentityTransform
	}
	return out
}
