//go:build !purego

package anim

// sincos64x4 runs Sincos64 on x[i], four lanes at a time, for i below n (a
// multiple of 4), writing sin[i] and cos[i]. It stops after the first group of
// four with a lane the kernel leaves (NaN, ±Inf, |x| ≥ 2^29): done is that
// group's first index (n when there was none) and fail has bit l set for each
// such lane l; the group's other lanes are written.
//
//go:noescape
func sincos64x4(x, sin, cos *float64, n int) (done, fail int)
