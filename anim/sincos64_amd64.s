//go:build !purego

#include "textflag.h"

// Four lanes at a time of Sincos64 (sincos64.go), written with AVX2: the same
// IEEE operations in the same order, each rounded on its own (no FMA), so every
// lane's bits are the scalar code's. The octant's tests become masks: after the
// mapping of zeros to the origin the octant j is even, its bit 2 flips both
// signs (j > 3) and its bit 1 flips the cosine's and swaps the two (j = 2 after
// the reflection); both polynomials are computed in every lane. ±0 gives sin = x
// as the scalar code's first case. A lane that is NaN, ±Inf or at least 2^29
// (Payne–Hanek) fails: the loop stops and reports the group, whose failed lanes
// the caller recomputes with Sincos64. See SincosBatch64.

// CONST4 is one float64 (given by its bits) four times: a 256-bit operand.
#define CONST4(name, bits) DATA name<>+0(SB)/8, bits; DATA name<>+8(SB)/8, bits; DATA name<>+16(SB)/8, bits; DATA name<>+24(SB)/8, bits; GLOBL name<>(SB), RODATA|NOPTR, $32

CONST4(sc64zero, $0x0000000000000000) // 0
CONST4(sc64one, $0x3ff0000000000000) // 1
CONST4(sc64half, $0x3fe0000000000000) // 0.5
CONST4(sc64thresh, $0x41c0000000000000) // 2^29
CONST4(sc64fourpi, $0x3ff45f306dc9c883) // 4/π
CONST4(sc64pi4a, $0x3fe921fb40000000) // PI4A 0.7853981256484985
CONST4(sc64pi4b, $0x3e64442d00000000) // PI4B 3.774894707930798e-08
CONST4(sc64pi4c, $0x3ce8469898cc5170) // PI4C 2.6951514290790595e-15
CONST4(sc64s0, $0x3de5d8fd1fd19ccd) // 1.5896230157654656e-10
CONST4(sc64s1, $0xbe5ae5e5a9291f5d) // -2.5050747762857807e-08
CONST4(sc64s2, $0x3ec71de3567d48a1) // 2.7557313621385722e-06
CONST4(sc64s3, $0xbf2a01a019bfdf03) // -0.0001984126982958954
CONST4(sc64s4, $0x3f8111111110f7d0) // 0.008333333333322118
CONST4(sc64s5, $0xbfc5555555555548) // -0.1666666666666663
CONST4(sc64c0, $0xbda8fa49a0861a9b) // -1.1358536521387682e-11
CONST4(sc64c1, $0x3e21ee9d7b4e3f05) // 2.087570084197473e-09
CONST4(sc64c2, $0xbe927e4f7eac4bc6) // -2.755731417929674e-07
CONST4(sc64c3, $0x3efa01a019c844f5) // 2.4801587288851704e-05
CONST4(sc64c4, $0xbf56c16c16c14f91) // -0.0013888888888873056
CONST4(sc64c5, $0x3fa555555555554b) // 0.041666666666666595
CONST4(sc64absmask, $0x7fffffffffffffff) // all but the sign
CONST4(sc64signbit, $0x8000000000000000) // the sign

// Four int32 ones (the octant's low bit).
DATA sc64ones32<>+0(SB)/4, $1
DATA sc64ones32<>+4(SB)/4, $1
DATA sc64ones32<>+8(SB)/4, $1
DATA sc64ones32<>+12(SB)/4, $1
GLOBL sc64ones32<>(SB), RODATA|NOPTR, $16

// POLY5(ACC, ZZ, C0..C5): ACC = ((((C0·ZZ + C1)·ZZ + C2)·ZZ + C3)·ZZ + C4)·ZZ + C5,
// each product and sum rounded on its own.
#define POLY5(ACC, ZZ, C0, C1, C2, C3, C4, C5) \
	VMULPD C0, ZZ, ACC  \
	VADDPD C1, ACC, ACC \
	VMULPD ZZ, ACC, ACC \
	VADDPD C2, ACC, ACC \
	VMULPD ZZ, ACC, ACC \
	VADDPD C3, ACC, ACC \
	VMULPD ZZ, ACC, ACC \
	VADDPD C4, ACC, ACC \
	VMULPD ZZ, ACC, ACC \
	VADDPD C5, ACC, ACC

// func sincos64x4(x, sin, cos *float64, n int) (done, fail int)
//
// Two passes, so that more groups are in flight (each pass's dependency chain
// is shorter): the first reduces every group, writing z to sin[i] and the
// octant j (a quadword) to cos[i], up to and including the first group with a
// failed lane; the second reads them back and computes the polynomials.
TEXT ·sincos64x4(SB), NOSPLIT, $0-48
	MOVQ x+0(FP), SI
	MOVQ sin+8(FP), DI
	MOVQ cos+16(FP), R8
	MOVQ n+24(FP), CX
	XORQ BX, BX
	XORQ DX, DX

