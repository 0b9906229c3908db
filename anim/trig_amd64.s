//go:build !purego

#include "textflag.h"

// Four lanes at a time of Sincos32's and AcosSin32's float64 kernels (math32.go),
// written with AVX2: the same IEEE operations in the same order, each rounded
// on its own (no FMA), so every lane computes the bits the scalar code does.
// Both branches of a kernel (x below or above π/4; d below or above 0.5) are
// computed and the lane's own selected, which changes nothing in the selected
// value. A lane fails when its input is outside the fast domain or a result is
// within round32's guard of a float32 rounding midpoint (or not a normal
// float32, which the domains rule out for every result but a sine near 0);
// the loop then stops and reports the group, whose failed lanes the
// caller recomputes with the scalar function. See batch.go.

// CONST4 is one float64 (given by its bits) four times: a 256-bit operand.
#define CONST4(name, bits) DATA name<>+0(SB)/8, bits; DATA name<>+8(SB)/8, bits; DATA name<>+16(SB)/8, bits; DATA name<>+24(SB)/8, bits; GLOBL name<>(SB), RODATA|NOPTR, $32

CONST4(zero, $0x0000000000000000) // 0
CONST4(one, $0x3ff0000000000000) // 1
CONST4(half, $0x3fe0000000000000) // 0.5
CONST4(two, $0x4000000000000000) // 2
CONST4(pio4, $0x3fe921fb54442d18) // 0.7853981633974483
CONST4(maxsc, $0x3ff921fb60000000) // 1.5707963705062866
CONST4(pio2hi, $0x3ff921fb54442d18) // 1.5707963267948966
CONST4(pio2lo, $0x3c91a62633145c07) // 6.123233995736766e-17
CONST4(s1, $0xbfc5555555555549) // -0.16666666666666632
CONST4(s2, $0x3f8111111110f8a6) // 0.00833333333332249
CONST4(s3, $0xbf2a01a019c161d5) // -0.0001984126982985795
CONST4(s4, $0x3ec71de357b1fe7d) // 2.7557313707070068e-06
CONST4(s5, $0xbe5ae5e68a2b9ceb) // -2.5050760253406863e-08
CONST4(s6, $0x3de5d93a5acfd57c) // 1.58969099521155e-10
CONST4(c1, $0x3fa555555555554c) // 0.0416666666666666
CONST4(c2, $0xbf56c16c16c15177) // -0.001388888888887411
CONST4(c3, $0x3efa01a019cb1590) // 2.480158728947673e-05
CONST4(c4, $0xbe927e4f809c52ad) // -2.7557314351390663e-07
CONST4(c5, $0x3e21ee9ebdb4b1c4) // 2.087572321298175e-09
CONST4(c6, $0xbda8fae9be8838d4) // -1.1359647557788195e-11
CONST4(ps0, $0x3fc5555555555555) // 0.16666666666666666
CONST4(ps1, $0xbfd4d61203eb6f7d) // -0.3255658186224009
CONST4(ps2, $0x3fc9c1550e884455) // 0.20121253213486293
CONST4(ps3, $0xbfa48228b5688f3b) // -0.04005553450067941
CONST4(ps4, $0x3f49efe07501b288) // 0.0007915349942898145
CONST4(ps5, $0x3f023de10dfdf709) // 3.479331075960212e-05
CONST4(qs1, $0xc0033a271c8a2d4b) // -2.403394911734414
CONST4(qs2, $0x40002ae59c598ac8) // 2.0209457602335057
CONST4(qs3, $0xbfe6066c1b8d0159) // -0.6882839716054533
CONST4(qs4, $0x3fb3b8c5b12e9282) // 0.07703815055590194
CONST4(minnorm, $0x3810000000000000) // float32's smallest normal as a float64
CONST4(signbit, $0x8000000000000000) // the sign
CONST4(hi32, $0xffffffff00000000) // the high word (fdlibm's df)
CONST4(midlo, $0x000000000ffffc01) // 2^28 − (guardULPs − 1): MIDGUARD's window start
CONST4(midmask, $0x000000001ffff800) // the 29 dropped bits but the window's 11

