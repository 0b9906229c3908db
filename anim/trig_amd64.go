//go:build !purego

package anim

// sincos4 runs Sincos32's kernel on x[i], four lanes at a time, for i below n (a
// multiple of 4), writing sin[i] and cos[i]. It stops after the first group of
// four with a lane the kernel cannot answer: done is that group's first index
// (n when there was none) and fail has bit l set for each such lane l; the
// group's other lanes are written.
//
//go:noescape
func sincos4(x, sin, cos *float32, n int) (done, fail int)

// acossin4 is sincos4 for AcosSin32: theta[i], sinTheta[i] from d[i].
//
//go:noescape
func acossin4(d, theta, sinTheta *float32, n int) (done, fail int)

// sincos8 is sincos4 eight lanes at a time, in AVX-512 (haveAVX512); fail
// has bit l set for each lane l of the group it stopped at.
//
//go:noescape
func sincos8(x, sin, cos *float32, n int) (done, fail int)