reduce:
	CMPQ BX, CX
	JGE  reduced
	VMOVUPD   (SI)(BX*8), Y0              // x
	VANDPD    sc64absmask<>(SB), Y0, Y1   // |x|
	VCMPPD    $0x05, sc64thresh<>(SB), Y1, Y15 // !(|x| < 2^29): NaN, ±Inf, Payne–Hanek
	VMOVMSKPD Y15, DX
	VMULPD    sc64fourpi<>(SB), Y1, Y3    // |x|·(4/π)
	VCVTTPD2DQY Y3, X4                    // j, truncated
	VPAND     sc64ones32<>(SB), X4, X5
	VPADDD    X5, X4, X4                  // j odd: j++ (and y++)
	VCVTDQ2PD X4, Y5                      // y = float64(j)
	VPMOVSXDQ X4, Y6                      // j, a quadword a lane
	VMULPD    sc64pi4a<>(SB), Y5, Y7
	VSUBPD    Y7, Y1, Y8                  // x − y·PI4A
	VMULPD    sc64pi4b<>(SB), Y5, Y7
	VSUBPD    Y7, Y8, Y8                  // − y·PI4B
	VMULPD    sc64pi4c<>(SB), Y5, Y7
	VSUBPD    Y7, Y8, Y8                  // − y·PI4C: z
	VMOVUPD   Y8, (DI)(BX*8)
	VMOVDQU   Y6, (R8)(BX*8)
	ADDQ      $4, BX
	TESTQ     DX, DX
	JZ        reduce

reduced:
	MOVQ BX, R9                           // the end of the second pass
	XORQ BX, BX

poly:
	CMPQ BX, R9
	JGE  polyDone
	VMOVUPD   (SI)(BX*8), Y0              // x
	VMOVUPD   (DI)(BX*8), Y8              // z
	VMOVDQU   (R8)(BX*8), Y6              // j
	VANDPD    sc64signbit<>(SB), Y0, Y2   // x's sign (sinSign)
	VPSLLQ    $62, Y6, Y9                 // the sign bit is j's bit 1: swap
	VPSLLQ    $61, Y6, Y10                // the sign bit is j's bit 2
	VPAND     sc64signbit<>(SB), Y10, Y10
	VPXOR     Y10, Y2, Y11                // sin's sign
	VPAND     sc64signbit<>(SB), Y9, Y12
	VPXOR     Y12, Y10, Y12               // cos's sign
	VMULPD    Y8, Y8, Y13                 // zz

	// cos = 1 − 0.5·zz + zz·zz·P(zz)
	POLY5(Y14, Y13, sc64c0<>(SB), sc64c1<>(SB), sc64c2<>(SB), sc64c3<>(SB), sc64c4<>(SB), sc64c5<>(SB))
	VMULPD  Y13, Y13, Y3
	VMULPD  Y14, Y3, Y3                   // zz·zz·P
	VMULPD  sc64half<>(SB), Y13, Y14      // 0.5·zz
	VMOVUPD sc64one<>(SB), Y7
	VSUBPD  Y14, Y7, Y7                   // 1 − 0.5·zz
	VADDPD  Y3, Y7, Y7                    // cos

	// sin = z + z·zz·Q(zz)
	POLY5(Y14, Y13, sc64s0<>(SB), sc64s1<>(SB), sc64s2<>(SB), sc64s3<>(SB), sc64s4<>(SB), sc64s5<>(SB))
	VMULPD Y13, Y8, Y3                    // z·zz
	VMULPD Y14, Y3, Y3
	VADDPD Y3, Y8, Y3                     // sin

	VBLENDVPD Y9, Y7, Y3, Y4              // sin = swap ? cos : sin
	VBLENDVPD Y9, Y3, Y7, Y5              // cos = swap ? sin : cos
	VXORPD    Y11, Y4, Y4
	VXORPD    Y12, Y5, Y5
	VCMPPD    $0x00, sc64zero<>(SB), Y0, Y6 // x == ±0
	VBLENDVPD Y6, Y0, Y4, Y4              // sin = x there
	VMOVUPD   Y4, (DI)(BX*8)
	VMOVUPD   Y5, (R8)(BX*8)
	ADDQ      $4, BX
	JMP       poly

polyDone:
	VZEROUPPER
	TESTQ DX, DX
	JNZ   failed
	MOVQ  CX, done+32(FP)
	MOVQ  $0, fail+40(FP)
	RET

failed:
	SUBQ $4, R9
	MOVQ R9, done+32(FP)
	MOVQ DX, fail+40(FP)
	RET
