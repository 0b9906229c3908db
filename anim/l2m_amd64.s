//go:build !purego

#include "textflag.h"

// localToModelAVX is LocalToModel's loop (skeleton.go) in AVX2, eight nodes at
// a time in two steps, with the same float32 operations in the same order as
// the Go code and no fused multiply-add:
//
//  1. The local matrices of eight nodes side by side, one node per lane of a
//     256-bit register: their transforms (and offsets, pivots, post and pre
//     rotations) by field: a full group by 16-byte loads and in-lane 4×4
//     transposes (TRANS8, QUAT8, VEC8), the last, partial group by
//     VGATHERDPS (much slower on CPUs patched against Gather Data
//     Sampling, but it reads no lane past the end), post · q · pre, the rotation
//     and scale cells b0..b8 and the translation b9..b11, all of them
//     lane-wise, so that no operation shuffles; they go to the scratch.
//  2. Node by node, the product with the parent's matrix a column at a time,
//     four float32 lanes per operation: lane k of column j is
//     float32(a[k]*b[3j]) + float32(a[3+k]*b[3j+1]) + float32(a[6+k]*b[3j+2])
//     (+ a[9+k] for the translation), the Go code's sums in its order, the b
//     cells broadcast from the scratch by the load units. A node whose
//     parent is the node just done takes the parent's columns from the
//     registers that computed them.
//
// A matrix is stored as four 16-byte words at 0, 12, 24 and 32, each
// overwriting the previous one's fourth lane, so that the columns need no
// shuffle; a parent is read back the same way.
// Where a parent index is not below to it stops and returns that node's index,
// and the Go loop carries on from it (and fails, or reads the parent, as it
// does).

DATA one32<>+0(SB)/4, $0x3f800000
GLOBL one32<>(SB), RODATA|NOPTR, $4

// Lane numbers, and the dword offsets of lane k's field in arrays of
// Transform (10 float32), mgl32.Vec3 (3) and mgl32.Quat (4).
DATA iota8<>+0(SB)/4, $0
DATA iota8<>+4(SB)/4, $1
DATA iota8<>+8(SB)/4, $2
DATA iota8<>+12(SB)/4, $3
DATA iota8<>+16(SB)/4, $4
DATA iota8<>+20(SB)/4, $5
DATA iota8<>+24(SB)/4, $6
DATA iota8<>+28(SB)/4, $7
GLOBL iota8<>(SB), RODATA|NOPTR, $32

DATA idx10<>+0(SB)/4, $0
DATA idx10<>+4(SB)/4, $10
DATA idx10<>+8(SB)/4, $20
DATA idx10<>+12(SB)/4, $30
DATA idx10<>+16(SB)/4, $40
DATA idx10<>+20(SB)/4, $50
DATA idx10<>+24(SB)/4, $60
DATA idx10<>+28(SB)/4, $70
GLOBL idx10<>(SB), RODATA|NOPTR, $32

DATA idx3<>+0(SB)/4, $0
DATA idx3<>+4(SB)/4, $3
DATA idx3<>+8(SB)/4, $6
DATA idx3<>+12(SB)/4, $9
DATA idx3<>+16(SB)/4, $12
DATA idx3<>+20(SB)/4, $15
DATA idx3<>+24(SB)/4, $18
DATA idx3<>+28(SB)/4, $21
GLOBL idx3<>(SB), RODATA|NOPTR, $32

DATA idx4<>+0(SB)/4, $0
DATA idx4<>+4(SB)/4, $4
DATA idx4<>+8(SB)/4, $8
DATA idx4<>+12(SB)/4, $12
DATA idx4<>+16(SB)/4, $16
DATA idx4<>+20(SB)/4, $20
DATA idx4<>+24(SB)/4, $24
DATA idx4<>+28(SB)/4, $28
GLOBL idx4<>(SB), RODATA|NOPTR, $32

// The scratch (l2mScratch, R13): the lane mask, the gathered inputs, and the
// local matrices' cells b0..b11, 32 bytes each.
#define SC_MASK 0
#define SC_T0 32
#define SC_T1 64
#define SC_T2 96
#define SC_SX 128
#define SC_SY 160
#define SC_SZ 192
#define SC_O0 224
#define SC_O1 256
#define SC_O2 288
#define SC_P0 320
#define SC_P1 352
#define SC_P2 384
#define SC_B 416

