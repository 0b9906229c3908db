package gltf

import (
	"math"
	"sort"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// Synthetic scenes for the tests: skeletons with offsets, pivots, post and pre
// rotations and inverse binds, clips of our own, rigid and skinned meshes.

type tkey struct {
	t    float64
	T, S mgl32.Vec3
	Q    mgl32.Quat
}

// keyClip interpolates per-node keys: T and S linearly, Q with the engine slerp
// (as M2, SWG and MSH mapped frames do). Nodes without keys stay at the identity.
// With jumps, frames listed there take the node's "fallback" key instead (as an MSH
// frame map that falls back), which makes the pose jump between whole frames.
type keyClip struct {
	name     string
	unit     string
	ups      float64
	duration float64
	step     float64
	keys     [][]tkey
	jumps    map[int]bool
	fallback []tkey
}

func (c *keyClip) Info() anim.ClipInfo {
	return anim.ClipInfo{Name: c.name, Unit: c.unit, Duration: c.duration, UnitsPerSecond: c.ups, Step: c.step,
		Frames: int(c.duration/math.Max(c.step, 1e-9)) + 1}
}

func (c *keyClip) Sample(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	c.sample(t, out, probes)
	return anim.IdentityAffine, false
}

// NewContext returns nil: sampling keeps no state between calls.
func (c *keyClip) NewContext() anim.Context { return nil }

func (c *keyClip) sample(t float64, out []anim.Transform, probes []anim.Probe) {
	for i := range out {
		out[i] = anim.IdentityTransform
		if c.jumps != nil && c.jumps[int(math.Floor(t))] && i < len(c.fallback) {
			f := c.fallback[i]
			out[i] = anim.Transform{T: f.T, Q: f.Q, S: f.S}
			continue
		}
		if i >= len(c.keys) || len(c.keys[i]) == 0 {
			continue
		}
		ks := c.keys[i]
		k := sort.Search(len(ks), func(j int) bool { return ks[j].t > t }) - 1
		switch {
		case k < 0:
			out[i] = anim.Transform{T: ks[0].T, Q: ks[0].Q, S: ks[0].S}
		case k >= len(ks)-1 || ks[k].t == t:
			out[i] = anim.Transform{T: ks[k].T, Q: ks[k].Q, S: ks[k].S}
		default:
			a := float32((t - ks[k].t) / (ks[k+1].t - ks[k].t))
			out[i] = anim.Transform{
				T: anim.LerpVec3(ks[k].T, ks[k+1].T, a),
				Q: anim.Slerp(ks[k].Q, ks[k+1].Q, a),
				S: anim.LerpVec3(ks[k].S, ks[k+1].S, a),
			}
		}
	}
	for i := range probes {
		probes[i].Reset(int32(t), false)
	}
}

func (c *keyClip) KeyTimes(node int, dst []float64) []float64 {
	if node < len(c.keys) {
		for _, k := range c.keys[node] {
			dst = append(dst, k.t)
		}
	}
	return dst
}

// rootKeyClip adds a moving scene root (VoxelCore's object lineset).
type rootKeyClip struct {
	keyClip
	root func(t float64) anim.Affine
}

func (c *rootKeyClip) Info() anim.ClipInfo {
	info := c.keyClip.Info()
	info.PlacesRoot = true
	return info
}

func (c *rootKeyClip) Sample(ctx anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	c.keyClip.Sample(ctx, t, out, probes)
	return c.root(t), true
}

// curveClip is a clip without keys: smooth functions of time, sampled anywhere
// (VCA func lines, cubic curves). It has no end.
type curveClip struct {
	n   int
	ups float64
}

func (c *curveClip) Info() anim.ClipInfo {
	return anim.ClipInfo{Name: "curves", Unit: "s", Duration: math.Inf(1), UnitsPerSecond: 1, Step: 1.0 / 24}
}

func (c *curveClip) Sample(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	c.sample(t, out, probes)
	return anim.IdentityAffine, false
}

// NewContext returns nil: sampling keeps no state between calls.
func (c *curveClip) NewContext() anim.Context { return nil }

func (c *curveClip) sample(t float64, out []anim.Transform, probes []anim.Probe) {
	for i := range out {
		a := float32(t*2 + float64(i))
		out[i] = anim.Transform{
			T: mgl32.Vec3{0.3 * float32(math.Sin(float64(a))), 0, 0.1 * a},
			Q: mgl32.QuatRotate(0.7*float32(math.Sin(float64(a)*1.3)), mgl32.Vec3{0.3, 1, 0.2}.Normalize()),
			S: mgl32.Vec3{1 + 0.2*float32(math.Cos(float64(a))), 1, 1},
		}
	}
	for i := range probes {
		probes[i].Reset(int32(t*24), false)
	}
}

func rot(deg float32, axis mgl32.Vec3) mgl32.Quat {
	return mgl32.QuatRotate(mgl32.DegToRad(deg), axis.Normalize())
}

func v3(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }

var one = v3(1, 1, 1)

// box returns a small box mesh around c (12 triangles, outward normals, CCW seen from
// outside in a right-handed space).
func box(c mgl32.Vec3, h float32) ([]mgl32.Vec3, []mgl32.Vec3, []uint32) {
	var pos, nrm []mgl32.Vec3
	var idx []uint32
	faces := []struct{ n, u, v mgl32.Vec3 }{
		{v3(1, 0, 0), v3(0, 1, 0), v3(0, 0, 1)}, {v3(-1, 0, 0), v3(0, 0, 1), v3(0, 1, 0)},
		{v3(0, 1, 0), v3(0, 0, 1), v3(1, 0, 0)}, {v3(0, -1, 0), v3(1, 0, 0), v3(0, 0, 1)},
		{v3(0, 0, 1), v3(1, 0, 0), v3(0, 1, 0)}, {v3(0, 0, -1), v3(0, 1, 0), v3(1, 0, 0)},
	}
	for _, f := range faces {
		base := uint32(len(pos))
		for _, uv := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			p := c.Add(f.n.Mul(h)).Add(f.u.Mul(uv[0] * h)).Add(f.v.Mul(uv[1] * h))
			pos = append(pos, p)
			nrm = append(nrm, f.n)
		}
		idx = append(idx, base, base+1, base+2, base, base+2, base+3)
	}
	return pos, nrm, idx
}

