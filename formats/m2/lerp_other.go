//go:build !amd64 || purego

package m2

import "animscope/anim"

// lerpTS sets out[i].T and out[i].S to k0s[i]'s translation and scale moved
// towards k1s[i]'s by r, for every i of out (k0s and k1s at least as long):
// each component k0 + float32((k1−k0)·r). It may leave other values in
// out[i].Q (lerp_amd64.go): the caller writes every rotation after.
func lerpTS(k0s, k1s []packedKey, out []anim.Transform, r float32) {
	k0s, k1s = k0s[:len(out)], k1s[:len(out)]
	for i := range out {
		k0, k1, x := &k0s[i], &k1s[i], &out[i]
		x.T[0] = k0.t[0] + float32((k1.t[0]-k0.t[0])*r)
		x.T[1] = k0.t[1] + float32((k1.t[1]-k0.t[1])*r)
		x.T[2] = k0.t[2] + float32((k1.t[2]-k0.t[2])*r)
		x.S[0] = k0.s[0] + float32((k1.s[0]-k0.s[0])*r)
		x.S[1] = k0.s[1] + float32((k1.s[1]-k0.s[1])*r)
		x.S[2] = k0.s[2] + float32((k1.s[2]-k0.s[2])*r)
	}
}