// GATHER loads field OFF(BASE) of the group's eight elements (indices in
// Y15) into DST, the lanes past the group's end 0.
#define GATHER(OFF, BASE, DST) \
	VMOVDQU    SC_MASK(R13), Y14       \
	VXORPS     DST, DST, DST           \
	VGATHERDPS Y14, OFF(BASE)(Y15*4), DST

// TRANS8 loads the float32 fields OFF..OFF+12 of the eight transforms at
// BASE (40 bytes apart; a full group) into A, B, C and D, lane k transform k:
// the lanes GATHER gives, by loads and a transpose (a gather costs several
// times as much on the CPUs that patch it against Gather Data Sampling). XA..XD
// are A..D's low halves; T0..T3 are scratch.
#define TRANS8(BASE, OFF, XA, XB, XC, XD, A, B, C, D, T0, T1, T2, T3) \
	VMOVUPS     (OFF)(BASE), XA            \
	VMOVUPS     (OFF+40)(BASE), XB         \
	VMOVUPS     (OFF+80)(BASE), XC         \
	VMOVUPS     (OFF+120)(BASE), XD        \
	VINSERTF128 $1, (OFF+160)(BASE), A, A  \
	VINSERTF128 $1, (OFF+200)(BASE), B, B  \
	VINSERTF128 $1, (OFF+240)(BASE), C, C  \
	VINSERTF128 $1, (OFF+280)(BASE), D, D  \
	VUNPCKLPS   B, A, T0                   \
	VUNPCKHPS   B, A, T1                   \
	VUNPCKLPS   D, C, T2                   \
	VUNPCKHPS   D, C, T3                   \
	VSHUFPS     $0x44, T2, T0, A           \
	VSHUFPS     $0xEE, T2, T0, B           \
	VSHUFPS     $0x44, T3, T1, C           \
	VSHUFPS     $0xEE, T3, T1, D

// QUAT8 is TRANS8 for the eight quaternions at BASE (16 bytes apart).
#define QUAT8(BASE, XA, XB, XC, XD, A, B, C, D, T0, T1, T2, T3) \
	VMOVUPS     0(BASE), XA          \
	VMOVUPS     16(BASE), XB         \
	VMOVUPS     32(BASE), XC         \
	VMOVUPS     48(BASE), XD         \
	VINSERTF128 $1, 64(BASE), A, A   \
	VINSERTF128 $1, 80(BASE), B, B   \
	VINSERTF128 $1, 96(BASE), C, C   \
	VINSERTF128 $1, 112(BASE), D, D  \
	VUNPCKLPS   B, A, T0             \
	VUNPCKHPS   B, A, T1             \
	VUNPCKLPS   D, C, T2             \
	VUNPCKHPS   D, C, T3             \
	VSHUFPS     $0x44, T2, T0, A     \
	VSHUFPS     $0xEE, T2, T0, B     \
	VSHUFPS     $0x44, T3, T1, C     \
	VSHUFPS     $0xEE, T3, T1, D

// VEC8 loads the three float32s of the eight Vec3s at BASE (12 bytes apart;
// a full group) into A, B and C, lane k vector k: the lanes GATHER gives, by
// loads and a transpose. It reads no byte past the eighth vector: the last
// row is loaded 4 bytes early and shifted down. XA..XD are the low halves of
// A..C and of D, scratch like T0..T3 and X12.
#define VEC8(BASE, XA, XB, XC, XD, A, B, C, D, T0, T1, T2, T3) \
	VMOVUPS     0(BASE), XA          \
	VMOVUPS     12(BASE), XB         \
	VMOVUPS     24(BASE), XC         \
	VMOVUPS     36(BASE), XD         \
	VINSERTF128 $1, 48(BASE), A, A   \
	VINSERTF128 $1, 60(BASE), B, B   \
	VINSERTF128 $1, 72(BASE), C, C   \
	VMOVUPS     80(BASE), X12        \
	VPSRLDQ     $4, X12, X12         \
	VINSERTF128 $1, X12, D, D        \
	VUNPCKLPS   B, A, T0             \
	VUNPCKHPS   B, A, T1             \
	VUNPCKLPS   D, C, T2             \
	VUNPCKHPS   D, C, T3             \
	VSHUFPS     $0x44, T2, T0, A     \
	VSHUFPS     $0xEE, T2, T0, B     \
	VSHUFPS     $0x44, T3, T1, C

