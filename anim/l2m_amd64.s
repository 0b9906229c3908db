//go:build !purego

#include "textflag.h"

// localToModelAVX is LocalToModel's loop for a skeleton without post and pre
// rotations (skeleton.go), in AVX: the local matrix's cells b0..b8 with the
// same scalar float32 operations in the same order, gathered into columns, then
// the product with the parent's matrix a column at a time, four float32 lanes
// per operation: lane k of column j is float32(a[k]*b[3j]) +
// float32(a[3+k]*b[3j+1]) + float32(a[6+k]*b[3j+2]) (+ a[9+k] for the
// translation), the scalar code's sums in its order; the fourth lane is not
// stored. No fused multiply-add. A matrix is read and written as three
// 16-byte words, so that a child reads its parent's matrix (often the node
// just written) with loads the stores can forward to.
// Where a parent index is not below to it stops and returns that node's index,
// and the Go loop carries on from it (and fails, or reads the parent, as it
// does).

DATA one32<>+0(SB)/4, $0x3f800000
GLOBL one32<>(SB), RODATA|NOPTR, $4

// COLUMN sets D to A0·L[0] + A1·L[1] + A2·L[2] (L's lanes broadcast), in that
// order. T is scratch.
#define COLUMN(L, D, T) \
	VPERMILPS $0x00, L, D  \
	VMULPS    X4, D, D     \
	VPERMILPS $0x55, L, T  \
	VMULPS    X5, T, T     \
	VADDPS    T, D, D      \
	VPERMILPS $0xAA, L, T  \
	VMULPS    X6, T, T     \
	VADDPS    T, D, D

// func localToModelAVX(parents *int32, local *Transform, model *Affine, offset, pivot *mgl32.Vec3, root *Affine, from, to int) (done int)
TEXT ·localToModelAVX(SB), NOSPLIT, $0-72
	MOVQ   parents+0(FP), SI
	MOVQ   local+8(FP), DI     // node from's transform
	MOVQ   model+16(FP), R8
	MOVQ   offset+24(FP), R9
	MOVQ   pivot+32(FP), R10
	MOVQ   root+40(FP), R11
	MOVQ   from+48(FP), BX
	MOVQ   to+56(FP), CX
	IMUL3Q $48, BX, DX
	ADDQ   R8, DX              // out = &model[i]
	VMOVSS one32<>(SB), X13

loop:
	CMPQ BX, CX
	JGE  done

	// The quaternion's products (w, x, y, z at 12..24 of a Transform).
	VMOVSS 12(DI), X0
	VMOVSS 16(DI), X1
	VMOVSS 20(DI), X2
	VMOVSS 24(DI), X3
	VMULSS X1, X1, X4          // xx
	VMULSS X2, X2, X5          // yy
	VMULSS X3, X3, X6          // zz
	VMULSS X2, X1, X7          // xy
	VMULSS X3, X1, X8          // xz
	VMULSS X3, X2, X9          // yz
	VMULSS X1, X0, X10         // wx
	VMULSS X2, X0, X11         // wy
	VMULSS X3, X0, X12         // wz

	// Column 0 (scale sx at 28) into X14.
	VADDSS    X6, X5, X0       // b0 = (1 − 2(yy+zz))·sx
	VADDSS    X0, X0, X0
	VSUBSS    X0, X13, X0
	VMULSS    28(DI), X0, X0
	VADDSS    X12, X7, X1      // b1 = 2(xy+wz)·sx
	VADDSS    X1, X1, X1
	VMULSS    28(DI), X1, X1
	VSUBSS    X11, X8, X2      // b2 = 2(xz−wy)·sx
	VADDSS    X2, X2, X2
	VMULSS    28(DI), X2, X2
	VINSERTPS $0x10, X1, X0, X14
	VINSERTPS $0x28, X2, X14, X14

	// Column 1 (sy at 32) into X15.
	VSUBSS    X12, X7, X0      // b3 = 2(xy−wz)·sy
	VADDSS    X0, X0, X0
	VMULSS    32(DI), X0, X0
	VADDSS    X6, X4, X1       // b4 = (1 − 2(xx+zz))·sy
	VADDSS    X1, X1, X1
	VSUBSS    X1, X13, X1
	VMULSS    32(DI), X1, X1
	VADDSS    X10, X9, X2      // b5 = 2(yz+wx)·sy
	VADDSS    X2, X2, X2
	VMULSS    32(DI), X2, X2
	VINSERTPS $0x10, X1, X0, X15
	VINSERTPS $0x28, X2, X15, X15

	// Column 2 (sz at 36) into X12.
	VADDSS    X11, X8, X0      // b6 = 2(xz+wy)·sz
	VADDSS    X0, X0, X0
	VMULSS    36(DI), X0, X0
	VSUBSS    X10, X9, X1      // b7 = 2(yz−wx)·sz
	VADDSS    X1, X1, X1
	VMULSS    36(DI), X1, X1
	VADDSS    X5, X4, X2       // b8 = (1 − 2(xx+yy))·sz
	VADDSS    X2, X2, X2
	VSUBSS    X2, X13, X2
	VMULSS    36(DI), X2, X2
	VINSERTPS $0x10, X1, X0, X12
	VINSERTPS $0x28, X2, X12, X12

	// The translation b9..b11 into X11: t (+ offset[i]) (− the columns times
	// pivot[i]).
	VMOVSD    0(DI), X11
	VINSERTPS $0x28, 8(DI), X11, X11
	IMUL3Q    $12, BX, R12
	TESTQ     R9, R9
	JZ        nooffset
	VMOVSD    (R9)(R12*1), X0
	VINSERTPS $0x28, 8(R9)(R12*1), X0, X0
	VADDPS    X11, X0, X11     // offset + t
