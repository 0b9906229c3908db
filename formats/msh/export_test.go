package msh

import "animscope/anim"

// Weights exposes the sampler's slerp weights to the tests.
func Weights(arc *anim.SlerpArc, a float32) (float32, float32) { return weights(arc, a) }
