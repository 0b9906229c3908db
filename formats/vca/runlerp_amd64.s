//go:build !purego

#include "textflag.h"

// runValues4: four lines of a run at a time (runlerp.go). A lane's value is
// row0·(1−u) + row1·u, each product rounded on its own (no FMA), or row0; it
// is stored, lane after lane, at trs[dst.off] (runDst: off at 0, mode at 4)
// when its magnitude is at most MaxValue (1e9; NaN is not), else the default
// its mode names (0 or 1), or nothing.

DATA rvone<>+0(SB)/8, $0x3ff0000000000000 // 1
GLOBL rvone<>(SB), RODATA|NOPTR, $8
DATA rvmax<>+0(SB)/8, $0x41cdcd6500000000 // MaxValue, 1e9
GLOBL rvmax<>(SB), RODATA|NOPTR, $8
DATA rvabs<>+0(SB)/8, $0x7fffffffffffffff // all but the sign
GLOBL rvabs<>(SB), RODATA|NOPTR, $8
// The default a mode writes: runKeep (unused), runFirst0 0, runFirst1 1.
DATA rvdefs<>+0(SB)/8, $0
DATA rvdefs<>+8(SB)/8, $0
DATA rvdefs<>+16(SB)/8, $0x3ff0000000000000
GLOBL rvdefs<>(SB), RODATA|NOPTR, $24

// STORE4 stores the four lanes of Y0 at trs[dst[BX+l].off] when DX has all
// four bits (every value kept), else goes to partial.
#define STORE4 \
	VEXTRACTF128 $1, Y0, X3          \
	CMPQ    DX, $15                  \
	JNE     partial                  \
	MOVLQSX 0(R8)(BX*8), AX          \
	VMOVSD  X0, (R9)(AX*8)           \
	MOVLQSX 8(R8)(BX*8), AX          \
	VMOVHPD X0, (R9)(AX*8)           \
	MOVLQSX 16(R8)(BX*8), AX         \
	VMOVSD  X3, (R9)(AX*8)           \
	MOVLQSX 24(R8)(BX*8), AX         \
	VMOVHPD X3, (R9)(AX*8)           \
	JMP     next

// func runValues4(row0, row1 *float64, dst *runDst, n int, u float64, trs *float64)
TEXT ·runValues4(SB), NOSPLIT, $0-48
	MOVQ         row0+0(FP), SI
	MOVQ         row1+8(FP), DI
	MOVQ         dst+16(FP), R8
	MOVQ         n+24(FP), CX
	VBROADCASTSD u+32(FP), Y6     // u
	MOVQ         trs+40(FP), R9
	VBROADCASTSD rvone<>(SB), Y7
	VSUBPD       Y6, Y7, Y7       // 1 − u
	VBROADCASTSD rvmax<>(SB), Y8
	VBROADCASTSD rvabs<>(SB), Y9
	LEAQ         rvdefs<>(SB), R11
	XORQ         BX, BX

loop:
	CMPQ   BX, CX
	JGE    done
	VMOVUPD (SI)(BX*8), Y0        // row0
	TESTQ  DI, DI
	JZ     check
	VMULPD Y7, Y0, Y0             // row0·(1−u)
	VMULPD (DI)(BX*8), Y6, Y1     // row1·u
	VADDPD Y1, Y0, Y0

check:
	VANDPD    Y9, Y0, Y2
	VCMPPD    $0x12, Y8, Y2, Y2   // |v| <= MaxValue (false for NaN)
	VMOVMSKPD Y2, DX
	STORE4

partial:
	MOVLQSX 0(R8)(BX*8), AX
	BTQ     $0, DX
	JCC     default0
	VPERMILPD $0, X0, X4
	VMOVSD  X4, (R9)(AX*8)
	JMP     lane1

default0:
	MOVLQSX 4(R8)(BX*8), R10    // mode
	TESTQ   R10, R10
	JZ      lane1
	VMOVSD  (R11)(R10*8), X5
	VMOVSD  X5, (R9)(AX*8)

lane1:
	MOVLQSX 8(R8)(BX*8), AX
	BTQ     $1, DX
	JCC     default1
	VPERMILPD $1, X0, X4
	VMOVSD  X4, (R9)(AX*8)
	JMP     lane2

default1:
	MOVLQSX 12(R8)(BX*8), R10    // mode
	TESTQ   R10, R10
	JZ      lane2
	VMOVSD  (R11)(R10*8), X5
	VMOVSD  X5, (R9)(AX*8)

lane2:
	MOVLQSX 16(R8)(BX*8), AX
	BTQ     $2, DX
	JCC     default2
	VPERMILPD $0, X3, X4
	VMOVSD  X4, (R9)(AX*8)
	JMP     lane3

default2:
	MOVLQSX 20(R8)(BX*8), R10    // mode
	TESTQ   R10, R10
	JZ      lane3
	VMOVSD  (R11)(R10*8), X5
	VMOVSD  X5, (R9)(AX*8)

lane3:
	MOVLQSX 24(R8)(BX*8), AX
	BTQ     $3, DX
	JCC     default3
	VPERMILPD $1, X3, X4
	VMOVSD  X4, (R9)(AX*8)
	JMP     next

default3:
	MOVLQSX 28(R8)(BX*8), R10    // mode
	TESTQ   R10, R10
	JZ      next
	VMOVSD  (R11)(R10*8), X5
	VMOVSD  X5, (R9)(AX*8)

next:
	ADDQ $4, BX
	JMP  loop

done:
	VZEROUPPER
	RET