// chainScene is an M2-like scene (Z up, pivots = offsets, identity inverse binds)
// with post and pre rotations and non-uniform scale keys on top, a skinned mesh
// whose vertices blend two joints and a rigid part.
func chainScene() *formats.Asset {
	sk := &anim.Skeleton{
		Names:   []string{"root", "spine", "arm", "hand"},
		Parents: []int32{-1, 0, 1, 2},
		Offset:  []mgl32.Vec3{v3(0, 0, 0), v3(0, 0.2, 1), v3(0.5, 0, 2), v3(1.5, 0, 2)},
		Pivot:   []mgl32.Vec3{v3(0, 0, 0), v3(0, 0.2, 1), v3(0.5, 0, 2), v3(1.5, 0, 2)},
		Post:    []mgl32.Quat{mgl32.QuatIdent(), rot(20, v3(0, 0, 1)), mgl32.QuatIdent(), rot(-35, v3(1, 1, 0))},
		Pre:     []mgl32.Quat{mgl32.QuatIdent(), rot(-20, v3(0, 0, 1)), rot(15, v3(0, 1, 0)), mgl32.QuatIdent()},
	}
	clip := &keyClip{name: "wave", unit: "ms", ups: 1000, duration: 1000, step: 1000.0 / 30,
		keys: [][]tkey{
			{{t: 0, T: v3(0, 0, 0), Q: mgl32.QuatIdent(), S: one}, {t: 1000, T: v3(1, 0.5, 0), Q: rot(90, v3(0, 0, 1)), S: one}},
			{{t: 0, Q: mgl32.QuatIdent(), S: one}, {t: 400, Q: rot(40, v3(1, 0, 0)), S: v3(1, 1.5, 1)}, {t: 1000, Q: rot(-30, v3(0, 1, 1)), S: one}},
			{{t: 0, Q: rot(10, v3(0, 1, 0)), S: one}, {t: 250, Q: rot(170, v3(0, 1, 0)), S: v3(0.5, 1, 2)}, {t: 600, Q: rot(-100, v3(1, 0, 0)), S: one}, {t: 1000, Q: rot(10, v3(0, 1, 0)), S: one}},
			{{t: 0, Q: mgl32.QuatIdent(), S: one}, {t: 500, T: v3(0, 0.3, 0), Q: rot(60, v3(0, 0, 1)), S: one}},
		}}
	pos, nrm, idx := box(v3(0.5, 0, 1.6), 0.3)
	joints := make([][4]uint16, len(pos))
	weights := make([][4]float32, len(pos))
	for i, p := range pos {
		w := (p[2] - 1.3) / 0.6
		joints[i] = [4]uint16{0, 1, 0, 0}
		weights[i] = [4]float32{1 - w, w, 0, 0}
	}
	rpos, rnrm, ridx := box(v3(1.5, 0, 2), 0.1)
	return &formats.Asset{
		Files: []string{"chain.m2"}, Family: formats.FamilyM2, Skeleton: sk, UpAxis: formats.UpZ,
		Clips: []anim.Clip{clip, &keyClip{name: "still", unit: "ms", ups: 1000, duration: 0, step: 1000.0 / 30}},
		Meshes: []formats.Mesh{
			{Name: "body", Positions: pos, Normals: nrm, Indices: idx, Joints: joints, Weights: weights, Node: -1},
			{Name: "hand part", Positions: rpos, Normals: rnrm, Indices: ridx, Node: 3},
			{Name: "hidden", Positions: rpos, Indices: ridx, Node: 0, Hidden: true},
		},
	}
}

