//go:build !purego

package swg

import (
	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
	"golang.org/x/sys/cpu"
)

// haveAVX2 says whether slerpRun4 may run (AVX2 and AVX). A variable, so that
// the tests can run the portable Go code too.
var haveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasAVX

// sampleRun is sampleRunGo with the same bits (TestSampleRunBitIdentical): with
// AVX2, slerpRun4 takes the run four nodes at a time and the Go code the last
// few; a group with a lane the kernel cannot answer (a linear or opposite arc,
// an angle outside the fast sine's domain or next to a float32 rounding
// boundary) comes back with that lane's rotation recomputed here as
// sampleRunGo computes it.
func sampleRun(out []anim.Transform, r0, r1 []keyRec, st *keyState) {
	n := len(out)
	r0, r1 = r0[:n], r1[:n]
	i := 0
	if haveAVX2 {
		for m := n &^ 3; i < m; i += 4 {
			done, fail := slerpRun4(&out[i], &r0[i], &r1[i], m-i, st.w, st.lw, st.omlw)
			i += done
			if fail == 0 {
				break
			}
			for l := range 4 {
				if fail>>l&1 != 0 {
					slerpOne(&out[i+l].Q, &r0[i+l], st.w)
				}
			}
		}
	}
	if i < n {
		sampleRunGo(out[i:], r0[i:], r1[i:], st)
	}
}

// holdRun is holdRunGo with the same bits (TestHoldRunBitIdentical), in SSE:
// two loads and three stores a node (holdRun1).
func holdRun(out []anim.Transform, r []keyRec) {
	if n := len(out); n > 0 {
		_ = r[n-1]
		holdRun1(&out[0], &r[0], n)
	}
}

// holdRun1 is holdRunGo on n nodes from out and r (run_amd64.s).
//
//go:noescape
func holdRun1(out *anim.Transform, r *keyRec, n int)

// slerpOne is sampleRunGo's rotation of one node: *dst from record x at
// weight w, with anim.SincosBatch's sines (Sincos32's).
func slerpOne(dst *mgl32.Quat, x *keyRec, w float32) {
	a := &x.a
	if a.opposite || a.linear {
		slerpNow(dst, &x.q, a, w)
		return
	}
	ft := float32(w * a.theta)
	s0, _ := anim.Sincos32(a.theta - ft)
	s1, _ := anim.Sincos32(ft)
	c1, c2 := s0*a.ooSin, s1*a.ooSin
	q0, q1 := &x.q, &a.other
	dst.W = float32(c1*q0.W) + float32(c2*q1.W)
	dst.V[0] = float32(c1*q0.V[0]) + float32(c2*q1.V[0])
	dst.V[1] = float32(c1*q0.V[1]) + float32(c2*q1.V[1])
	dst.V[2] = float32(c1*q0.V[2]) + float32(c2*q1.V[2])
}

// slerpRun4 is sampleRunGo's loop on the first n nodes (a multiple of 4) of
// out, r0 and r1, four at a time (run_amd64.s). It stops after the first group
// of four with a lane it cannot answer: done is that group's first index (n
// when there was none) and fail has bit l set for each such lane l, whose
// rotation the caller writes; everything else of the group is written.
//
//go:noescape
func slerpRun4(out *anim.Transform, r0, r1 *keyRec, n int, w, lw, omlw float32) (done, fail int)
