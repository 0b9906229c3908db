//go:build !amd64 || purego

package vca

import "animscope/anim"

// haveAVX2 is false: no assembly on this target; runValues runs its Go loop.
var haveAVX2 = false

func runValues4(row0, row1 *float64, dst *runDst, n int, u float64, trs *float64) {}

func writeSimple4(bones *simpleBone, n int, sin, cos, trs *float64, out *anim.Transform, nout int) {}
