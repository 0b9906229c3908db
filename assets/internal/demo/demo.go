// Package demo builds animscope's built-in demo model: a 17-node articulated figure
// (Z up, about 1.95 units tall, facing +X) that walks in place while waving its
// right hand, over a 40-frame cycle. It is written by the project's own MSH writer;
// `go generate ./assets` stores the bytes in assets/demo.msh.
//
// What it exercises: 16 animated tracks with different key spacings, one static
// node (the neck), a head track that ends at frame 20 so frames 20..39 take the
// fallback key, a hand track of only two keys, three materials, and a second slot
// (A=0, B=1) on the head and chest for the viewer's slot switch.
package demo

import (
	"math"

	"animscope/formats/msh"

	"github.com/go-gl/mathgl/mgl32"
)

// Frames is the length of the cycle (F).
const Frames = 40

// Materials written into the batches.
const (
	matSkin  = 0
	matShirt = 1
	matPants = 2
)

// snap rounds to a multiple of 1/4096 so that tiny floating-point differences
// between machines never reach the file.
func snap(v float64) float32 { return float32(math.Round(v*4096) / 4096) }

func v3(x, y, z float64) mgl32.Vec3 { return mgl32.Vec3{snap(x), snap(y), snap(z)} }

// rot is the displayed rotation (angle about axis); the engine stores its conjugate.
func rot(angle float64, axis int) [4]float64 {
	s, c := math.Sin(angle/2), math.Cos(angle/2)
	q := [4]float64{c, 0, 0, 0}
	q[1+axis] = s
	return q
}

func qmul(a, b [4]float64) [4]float64 {
	return [4]float64{
		a[0]*b[0] - a[1]*b[1] - a[2]*b[2] - a[3]*b[3],
		a[0]*b[1] + a[1]*b[0] + a[2]*b[3] - a[3]*b[2],
		a[0]*b[2] - a[1]*b[3] + a[2]*b[0] + a[3]*b[1],
		a[0]*b[3] + a[1]*b[2] - a[2]*b[1] + a[3]*b[0],
	}
}

// engine turns a displayed rotation into the engine quaternion (its conjugate),
// rounded to the 1/32767 grid the file stores.
func engine(q [4]float64) mgl32.Quat {
	g := func(v float64) float32 { return float32(math.Round(v*32767) / 32767) }
	return mgl32.Quat{W: g(q[0]), V: mgl32.Vec3{g(-q[1]), g(-q[2]), g(-q[3])}}
}

const (
	axX = 0
	axY = 1
	axZ = 2
)

type pose func(t float64) (pos mgl32.Vec3, q [4]float64)

func track(times []int, p pose) []msh.ModelKey {
	keys := make([]msh.ModelKey, len(times))
	for i, t := range times {
		pos, q := p(float64(t))
		keys[i] = msh.ModelKey{Time: float32(t), Pos: pos, Rot: engine(q)}
	}
	return keys
}

// every returns 0, step, 2·step, … below end, then end.
func every(step, end int) []int {
	var ts []int
	for t := 0; t < end; t += step {
		ts = append(ts, t)
	}
	return append(ts, end)
}

func phase(t float64) float64 { return 2 * math.Pi * t / Frames }

func box(x0, y0, z0, x1, y1, z1 float64, mat uint16) *msh.Part {
	p := msh.Box(v3(x0, y0, z0), v3(x1, y1, z1))
	p.Material = mat
	return p
}

