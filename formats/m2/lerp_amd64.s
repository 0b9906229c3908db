//go:build !purego

#include "textflag.h"

// packedKey is 64 bytes: t at 0, s at 12, q at 24. anim.Transform is 40: T at
// 0, Q at 12 (W, then V at 16), S at 28. The 16 bytes at 0 of a key (t, s[0])
// lerped go to T and Q.W of the transform, the 16 at 8 (t[2], s) to Q.V[2] and
// S. Each lane: k1 − k0 (k1 the destination), times r, then k0 + that (k0 the
// destination), as the Go loop compiles, so that even a NaN keeps its payload.

// func lerpKeysTS(k0, k1 *packedKey, out *anim.Transform, n int, r float32)
TEXT ·lerpKeysTS(SB), NOSPLIT, $0-36
	MOVQ   k0+0(FP), SI
	MOVQ   k1+8(FP), DI
	MOVQ   out+16(FP), DX
	MOVQ   n+24(FP), CX
	MOVSS  r+32(FP), X7
	SHUFPS $0x00, X7, X7
	TESTQ  CX, CX
	JLE    done

loop:
	MOVUPS 0(SI), X0
	MOVUPS 0(DI), X1
	SUBPS  X0, X1
	MULPS  X7, X1
	ADDPS  X1, X0
	MOVUPS X0, 0(DX)
	MOVUPS 8(SI), X2
	MOVUPS 8(DI), X3
	SUBPS  X2, X3
	MULPS  X7, X3
	ADDPS  X3, X2
	MOVUPS X2, 24(DX)
	ADDQ   $64, SI
	ADDQ   $64, DI
	ADDQ   $40, DX
	DECQ   CX
	JNZ    loop

done:
	RET
