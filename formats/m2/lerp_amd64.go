//go:build !purego

package m2

import "animscope/anim"

// lerpTS sets out[i].T and out[i].S to k0s[i]'s translation and scale moved
// towards k1s[i]'s by r, for every i of out (k0s and k1s at least as long):
// each component k0 + float32((k1−k0)·r), as lerp_other.go, with the same bits.
// Here it runs four components at a time in SSE (lerpKeysTS), which leaves
// out[i].Q.W and out[i].Q.V[2] holding other values: the caller writes every
// rotation after.
func lerpTS(k0s, k1s []packedKey, out []anim.Transform, r float32) {
	n := len(out)
	if n == 0 {
		return
	}
	_, _ = k0s[n-1], k1s[n-1]
	lerpKeysTS(&k0s[0], &k1s[0], &out[0], n, r)
}

// lerpKeysTS is lerpTS on n records from k0, k1 and out (lerp_amd64.s).
//
//go:noescape
func lerpKeysTS(k0, k1 *packedKey, out *anim.Transform, n int, r float32)
