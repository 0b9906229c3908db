//go:build !purego

#include "textflag.h"

// blendPrepAVX and blendMixAVX are the first and last passes of blendChunkOf
// (blend.go) in AVX2, eight joints a time in the first, one joint per
// operation in the last, with the same float32 operations in the same order as
// the Go code and no fused multiply-add.

DATA bone32<>+0(SB)/4, $0x3f800000
GLOBL bone32<>(SB), RODATA|NOPTR, $4

DATA bsign32<>+0(SB)/4, $0x80000000
GLOBL bsign32<>(SB), RODATA|NOPTR, $4

// SlerpThreshold, 1e-5 as a float32.
DATA bthresh32<>+0(SB)/4, $0x3727c5ac
GLOBL bthresh32<>(SB), RODATA|NOPTR, $4

DATA biota8<>+0(SB)/4, $0
DATA biota8<>+4(SB)/4, $1
DATA biota8<>+8(SB)/4, $2
DATA biota8<>+12(SB)/4, $3
DATA biota8<>+16(SB)/4, $4
DATA biota8<>+20(SB)/4, $5
DATA biota8<>+24(SB)/4, $6
DATA biota8<>+28(SB)/4, $7
GLOBL biota8<>(SB), RODATA|NOPTR, $32

// The dword offsets of lane k's field in an array of Transform (10 float32).
DATA bidx10<>+0(SB)/4, $0
DATA bidx10<>+4(SB)/4, $10
DATA bidx10<>+8(SB)/4, $20
DATA bidx10<>+12(SB)/4, $30
DATA bidx10<>+16(SB)/4, $40
DATA bidx10<>+20(SB)/4, $50
DATA bidx10<>+24(SB)/4, $60
DATA bidx10<>+28(SB)/4, $70
GLOBL bidx10<>(SB), RODATA|NOPTR, $32

// BGATHER loads field OFF(BASE) of the group's eight transforms into DST, the
// lanes past the end 0. Y15 holds the lane mask, Y14 the indices; Y13 is
// scratch.
#define BGATHER(OFF, BASE, DST) \
	VMOVAPS    Y15, Y13          \
	VXORPS     DST, DST, DST     \
	VGATHERDPS Y13, OFF(BASE)(Y14*4), DST

// QLOAD8 loads the rotations of the eight transforms at BASE (a full group)
// into W, X, Y and Z, lane k joint k: the lanes BGATHER gives, by loads and a
// transpose (a gather costs several times as much on the CPUs that patch it
// against Gather Data Sampling). T0..T3 are scratch.
#define QLOAD8(BASE, XW, XX, XY, XZ, W, X, Y, Z, T0, T1, T2, T3) \
	VMOVUPS     12(BASE), XW       \
	VMOVUPS     52(BASE), XX       \
	VMOVUPS     92(BASE), XY       \
	VMOVUPS     132(BASE), XZ      \
	VINSERTF128 $1, 172(BASE), W, W \
	VINSERTF128 $1, 212(BASE), X, X \
	VINSERTF128 $1, 252(BASE), Y, Y \
	VINSERTF128 $1, 292(BASE), Z, Z \
	VUNPCKLPS   X, W, T0           \
	VUNPCKHPS   X, W, T1           \
	VUNPCKLPS   Z, Y, T2           \
	VUNPCKHPS   Z, Y, T3           \
	VSHUFPS     $0x44, T2, T0, W   \
	VSHUFPS     $0xEE, T2, T0, X   \
	VSHUFPS     $0x44, T3, T1, Y   \
	VSHUFPS     $0xEE, T3, T1, Z

// SQSUM sets D to float32(u0²) + float32(u1²) + float32(u2²) + float32(u3²)
// in that order, u_k = A_k OP B_k. T is scratch.
#define SQSUM(OP, D, T) \
	OP     Y4, Y0, D  \
	VMULPS D, D, D    \
	OP     Y5, Y1, T  \
	VMULPS T, T, T    \
	VADDPS T, D, D    \
	OP     Y6, Y2, T  \
	VMULPS T, T, T    \
	VADDPS T, D, D    \
	OP     Y7, Y3, T  \
	VMULPS T, T, T    \
	VADDPS T, D, D

// func blendPrepAVX(a, b *Transform, w0, w1 *float32, idx *uint8, ds, signs *float32, n int, w, lin0 float32) (m int)
TEXT ·blendPrepAVX(SB), NOSPLIT, $64-80
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ w0+16(FP), R8
	MOVQ w1+24(FP), R9
	MOVQ idx+32(FP), R10
	MOVQ ds+40(FP), R11
	MOVQ signs+48(FP), R12
	MOVQ n+56(FP), CX
	XORQ BX, BX                // the group's first joint
	XORQ DX, DX                // m

group:
	CMPQ BX, CX
	JGE  done

	// Lanes k < min(8, n−BX), as a mask in Y15 and as bits in R13.
	MOVQ         CX, AX
	SUBQ         BX, AX
	CMPQ         AX, $8
	JLE          2(PC)
	MOVQ         $8, AX
	VMOVD        AX, X15
	VPBROADCASTD X15, Y15
	VMOVDQU      biota8<>(SB), Y14
	VPCMPGTD     Y14, Y15, Y15
	VMOVMSKPS    Y15, R13

	// The rotations: a's in Y0..Y3, b's in Y4..Y7 (w, x, y, z).
	IMUL3Q  $40, BX, AX
	LEAQ    (SI)(AX*1), R14
	LEAQ    (DI)(AX*1), AX
	CMPL    R13, $0xff
	JNE     gather
	QLOAD8(R14, X0, X1, X2, X3, Y0, Y1, Y2, Y3, Y8, Y9, Y10, Y11)
	QLOAD8(AX, X4, X5, X6, X7, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11)
	JMP     loaded