nooffset:
	TESTQ R10, R10
	JZ    nopivot
	VBROADCASTSS (R10)(R12*1), X0
	VMULPS       X14, X0, X0
	VBROADCASTSS 4(R10)(R12*1), X1
	VMULPS       X15, X1, X1
	VADDPS       X1, X0, X0
	VBROADCASTSS 8(R10)(R12*1), X1
	VMULPS       X12, X1, X1
	VADDPS       X1, X0, X0
	VSUBPS       X0, X11, X11
nopivot:

	// The parent's matrix (or the root's), or none.
	MOVLQSX (SI)(BX*4), AX
	TESTQ   AX, AX
	JS      noparent
	CMPQ    AX, CX
	JAE     done               // not below to: the Go loop takes over
	IMUL3Q  $48, AX, AX
	ADDQ    R8, AX
	JMP     multiply

noparent:
	TESTQ R11, R11
	JZ    local
	MOVQ  R11, AX

multiply:
	// Columns of the parent: a0..a2, a3..a5, a6..a8, a9..a11 (fourth lanes
	// unused) from its three words.
	VMOVUPS 0(AX), X4          // a0 a1 a2 a3
	VMOVUPS 16(AX), X1         // a4 a5 a6 a7
	VMOVUPS 32(AX), X2         // a8 a9 a10 a11
	VPALIGNR $12, X4, X1, X5   // a3 a4 a5 a6
	VPALIGNR $8, X1, X2, X6    // a6 a7 a8 a9
	VPSRLDQ  $4, X2, X7        // a9 a10 a11 0

	COLUMN(X14, X0, X3)
	COLUMN(X15, X1, X3)
	COLUMN(X12, X2, X3)
	COLUMN(X11, X8, X3)
	VADDPS X7, X8, X8          // + a9 a10 a11
	JMP    store

local:
	VMOVAPS X14, X0
	VMOVAPS X15, X1
	VMOVAPS X12, X2
	VMOVAPS X11, X8

store:
	// Columns X0, X1, X2, X8 into three words: c0 c0 c0 c1 | c1 c1 c2 c2 |
	// c2 c3 c3 c3.
	VPSLLDQ  $12, X1, X3
	VBLENDPS $0x08, X3, X0, X3
	VMOVUPS  X3, 0(DX)
	VPSRLDQ  $4, X1, X3
	VPSLLDQ  $8, X2, X4
	VBLENDPS $0x0c, X4, X3, X3
	VMOVUPS  X3, 16(DX)
	VPSRLDQ  $8, X2, X3
	VPSLLDQ  $4, X8, X4
	VBLENDPS $0x0e, X4, X3, X3
	VMOVUPS  X3, 32(DX)

	ADDQ $40, DI
	ADDQ $48, DX
	INCQ BX
	JMP  loop

done:
	VZEROUPPER
	MOVQ BX, done+64(FP)
	RET