// QMUL sets Y8..Y11 to the Hamilton product a·b (quatMul's sums in its
// order). Y12 is scratch.
#define QMUL(AW, AX, AY, AZ, BW, BX, BY, BZ) \
	VMULPS BW, AW, Y8   \
	VMULPS BX, AX, Y12  \
	VSUBPS Y12, Y8, Y8  \
	VMULPS BY, AY, Y12  \
	VSUBPS Y12, Y8, Y8  \
	VMULPS BZ, AZ, Y12  \
	VSUBPS Y12, Y8, Y8  \
	VMULPS BX, AW, Y9   \
	VMULPS BW, AX, Y12  \
	VADDPS Y12, Y9, Y9  \
	VMULPS BZ, AY, Y12  \
	VADDPS Y12, Y9, Y9  \
	VMULPS BY, AZ, Y12  \
	VSUBPS Y12, Y9, Y9  \
	VMULPS BY, AW, Y10  \
	VMULPS BZ, AX, Y12  \
	VSUBPS Y12, Y10, Y10 \
	VMULPS BW, AY, Y12  \
	VADDPS Y12, Y10, Y10 \
	VMULPS BX, AZ, Y12  \
	VADDPS Y12, Y10, Y10 \
	VMULPS BZ, AW, Y11  \
	VMULPS BY, AX, Y12  \
	VADDPS Y12, Y11, Y11 \
	VMULPS BX, AY, Y12  \
	VSUBPS Y12, Y11, Y11 \
	VMULPS BW, AZ, Y12  \
	VADDPS Y12, Y11, Y11

// CELL stores cell K of the local matrices: SUM (a sum of products, in Y0)
// doubled, taken from 1 when DIAG, times the scale S.
#define OFFDIAG(K, S) \
	VADDPS  Y0, Y0, Y0        \
	VMULPS  S(R13), Y0, Y0    \
	VMOVUPS Y0, (SC_B+32*K)(R13)

#define DIAG(K, S) \
	VADDPS  Y0, Y0, Y0        \
	VSUBPS  Y0, Y13, Y0       \
	VMULPS  S(R13), Y0, Y0    \
	VMOVUPS Y0, (SC_B+32*K)(R13)

// TRANS stores translation cell K (9..11): t (+ offset) (− the pivot's
// products with cells C0, C1, C2).
#define TRANS(K, T, O, C0, C1, C2) \
	VMOVUPS T(R13), Y0              \
	TESTQ   R9, R9                  \
	JZ      3(PC)                   \
	VMOVUPS O(R13), Y1              \
	VADDPS  Y0, Y1, Y0              \
	TESTQ   R10, R10                \
	JZ      10(PC)                   \
	VMOVUPS (SC_B+32*C0)(R13), Y1   \
	VMULPS  SC_P0(R13), Y1, Y1      \
	VMOVUPS (SC_B+32*C1)(R13), Y2   \
	VMULPS  SC_P1(R13), Y2, Y2      \
	VADDPS  Y2, Y1, Y1              \
	VMOVUPS (SC_B+32*C2)(R13), Y2   \
	VMULPS  SC_P2(R13), Y2, Y2      \
	VADDPS  Y2, Y1, Y1              \
	VSUBPS  Y1, Y0, Y0              \
	VMOVUPS Y0, (SC_B+32*K)(R13)

// COLUMN sets D to X4·b[K] + X5·b[K+1] + X6·b[K+2] (the b broadcast from the
// scratch at AX), in that order. X12 is scratch.
#define COLUMN(K, D) \
	VBROADCASTSS (32*K)(AX), D     \
	VMULPS       X4, D, D          \
	VBROADCASTSS (32*K+32)(AX), X12 \
	VMULPS       X5, X12, X12      \
	VADDPS       X12, D, D         \
	VBROADCASTSS (32*K+64)(AX), X12 \
	VMULPS       X6, X12, X12      \
	VADDPS       X12, D, D

