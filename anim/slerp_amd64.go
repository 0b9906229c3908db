//go:build !purego

package anim

// slerpCombineAVX is SlerpBatch.Flush's loop after its sines and cosines
// (slerp_amd64.s): the weights and the combination of n pending slerps, the
// same operations.
//
//go:noescape
func slerpCombineAVX(p *pendingSlerp, sin, cos *float32, n int)
