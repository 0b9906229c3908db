//go:build !amd64 || purego

package anim

func sincos4(x, sin, cos *float32, n int) (done, fail int)         { return 0, 0 }
func acossin4(d, theta, sinTheta *float32, n int) (done, fail int) { return 0, 0 }
func sincos8(x, sin, cos *float32, n int) (done, fail int)         { return 0, 0 }