gather:
	VMOVDQU bidx10<>(SB), Y14
	BGATHER(12, R14, Y0)
	BGATHER(16, R14, Y1)
	BGATHER(20, R14, Y2)
	BGATHER(24, R14, Y3)
	BGATHER(12, AX, Y4)
	BGATHER(16, AX, Y5)
	BGATHER(20, AX, Y6)
	BGATHER(24, AX, Y7)

loaded:

	// Shortest path: b negated where |a+b|² < |a−b|², sign −1 there.
	SQSUM(VADDPS, Y8, Y9)
	SQSUM(VSUBPS, Y10, Y9)
	VCMPPS       $1, Y10, Y8, Y11      // Y8 < Y10
	VBROADCASTSS bsign32<>(SB), Y12
	VANDPS       Y12, Y11, Y11         // the sign bit where negated
	VXORPS       Y11, Y4, Y4
	VXORPS       Y11, Y5, Y5
	VXORPS       Y11, Y6, Y6
	VXORPS       Y11, Y7, Y7
	VBROADCASTSS bone32<>(SB), Y13
	VXORPS       Y11, Y13, Y11         // sign

	// d = a·b, then |d| and the sign flipped where d < 0.
	VMULPS Y4, Y0, Y8
	VMULPS Y5, Y1, Y9
	VADDPS Y9, Y8, Y8
	VMULPS Y6, Y2, Y9
	VADDPS Y9, Y8, Y8
	VMULPS Y7, Y3, Y9
	VADDPS Y9, Y8, Y8
	VXORPS Y9, Y9, Y9
	VCMPPS $1, Y9, Y8, Y9              // d < 0
	VANDPS Y12, Y9, Y9
	VXORPS Y9, Y8, Y8                  // d
	VXORPS Y9, Y11, Y11                // sign

	// Linear where 1 − d <= SlerpThreshold: w0 = 1 − w, w1 = w·sign, stored
	// for every lane (the others are written over later).
	VSUBPS       Y8, Y13, Y9
	VBROADCASTSS bthresh32<>(SB), Y10
	VCMPPS       $2, Y10, Y9, Y9       // 1 − d <= threshold
	VBROADCASTSS lin0+68(FP), Y10
	VMOVUPS      Y10, (R8)(BX*4)
	VBROADCASTSS w+64(FP), Y10
	VMULPS       Y11, Y10, Y10
	VMOVUPS      Y10, (R9)(BX*4)

	// The other lanes of the group, in order, to idx, ds and signs.
	VMOVMSKPS Y9, AX
	NOTL      AX
	ANDL      AX, R13
	JZ        next
	VMOVUPS   Y8, 0(SP)
	VMOVUPS   Y11, 32(SP)

lane:
	BSFL  R13, AX
	LEAL  (BX)(AX*1), R14
	MOVB  R14, (R10)(DX*1)
	MOVL  0(SP)(AX*4), R14
	MOVL  R14, (R11)(DX*4)
	MOVL  32(SP)(AX*4), R14
	MOVL  R14, (R12)(DX*4)
	INCQ  DX
	LEAL  -1(R13), AX
	ANDL  AX, R13
	JNZ   lane

next:
	ADDQ $8, BX
	JMP  group

done:
	VZEROUPPER
	MOVQ DX, m+72(FP)
	RET

// func blendMixAVX(a, b, out *Transform, w0, w1 *float32, n int, v, w float32)
TEXT ·blendMixAVX(SB), NOSPLIT, $0-56
	MOVQ         a+0(FP), SI
	MOVQ         b+8(FP), DI
	MOVQ         out+16(FP), DX
	MOVQ         w0+24(FP), R8
	MOVQ         w1+32(FP), R9
	MOVQ         n+40(FP), CX
	VBROADCASTSS v+48(FP), Y8
	VBROADCASTSS w+52(FP), Y9
	XORQ         BX, BX

loop:
	CMPQ BX, CX
	JGE  end

	// Lanes 0..7 are t, q and s[0] (v, w for t and s, w0[i], w1[i] for q);
	// s[1] and s[2] follow.
	VBROADCASTSS (R8)(BX*4), Y0
	VBLENDPS     $0x78, Y0, Y8, Y0
	VBROADCASTSS (R9)(BX*4), Y1
	VBLENDPS     $0x78, Y1, Y9, Y1
	VMOVUPS      0(SI), Y2
	VMOVUPS      0(DI), Y3
	VMOVSD       32(SI), X4
	VMOVSD       32(DI), X5
	VMULPS       Y0, Y2, Y2
	VMULPS       Y1, Y3, Y3
	VADDPS       Y3, Y2, Y2
	VMULPS       X8, X4, X4
	VMULPS       X9, X5, X5
	VADDPS       X5, X4, X4
	VMOVUPS      Y2, 0(DX)
	VMOVSD       X4, 32(DX)

	ADDQ $40, SI
	ADDQ $40, DI
	ADDQ $40, DX
	INCQ BX
	JMP  loop

end:
	VZEROUPPER
	RET
