//go:build !purego

#include "textflag.h"

// slerpRun4 is sampleRunGo's loop four nodes at a time in AVX2 (run_amd64.go).
//
// keyRec is 64 bytes: q at 0, the arc at 16 (other at 16, theta at 32, ooSin
// at 36, linear and opposite at 40 and 41), t at 44 (TestKeyRecLayout).
// anim.Transform is 40: T at 0, Q at 12, S at 28.
//
// A group's four records are loaded from offset 32 (theta, ooSin, the flags,
// t[0]) and transposed, so that theta, ooSin and the flags lie in one register
// each. The angles are sampleRunGo's float32 operations (ft = w·theta, theta −
// ft); their sines are anim.Sin32's float64 kernel, as anim's sincos4 runs it
// (the same IEEE operations in the same order, no FMA: kernelSin below π/4,
// kernelCos of x − π/2 above, both computed and the lane's own selected), with
// its domain test and round32's guard. A lane fails when either angle is
// outside the fast domain or next to a float32 rounding boundary, or its arc
// is linear or opposite; the loop then stops after the group and reports it,
// and the caller recomputes the rotations of its failed lanes. Every other
// result is the Go loop's arithmetic: c1 = sin0·ooSin, c2 = sin1·ooSin, each
// rotation component c1·q0 + c2·other, each translation component lw·t0 +
// omlw·t1, each product rounded on its own.
//
// Each node's translation is stored as 16 bytes at 0 (its fourth lane on Q.W),
// then the scale as 16 bytes at 24 (the first on Q.V[2]), then the rotation at
// 12, which overwrites both: nothing outside the node's 40 bytes is written.

// CONST4 is one float64 (given by its bits) four times: a 256-bit operand.
#define CONST4(name, bits) DATA name<>+0(SB)/8, bits; DATA name<>+8(SB)/8, bits; DATA name<>+16(SB)/8, bits; DATA name<>+24(SB)/8, bits; GLOBL name<>(SB), RODATA|NOPTR, $32

CONST4(zero, $0x0000000000000000) // 0
CONST4(one, $0x3ff0000000000000) // 1
CONST4(half, $0x3fe0000000000000) // 0.5
CONST4(pio4, $0x3fe921fb54442d18) // 0.7853981633974483
CONST4(maxsc, $0x3ff921fb60000000) // float32(π/2) = 1.5707963705062866
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
CONST4(mask29, $0x000000001fffffff) // the 29 bits a float32 rounding drops
CONST4(half28, $0x0000000010000000) // half of them: the rounding midpoint
CONST4(negguard, $0xfffffffffffffc00) // −guardULPs
CONST4(posguard, $0x0000000000000400) // guardULPs
CONST4(absmask, $0x7fffffffffffffff) // all but the sign
CONST4(minnorm, $0x3810000000000000) // float32's smallest normal as a float64
CONST4(maxfin, $0x7fefffffffffffff) // the largest finite float64

// ones is four float32 1s (the scale); flagmask the two flag bytes of a dword.
DATA ones<>+0(SB)/4, $0x3f800000
DATA ones<>+4(SB)/4, $0x3f800000
DATA ones<>+8(SB)/4, $0x3f800000
DATA ones<>+12(SB)/4, $0x3f800000
GLOBL ones<>(SB), RODATA|NOPTR, $16
DATA flagmask<>+0(SB)/4, $0x0000ffff
DATA flagmask<>+4(SB)/4, $0x0000ffff
DATA flagmask<>+8(SB)/4, $0x0000ffff
DATA flagmask<>+12(SB)/4, $0x0000ffff
GLOBL flagmask<>(SB), RODATA|NOPTR, $16

// GUARD ors into ACC the lanes of V (float64 results) that round32 refuses: the
// 29 dropped bits within guardULPs of their midpoint, or V below float32's
// smallest normal or not finite. T1..T3 are scratch. (anim's trig_amd64.s.)
#define GUARD(V, ACC, T1, T2, T3) \
	VPAND    mask29<>(SB), V, T1   \
	VPSUBQ   half28<>(SB), T1, T1  \
	VPCMPGTQ negguard<>(SB), T1, T2 \
	VMOVDQU  posguard<>(SB), T3    \
	VPCMPGTQ T1, T3, T3            \
	VPAND    T3, T2, T2            \
	VPOR     T2, ACC, ACC          \
	VPAND    absmask<>(SB), V, T1  \
	VMOVDQU  minnorm<>(SB), T3     \
	VPCMPGTQ T1, T3, T3            \
	VPOR     T3, ACC, ACC          \
	VPCMPGTQ maxfin<>(SB), T1, T3  \
	VPOR     T3, ACC, ACC

