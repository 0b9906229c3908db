package m2test

import "math"

// Frog is a frog-like synthetic model for pictures and UI tests, shaped after the
// creature models the viewer is for (version 256, a few dozen bones, several
// sequences, a skinned mesh, global sequences), drawn from nothing but this
// writer: a body, a head with a jaw and eyes, four legs of three and four bones,
// each bone skinned to a box; sequences Stand (id 0, 2 s), Walk (4, 1 s), Run (5,
// 0.6 s) and AttackUnarmed (16, 1 s), every bone keyed every 100 ms (linear
// rotations about the legs' hinge axis, a body bob); the eyes blink on a 1000 ms
// global sequence.
func Frog() *Model {
	m := &Model{Version: 256, Name: "Toad", Flags: 0x2080, Globals: []uint32{0, 1000, 500}}
	durs := []uint32{2000, 1000, 600, 1000}
	ids := []uint16{0, 4, 5, 16}
	start := uint32(0)
	for i, d := range durs {
		m.Seqs = append(m.Seqs, Seq{ID: ids[i], Start: start, End: start + d, Flags: 0x20, Blend: 150, Next: -1,
			BoundsMin: [3]float32{-0.8, -0.7, 0}, BoundsMax: [3]float32{0.7, 0.7, 0.8}})
		start += d + 100
	}
	type bone struct {
		parent int16
		pivot  [3]float32
		swing  float64 // degrees of rotation about the hinge axis at full stride
		phase  float64 // of the stride, in turns
		axis   [3]float64
	}
	y := [3]float64{0, 1, 0}
	x := [3]float64{1, 0, 0}
	bones := []bone{
		{-1, [3]float32{0, 0, 0}, 0, 0, y},              // 0 root
		{0, [3]float32{0, 0, 0.35}, 6, 0, y},            // 1 body
		{1, [3]float32{0.3, 0, 0.45}, 8, 0.25, y},       // 2 head
		{2, [3]float32{0.45, 0, 0.4}, -14, 0.5, y},      // 3 jaw
		{2, [3]float32{0.38, 0.13, 0.6}, 0, 0, y},       // 4 left eye
		{2, [3]float32{0.38, -0.13, 0.6}, 0, 0, y},      // 5 right eye
		{1, [3]float32{0.25, 0, 0.25}, 0, 0, y},         // 6 throat
		{1, [3]float32{0.2, 0.18, 0.32}, 25, 0, y},      // 7 left shoulder
		{7, [3]float32{0.25, 0.3, 0.16}, 20, 0.1, x},    // 8 left elbow
		{8, [3]float32{0.32, 0.33, 0.03}, 15, 0.2, y},   // 9 left hand
		{1, [3]float32{0.2, -0.18, 0.32}, 25, 0.5, y},   // 10 right shoulder
		{10, [3]float32{0.25, -0.3, 0.16}, 20, 0.6, x},  // 11 right elbow
		{11, [3]float32{0.32, -0.33, 0.03}, 15, 0.7, y}, // 12 right hand
		{1, [3]float32{-0.25, 0.18, 0.33}, 35, 0.5, y},  // 13 left hip
		{13, [3]float32{-0.05, 0.42, 0.25}, 40, 0.6, y}, // 14 left knee
		{14, [3]float32{-0.38, 0.45, 0.1}, 35, 0.7, y},  // 15 left ankle
		{15, [3]float32{-0.2, 0.5, 0.02}, 20, 0.8, y},   // 16 left toe
		{1, [3]float32{-0.25, -0.18, 0.33}, 35, 0, y},   // 17 right hip
		{17, [3]float32{-0.05, -0.42, 0.25}, 40, 0.1, y},
		{18, [3]float32{-0.38, -0.45, 0.1}, 35, 0.2, y},
		{19, [3]float32{-0.2, -0.5, 0.02}, 20, 0.3, y},
	}
	// How hard each sequence moves: Stand breathes, Walk and Run stride, the
	// attack snaps the head and jaw.
	amp := []float64{0.15, 1, 1.6, 0.6}
	for bi, b := range bones {
		var rot, tra [][]Key
		for s, d := range durs {
			var rk, tk []Key
			for t := uint32(0); t <= d; t += 100 {
				turn := float64(t) / float64(d)
				deg := b.swing * amp[s] * math.Sin(2*math.Pi*(turn+b.phase))
				if s == 3 && (bi == 2 || bi == 3) { // the attack: a snap forward at mid-time
					deg = 2 * b.swing * math.Exp(-30*(turn-0.5)*(turn-0.5))
				}
				rk = append(rk, Key{t, quatAxis(b.axis, deg)})
				if bi == 1 {
					bob := float32(0.04 * amp[s] * math.Abs(math.Sin(2*math.Pi*turn)))
					tk = append(tk, Key{t, V3(0, 0, bob)})
				}
			}
			rot, tra = append(rot, rk), append(tra, tk)
		}
		mb := Bone{KeyBone: -1, Parent: b.parent, Pivot: b.pivot}
		if bi == 0 {
			mb.KeyBone = 26 // the root's key-bone id
		}
		mb.R = MakeTrack(m, interpLinear, -1, rot, -1)
		if bi == 1 {
			mb.T = MakeTrack(m, interpLinear, -1, tra, -1)
		}
		if bi == 4 || bi == 5 { // the eyes blink on global sequence 1
			mb.S = MakeTrack(m, interpLinear, 1, [][]Key{{{0, V3(1, 1, 1)}, {850, V3(1, 1, 1)}, {920, V3(1, 1, 0.1)}, {1000, V3(1, 1, 1)}}}, -1)
		}
		m.Bones = append(m.Bones, mb)
	}
	// A box per bone, from its pivot towards its first child's (a leaf: a small
	// cube), skinned to that bone alone.
	for bi, b := range bones {
		lo, hi := b.pivot, b.pivot
		child := -1
		for ci, c := range bones {
			if int(c.parent) == bi {
				child = ci
				break
			}
		}
		th := float32(0.025)
		switch {
		case bi == 0:
			continue
		case bi == 1:
			lo, hi = [3]float32{-0.27, -0.15, 0.24}, [3]float32{0.22, 0.15, 0.44}
			th = 0
		case bi == 2:
			lo, hi = [3]float32{0.22, -0.13, 0.4}, [3]float32{0.46, 0.13, 0.54}
			th = 0
		case child >= 0:
			hi = bones[child].pivot
		default:
			th = 0.035
		}
		m.box(lo, hi, th, uint8(bi))
	}
	m.Subs = []Submesh{{Geoset: 0, VStart: 0, VCount: uint16(len(m.Verts)), IStart: 0, ICount: uint16(len(m.Indices)), BoneCount: uint16(len(m.Bones))}}
	m.Batches = []Batch{{Sub: 0, Color: -1}}
	m.RenderFlags = [][2]uint16{{0, 0}} // unlit off, blend mode opaque
	return m
}

