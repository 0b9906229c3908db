//go:build !purego

package vca

import (
	"animscope/anim"

	"golang.org/x/sys/cpu"
)

// haveAVX2 says whether runValues4 (runlerp_amd64.s) may run; a variable, so
// that the tests run the Go loop too.
var haveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasAVX

// runValues4 is runValues for lines 0..n−1 (n a multiple of 4): row1 nil means
// not interpolated.
//
//go:noescape
func runValues4(row0, row1 *float64, dst *runDst, n int, u float64, trs *float64)

// writeSimple4 is writeSimple for n bones (writebones_amd64.s); sin and cos
// hold every angle a bone names, trs every offset, out nout transforms.
//
//go:noescape
func writeSimple4(bones *simpleBone, n int, sin, cos, trs *float64, out *anim.Transform, nout int)
