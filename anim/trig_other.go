//go:build !amd64 || purego

package anim

// haveTrig4 is false: there is no four-lane kernel on this target, and the
// batch functions call the scalar ones.
var haveTrig4 = false

func sincos4(x, sin, cos *float32, n int) (done, fail int)         { return 0, 0 }
func acossin4(d, theta, sinTheta *float32, n int) (done, fail int) { return 0, 0 }