// SIN4 is Sin32's kernel on the four float64 lanes of Y0: the sines in Y12
// and, in Y1, the lanes that fail (outside [0, float32(π/2)], or refused by
// the guard). It uses Y0–Y10, Y13 and R10. When every lane is at most π/4 (the
// common case: keys a small rotation apart) only kernelSin is evaluated, the
// polynomial the blend would select for all of them; otherwise both, and each
// lane's own is selected. SMALL and JOIN are the macro's labels.
#define SIN4(SMALL, JOIN) \
	VCMPPD    $0x1D, zero<>(SB), Y0, Y1  \
	VCMPPD    $0x12, maxsc<>(SB), Y0, Y2 \
	VANDPD    Y2, Y1, Y1                 \
	VCMPPD    $0x12, pio4<>(SB), Y0, Y13 \
	VMOVMSKPD Y13, R10                   \
	VMULPD    Y0, Y0, Y4                 \
	VMULPD    Y4, Y4, Y5                 \
	VMULPD    Y5, Y5, Y6                 \
	CMPQ      R10, $15                   \
	JEQ       SMALL                      \
	VSUBPD    pio2hi<>(SB), Y0, Y2       \
	VSUBPD    pio2lo<>(SB), Y2, Y2       \
	VBLENDVPD Y13, Y0, Y2, Y3            \
	VMULPD    Y3, Y3, Y4                 \
	VMULPD    Y4, Y4, Y5                 \
	VMULPD    Y5, Y5, Y6                 \
	KSIN(Y3, Y9)                         \
	VMULPD    c2<>(SB), Y4, Y7           \
	VADDPD    c1<>(SB), Y7, Y7           \
	VMULPD    c4<>(SB), Y4, Y8           \
	VADDPD    c3<>(SB), Y8, Y8           \
	VMULPD    Y8, Y5, Y8                 \
	VADDPD    Y8, Y7, Y7                 \
	VMULPD    c6<>(SB), Y4, Y8           \
	VADDPD    c5<>(SB), Y8, Y8           \
	VMULPD    Y8, Y6, Y8                 \
	VADDPD    Y8, Y7, Y7                 \
	VMULPD    Y7, Y5, Y7                 \
	VMULPD    half<>(SB), Y4, Y8         \
	VSUBPD    Y7, Y8, Y8                 \
	VMOVUPD   one<>(SB), Y10             \
	VSUBPD    Y8, Y10, Y10               \
	VBLENDVPD Y13, Y9, Y10, Y12          \
	JMP       JOIN                       \
SMALL:                                   \
	KSIN(Y0, Y12)                        \
JOIN:                                    \
	VPCMPEQQ  Y2, Y2, Y2                 \
	VPXOR     Y1, Y2, Y1                 \
	GUARD(Y12, Y1, Y2, Y3, Y4)

// KSIN is kernelSin(U) into R, with z, z2 and z2*z2 of U in Y4, Y5 and Y6
// (Y7 and Y8 scratch).
#define KSIN(U, R) \
	VMULPD    s2<>(SB), Y4, Y7           \
	VADDPD    s1<>(SB), Y7, Y7           \
	VMULPD    s4<>(SB), Y4, Y8           \
	VADDPD    s3<>(SB), Y8, Y8           \
	VMULPD    Y8, Y5, Y8                 \
	VADDPD    Y8, Y7, Y7                 \
	VMULPD    s6<>(SB), Y4, Y8           \
	VADDPD    s5<>(SB), Y8, Y8           \
	VMULPD    Y8, Y6, Y8                 \
	VADDPD    Y8, Y7, Y7                 \
	VMULPD    Y4, U, Y8                  \
	VMULPD    Y7, Y8, Y8                 \
	VADDPD    Y8, U, R

