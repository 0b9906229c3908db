package vca

import "animscope/anim"

// writeSimple writes the simple bone linesets' transforms (Sample): for each,
// unless its node is past out, T from its move values (0 without a move line),
// the rotation of its one axis from the identity (firstAxis; the identity
// without a rotate line), S from its scale values (1 without a scale line),
// each rounded to float32, the bits lsTransformTo writes. On amd64 with AVX2
// writeSimple4 (writebones_amd64.s) does it with the same roundings.
func writeSimple(bones []simpleBone, sin, cos, trs []float64, out []anim.Transform) {
	if len(bones) == 0 {
		return
	}
	if haveAVX2 && len(out) > 0 {
		var ps, pc *float64 // nil without angles: then no bone reads one
		if len(sin) > 0 {
			ps, pc = &sin[0], &cos[0]
		}
		writeSimple4(&bones[0], len(bones), ps, pc, &trs[0], &out[0], len(out))
		return
	}
	for _, b := range bones {
		if int(b.node) >= len(out) {
			continue
		}
		w, x, y, z := 1.0, 0.0, 0.0, 0.0
		if b.k >= 0 {
			w, x, y, z = firstAxis(int(b.ax), sin[b.k], cos[b.k])
		}
		boneTransformTo(&out[b.node], b.flags, trs[b.off:b.off+9], w, x, y, z)
	}
}

// boneTransformTo writes a bone lineset's transform into dst: T from its move
// values v[slotMove:] (0 without a move line, flags&boneHasT), the rotation
// w, x, y, z, S from its scale values v[slotScale:] (1 without a scale line),
// each rounded to float32. Fields are written one by one, as the samplers do.
func boneTransformTo(dst *anim.Transform, flags uint8, v []float64, w, x, y, z float64) {
	if flags&boneHasT != 0 {
		dst.T[0], dst.T[1], dst.T[2] = float32(v[slotMove]), float32(v[slotMove+1]), float32(v[slotMove+2])
	} else {
		dst.T[0], dst.T[1], dst.T[2] = 0, 0, 0
	}
	dst.Q.W, dst.Q.V[0], dst.Q.V[1], dst.Q.V[2] = float32(w), float32(x), float32(y), float32(z)
	if flags&boneHasS != 0 {
		dst.S[0], dst.S[1], dst.S[2] = float32(v[slotScale]), float32(v[slotScale+1]), float32(v[slotScale+2])
	} else {
		dst.S[0], dst.S[1], dst.S[2] = 1, 1, 1
	}
}
