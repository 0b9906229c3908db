//go:build !purego

#include "textflag.h"

// skinPaletteAVX is SkinPalette's loop (skeleton.go) in AVX2, one product
// a·b of two affines (column-major 3×4, 12 float32) per iteration: columns 0
// and 1 of the product in one register, 2 and 3 in another, a column per
// 128-bit half (its fourth lane unused). Each half is a's columns times b's
// cells broadcast, ((a·0·b(3j) + a·1·b(3j+1)) + a·2·b(3j+2)) (+ a·3 for
// column 3), the same float32 operations in the same order as mulAffineTo,
// no fused multiply-add. The four columns are stored 12 bytes apart with
// overlapping 16-byte stores, the last one built to end at the affine's end.

// VPERMPS indices: [k k k k | l l l l] picks cell k of the low half and cell
// l of the high one.
DATA skidx03<>+0(SB)/8, $0x0000000000000000
DATA skidx03<>+8(SB)/8, $0x0000000000000000
DATA skidx03<>+16(SB)/8, $0x0000000300000003
DATA skidx03<>+24(SB)/8, $0x0000000300000003
GLOBL skidx03<>(SB), RODATA|NOPTR, $32

DATA skidx14<>+0(SB)/8, $0x0000000100000001
DATA skidx14<>+8(SB)/8, $0x0000000100000001
DATA skidx14<>+16(SB)/8, $0x0000000400000004
DATA skidx14<>+24(SB)/8, $0x0000000400000004
GLOBL skidx14<>(SB), RODATA|NOPTR, $32

DATA skidx25<>+0(SB)/8, $0x0000000200000002
DATA skidx25<>+8(SB)/8, $0x0000000200000002
DATA skidx25<>+16(SB)/8, $0x0000000500000005
DATA skidx25<>+24(SB)/8, $0x0000000500000005
GLOBL skidx25<>(SB), RODATA|NOPTR, $32

DATA skidx36<>+0(SB)/8, $0x0000000300000003
DATA skidx36<>+8(SB)/8, $0x0000000300000003
DATA skidx36<>+16(SB)/8, $0x0000000600000006
DATA skidx36<>+24(SB)/8, $0x0000000600000006
GLOBL skidx36<>(SB), RODATA|NOPTR, $32

DATA skidx47<>+0(SB)/8, $0x0000000400000004
DATA skidx47<>+8(SB)/8, $0x0000000400000004
DATA skidx47<>+16(SB)/8, $0x0000000700000007
DATA skidx47<>+24(SB)/8, $0x0000000700000007
GLOBL skidx47<>(SB), RODATA|NOPTR, $32

// [c8 c9 c10 c11] of [c6 c7 c8 _ | c9 c10 c11 _]: lanes 2, 4, 5, 6.
DATA skidxlast<>+0(SB)/8, $0x0000000400000002
DATA skidxlast<>+8(SB)/8, $0x0000000600000005
DATA skidxlast<>+16(SB)/8, $0x0000000000000000
DATA skidxlast<>+24(SB)/8, $0x0000000000000000
GLOBL skidxlast<>(SB), RODATA|NOPTR, $32

// func skinPaletteAVX(model, inv, skin *Affine, n int)
TEXT ·skinPaletteAVX(SB), NOSPLIT, $0-32
	MOVQ    model+0(FP), SI
	MOVQ    inv+8(FP), DI
	MOVQ    skin+16(FP), DX
	MOVQ    n+24(FP), CX
	VMOVDQU skidx03<>(SB), Y13
	VMOVDQU skidx14<>(SB), Y14
	VMOVDQU skidx25<>(SB), Y15
	VMOVDQU skidxlast<>(SB), Y12
	VMOVDQU skidx36<>(SB), Y10
	VMOVDQU skidx47<>(SB), Y11

loop:
	TESTQ CX, CX
	JLE   done

	// a's columns in both halves; column 3 as [a9 a10 a11 a8].
	VBROADCASTF128 0(SI), Y0
	VBROADCASTF128 12(SI), Y1
	VBROADCASTF128 24(SI), Y2
	VBROADCASTF128 32(SI), Y3
	VPERMILPS      $0x39, Y3, Y3

	// b's cells 0..7 and 4..11.
	VMOVUPS 0(DI), Y4
	VMOVUPS 16(DI), Y5

	// Columns 0 | 1: b0 | b3, b1 | b4, b2 | b5.
	VPERMPS Y4, Y13, Y6
	VMULPS  Y6, Y0, Y6
	VPERMPS Y4, Y14, Y7
	VMULPS  Y7, Y1, Y7
	VADDPS  Y7, Y6, Y6
	VPERMPS Y4, Y15, Y7
	VMULPS  Y7, Y2, Y7
	VADDPS  Y7, Y6, Y6

	// Columns 2 | 3: b6 | b9, b7 | b10, b8 | b11 (cells 2..7 of Y5), then
	// a's column 3 added in the high half.
	VPERMPS  Y5, Y15, Y8
	VMULPS   Y8, Y0, Y8
	VPERMPS  Y5, Y10, Y7
	VMULPS   Y7, Y1, Y7
	VADDPS   Y7, Y8, Y8
	VPERMPS  Y5, Y11, Y7
	VMULPS   Y7, Y2, Y7
	VADDPS   Y7, Y8, Y8
	VADDPS   Y3, Y8, Y9
	VBLENDPS $0xf0, Y9, Y8, Y8

	VMOVUPS      X6, 0(DX)
	VEXTRACTF128 $1, Y6, 12(DX)
	VMOVUPS      X8, 24(DX)
	VPERMPS      Y8, Y12, Y9
	VMOVUPS      X9, 32(DX)

	ADDQ $48, SI
	ADDQ $48, DI
	ADDQ $48, DX
	DECQ CX
	JMP  loop

done:
	VZEROUPPER
	RET
