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

// The shifts that take lane k's nibble of a bpack entry to its low bits.
DATA bnibble<>+0(SB)/4, $0
DATA bnibble<>+4(SB)/4, $4
DATA bnibble<>+8(SB)/4, $8
DATA bnibble<>+12(SB)/4, $12
DATA bnibble<>+16(SB)/4, $16
DATA bnibble<>+20(SB)/4, $20
DATA bnibble<>+24(SB)/4, $24
DATA bnibble<>+28(SB)/4, $28
GLOBL bnibble<>(SB), RODATA|NOPTR, $32

DATA bseven<>+0(SB)/4, $7
DATA bseven<>+4(SB)/4, $7
DATA bseven<>+8(SB)/4, $7
DATA bseven<>+12(SB)/4, $7
DATA bseven<>+16(SB)/4, $7
DATA bseven<>+20(SB)/4, $7
DATA bseven<>+24(SB)/4, $7
DATA bseven<>+28(SB)/4, $7
GLOBL bseven<>(SB), RODATA|NOPTR, $32

// bpack[k] holds, for the lane mask k, the numbers of its set lanes in
// order, a nibble each from the low one, and in its high word how many they
// are (generated; TestBlendPackTable checks every entry).
DATA bpack<>+0(SB)/8, $0x0000000000000000
DATA bpack<>+8(SB)/8, $0x0000000100000000
DATA bpack<>+16(SB)/8, $0x0000000100000001
DATA bpack<>+24(SB)/8, $0x0000000200000010
DATA bpack<>+32(SB)/8, $0x0000000100000002
DATA bpack<>+40(SB)/8, $0x0000000200000020
DATA bpack<>+48(SB)/8, $0x0000000200000021
DATA bpack<>+56(SB)/8, $0x0000000300000210
DATA bpack<>+64(SB)/8, $0x0000000100000003
DATA bpack<>+72(SB)/8, $0x0000000200000030
DATA bpack<>+80(SB)/8, $0x0000000200000031
DATA bpack<>+88(SB)/8, $0x0000000300000310
DATA bpack<>+96(SB)/8, $0x0000000200000032
DATA bpack<>+104(SB)/8, $0x0000000300000320
DATA bpack<>+112(SB)/8, $0x0000000300000321
DATA bpack<>+120(SB)/8, $0x0000000400003210
DATA bpack<>+128(SB)/8, $0x0000000100000004
DATA bpack<>+136(SB)/8, $0x0000000200000040
DATA bpack<>+144(SB)/8, $0x0000000200000041
DATA bpack<>+152(SB)/8, $0x0000000300000410
DATA bpack<>+160(SB)/8, $0x0000000200000042
DATA bpack<>+168(SB)/8, $0x0000000300000420
DATA bpack<>+176(SB)/8, $0x0000000300000421
DATA bpack<>+184(SB)/8, $0x0000000400004210
DATA bpack<>+192(SB)/8, $0x0000000200000043
DATA bpack<>+200(SB)/8, $0x0000000300000430
DATA bpack<>+208(SB)/8, $0x0000000300000431
DATA bpack<>+216(SB)/8, $0x0000000400004310
DATA bpack<>+224(SB)/8, $0x0000000300000432
DATA bpack<>+232(SB)/8, $0x0000000400004320
DATA bpack<>+240(SB)/8, $0x0000000400004321
DATA bpack<>+248(SB)/8, $0x0000000500043210
DATA bpack<>+256(SB)/8, $0x0000000100000005
DATA bpack<>+264(SB)/8, $0x0000000200000050
DATA bpack<>+272(SB)/8, $0x0000000200000051
DATA bpack<>+280(SB)/8, $0x0000000300000510
DATA bpack<>+288(SB)/8, $0x0000000200000052
DATA bpack<>+296(SB)/8, $0x0000000300000520
DATA bpack<>+304(SB)/8, $0x0000000300000521
DATA bpack<>+312(SB)/8, $0x0000000400005210
DATA bpack<>+320(SB)/8, $0x0000000200000053
DATA bpack<>+328(SB)/8, $0x0000000300000530
DATA bpack<>+336(SB)/8, $0x0000000300000531
DATA bpack<>+344(SB)/8, $0x0000000400005310
DATA bpack<>+352(SB)/8, $0x0000000300000532
DATA bpack<>+360(SB)/8, $0x0000000400005320
DATA bpack<>+368(SB)/8, $0x0000000400005321
DATA bpack<>+376(SB)/8, $0x0000000500053210
DATA bpack<>+384(SB)/8, $0x0000000200000054
DATA bpack<>+392(SB)/8, $0x0000000300000540
DATA bpack<>+400(SB)/8, $0x0000000300000541
DATA bpack<>+408(SB)/8, $0x0000000400005410
DATA bpack<>+416(SB)/8, $0x0000000300000542
DATA bpack<>+424(SB)/8, $0x0000000400005420
DATA bpack<>+432(SB)/8, $0x0000000400005421
DATA bpack<>+440(SB)/8, $0x0000000500054210
DATA bpack<>+448(SB)/8, $0x0000000300000543
DATA bpack<>+456(SB)/8, $0x0000000400005430
DATA bpack<>+464(SB)/8, $0x0000000400005431
DATA bpack<>+472(SB)/8, $0x0000000500054310
DATA bpack<>+480(SB)/8, $0x0000000400005432
DATA bpack<>+488(SB)/8, $0x0000000500054320
DATA bpack<>+496(SB)/8, $0x0000000500054321
DATA bpack<>+504(SB)/8, $0x0000000600543210
DATA bpack<>+512(SB)/8, $0x0000000100000006
DATA bpack<>+520(SB)/8, $0x0000000200000060
DATA bpack<>+528(SB)/8, $0x0000000200000061
DATA bpack<>+536(SB)/8, $0x0000000300000610
DATA bpack<>+544(SB)/8, $0x0000000200000062
DATA bpack<>+552(SB)/8, $0x0000000300000620
DATA bpack<>+560(SB)/8, $0x0000000300000621
DATA bpack<>+568(SB)/8, $0x0000000400006210
DATA bpack<>+576(SB)/8, $0x0000000200000063
DATA bpack<>+584(SB)/8, $0x0000000300000630
DATA bpack<>+592(SB)/8, $0x0000000300000631
DATA bpack<>+600(SB)/8, $0x0000000400006310
DATA bpack<>+608(SB)/8, $0x0000000300000632
DATA bpack<>+616(SB)/8, $0x0000000400006320
DATA bpack<>+624(SB)/8, $0x0000000400006321
DATA bpack<>+632(SB)/8, $0x0000000500063210
DATA bpack<>+640(SB)/8, $0x0000000200000064
DATA bpack<>+648(SB)/8, $0x0000000300000640
DATA bpack<>+656(SB)/8, $0x0000000300000641
DATA bpack<>+664(SB)/8, $0x0000000400006410
DATA bpack<>+672(SB)/8, $0x0000000300000642
DATA bpack<>+680(SB)/8, $0x0000000400006420
DATA bpack<>+688(SB)/8, $0x0000000400006421
DATA bpack<>+696(SB)/8, $0x0000000500064210
DATA bpack<>+704(SB)/8, $0x0000000300000643
DATA bpack<>+712(SB)/8, $0x0000000400006430
DATA bpack<>+720(SB)/8, $0x0000000400006431
DATA bpack<>+728(SB)/8, $0x0000000500064310
DATA bpack<>+736(SB)/8, $0x0000000400006432
DATA bpack<>+744(SB)/8, $0x0000000500064320
DATA bpack<>+752(SB)/8, $0x0000000500064321
DATA bpack<>+760(SB)/8, $0x0000000600643210
DATA bpack<>+768(SB)/8, $0x0000000200000065
DATA bpack<>+776(SB)/8, $0x0000000300000650
DATA bpack<>+784(SB)/8, $0x0000000300000651
DATA bpack<>+792(SB)/8, $0x0000000400006510
DATA bpack<>+800(SB)/8, $0x0000000300000652
DATA bpack<>+808(SB)/8, $0x0000000400006520
DATA bpack<>+816(SB)/8, $0x0000000400006521
DATA bpack<>+824(SB)/8, $0x0000000500065210
DATA bpack<>+832(SB)/8, $0x0000000300000653
DATA bpack<>+840(SB)/8, $0x0000000400006530
DATA bpack<>+848(SB)/8, $0x0000000400006531
DATA bpack<>+856(SB)/8, $0x0000000500065310
DATA bpack<>+864(SB)/8, $0x0000000400006532
DATA bpack<>+872(SB)/8, $0x0000000500065320
DATA bpack<>+880(SB)/8, $0x0000000500065321
DATA bpack<>+888(SB)/8, $0x0000000600653210
DATA bpack<>+896(SB)/8, $0x0000000300000654
DATA bpack<>+904(SB)/8, $0x0000000400006540
DATA bpack<>+912(SB)/8, $0x0000000400006541
DATA bpack<>+920(SB)/8, $0x0000000500065410
DATA bpack<>+928(SB)/8, $0x0000000400006542
DATA bpack<>+936(SB)/8, $0x0000000500065420
DATA bpack<>+944(SB)/8, $0x0000000500065421
DATA bpack<>+952(SB)/8, $0x0000000600654210
DATA bpack<>+960(SB)/8, $0x0000000400006543
DATA bpack<>+968(SB)/8, $0x0000000500065430
DATA bpack<>+976(SB)/8, $0x0000000500065431
DATA bpack<>+984(SB)/8, $0x0000000600654310
DATA bpack<>+992(SB)/8, $0x0000000500065432
DATA bpack<>+1000(SB)/8, $0x0000000600654320
DATA bpack<>+1008(SB)/8, $0x0000000600654321
DATA bpack<>+1016(SB)/8, $0x0000000706543210
DATA bpack<>+1024(SB)/8, $0x0000000100000007
DATA bpack<>+1032(SB)/8, $0x0000000200000070
DATA bpack<>+1040(SB)/8, $0x0000000200000071
DATA bpack<>+1048(SB)/8, $0x0000000300000710
DATA bpack<>+1056(SB)/8, $0x0000000200000072
DATA bpack<>+1064(SB)/8, $0x0000000300000720
DATA bpack<>+1072(SB)/8, $0x0000000300000721
DATA bpack<>+1080(SB)/8, $0x0000000400007210
DATA bpack<>+1088(SB)/8, $0x0000000200000073
DATA bpack<>+1096(SB)/8, $0x0000000300000730
DATA bpack<>+1104(SB)/8, $0x0000000300000731
DATA bpack<>+1112(SB)/8, $0x0000000400007310
DATA bpack<>+1120(SB)/8, $0x0000000300000732
DATA bpack<>+1128(SB)/8, $0x0000000400007320
DATA bpack<>+1136(SB)/8, $0x0000000400007321
DATA bpack<>+1144(SB)/8, $0x0000000500073210
DATA bpack<>+1152(SB)/8, $0x0000000200000074
DATA bpack<>+1160(SB)/8, $0x0000000300000740
DATA bpack<>+1168(SB)/8, $0x0000000300000741
DATA bpack<>+1176(SB)/8, $0x0000000400007410
DATA bpack<>+1184(SB)/8, $0x0000000300000742
DATA bpack<>+1192(SB)/8, $0x0000000400007420
DATA bpack<>+1200(SB)/8, $0x0000000400007421
DATA bpack<>+1208(SB)/8, $0x0000000500074210
DATA bpack<>+1216(SB)/8, $0x0000000300000743
DATA bpack<>+1224(SB)/8, $0x0000000400007430
DATA bpack<>+1232(SB)/8, $0x0000000400007431
DATA bpack<>+1240(SB)/8, $0x0000000500074310
DATA bpack<>+1248(SB)/8, $0x0000000400007432
DATA bpack<>+1256(SB)/8, $0x0000000500074320
DATA bpack<>+1264(SB)/8, $0x0000000500074321
DATA bpack<>+1272(SB)/8, $0x0000000600743210
DATA bpack<>+1280(SB)/8, $0x0000000200000075
DATA bpack<>+1288(SB)/8, $0x0000000300000750
DATA bpack<>+1296(SB)/8, $0x0000000300000751
DATA bpack<>+1304(SB)/8, $0x0000000400007510
DATA bpack<>+1312(SB)/8, $0x0000000300000752
DATA bpack<>+1320(SB)/8, $0x0000000400007520
DATA bpack<>+1328(SB)/8, $0x0000000400007521
DATA bpack<>+1336(SB)/8, $0x0000000500075210
DATA bpack<>+1344(SB)/8, $0x0000000300000753
DATA bpack<>+1352(SB)/8, $0x0000000400007530
DATA bpack<>+1360(SB)/8, $0x0000000400007531
DATA bpack<>+1368(SB)/8, $0x0000000500075310
DATA bpack<>+1376(SB)/8, $0x0000000400007532
DATA bpack<>+1384(SB)/8, $0x0000000500075320
DATA bpack<>+1392(SB)/8, $0x0000000500075321
DATA bpack<>+1400(SB)/8, $0x0000000600753210
DATA bpack<>+1408(SB)/8, $0x0000000300000754
DATA bpack<>+1416(SB)/8, $0x0000000400007540
DATA bpack<>+1424(SB)/8, $0x0000000400007541
DATA bpack<>+1432(SB)/8, $0x0000000500075410
DATA bpack<>+1440(SB)/8, $0x0000000400007542
DATA bpack<>+1448(SB)/8, $0x0000000500075420
DATA bpack<>+1456(SB)/8, $0x0000000500075421
DATA bpack<>+1464(SB)/8, $0x0000000600754210
DATA bpack<>+1472(SB)/8, $0x0000000400007543
DATA bpack<>+1480(SB)/8, $0x0000000500075430
DATA bpack<>+1488(SB)/8, $0x0000000500075431
DATA bpack<>+1496(SB)/8, $0x0000000600754310
DATA bpack<>+1504(SB)/8, $0x0000000500075432
DATA bpack<>+1512(SB)/8, $0x0000000600754320
DATA bpack<>+1520(SB)/8, $0x0000000600754321
DATA bpack<>+1528(SB)/8, $0x0000000707543210
DATA bpack<>+1536(SB)/8, $0x0000000200000076
DATA bpack<>+1544(SB)/8, $0x0000000300000760
DATA bpack<>+1552(SB)/8, $0x0000000300000761
DATA bpack<>+1560(SB)/8, $0x0000000400007610
DATA bpack<>+1568(SB)/8, $0x0000000300000762
DATA bpack<>+1576(SB)/8, $0x0000000400007620
DATA bpack<>+1584(SB)/8, $0x0000000400007621
DATA bpack<>+1592(SB)/8, $0x0000000500076210
DATA bpack<>+1600(SB)/8, $0x0000000300000763
DATA bpack<>+1608(SB)/8, $0x0000000400007630
DATA bpack<>+1616(SB)/8, $0x0000000400007631
DATA bpack<>+1624(SB)/8, $0x0000000500076310
DATA bpack<>+1632(SB)/8, $0x0000000400007632
DATA bpack<>+1640(SB)/8, $0x0000000500076320
DATA bpack<>+1648(SB)/8, $0x0000000500076321
DATA bpack<>+1656(SB)/8, $0x0000000600763210
DATA bpack<>+1664(SB)/8, $0x0000000300000764
DATA bpack<>+1672(SB)/8, $0x0000000400007640
DATA bpack<>+1680(SB)/8, $0x0000000400007641
DATA bpack<>+1688(SB)/8, $0x0000000500076410
DATA bpack<>+1696(SB)/8, $0x0000000400007642
DATA bpack<>+1704(SB)/8, $0x0000000500076420
DATA bpack<>+1712(SB)/8, $0x0000000500076421
DATA bpack<>+1720(SB)/8, $0x0000000600764210
DATA bpack<>+1728(SB)/8, $0x0000000400007643
DATA bpack<>+1736(SB)/8, $0x0000000500076430
DATA bpack<>+1744(SB)/8, $0x0000000500076431
DATA bpack<>+1752(SB)/8, $0x0000000600764310
DATA bpack<>+1760(SB)/8, $0x0000000500076432
DATA bpack<>+1768(SB)/8, $0x0000000600764320
DATA bpack<>+1776(SB)/8, $0x0000000600764321
DATA bpack<>+1784(SB)/8, $0x0000000707643210
DATA bpack<>+1792(SB)/8, $0x0000000300000765
DATA bpack<>+1800(SB)/8, $0x0000000400007650
DATA bpack<>+1808(SB)/8, $0x0000000400007651
DATA bpack<>+1816(SB)/8, $0x0000000500076510
DATA bpack<>+1824(SB)/8, $0x0000000400007652
DATA bpack<>+1832(SB)/8, $0x0000000500076520
DATA bpack<>+1840(SB)/8, $0x0000000500076521
DATA bpack<>+1848(SB)/8, $0x0000000600765210
DATA bpack<>+1856(SB)/8, $0x0000000400007653
DATA bpack<>+1864(SB)/8, $0x0000000500076530
DATA bpack<>+1872(SB)/8, $0x0000000500076531
DATA bpack<>+1880(SB)/8, $0x0000000600765310
DATA bpack<>+1888(SB)/8, $0x0000000500076532
DATA bpack<>+1896(SB)/8, $0x0000000600765320
DATA bpack<>+1904(SB)/8, $0x0000000600765321
DATA bpack<>+1912(SB)/8, $0x0000000707653210
DATA bpack<>+1920(SB)/8, $0x0000000400007654
DATA bpack<>+1928(SB)/8, $0x0000000500076540
DATA bpack<>+1936(SB)/8, $0x0000000500076541
DATA bpack<>+1944(SB)/8, $0x0000000600765410
DATA bpack<>+1952(SB)/8, $0x0000000500076542
DATA bpack<>+1960(SB)/8, $0x0000000600765420
DATA bpack<>+1968(SB)/8, $0x0000000600765421
DATA bpack<>+1976(SB)/8, $0x0000000707654210
DATA bpack<>+1984(SB)/8, $0x0000000500076543
DATA bpack<>+1992(SB)/8, $0x0000000600765430
DATA bpack<>+2000(SB)/8, $0x0000000600765431
DATA bpack<>+2008(SB)/8, $0x0000000707654310
DATA bpack<>+2016(SB)/8, $0x0000000600765432
DATA bpack<>+2024(SB)/8, $0x0000000707654320
DATA bpack<>+2032(SB)/8, $0x0000000707654321
DATA bpack<>+2040(SB)/8, $0x0000000876543210
GLOBL bpack<>(SB), RODATA|NOPTR, $2048

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