// func localToModelAVX(parents *int32, local *Transform, model *Affine, offset, pivot *mgl32.Vec3, post, pre *mgl32.Quat, root *Affine, sc *l2mScratch, from, to int) (done int)
TEXT ·localToModelAVX(SB), NOSPLIT, $0-96
	MOVQ parents+0(FP), SI
	MOVQ local+8(FP), DI       // node from's transform
	MOVQ model+16(FP), R8
	MOVQ offset+24(FP), R9
	MOVQ pivot+32(FP), R10
	MOVQ post+40(FP), R11
	MOVQ pre+48(FP), R12
	MOVQ sc+64(FP), R13
	MOVQ from+72(FP), BX       // the group's first node
	MOVQ to+80(FP), CX
	MOVQ $-2, R14              // the node whose columns X8..X11 hold

group:
	CMPQ BX, CX
	JGE  finish

	// The lanes of the group: node BX+k for k < min(8, to−BX).
	MOVQ         CX, AX
	SUBQ         BX, AX
	CMPQ         AX, $8
	JLE          2(PC)
	MOVQ         $8, AX
	VMOVD        AX, X14
	VPBROADCASTD X14, Y14
	VMOVDQU      iota8<>(SB), Y15
	VPCMPGTD     Y15, Y14, Y14
	VMOVDQU      Y14, SC_MASK(R13)

	// The transforms: t and s to the scratch, q into Y0..Y3.
	MOVQ    BX, AX
	SUBQ    from+72(FP), AX
	IMUL3Q  $40, AX, AX
	ADDQ    DI, AX
	MOVQ    CX, DX
	SUBQ    BX, DX
	CMPQ    DX, $8
	JLT     gathert
	TRANS8(AX, 0, X0, X1, X2, X3, Y0, Y1, Y2, Y3, Y8, Y9, Y10, Y11)
	VMOVUPS Y0, SC_T0(R13)
	VMOVUPS Y1, SC_T1(R13)
	VMOVUPS Y2, SC_T2(R13)
	TRANS8(AX, 24, X4, X5, X6, X7, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11)
	VMOVUPS Y5, SC_SX(R13)
	VMOVUPS Y6, SC_SY(R13)
	VMOVUPS Y7, SC_SZ(R13)
	TRANS8(AX, 12, X0, X1, X2, X3, Y0, Y1, Y2, Y3, Y8, Y9, Y10, Y11)
	JMP     loadedt

gathert:
	VMOVDQU idx10<>(SB), Y15
	GATHER(0, AX, Y0)
	VMOVUPS Y0, SC_T0(R13)
	GATHER(4, AX, Y0)
	VMOVUPS Y0, SC_T1(R13)
	GATHER(8, AX, Y0)
	VMOVUPS Y0, SC_T2(R13)
	GATHER(28, AX, Y0)
	VMOVUPS Y0, SC_SX(R13)
	GATHER(32, AX, Y0)
	VMOVUPS Y0, SC_SY(R13)
	GATHER(36, AX, Y0)
	VMOVUPS Y0, SC_SZ(R13)
	GATHER(12, AX, Y0)
	GATHER(16, AX, Y1)
	GATHER(20, AX, Y2)
	GATHER(24, AX, Y3)

loadedt:
	VMOVDQU idx3<>(SB), Y15
	IMUL3Q  $12, BX, DX
	TESTQ   R9, R9
	JZ      nooffset
	MOVQ    CX, AX
	SUBQ    BX, AX
	CMPQ    AX, $8                // a full group (LEAQ keeps the flags)
	LEAQ    (R9)(DX*1), AX
	JLT     gathero
	VEC8(AX, X4, X5, X6, X7, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11)
	VMOVUPS Y4, SC_O0(R13)
	VMOVUPS Y5, SC_O1(R13)
	VMOVUPS Y6, SC_O2(R13)
	JMP     nooffset

gathero:
	GATHER(0, AX, Y4)
	VMOVUPS Y4, SC_O0(R13)
	GATHER(4, AX, Y4)
	VMOVUPS Y4, SC_O1(R13)
	GATHER(8, AX, Y4)
	VMOVUPS Y4, SC_O2(R13)

