//go:build !amd64 || purego

package anim

func sincos64x4(x, sin, cos *float64, n int) (done, fail int) { return 0, 0 }