// func blendPrepAVX(a, b *Transform, w0, w1 *float32, idx *int32, ds, signs *float32, n int, w, lin0 float32) (m int)
TEXT ·blendPrepAVX(SB), NOSPLIT, $0-80
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

	// The other lanes of the group, in order, to idx, ds and signs: their
	// lane numbers from bpack (the order of the mask's bits) permute d, sign
	// and the joint numbers to the front, and all eight lanes are stored at
	// m (the lanes past the group's count are written over by the next
	// group's or left past the end; m + 8 never passes the group's end, so
	// the arrays' blendChunk entries hold them).
	VMOVMSKPS    Y9, AX
	NOTL         AX
	ANDL         AX, R13
	LEAQ         bpack<>(SB), AX
	MOVQ         (AX)(R13*8), AX
	VMOVD        AX, X10
	VPBROADCASTD X10, Y10
	VPSRLVD      bnibble<>(SB), Y10, Y10
	VPAND        bseven<>(SB), Y10, Y10
	VPERMPS      Y8, Y10, Y8
	VMOVUPS      Y8, (R11)(DX*4)
	VPERMPS      Y11, Y10, Y11
	VMOVUPS      Y11, (R12)(DX*4)
	VMOVD        BX, X9
	VPBROADCASTD X9, Y9
	VPADDD       biota8<>(SB), Y9, Y9
	VPERMD       Y9, Y10, Y9
	VMOVDQU      Y9, (R10)(DX*4)
	SHRQ         $32, AX
	ADDQ         AX, DX

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

