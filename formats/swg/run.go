package swg

import "animscope/anim"

// holdRunGo is sampleKeyed on a key (st.exact) for a run of nodes with every
// channel animated: out[j] from their records r[j]. holdRun (run_amd64.go,
// run_other.go) is this, on amd64 in SSE.
func holdRunGo(out []anim.Transform, r []keyRec) {
	r = r[:len(out)]
	for j := range out {
		o, x := &out[j], &r[j]
		o.T[0], o.T[1], o.T[2] = x.t[0], x.t[1], x.t[2]
		o.Q = x.q
		o.S[0], o.S[1], o.S[2] = 1, 1, 1
	}
}

// runChunk is how many nodes sampleRun takes at a time: its arrays live on the
// stack.
const runChunk = 64

// sampleRunGo is sampleKeyed between keys for a run of nodes with every
// channel animated: out[j] from their records r0[j] (key k) and r1[j] (key
// k+1) at st's weights. The slerps' sines are found for runChunk nodes at a
// time in one anim.SincosBatch call, their angles and combinations the float32
// operations of slerpBatch (and so of arc.at), in the same order. sampleRun
// (run_amd64.go, run_other.go) is this, on amd64 four nodes at a time in AVX2.
func sampleRunGo(out []anim.Transform, r0, r1 []keyRec, st *keyState) {
	var ang, sin, cos [2 * runChunk]float32
	var idx [runChunk]uint8
	lw, omlw, w := st.lw, st.omlw, st.w
	for lo := 0; lo < len(out); lo += runChunk {
		o := out[lo:min(lo+runChunk, len(out))]
		a0, a1 := r0[lo:][:len(o)], r1[lo:][:len(o)]
		m := 0
		for j := range o {
			d, x, y := &o[j], &a0[j], &a1[j]
			d.T[0] = float32(lw*x.t[0]) + float32(omlw*y.t[0])
			d.T[1] = float32(lw*x.t[1]) + float32(omlw*y.t[1])
			d.T[2] = float32(lw*x.t[2]) + float32(omlw*y.t[2])
			d.S[0], d.S[1], d.S[2] = 1, 1, 1
			if a := &x.a; a.opposite || a.linear {
				slerpNow(&d.Q, &x.q, a, w)
				continue
			}
			ft := float32(w * x.a.theta)
			ang[2*m] = x.a.theta - ft
			ang[2*m+1] = ft
			idx[m] = uint8(j)
			m++
		}
		anim.SincosBatch(ang[:2*m], sin[:2*m], cos[:2*m])
		for k := range m {
			j := int(idx[k])
			x, d := &a0[j], &o[j].Q
			c1 := sin[2*k] * x.a.ooSin
			c2 := sin[2*k+1] * x.a.ooSin
			q0, q1 := &x.q, &x.a.other
			d.W = float32(c1*q0.W) + float32(c2*q1.W)
			d.V[0] = float32(c1*q0.V[0]) + float32(c2*q1.V[0])
			d.V[1] = float32(c1*q0.V[1]) + float32(c2*q1.V[1])
			d.V[2] = float32(c1*q0.V[2]) + float32(c2*q1.V[2])
		}
	}
}
