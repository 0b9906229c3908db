// See refsincos_std_test.go: on targets where the compiler fuses math.Sincos,
// the reference's sine is the unfused algorithm itself.

//go:build !amd64 || amd64.v3

package vca

import "animscope/anim"

func refSincos(a float64) (float64, float64) { return anim.Sincos64(a) }