// func blendScaleAVX(x *float32, m int, w float32)
TEXT ·blendScaleAVX(SB), NOSPLIT, $0-20
	MOVQ         x+0(FP), SI
	MOVQ         m+8(FP), CX
	VBROADCASTSS w+16(FP), Y1
	XORQ         BX, BX

scale:
	CMPQ    BX, CX
	JGE     scaled
	VMULPS  (SI)(BX*4), Y1, Y0         // w·x
	VMOVUPS Y0, (SI)(BX*4)
	ADDQ    $8, BX
	JMP     scale

scaled:
	VZEROUPPER
	RET

// func blendWeightsAVX(idx *int32, ds, signs, sinTheta, sinA, cosA, w0, w1 *float32, m int)
TEXT ·blendWeightsAVX(SB), NOSPLIT, $64-72
	MOVQ idx+0(FP), R10
	MOVQ ds+8(FP), R11
	MOVQ signs+16(FP), R12
	MOVQ sinTheta+24(FP), SI
	MOVQ sinA+32(FP), DI
	MOVQ cosA+40(FP), R13
	MOVQ w0+48(FP), R8
	MOVQ w1+56(FP), R9
	MOVQ m+64(FP), CX
	XORQ BX, BX

weights:
	CMPQ    BX, CX
	JGE     weighted
	VMOVUPS (DI)(BX*4), Y0
	VDIVPS  (SI)(BX*4), Y0, Y0         // v = sin wθ / sin θ
	VMULPS  (R11)(BX*4), Y0, Y1        // v·d
	VMOVUPS (R13)(BX*4), Y2
	VSUBPS  Y1, Y2, Y2                 // cos wθ − v·d
	VMULPS  (R12)(BX*4), Y0, Y3        // v·sign
	VMOVUPS Y2, 0(SP)
	VMOVUPS Y3, 32(SP)

	// Lanes BX..min(BX+8, m)−1 to their joints.
	MOVQ CX, DX
	SUBQ BX, DX
	CMPQ DX, $8
	JLE  2(PC)
	MOVQ $8, DX
	XORQ AX, AX

scatter:
	MOVL  (R10)(AX*4), R14              // R10 is &idx[BX]
	VMOVSS 0(SP)(AX*4), X4
	VMOVSS X4, (R8)(R14*4)
	VMOVSS 32(SP)(AX*4), X4
	VMOVSS X4, (R9)(R14*4)
	INCQ  AX
	CMPQ  AX, DX
	JLT   scatter

	ADDQ $8, BX
	ADDQ $32, R10
	JMP  weights

weighted:
	VZEROUPPER
	RET

// func blendPackEntry(k int) uint64
TEXT ·blendPackEntry(SB), NOSPLIT, $0-16
	MOVQ k+0(FP), CX
	LEAQ bpack<>(SB), AX
	MOVQ (AX)(CX*8), AX
	MOVQ AX, ret+8(FP)
	RET
