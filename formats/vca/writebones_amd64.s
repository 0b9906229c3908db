//go:build !purego

#include "textflag.h"

// writeSimple4: writeSimple (writebones.go) a bone at a time with AVX. A
// transform (anim.Transform, 40 bytes) is T at 0, Q at 12 (W, then X, Y, Z), S
// at 28. Its lineset's nine float64 values are move at 0, rotate at 24, scale
// at 48 bytes. Three 16-byte stores write it, in this order: S from values 5..8
// (rotate z and the scale) to bytes 24..39, T from values 0..3 (the move and
// rotate x) to bytes 0..15, then Q to bytes 12..27, over the two lanes that
// were not T's or S's. VCVTPD2PS rounds each value to float32 as Go's float32()
// does (to nearest). The rotation of one axis is firstAxis's: w = cs − 0·s, the
// axis component s + 0, the other two +0 (see firstAxis).

DATA wbones<>+0(SB)/4, $0x3f800000 // 1, 1, 1, 1 (float32)
DATA wbones<>+4(SB)/4, $0x3f800000
DATA wbones<>+8(SB)/4, $0x3f800000
DATA wbones<>+12(SB)/4, $0x3f800000
GLOBL wbones<>(SB), RODATA|NOPTR, $16
DATA wbident<>+0(SB)/4, $0x3f800000 // 1, 0, 0, 0: the identity quaternion, W first
DATA wbident<>+4(SB)/4, $0
DATA wbident<>+8(SB)/4, $0
DATA wbident<>+12(SB)/4, $0
GLOBL wbident<>(SB), RODATA|NOPTR, $16

// func writeSimple4(bones *simpleBone, n int, sin, cos, trs *float64, out *anim.Transform, nout int)
TEXT ·writeSimple4(SB), NOSPLIT, $0-56
	MOVQ    bones+0(FP), SI
	MOVQ    n+8(FP), CX
	MOVQ    sin+16(FP), R8
	MOVQ    cos+24(FP), R9
	MOVQ    trs+32(FP), R10
	MOVQ    out+40(FP), DI
	MOVQ    nout+48(FP), R11
	VMOVUPS wbones<>(SB), X8
	VMOVUPS wbident<>(SB), X9
	VXORPS  X10, X10, X10         // zeros

loop:
	TESTQ   CX, CX
	JLE     done
	MOVLQSX 0(SI), AX             // node
	CMPQ    AX, R11
	JAE     next                  // past out
	IMUL3Q  $40, AX, AX
	ADDQ    DI, AX                // the transform
	MOVLQSX 4(SI), BX             // the values' offset
	MOVBLZX 13(SI), DX            // flags: 1 move, 2 scale

	TESTB      $2, DL
	JZ         sOnes
	VCVTPD2PSY 40(R10)(BX*8), X1  // values 5..8
	JMP        sStore

sOnes:
	VMOVAPS X8, X1

sStore:
	VMOVUPS X1, 24(AX)

	TESTB      $1, DL
	JZ         tZero
	VCVTPD2PSY (R10)(BX*8), X0    // values 0..3
	JMP        tStore

tZero:
	VXORPS X0, X0, X0

tStore:
	VMOVUPS X0, 0(AX)

	MOVLQSX 8(SI), R12            // the angle, or −1
	TESTQ   R12, R12
	JS      qIdent
	VMOVSD    (R8)(R12*8), X2     // s
	VMOVSD    (R9)(R12*8), X3     // cs
	VMULSD    X2, X10, X4         // 0·s
	VSUBSD    X4, X3, X4          // w = cs − 0·s
	VADDSD    X10, X2, X5         // s + 0
	VCVTSD2SS X4, X4, X4
	VCVTSD2SS X5, X5, X5
	VMOVUPS   X10, 12(AX)         // W, X, Y, Z = +0
	VMOVSS    X4, 12(AX)          // W
	MOVBQSX   12(SI), R13         // the axis
	VMOVSS    X5, 16(AX)(R13*4)
	JMP       next

qIdent:
	VMOVUPS X9, 12(AX)

next:
	ADDQ $16, SI
	DECQ CX
	JMP  loop

done:
	VZEROUPPER
	RET