// swgScene is an SWG-like scene (mirrored X, offsets, post and pre, inverse bind =
// inverse of the bind-pose model matrix) with a skinned mesh.
func swgScene() *formats.Asset {
	sk := &anim.Skeleton{
		Names:   []string{"root", "spine", "neck", "arm_l", "arm_r", "tail"},
		Parents: []int32{-1, 0, 1, 1, 1, 0},
		Offset:  []mgl32.Vec3{v3(0, 1, 0), v3(0, 0.5, 0.1), v3(0.2, 0.4, 0), v3(0.3, 0.3, 0), v3(-0.3, 0.3, 0), v3(0, 0, -0.5)},
		Post:    []mgl32.Quat{rot(10, v3(0, 1, 0)), rot(-25, v3(1, 0, 0)), rot(5, v3(0, 0, 1)), rot(90, v3(0, 0, 1)), rot(-90, v3(0, 0, 1)), mgl32.QuatIdent()},
		Pre:     []mgl32.Quat{rot(30, v3(0, 0, 1)), rot(12, v3(0, 1, 1)), rot(-40, v3(1, 0, 1)), mgl32.QuatIdent(), rot(7, v3(1, 0, 0)), rot(20, v3(1, 0, 0))},
	}
	setInverseBind(sk)
	clip := &keyClip{name: "walk", unit: "frame", ups: 30, duration: 20, step: 1,
		keys: [][]tkey{
			{{t: 0, Q: mgl32.QuatIdent(), S: one}, {t: 20, T: v3(0.5, 0, 1), Q: rot(45, v3(0, 1, 0)), S: one}},
			{{t: 0, Q: rot(-20, v3(1, 0, 0)), S: one}, {t: 7, Q: rot(35, v3(1, 0, 0)), S: one}, {t: 20, Q: rot(-20, v3(1, 0, 0)), S: one}},
			{{t: 3, Q: mgl32.QuatIdent(), S: one}, {t: 11, T: v3(0.1, 0, 0), Q: rot(80, v3(0, 0, 1)), S: one}},
			{{t: 0, Q: mgl32.QuatIdent(), S: one}, {t: 10, Q: rot(-70, v3(1, 0, 0)), S: one}, {t: 20, Q: mgl32.QuatIdent(), S: one}},
			{{t: 0, Q: mgl32.QuatIdent(), S: one}, {t: 10, Q: rot(70, v3(1, 0, 0)), S: one}, {t: 20, Q: mgl32.QuatIdent(), S: one}},
			{{t: 0, Q: rot(-30, v3(0, 1, 0)), S: one}, {t: 20, Q: rot(30, v3(0, 1, 0)), S: one}},
		}}
	pos, nrm, idx := box(v3(0.1, 1.8, 0.05), 0.25)
	joints := make([][4]uint16, len(pos))
	weights := make([][4]float32, len(pos))
	joints2 := make([][4]uint16, len(pos))
	weights2 := make([][4]float32, len(pos))
	for i, p := range pos {
		w := (p[1] - 1.55) / 0.5
		joints[i] = [4]uint16{2, 1, 3, 0}
		weights[i] = [4]float32{0.7 * w, 0.7 * (1 - w), 0.1, 0}
		// Six influences in all (SWG has up to 6): a fifth and sixth joint, and joint 2
		// again, which is merged.
		joints2[i] = [4]uint16{4, 5, 2, 0}
		weights2[i] = [4]float32{0.05, 0.1, 0.05, 0}
	}
	return &formats.Asset{
		Files: []string{"thing.sat"}, Family: formats.FamilySWG, Skeleton: sk, UpAxis: formats.UpY, MirrorX: true,
		Clips: []anim.Clip{clip},
		Meshes: []formats.Mesh{{Name: "skin", Positions: pos, Normals: nrm, Indices: idx,
			Joints: joints, Weights: weights, Joints2: joints2, Weights2: weights2, Node: -1}},
	}
}