// MIDGUARD ors into ACC the lanes of V (float64 results) whose 29 dropped bits
// t lie within guardULPs of their midpoint, −guardULPs < t − 2^28 < guardULPs
// as round32 asks, and t − 2^28 = guardULPs too (a lane more only goes to the
// scalar code): (bits − midlo) mod 2^29 < 2·guardULPs, in four operations
// where the two-sided compare takes six. It is the whole guard of a result
// that the kernel's domain keeps normal and finite (see each use); T1 is
// scratch.
#define MIDGUARD(V, ACC, T1) \
	VPSUBQ   midlo<>(SB), V, T1    \
	VPAND    midmask<>(SB), T1, T1 \
	VPCMPEQQ zero<>(SB), T1, T1    \
	VPOR     T1, ACC, ACC

// SMALLGUARD ors into ACC the lanes of V below float32's smallest normal as
// signed integers: the tiny, the zeros and every negative value. T1 is scratch.
#define SMALLGUARD(V, ACC, T1) \
	VMOVDQU  minnorm<>(SB), T1 \
	VPCMPGTQ V, T1, T1         \
	VPOR     T1, ACC, ACC

// func sincos4(x, sin, cos *float32, n int) (done, fail int)
TEXT ·sincos4(SB), NOSPLIT, $0-48
	MOVQ x+0(FP), SI
	MOVQ sin+8(FP), DI
	MOVQ cos+16(FP), R8
	MOVQ n+24(FP), CX
	XORQ BX, BX
	XORQ AX, AX

sincosLoop:
	CMPQ BX, CX
	JGE  sincosDone
	VCVTPS2PD (SI)(BX*4), Y0           // xd
	VCMPPD    $0x1D, zero<>(SB), Y0, Y1 // xd >= 0
	VCMPPD    $0x12, maxsc<>(SB), Y0, Y2 // xd <= float32(π/2)
	VANDPD    Y2, Y1, Y1               // in the domain
	VCMPPD    $0x12, pio4<>(SB), Y0, Y14 // small: xd <= π/4
	VSUBPD    pio2hi<>(SB), Y0, Y2
	VSUBPD    pio2lo<>(SB), Y2, Y2     // r = reducePio2(xd)
	VBLENDVPD Y14, Y0, Y2, Y3          // u = small ? xd : r
	VMULPD    Y3, Y3, Y4               // z
	VMULPD    Y4, Y4, Y5               // z2
	VMULPD    Y5, Y5, Y6               // z2*z2

	// kernelSin(u)
	VMULPD s2<>(SB), Y4, Y7
	VADDPD s1<>(SB), Y7, Y7            // s1 + z*s2
	VMULPD s4<>(SB), Y4, Y8
	VADDPD s3<>(SB), Y8, Y8
	VMULPD Y8, Y5, Y8                  // z2*(s3 + z*s4)
	VADDPD Y8, Y7, Y7
	VMULPD s6<>(SB), Y4, Y8
	VADDPD s5<>(SB), Y8, Y8
	VMULPD Y8, Y6, Y8                  // z2*z2*(s5 + z*s6)
	VADDPD Y8, Y7, Y7
	VMULPD Y4, Y3, Y8                  // u*z
	VMULPD Y7, Y8, Y8
	VADDPD Y8, Y3, Y9                  // ks

	// kernelCos(u)
	VMULPD  c2<>(SB), Y4, Y7
	VADDPD  c1<>(SB), Y7, Y7
	VMULPD  c4<>(SB), Y4, Y8
	VADDPD  c3<>(SB), Y8, Y8
	VMULPD  Y8, Y5, Y8
	VADDPD  Y8, Y7, Y7
	VMULPD  c6<>(SB), Y4, Y8
	VADDPD  c5<>(SB), Y8, Y8
	VMULPD  Y8, Y6, Y8
	VADDPD  Y8, Y7, Y7
	VMULPD  Y7, Y5, Y7                 // z2*(...)
	VMULPD  half<>(SB), Y4, Y8         // 0.5*z
	VSUBPD  Y7, Y8, Y8
	VMOVUPD one<>(SB), Y10
	VSUBPD  Y8, Y10, Y10               // kc

	// sin = small ? ks : kc, cos = small ? kc : −ks
	VXORPD    signbit<>(SB), Y9, Y11
	VBLENDVPD Y14, Y9, Y10, Y12
	VBLENDVPD Y14, Y10, Y11, Y13

	// In the domain, sin lies in [0, 1] and |cos| in [4.3e-8, 1] (its
	// smallest at float32(π/2), 4.37e-8 above π/2; no float32 is π/2):
	// both finite, and cos normal. sin near 0 is not: SMALLGUARD.
	VPCMPEQQ Y15, Y15, Y15
	VPXOR    Y1, Y15, Y15              // fail: outside the domain
	MIDGUARD(Y12, Y15, Y2)
	SMALLGUARD(Y12, Y15, Y3)
	MIDGUARD(Y13, Y15, Y4)

	VCVTPD2PSY Y12, X12
	VMOVUPS    X12, (DI)(BX*4)
	VCVTPD2PSY Y13, X13
	VMOVUPS    X13, (R8)(BX*4)
	VMOVMSKPD  Y15, AX
	TESTQ      AX, AX
	JNZ        sincosDone
	ADDQ       $4, BX
	JMP        sincosLoop

