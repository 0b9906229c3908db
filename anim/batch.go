package anim

// The batch functions give, for every element, exactly what the scalar
// functions give (Sincos32, AcosSin32), several elements at a time where the
// CPU allows it: on amd64 with AVX2, four lanes run the same float64 kernels
// with the same IEEE operations in the same order and no fused multiply-add
// (trig_amd64.s), eight for SincosBatch with AVX-512, so each lane's bits
// are the scalar code's; a lane the kernel
// cannot answer (outside the fast domain, or next to a float32 rounding
// boundary) is recomputed by the scalar function, which asks the standard
// library. Elsewhere they are loops over the scalar functions.
//
// Callers gather a frame's angles into arrays and make one call: a blended
// joint needs four float32-exact trigonometric values, and run one at a time
// their latency, not the arithmetic, bounds the loop.

// SincosBatch sets sin[i], cos[i] = Sincos32(x[i]) for every i of x. sin and
// cos must be at least as long as x.
//
// The lane loop is written out for each kernel (here, AcosSinBatch,
// SincosBatch64) on purpose: one generic loop taking the kernel as a func value
// makes escape analysis lose the slices, so the callers' stack arrays (the
// blend's, the slerp batch's) move to the heap and every frame allocates.
func SincosBatch(x, sin, cos []float32) {
	n := len(x)
	sin, cos = sin[:n], cos[:n]
	i := 0
	if haveAVX2 && haveAVX512 {
		for n-i >= 8 {
			done, fail := sincos8(&x[i], &sin[i], &cos[i], (n-i)&^7)
			i += done
			if fail == 0 {
				break
			}
			for l := range 8 {
				if fail>>l&1 != 0 {
					sin[i+l], cos[i+l] = Sincos32(x[i+l])
				}
			}
			i += 8
		}
	}
	if haveAVX2 {
		for n-i >= 4 {
			done, fail := sincos4(&x[i], &sin[i], &cos[i], (n-i)&^3)
			i += done
			if fail == 0 {
				break
			}
			for l := range 4 {
				if fail>>l&1 != 0 {
					sin[i+l], cos[i+l] = Sincos32(x[i+l])
				}
			}
			i += 4
		}
	}
	for ; i < n; i++ {
		sin[i], cos[i] = Sincos32(x[i])
	}
}

// AcosSinBatch sets theta[i], sinTheta[i] = AcosSin32(d[i]) for every i of d.
// theta and sinTheta must be at least as long as d.
func AcosSinBatch(d, theta, sinTheta []float32) {
	n := len(d)
	theta, sinTheta = theta[:n], sinTheta[:n]
	i := 0
	if haveAVX2 {
		for n-i >= 4 {
			done, fail := acossin4(&d[i], &theta[i], &sinTheta[i], (n-i)&^3)
			i += done
			if fail == 0 {
				break
			}
			for l := range 4 {
				if fail>>l&1 != 0 {
					theta[i+l], sinTheta[i+l] = AcosSin32(d[i+l])
				}
			}
			i += 4
		}
	}
	for ; i < n; i++ {
		theta[i], sinTheta[i] = AcosSin32(d[i])
	}
}