// setInverseBind sets inverseBind to the inverse of the bind-pose model matrices.
func setInverseBind(sk *anim.Skeleton) {
	n := sk.Len()
	local := make([]anim.Transform, n)
	anim.BindPose{}.Sample(nil, 0, local, nil)
	model := make([]anim.Affine, n)
	anim.LocalToModel(sk, local, nil, model)
	sk.InverseBind = make([]anim.Affine, n)
	for i := range model {
		sk.InverseBind[i] = anim.AffineFromMat4(model[i].Mat4().Inv())
	}
}

// nonUnit scales a quaternion's length, as MSH's int16 keys are not normalised.
func nonUnit(q mgl32.Quat, l float32) mgl32.Quat {
	return mgl32.Quat{W: q.W * l, V: q.V.Mul(l)}
}

// mshScene is an MSH-like scene (Z up, no offsets or pivots, node-local rigid parts,
// two roots) whose keys are not unit length and whose frame map jumps to a fallback
// key at some frames.
func mshScene() *formats.Asset {
	sk := &anim.Skeleton{
		Names:   []string{"hull", "turret", "gun", "wheel"},
		Parents: []int32{-1, 0, 1, -1},
	}
	clip := &keyClip{name: "TANK", unit: "frame", ups: 15, duration: 12, step: 1,
		keys: [][]tkey{
			{{t: 0, T: v3(0, 0, 0), Q: nonUnit(mgl32.QuatIdent(), 1), S: one}, {t: 12, T: v3(0, 2, 0), Q: nonUnit(rot(30, v3(0, 0, 1)), 1.00004), S: one}},
			{{t: 0, T: v3(0, 0, 1), Q: nonUnit(rot(0, v3(0, 0, 1)), 0.97), S: one}, {t: 6, T: v3(0, 0, 1), Q: nonUnit(rot(120, v3(0, 0, 1)), 1.03), S: one}, {t: 12, T: v3(0, 0, 1), Q: nonUnit(rot(200, v3(0, 0, 1)), 0.99), S: one}},
			{{t: 0, T: v3(1, 0, 0.2), Q: nonUnit(rot(-10, v3(0, 1, 0)), 1.02), S: one}, {t: 12, T: v3(1, 0, 0.2), Q: nonUnit(rot(25, v3(0.2, 1, 0)), 0.985), S: one}},
			{{t: 0, T: v3(0, -1, 0), Q: nonUnit(rot(0, v3(1, 0, 0)), 1), S: one}, {t: 12, T: v3(0, -1, 0), Q: nonUnit(rot(359, v3(1, 0, 0)), 1), S: one}},
		},
		jumps: map[int]bool{4: true, 9: true},
		fallback: []tkey{
			{T: v3(0, 0, 0.1), Q: nonUnit(rot(5, v3(0, 0, 1)), 1.01), S: one},
			{T: v3(0, 0, 1), Q: nonUnit(rot(-60, v3(0, 0, 1)), 0.96), S: one},
			{T: v3(1, 0, 0.2), Q: nonUnit(rot(40, v3(0, 1, 0)), 1.04), S: one},
			{T: v3(0, -1, 0), Q: nonUnit(rot(90, v3(1, 0, 0)), 1), S: one},
		},
	}
	var meshes []formats.Mesh
	for i, c := range []mgl32.Vec3{v3(0, 0, 0), v3(0, 0, 0.3), v3(0.5, 0, 0), v3(0, 0, 0)} {
		pos, nrm, idx := box(c, 0.3)
		meshes = append(meshes, formats.Mesh{Name: sk.Names[i], Positions: pos, Normals: nrm, Indices: idx, Node: i})
	}
	return &formats.Asset{
		Files: []string{"tank.msh"}, Family: formats.FamilyMSH, Skeleton: sk, UpAxis: formats.UpZ,
		ConjugatedRotation: true, Clips: []anim.Clip{clip}, Meshes: meshes,
	}
}