nooffset:
	TESTQ R10, R10
	JZ    nopivot
	MOVQ  CX, AX
	SUBQ  BX, AX
	CMPQ  AX, $8                  // a full group (LEAQ keeps the flags)
	LEAQ  (R10)(DX*1), AX
	JLT   gatherp
	VEC8(AX, X4, X5, X6, X7, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11)
	VMOVUPS Y4, SC_P0(R13)
	VMOVUPS Y5, SC_P1(R13)
	VMOVUPS Y6, SC_P2(R13)
	JMP   nopivot

gatherp:
	GATHER(0, AX, Y4)
	VMOVUPS Y4, SC_P0(R13)
	GATHER(4, AX, Y4)
	VMOVUPS Y4, SC_P1(R13)
	GATHER(8, AX, Y4)
	VMOVUPS Y4, SC_P2(R13)

nopivot:
	VMOVDQU idx4<>(SB), Y15
	MOVQ    BX, DX
	SHLQ    $4, DX
	TESTQ   R11, R11
	JZ      nopost
	MOVQ    CX, AX
	SUBQ    BX, AX
	CMPQ    AX, $8                // a full group (LEAQ keeps the flags)
	LEAQ    (R11)(DX*1), AX
	JLT     gatherpost
	QUAT8(AX, X4, X5, X6, X7, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11)
	JMP     postloaded

gatherpost:
	GATHER(0, AX, Y4)
	GATHER(4, AX, Y5)
	GATHER(8, AX, Y6)
	GATHER(12, AX, Y7)

postloaded:
	QMUL(Y4, Y5, Y6, Y7, Y0, Y1, Y2, Y3)
	VMOVAPS Y8, Y0
	VMOVAPS Y9, Y1
	VMOVAPS Y10, Y2
	VMOVAPS Y11, Y3

nopost:
	TESTQ R12, R12
	JZ    nopre
	MOVQ    CX, AX
	SUBQ    BX, AX
	CMPQ    AX, $8                // a full group (LEAQ keeps the flags)
	LEAQ    (R12)(DX*1), AX
	JLT     gatherpre
	QUAT8(AX, X4, X5, X6, X7, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11)
	JMP     preloaded

gatherpre:
	GATHER(0, AX, Y4)
	GATHER(4, AX, Y5)
	GATHER(8, AX, Y6)
	GATHER(12, AX, Y7)

preloaded:
	QMUL(Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7)
	VMOVAPS Y8, Y0
	VMOVAPS Y9, Y1
	VMOVAPS Y10, Y2
	VMOVAPS Y11, Y3

nopre:
	// The quaternions' products, then the cells.
	VMULPS Y1, Y1, Y4          // xx
	VMULPS Y2, Y2, Y5          // yy
	VMULPS Y3, Y3, Y6          // zz
	VMULPS Y2, Y1, Y7          // xy
	VMULPS Y3, Y1, Y8          // xz
	VMULPS Y3, Y2, Y9          // yz
	VMULPS Y1, Y0, Y10         // wx
	VMULPS Y2, Y0, Y11         // wy
	VMULPS Y3, Y0, Y12         // wz
	VBROADCASTSS one32<>(SB), Y13

	VADDPS Y6, Y5, Y0          // b0 = (1 − 2(yy+zz))·sx
	DIAG(0, SC_SX)
	VADDPS Y12, Y7, Y0         // b1 = 2(xy+wz)·sx
	OFFDIAG(1, SC_SX)
	VSUBPS Y11, Y8, Y0         // b2 = 2(xz−wy)·sx
	OFFDIAG(2, SC_SX)
	VSUBPS Y12, Y7, Y0         // b3 = 2(xy−wz)·sy
	OFFDIAG(3, SC_SY)
	VADDPS Y6, Y4, Y0          // b4 = (1 − 2(xx+zz))·sy
	DIAG(4, SC_SY)
	VADDPS Y10, Y9, Y0         // b5 = 2(yz+wx)·sy
	OFFDIAG(5, SC_SY)
	VADDPS Y11, Y8, Y0         // b6 = 2(xz+wy)·sz
	OFFDIAG(6, SC_SZ)
	VSUBPS Y10, Y9, Y0         // b7 = 2(yz−wx)·sz
	OFFDIAG(7, SC_SZ)
	VADDPS Y5, Y4, Y0          // b8 = (1 − 2(xx+yy))·sz
	DIAG(8, SC_SZ)
	TRANS(9, SC_T0, SC_O0, 0, 3, 6)
	TRANS(10, SC_T1, SC_O1, 1, 4, 7)
	TRANS(11, SC_T2, SC_O2, 2, 5, 8)

	// Node by node: DX the node, AX its cells in the scratch.
	MOVQ BX, DX
	LEAQ SC_B(R13), AX