// NODE writes node K of the group (records at SI and DI + 64·K, the transform
// at DX + 40·K) from c1 and c2 in X11 and X12 (lane K), lw in X14, omlw in X15.
#define NODE(K) \
	VPERMILPS $(K*0x55), X11, X0 \
	VPERMILPS $(K*0x55), X12, X1 \
	VMULPS    (K*64+0)(SI), X0, X2 \
	VMULPS    (K*64+16)(SI), X1, X3 \
	VADDPS    X3, X2, X2               \
	VMULPS    (K*64+44)(SI), X14, X4 \
	VMULPS    (K*64+44)(DI), X15, X5 \
	VADDPS    X5, X4, X4               \
	VMOVUPS   X4, (K*40+0)(DX)         \
	VMOVUPS   ones<>(SB), X5           \
	VMOVUPS   X5, (K*40+24)(DX)        \
	VMOVUPS   X2, (K*40+12)(DX)

// func slerpRun4(out *anim.Transform, r0, r1 *keyRec, n int, w, lw, omlw float32) (done, fail int)
TEXT ·slerpRun4(SB), NOSPLIT, $0-64
	MOVQ out+0(FP), DX
	MOVQ r0+8(FP), SI
	MOVQ r1+16(FP), DI
	MOVQ n+24(FP), CX
	XORQ BX, BX
	XORQ AX, AX

loop:
	CMPQ BX, CX
	JGE  done

	// theta, ooSin and the flags of the four nodes
	VMOVUPS   32(SI), X0
	VMOVUPS   96(SI), X1
	VMOVUPS   160(SI), X2
	VMOVUPS   224(SI), X3
	VUNPCKLPS X1, X0, X4 // θ0 θ1 o0 o1
	VUNPCKLPS X3, X2, X5 // θ2 θ3 o2 o3
	VUNPCKHPS X1, X0, X6 // f0 f1 t0 t1
	VUNPCKHPS X3, X2, X7 // f2 f3 t2 t3
	VMOVLHPS  X5, X4, X8 // theta
	VMOVHLPS  X4, X5, X9 // ooSin
	VMOVLHPS  X7, X6, X10 // flags
	VPAND     flagmask<>(SB), X10, X10
	VPXOR     X0, X0, X0
	VPCMPEQD  X0, X10, X10 // neither linear nor opposite
	VMOVMSKPS X10, AX
	XORQ      $15, AX     // linear or opposite: fail

	VBROADCASTSS w+32(FP), X7
	VMULPS       X8, X7, X7     // ft = w·theta
	VSUBPS       X7, X8, X8     // theta − ft
	VMOVUPS      X9, X15        // ooSin
	VMOVUPS      X7, X14        // ft

	VCVTPS2PD  X8, Y0
	SIN4(small0, join0)
	VMOVMSKPD  Y1, R9
	ORQ        R9, AX
	VCVTPD2PSY Y12, X11
	VMULPS     X15, X11, X11 // c1 = sin(theta − ft)·ooSin

	VCVTPS2PD  X14, Y0
	SIN4(small1, join1)
	VMOVMSKPD  Y1, R9
	ORQ        R9, AX
	VCVTPD2PSY Y12, X12
	VMULPS     X15, X12, X12 // c2 = sin(ft)·ooSin

	VBROADCASTSS lw+36(FP), X14
	VBROADCASTSS omlw+40(FP), X15
	NODE(0)
	NODE(1)
	NODE(2)
	NODE(3)

	TESTQ AX, AX
	JNZ   done
	ADDQ  $4, BX
	ADDQ  $256, SI
	ADDQ  $256, DI
	ADDQ  $160, DX
	JMP   loop

done:
	VZEROUPPER
	MOVQ BX, done+48(FP)
	MOVQ AX, fail+56(FP)
	RET

// func holdRun1(out *anim.Transform, r *keyRec, n int)
//
// holdRunGo's loop: each node's rotation and translation copied from its
// record (bits as they are), its scale 1, with the three stores of NODE.
TEXT ·holdRun1(SB), NOSPLIT, $0-24
	MOVQ   out+0(FP), DX
	MOVQ   r+8(FP), SI
	MOVQ   n+16(FP), CX
	MOVUPS ones<>(SB), X2
	TESTQ  CX, CX
	JLE    holdDone

holdLoop:
	MOVUPS 0(SI), X0
	MOVUPS 44(SI), X1
	MOVUPS X1, 0(DX)
	MOVUPS X2, 24(DX)
	MOVUPS X0, 12(DX)
	ADDQ   $64, SI
	ADDQ   $40, DX
	DECQ   CX
	JNZ    holdLoop

holdDone:
	RET