// Model returns the demo model.
func Model() *msh.Model {
	last := Frames - 1
	walk := every(5, last)
	type nodeDef struct {
		name, label string
		parent      int
		keys        []msh.ModelKey
		part, lod1  *msh.Part
	}
	fixed := func(x, y, z float64, q [4]float64) pose {
		return func(float64) (mgl32.Vec3, [4]float64) { return v3(x, y, z), q }
	}
	ident := [4]float64{1, 0, 0, 0}
	leg := func(side float64) (thigh, shin, foot pose) {
		swing := func(t float64) float64 { return -0.45 * side * math.Sin(phase(t)) }
		knee := func(t float64) float64 {
			c := 0.5 + 0.5*math.Cos(phase(t)+map[bool]float64{true: 0, false: math.Pi}[side > 0])
			return 0.12 + 0.55*c*c
		}
		thigh = func(t float64) (mgl32.Vec3, [4]float64) { return v3(0, 0.1*side, -0.05), rot(swing(t), axY) }
		shin = func(t float64) (mgl32.Vec3, [4]float64) { return v3(0, 0, -0.45), rot(knee(t), axY) }
		foot = func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, 0, -0.42), rot(-0.7*(swing(t)+knee(t))+0.08, axY)
		}
		return
	}
	lThigh, lShin, lFoot := leg(1)
	rThigh, rShin, rFoot := leg(-1)
	defs := []nodeDef{
		{name: "pelvis", label: "central", parent: -1, keys: track(walk, func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, 0, 1.0+0.025*math.Cos(2*phase(t))), rot(0.08*math.Sin(phase(t)), axZ)
		}), part: box(-0.1, -0.15, -0.06, 0.1, 0.15, 0.1, matPants)},
		{name: "spine", parent: 0, keys: track(walk, func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, 0, 0.1), rot(-0.06*math.Sin(phase(t)), axZ)
		}), part: box(-0.09, -0.13, 0, 0.09, 0.13, 0.25, matShirt)},
		{name: "chest", parent: 1, keys: track(walk, func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, 0, 0.25), qmul(rot(-0.05*math.Sin(phase(t)), axZ), rot(0.06, axY))
		}), part: box(-0.11, -0.19, 0, 0.11, 0.19, 0.3, matShirt), lod1: box(-0.1, -0.18, 0, 0.1, 0.18, 0.3, matShirt)},
		{name: "neck", parent: 2, keys: track([]int{0}, fixed(0, 0, 0.3, ident)),
			part: box(-0.04, -0.04, 0, 0.04, 0.04, 0.08, matSkin)},
		// The head nods once over frames 0..20; its track ends there, so frames
		// 20..39 take the fallback key (its last key, level).
		{name: "head", parent: 3, keys: track(every(4, 20), func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, 0, 0.08), rot(0.22*math.Sin(2*math.Pi*t/20), axY)
		}), part: box(-0.1, -0.09, 0, 0.1, 0.09, 0.22, matSkin), lod1: box(-0.09, -0.08, 0, 0.09, 0.08, 0.2, matSkin)},
		// Left arm swings against the left leg.
		{name: "l_upperarm", parent: 2, keys: track(walk, func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, 0.245, 0.27), qmul(rot(0.12, axX), rot(0.35*math.Sin(phase(t)), axY))
		}), part: box(-0.05, -0.05, -0.3, 0.05, 0.05, 0, matShirt)},
		{name: "l_forearm", parent: 5, keys: track(walk, func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, 0, -0.3), rot(-0.3-0.2*(0.5+0.5*math.Sin(phase(t))), axY)
		}), part: box(-0.04, -0.04, -0.27, 0.04, 0.04, 0, matSkin)},
		{name: "l_hand", parent: 6, keys: track([]int{0, last}, fixed(0, 0, -0.27, rot(0.1, axX))),
			part: box(-0.03, -0.05, -0.1, 0.03, 0.05, 0, matSkin)},
		// Right arm: raised to the side, the forearm waves twice per cycle.
		{name: "r_upperarm", parent: 2, keys: track(walk, func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, -0.245, 0.27), rot(-2.3-0.1*math.Sin(phase(t)), axX)
		}), part: box(-0.05, -0.05, -0.3, 0.05, 0.05, 0, matShirt)},
		{name: "r_forearm", parent: 8, keys: track(every(2, last), func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, 0, -0.3), rot(-0.5+0.45*math.Sin(2*phase(t)), axX)
		}), part: box(-0.04, -0.04, -0.27, 0.04, 0.04, 0, matSkin)},
		{name: "r_hand", parent: 9, keys: track(every(10, last), func(t float64) (mgl32.Vec3, [4]float64) {
			return v3(0, 0, -0.27), rot(0.15*math.Sin(2*phase(t)), axY)
		}), part: box(-0.03, -0.05, -0.1, 0.03, 0.05, 0, matSkin)},
		{name: "l_thigh", parent: 0, keys: track(walk, lThigh), part: box(-0.07, -0.07, -0.45, 0.07, 0.07, 0, matPants)},
		{name: "l_shin", parent: 11, keys: track(walk, lShin), part: box(-0.055, -0.055, -0.42, 0.055, 0.055, 0, matPants)},
		{name: "l_foot", parent: 12, keys: track(walk, lFoot), part: box(-0.05, -0.05, -0.07, 0.18, 0.05, 0, matSkin)},
		{name: "r_thigh", parent: 0, keys: track(walk, rThigh), part: box(-0.07, -0.07, -0.45, 0.07, 0.07, 0, matPants)},
		{name: "r_shin", parent: 14, keys: track(walk, rShin), part: box(-0.055, -0.055, -0.42, 0.055, 0.055, 0, matPants)},
		{name: "r_foot", parent: 15, keys: track(walk, rFoot), part: box(-0.05, -0.05, -0.07, 0.18, 0.05, 0, matSkin)},
	}
	m := &msh.Model{Name: "demo"}
	for _, d := range defs {
		n := msh.ModelNode{Name: d.name, Label: d.label, Parent: d.parent, Keys: d.keys}
		if d.label == "central" {
			n.Flags = 0x0800
		}
		n.Parts[0] = d.part
		n.Parts[1] = d.lod1
		m.Nodes = append(m.Nodes, n)
	}
	return m
}

// Bytes encodes the demo model.
func Bytes() ([]byte, error) { return Model().Encode() }