node:
	CMPQ    DX, CX
	JGE     nextgroup
	MOVQ    DX, R11
	SUBQ    BX, R11
	CMPQ    R11, $8
	JGE     nextgroup
	IMUL3Q  $48, DX, DI        // DI: &model[node] (the transforms' base is reloaded per group)
	ADDQ    R8, DI
	MOVLQSX (SI)(DX*4), R11
	TESTQ   R11, R11
	JS      noparent
	CMPQ    R11, CX
	JAE     stop               // not below to: the Go loop takes over
	LEAQ    1(R11), R12
	CMPQ    R12, DX
	JNE     loadparent
	CMPQ    R11, R14
	JNE     loadparent
	VMOVAPS X8, X4             // the parent is the node just done
	VMOVAPS X9, X5
	VMOVAPS X10, X6
	VMOVAPS X11, X7
	JMP     multiply

loadparent:
	IMUL3Q $48, R11, R11
	ADDQ   R8, R11
	JMP    readparent

noparent:
	MOVQ  root+56(FP), R11
	TESTQ R11, R11
	JZ    copylocal

readparent:
	// Columns of the parent: a0..a2, a3..a5, a6..a8, a9..a11 (fourth lanes
	// unused).
	VMOVUPS 0(R11), X4
	VMOVUPS 12(R11), X5
	VMOVUPS 24(R11), X6
	VMOVUPS 32(R11), X7
	VPSRLDQ $4, X7, X7

multiply:
	COLUMN(0, X8)
	COLUMN(3, X9)
	COLUMN(6, X10)
	COLUMN(9, X11)
	VADDPS  X7, X11, X11       // + a9 a10 a11
	VMOVUPS X8, 0(DI)
	VMOVUPS X9, 12(DI)
	VMOVUPS X10, 24(DI)
	VPSLLDQ   $4, X11, X14
	VINSERTPS $0x80, X10, X14, X14
	VMOVUPS   X14, 32(DI)
	MOVQ      DX, R14
	JMP       advance

copylocal:
	// A root without a root matrix: the local matrix itself.
	MOVL 0(AX), R11
	MOVL R11, 0(DI)
	MOVL 32(AX), R11
	MOVL R11, 4(DI)
	MOVL 64(AX), R11
	MOVL R11, 8(DI)
	MOVL 96(AX), R11
	MOVL R11, 12(DI)
	MOVL 128(AX), R11
	MOVL R11, 16(DI)
	MOVL 160(AX), R11
	MOVL R11, 20(DI)
	MOVL 192(AX), R11
	MOVL R11, 24(DI)
	MOVL 224(AX), R11
	MOVL R11, 28(DI)
	MOVL 256(AX), R11
	MOVL R11, 32(DI)
	MOVL 288(AX), R11
	MOVL R11, 36(DI)
	MOVL 320(AX), R11
	MOVL R11, 40(DI)
	MOVL 352(AX), R11
	MOVL R11, 44(DI)
	MOVQ $-2, R14

advance:
	ADDQ $4, AX
	INCQ DX
	JMP  node

nextgroup:
	MOVQ local+8(FP), DI
	MOVQ post+40(FP), R11
	MOVQ pre+48(FP), R12
	MOVQ $-2, R14
	ADDQ $8, BX
	JMP  group

stop:
	VZEROUPPER
	MOVQ DX, done+88(FP)
	RET

finish:
	VZEROUPPER
	MOVQ CX, done+88(FP)
	RET
