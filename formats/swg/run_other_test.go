//go:build !amd64 || purego

package swg

import "math/rand/v2"

func haveRunKernel() bool { return false }

func runKernelGroups(*rand.Rand, bool) (answered, refused int) { return 0, 0 }
