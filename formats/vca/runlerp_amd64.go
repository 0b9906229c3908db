//go:build !purego

package vca

import "golang.org/x/sys/cpu"

// haveAVX2 says whether runValues4 (runlerp_amd64.s) may run; a variable, so
// that the tests run the Go loop too.
var haveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasAVX

// runValues4 is runValues for lines 0..n−1 (n a multiple of 4): row1 nil means
// not interpolated.
//
//go:noescape
func runValues4(row0, row1 *float64, dst *runDst, n int, u float64, trs *float64)