sincosDone:
	VZEROUPPER
	MOVQ BX, done+32(FP)
	MOVQ AX, fail+40(FP)
	RET

// func acossin4(d, theta, sinTheta *float32, n int) (done, fail int)
TEXT ·acossin4(SB), NOSPLIT, $0-48
	MOVQ d+0(FP), SI
	MOVQ theta+8(FP), DI
	MOVQ sinTheta+16(FP), R8
	MOVQ n+24(FP), CX
	XORQ BX, BX
	XORQ AX, AX

acosLoop:
	CMPQ BX, CX
	JGE  acosDone
	VCVTPS2PD (SI)(BX*4), Y0            // dd
	VCMPPD    $0x1D, zero<>(SB), Y0, Y1 // dd >= 0
	VCMPPD    $0x11, one<>(SB), Y0, Y2  // dd < 1
	VANDPD    Y2, Y1, Y1                // in the domain
	VCMPPD    $0x11, half<>(SB), Y0, Y14 // lo: dd < 0.5
	VMULPD    Y0, Y0, Y2                // dd*dd
	VMOVUPD   one<>(SB), Y3
	VSUBPD    Y0, Y3, Y3
	VMULPD    half<>(SB), Y3, Y3        // zh = (1 − dd)*0.5
	VBLENDVPD Y14, Y2, Y3, Y4           // z = lo ? dd*dd : zh

	// asinRatio(z)
	VMULPD Y4, Y4, Y5                   // z2
	VMULPD Y5, Y5, Y6                   // z2*z2
	VMULPD ps1<>(SB), Y4, Y7
	VADDPD ps0<>(SB), Y7, Y7
	VMULPD ps3<>(SB), Y4, Y8
	VADDPD ps2<>(SB), Y8, Y8
	VMULPD Y8, Y5, Y8
	VADDPD Y8, Y7, Y7
	VMULPD ps5<>(SB), Y4, Y8
	VADDPD ps4<>(SB), Y8, Y8
	VMULPD Y8, Y6, Y8
	VADDPD Y8, Y7, Y7
	VMULPD Y7, Y4, Y7                   // p
	VMULPD qs1<>(SB), Y4, Y8
	VADDPD one<>(SB), Y8, Y8
	VMULPD qs3<>(SB), Y4, Y9
	VADDPD qs2<>(SB), Y9, Y9
	VMULPD Y9, Y5, Y9
	VADDPD Y9, Y8, Y8
	VMULPD qs4<>(SB), Y6, Y9
	VADDPD Y9, Y8, Y8                   // q
	VDIVPD Y8, Y7, Y7                   // R = p/q

	// below 0.5: pio2Hi − (dd − (pio2Lo − dd*R))
	VMULPD  Y7, Y0, Y8
	VMOVUPD pio2lo<>(SB), Y9
	VSUBPD  Y8, Y9, Y9
	VSUBPD  Y9, Y0, Y9
	VMOVUPD pio2hi<>(SB), Y10
	VSUBPD  Y9, Y10, Y10

	// above: s = √zh, df = s without its low word, c = (zh − df*df)/(s + df),
	// 2*(df + (R*s + c))
	VSQRTPD Y3, Y11
	VANDPD  hi32<>(SB), Y11, Y12
	VMULPD  Y12, Y12, Y13
	VSUBPD  Y13, Y3, Y13
	VADDPD  Y12, Y11, Y9
	VDIVPD  Y9, Y13, Y13                // c
	VMULPD  Y11, Y7, Y9
	VADDPD  Y13, Y9, Y9
	VADDPD  Y9, Y12, Y9
	VMULPD  two<>(SB), Y9, Y9

	VBLENDVPD Y14, Y10, Y9, Y2          // t64

	// In the domain (dd at most 1 − 2^−24), θ lies in [3.4e-4, π/2] and
	// sin θ in [3.4e-4, 1]: normal and finite, so only their midpoints are
	// guarded.
	VPCMPEQQ Y15, Y15, Y15
	VPXOR    Y1, Y15, Y15               // fail: outside the domain
	MIDGUARD(Y2, Y15, Y3)

	// θ = float32(t64); δ = θ − t64; sin θ = s + (dd*δ − s*(δ*δ*0.5)) with
	// s = √(1 − dd*dd)
	VCVTPD2PSY Y2, X3
	VMOVUPS    X3, (DI)(BX*4)
	VCVTPS2PD  X3, Y3
	VSUBPD     Y2, Y3, Y3               // δ
	VMULPD     Y0, Y0, Y4
	VMOVUPD    one<>(SB), Y5
	VSUBPD     Y4, Y5, Y5
	VSQRTPD    Y5, Y5                   // s
	VMULPD     Y3, Y3, Y6
	VMULPD     half<>(SB), Y6, Y6
	VMULPD     Y6, Y5, Y6
	VMULPD     Y3, Y0, Y7
	VSUBPD     Y6, Y7, Y7
	VADDPD     Y7, Y5, Y7               // sin θ in float64
	MIDGUARD(Y7, Y15, Y3)

	VCVTPD2PSY Y7, X7
	VMOVUPS    X7, (R8)(BX*4)
	VMOVMSKPD  Y15, AX
	TESTQ      AX, AX
	JNZ        acosDone
	ADDQ       $4, BX
	JMP        acosLoop

