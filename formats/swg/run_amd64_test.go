//go:build !purego

package swg

import (
	"math/rand/v2"

	"animscope/anim"
)

func haveRunKernel() bool { return haveAVX2 }

// runKernelGroups runs slerpRun4 over random records (runCase) as sampleRun
// does and counts the groups it answered and refused.
func runKernelGroups(r *rand.Rand, clean bool) (answered, refused int) {
	if !haveAVX2 {
		return 0, 0
	}
	const n = 4096
	r0, r1 := runCase(r, n, clean)
	out := make([]anim.Transform, n)
	for i := 0; i < n; i += 4 {
		done, fail := slerpRun4(&out[i], &r0[i], &r1[i], n-i, 0.375, 0.625, 0.375)
		answered += done / 4
		i += done
		if fail == 0 {
			break
		}
		refused++
	}
	return answered, refused
}
