//go:build !purego

package anim

import "golang.org/x/sys/cpu"

// haveAVX2 says whether the assembly kernels (trig_amd64.s, l2m_amd64.s) may
// run: they use AVX2 (and AVX). A variable, so that the tests can run the
// portable Go code too.
var haveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasAVX

// haveAVX512 says whether the eight-lane trigonometric kernel (sincos8 in
// trig_amd64.s) may run: AVX-512 Foundation, with the OS keeping its
// registers (x/sys/cpu checks both). A variable for the tests, like
// haveAVX2.
var haveAVX512 = haveAVX2 && cpu.X86.HasAVX512F