// box adds an axis-aligned box from a to b, grown by th on every side, skinned to
// bone.
func (m *Model) box(a, b [3]float32, th float32, bone uint8) {
	var lo, hi [3]float32
	for i := range 3 {
		lo[i], hi[i] = min(a[i], b[i])-th, max(a[i], b[i])+th
	}
	// The six faces, each as four corners (outward normal n).
	faces := []struct {
		n [3]float32
		c [4][3]float32
	}{
		{[3]float32{1, 0, 0}, [4][3]float32{{hi[0], lo[1], lo[2]}, {hi[0], hi[1], lo[2]}, {hi[0], hi[1], hi[2]}, {hi[0], lo[1], hi[2]}}},
		{[3]float32{-1, 0, 0}, [4][3]float32{{lo[0], hi[1], lo[2]}, {lo[0], lo[1], lo[2]}, {lo[0], lo[1], hi[2]}, {lo[0], hi[1], hi[2]}}},
		{[3]float32{0, 1, 0}, [4][3]float32{{hi[0], hi[1], lo[2]}, {lo[0], hi[1], lo[2]}, {lo[0], hi[1], hi[2]}, {hi[0], hi[1], hi[2]}}},
		{[3]float32{0, -1, 0}, [4][3]float32{{lo[0], lo[1], lo[2]}, {hi[0], lo[1], lo[2]}, {hi[0], lo[1], hi[2]}, {lo[0], lo[1], hi[2]}}},
		{[3]float32{0, 0, 1}, [4][3]float32{{lo[0], lo[1], hi[2]}, {hi[0], lo[1], hi[2]}, {hi[0], hi[1], hi[2]}, {lo[0], hi[1], hi[2]}}},
		{[3]float32{0, 0, -1}, [4][3]float32{{lo[0], hi[1], lo[2]}, {hi[0], hi[1], lo[2]}, {hi[0], lo[1], lo[2]}, {lo[0], lo[1], lo[2]}}},
	}
	for _, f := range faces {
		base := uint16(len(m.Verts))
		for _, c := range f.c {
			m.Verts = append(m.Verts, Vert{Pos: c, W: [4]uint8{255}, B: [4]uint8{bone}, N: f.n})
			m.Lookup = append(m.Lookup, uint16(len(m.Lookup)))
		}
		m.Indices = append(m.Indices, base, base+1, base+2, base, base+2, base+3)
	}
}

// quatAxis is (x, y, z, w) for a rotation of deg degrees about a unit axis.
func quatAxis(axis [3]float64, deg float64) []float32 {
	h := deg * math.Pi / 360
	s := math.Sin(h)
	return []float32{float32(axis[0] * s), float32(axis[1] * s), float32(axis[2] * s), float32(math.Cos(h))}
}
