//go:build !amd64 || purego

package swg

import "animscope/anim"

// sampleRun is sampleRunGo.
func sampleRun(out []anim.Transform, r0, r1 []keyRec, st *keyState) {
	sampleRunGo(out, r0, r1, st)
}

// holdRun is holdRunGo.
func holdRun(out []anim.Transform, r []keyRec) { holdRunGo(out, r) }
