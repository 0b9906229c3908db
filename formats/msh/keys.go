package msh

import (
	"math"

	"animscope/anim"
)

// decodeKeys decodes the first len(keys) Res8 records of raw into keys and the
// unsolved arcs between neighbours into arcs (len(keys) − 1 of them, or none):
// what rawKey, DecodeQuat, anim.Conjugate and anim.NewSlerpArcUnsolved give, in
// one pass. Every field is stored on its own: a composite literal is built on the
// stack and copied with wide moves that stall on the narrow stores that filled it.
// The arc's dot product is taken of the conjugates, which is exact: each product
// of two negated components is the product of the components.
func decodeKeys(keys []ckey, arcs []anim.SlerpArc, raw []byte, wxyz bool) {
	raw = raw[:len(keys)*KeySize]
	var pw, px, py, pz float32 // the previous key's conjugate
	for k := range keys {
		r := raw[k*KeySize : k*KeySize+KeySize]
		kc := &keys[k]
		kc.pos[0] = math.Float32frombits(le.Uint32(r))
		kc.pos[1] = math.Float32frombits(le.Uint32(r[4:]))
		kc.pos[2] = math.Float32frombits(le.Uint32(r[8:]))
		kc.time = math.Float32frombits(le.Uint32(r[12:]))
		a, b, c, d := int16(le.Uint16(r[16:])), int16(le.Uint16(r[18:])), int16(le.Uint16(r[20:])), int16(le.Uint16(r[22:]))
		if !wxyz {
			a, b, c, d = d, a, b, c
		}
		w := float32(a) / QuatScale
		x := -(float32(b) / QuatScale)
		y := -(float32(c) / QuatScale)
		z := -(float32(d) / QuatScale)
		kc.qc.W, kc.qc.V[0], kc.qc.V[1], kc.qc.V[2] = w, x, y, z
		if k > 0 {
			// anim.Dot4 and anim.NewSlerpArcUnsolved, written out.
			dot := float32(pw*w) + float32(px*x) + float32(py*y) + float32(pz*z)
			arc := &arcs[k-1]
			arc.Sign = 1
			if dot < 0 {
				dot = -dot
				arc.Sign = -1
			}
			arc.D, arc.Theta, arc.SinTheta = dot, 0, 0
			arc.Linear = 1-dot <= anim.SlerpThreshold
		}
		pw, px, py, pz = w, x, y, z
	}
}
