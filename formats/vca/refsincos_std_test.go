// The rule's sine and cosine are math.Sincos's algorithm unfused (anim.Sincos64).
// Only on amd64 below v3 does the compiler leave math.Sincos unfused (with FMA
// it fuses the library's polynomials), so only there is the standard library the
// reference's sine; elsewhere refsincos_other_test.go uses anim.Sincos64, which
// anim's tests check against bits recorded from math.Sincos on such a build.

//go:build amd64 && !amd64.v3

package vca

import "math"

func refSincos(a float64) (float64, float64) { return math.Sincos(a) }