acosDone:
	VZEROUPPER
	MOVQ BX, done+32(FP)
	MOVQ AX, fail+40(FP)
	RET

// sincos8 is sincos4 (trig_amd64.s) eight lanes at a time in AVX-512: the
// same float64 operations in the same order, line for line, each rounded on
// its own (no FMA), with mask registers where sincos4 has compare vectors.
// Its constants are sincos4's, broadcast from their first element.

// func sincos8(x, sin, cos *float32, n int) (done, fail int)
TEXT ·sincos8(SB), NOSPLIT, $0-48
	MOVQ x+0(FP), SI
	MOVQ sin+8(FP), DI
	MOVQ cos+16(FP), R8
	MOVQ n+24(FP), CX
	XORQ BX, BX
	XORQ AX, AX

sincos8Loop:
	CMPQ BX, CX
	JGE  sincos8Done
	VCVTPS2PD      (SI)(BX*4), Z0               // xd
	VCMPPD.BCST    $0x1D, zero<>(SB), Z0, K1  // xd >= 0
	VCMPPD.BCST    $0x12, maxsc<>(SB), Z0, K2 // xd <= float32(π/2)
	KANDW          K2, K1, K1                   // in the domain
	VCMPPD.BCST    $0x12, pio4<>(SB), Z0, K3  // small: xd <= π/4
	VSUBPD.BCST    pio2hi<>(SB), Z0, Z2
	VSUBPD.BCST    pio2lo<>(SB), Z2, Z2      // r = reducePio2(xd)
	VBLENDMPD      Z0, Z2, K3, Z3               // u = small ? xd : r
	VMULPD         Z3, Z3, Z4                   // z
	VMULPD         Z4, Z4, Z5                   // z2
	VMULPD         Z5, Z5, Z6                   // z2*z2

	// kernelSin(u)
	VMULPD.BCST s2<>(SB), Z4, Z7
	VADDPD.BCST s1<>(SB), Z7, Z7
	VMULPD.BCST s4<>(SB), Z4, Z8
	VADDPD.BCST s3<>(SB), Z8, Z8
	VMULPD      Z8, Z5, Z8
	VADDPD      Z8, Z7, Z7
	VMULPD.BCST s6<>(SB), Z4, Z8
	VADDPD.BCST s5<>(SB), Z8, Z8
	VMULPD      Z8, Z6, Z8
	VADDPD      Z8, Z7, Z7
	VMULPD      Z4, Z3, Z8
	VMULPD      Z7, Z8, Z8
	VADDPD      Z8, Z3, Z9                      // ks

	// kernelCos(u)
	VMULPD.BCST  c2<>(SB), Z4, Z7
	VADDPD.BCST  c1<>(SB), Z7, Z7
	VMULPD.BCST  c4<>(SB), Z4, Z8
	VADDPD.BCST  c3<>(SB), Z8, Z8
	VMULPD       Z8, Z5, Z8
	VADDPD       Z8, Z7, Z7
	VMULPD.BCST  c6<>(SB), Z4, Z8
	VADDPD.BCST  c5<>(SB), Z8, Z8
	VMULPD       Z8, Z6, Z8
	VADDPD       Z8, Z7, Z7
	VMULPD       Z7, Z5, Z7
	VMULPD.BCST  half<>(SB), Z4, Z8
	VSUBPD       Z7, Z8, Z8
	VBROADCASTSD one<>(SB), Z10
	VSUBPD       Z8, Z10, Z10                   // kc

	// sin = small ? ks : kc, cos = small ? kc : −ks
	VPXORQ.BCST signbit<>(SB), Z9, Z11
	VBLENDMPD   Z9, Z10, K3, Z12
	VBLENDMPD   Z10, Z11, K3, Z13

	// The guards of sincos4: outside the domain, a midpoint of sin or
	// cos, sin below float32's smallest normal.
	KNOTW        K1, K5
	VPSUBQ.BCST  midlo<>(SB), Z12, Z2
	VPANDQ.BCST  midmask<>(SB), Z2, Z2
	VPTESTNMQ    Z2, Z2, K4
	KORW         K4, K5, K5
	VPCMPQ.BCST  $1, minnorm<>(SB), Z12, K4
	KORW         K4, K5, K5
	VPSUBQ.BCST  midlo<>(SB), Z13, Z2
	VPANDQ.BCST  midmask<>(SB), Z2, Z2
	VPTESTNMQ    Z2, Z2, K4
	KORW         K4, K5, K5

	VCVTPD2PS Z12, Y12
	VMOVUPS   Y12, (DI)(BX*4)
	VCVTPD2PS Z13, Y13
	VMOVUPS   Y13, (R8)(BX*4)
	KMOVW     K5, AX
	ANDQ      $0xff, AX
	TESTQ     AX, AX
	JNZ       sincos8Done
	ADDQ      $8, BX
	JMP       sincos8Loop

sincos8Done:
	VZEROUPPER
	MOVQ BX, done+32(FP)
	MOVQ AX, fail+40(FP)
	RET