// vcaScene is a VoxelCore-like scene (Y up, bone offsets, node-local parts) with a
// clip that moves the scene root and scales bones non-uniformly, a curve clip
// without an end, and a mesh with influences on a joint the skeleton lacks.
func vcaScene() *formats.Asset {
	sk := &anim.Skeleton{
		Names:   []string{"body", "head", "arm.l", "arm.r"},
		Parents: []int32{-1, 0, 0, 0},
		Offset:  []mgl32.Vec3{v3(0, 0.5, 0), v3(0, 0.75, 0), v3(0.3, 0.6, 0), v3(-0.3, 0.6, 0)},
	}
	clip := &rootKeyClip{
		keyClip: keyClip{name: "jump", unit: "s", ups: 1, duration: 2, step: 1.0 / 20,
			keys: [][]tkey{
				{{t: 0, Q: mgl32.QuatIdent(), S: one}, {t: 1, T: v3(0, 0.3, 0), Q: rot(20, v3(1, 0, 0)), S: v3(1, 0.8, 1.2)}, {t: 2, Q: mgl32.QuatIdent(), S: one}},
				{{t: 0, Q: mgl32.QuatIdent(), S: one}, {t: 0.5, Q: rot(-45, v3(0, 1, 0)), S: v3(2, 1, 1)}, {t: 2, Q: mgl32.QuatIdent(), S: one}},
				{{t: 0, Q: rot(30, v3(0, 0, 1)), S: v3(-1, 1, 1)}, {t: 1.3, Q: rot(150, v3(0, 0, 1)), S: v3(-1, 1.5, 1)}},
			}},
		root: func(t float64) anim.Affine {
			m := mgl32.Translate3D(0, float32(math.Sin(t*math.Pi)), float32(t)).
				Mul4(mgl32.HomogRotate3DY(float32(t))).
				Mul4(mgl32.Scale3D(1, 1+0.25*float32(t), 1))
			return anim.AffineFromMat4(m)
		},
	}
	var meshes []formats.Mesh
	for i, c := range []mgl32.Vec3{v3(0, 0.2, 0), v3(0, 0.15, 0), v3(0, -0.2, 0), v3(0, -0.2, 0)} {
		pos, nrm, idx := box(c, 0.15)
		meshes = append(meshes, formats.Mesh{Name: sk.Names[i] + " part", Positions: pos, Normals: nrm, Indices: idx, Node: i})
	}
	pos, nrm, idx := box(v3(0, 1, 0.5), 0.1)
	joints := make([][4]uint16, len(pos))
	weights := make([][4]float32, len(pos))
	for i := range pos {
		joints[i] = [4]uint16{0, 9, 0, 0}           // 9: no such joint, stays in bind pose
		weights[i] = [4]float32{0.25, 0.5, 0.25, 0} // the duplicate joint 0 is merged
	}
	meshes = append(meshes, formats.Mesh{Name: "loose", Positions: pos, Normals: nrm, Indices: idx, Joints: joints, Weights: weights, Node: -1})
	return &formats.Asset{
		Files: []string{"pig.vcm"}, Family: formats.FamilyVCA, Skeleton: sk, UpAxis: formats.UpY,
		Clips: []anim.Clip{clip, &curveClip{n: sk.Len()}}, Meshes: meshes,
	}
}

// nearUnitScene is chainScene with the rotation keys of M2 256 files such as
// Rabbit2: stored floats of length 1 − (2…9)·10⁻⁵, turning about changing axes, so
// that most samples are not exactly TRS.
func nearUnitScene() *formats.Asset {
	a := chainScene()
	axes := []mgl32.Vec3{v3(0, 0, 1), v3(1, 0.3, 0), v3(0.2, 1, 0.5), v3(-1, 0.4, 0.8), v3(0.5, -0.5, 1)}
	var keys [][]tkey
	for i := 0; i < a.Skeleton.Len(); i++ {
		var ks []tkey
		for k := 0; k <= 6; k++ {
			ang := float32(40*((i+k)%5) - 70)
			l := 1 - float32(2+(3*i+k)%8)*1e-5
			ks = append(ks, tkey{t: float64(k) * 1000 / 6, T: v3(0, 0.05*float32(k%2), 0),
				Q: nonUnit(rot(ang, axes[(i+2*k)%len(axes)]), l), S: one})
		}
		keys = append(keys, ks)
	}
	a.Clips = []anim.Clip{&keyClip{name: "AttackUnarmed", unit: "ms", ups: 1000, duration: 1000, step: 1000.0 / 30, keys: keys}}
	return a
}
