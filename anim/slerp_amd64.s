//go:build !purego

#include "textflag.h"

// func slerpCombineAVX(p *pendingSlerp, sin, cos *float32, n int)
//
// SlerpBatch.Flush's loop after its SincosBatch call: for each of n pending
// slerps, w1 = sin/arc.SinTheta, w0 = cos − float32(w1·arc.D), w1 ·= arc.Sign
// (scalar, as the Go code), then *dst = w0·q0 + w1·q1 with the four
// components in one operation each (lane k: float32(w0·q0[k]) +
// float32(w1·q1[k])). No fused multiply-add. The layouts are pendingSlerp's
// (dst, q0, q1, arc at 0, 8, 16, 24) and SlerpArc's (D, Theta, SinTheta, Sign
// at 0, 4, 8, 12).
TEXT ·slerpCombineAVX(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ sin+8(FP), R8
	MOVQ cos+16(FP), R9
	MOVQ n+24(FP), CX
	XORQ BX, BX

loop:
	CMPQ BX, CX
	JGE  done
	MOVQ         24(SI), AX      // arc
	VMOVSS       (R8)(BX*4), X0
	VDIVSS       8(AX), X0, X0   // w1 = sin / SinTheta
	VMULSS       0(AX), X0, X1   // w1·D
	VMOVSS       (R9)(BX*4), X2
	VSUBSS       X1, X2, X2      // w0 = cos − w1·D
	VMULSS       12(AX), X0, X0  // w1·Sign
	VBROADCASTSS X2, X2
	VBROADCASTSS X0, X0
	MOVQ         8(SI), AX
	VMULPS       (AX), X2, X2    // w0·q0
	MOVQ         16(SI), AX
	VMULPS       (AX), X0, X0    // w1·q1
	VADDPS       X0, X2, X2
	MOVQ         0(SI), AX
	VMOVUPS      X2, (AX)
	ADDQ         $32, SI
	INCQ         BX
	JMP          loop

done:
	RET
