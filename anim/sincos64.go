package anim

import (
	"math"
	"math/bits"
)

// Sincos64 and SincosBatch64 are the standard library's float64 sine and cosine
// (math.Sincos: Cephes' polynomials on [−π/4, π/4] after a reduction by π/4 in
// three parts, Payne–Hanek beyond 2^29), the same IEEE operations in the same
// order, with every product rounded on its own (float64(a*b)) so that no target
// fuses one into a multiply-add. On amd64 built with GOAMD64=v1 or v2 the
// standard library is not fused either, and Sincos64 returns exactly its bits
// (sincos64_std_test.go checks millions of inputs); with GOAMD64=v3 and on arm64
// the compiler fuses math.Sincos, whose last bits then change with the target,
// while Sincos64's do not: a rule computed with it gives the same result on every
// target. The algorithm and its constants are Go's (src/math/sincos.go, sin.go,
// trig_reduce.go; BSD licence, The Go Authors).

// The Cephes coefficients of math's sin.go.
var sin64Coef = [6]float64{
	1.58962301576546568060e-10, // 0x3de5d8fd1fd19ccd
	-2.50507477628578072866e-8, // 0xbe5ae5e5a9291f5d
	2.75573136213857245213e-6,  // 0x3ec71de3567d48a1
	-1.98412698295895385996e-4, // 0xbf2a01a019bfdf03
	8.33333333332211858878e-3,  // 0x3f8111111110f7d0
	-1.66666666666666307295e-1, // 0xbfc5555555555548
}

var cos64Coef = [6]float64{
	-1.13585365213876817300e-11, // 0xbda8fa49a0861a9b
	2.08757008419747316778e-9,   // 0x3e21ee9d7b4e3f05
	-2.75573141792967388112e-7,  // 0xbe927e4f7eac4bc6
	2.48015872888517045348e-5,   // 0x3efa01a019c844f5
	-1.38888888888730564116e-3,  // 0xbf56c16c16c14f91
	4.16666666666665929218e-2,   // 0x3fa555555555554b
}

const (
	// π/4 in three parts: PI4A and PI4B have 30 and 32 trailing zero bits, so
	// y·PI4A and y·PI4B are exact for y < 2^29.
	pi4A = 7.85398125648498535156e-1  // 0x3fe921fb40000000
	pi4B = 3.77489470793079817668e-8  // 0x3e64442d00000000
	pi4C = 2.69515142907905952645e-15 // 0x3ce8469898cc5170
	// reduceThreshold64 is where the three-part reduction stops being exact and
	// Payne–Hanek takes over.
	reduceThreshold64 = 1 << 29
)

// Sincos64 returns math.Sincos(x) as computed without fused multiply-adds (see
// above): Sincos64(±0) = ±0, 1; Sincos64(±Inf) and Sincos64(NaN) are NaN, NaN.
func Sincos64(x float64) (sin, cos float64) {
	switch {
	case x == 0:
		return x, 1
	case x != x || x-x != 0: // NaN or ±Inf
		return math.NaN(), math.NaN()
	}
	sinSign, cosSign := false, false
	if x < 0 {
		x = -x
		sinSign = true
	}
	var j uint64
	var z float64
	if x >= reduceThreshold64 {
		j, z = trigReduce64(x)
	} else {
		j = uint64(float64(x * (4 / math.Pi))) // the octant, as an integer
		y := float64(j)
		if j&1 == 1 { // map zeros to origin
			j++
			y++
		}
		j &= 7
		z = float64(float64(x-float64(y*pi4A))-float64(y*pi4B)) - float64(y*pi4C)
	}
	if j > 3 { // reflect in the x axis
		j -= 4
		sinSign, cosSign = !sinSign, !cosSign
	}
	if j > 1 {
		cosSign = !cosSign
	}
	zz := float64(z * z)
	pc := float64(cos64Coef[0]*zz) + cos64Coef[1]
	pc = float64(pc*zz) + cos64Coef[2]
	pc = float64(pc*zz) + cos64Coef[3]
	pc = float64(pc*zz) + cos64Coef[4]
	pc = float64(pc*zz) + cos64Coef[5]
	ps := float64(sin64Coef[0]*zz) + sin64Coef[1]
	ps = float64(ps*zz) + sin64Coef[2]
	ps = float64(ps*zz) + sin64Coef[3]
	ps = float64(ps*zz) + sin64Coef[4]
	ps = float64(ps*zz) + sin64Coef[5]
	cos = float64(1.0-float64(0.5*zz)) + float64(float64(zz*zz)*pc)
	sin = z + float64(float64(z*zz)*ps)
	if j == 1 || j == 2 {
		sin, cos = cos, sin
	}
	if cosSign {
		cos = -cos
	}
	if sinSign {
		sin = -sin
	}
	return sin, cos
}

// trigReduce64 is math's trigReduce: Payne–Hanek reduction by π/4 for x ≥ π/4,
// the octant j (mod 8, zeros mapped to the origin) and the remainder z in
// radians. Integer arithmetic but for the last product.
func trigReduce64(x float64) (j uint64, z float64) {
	const (
		pi4   = math.Pi / 4
		shift = 52
		mask  = 0x7ff
		bias  = 1023
	)
	if x < pi4 {
		return 0, x
	}
	ix := math.Float64bits(x)
	exp := int(ix>>shift&mask) - bias - shift
	ix &^= mask << shift
	ix |= 1 << shift
	digit, bitshift := uint(exp+61)/64, uint(exp+61)%64
	z0 := (mPi4[digit] << bitshift) | (mPi4[digit+1] >> (64 - bitshift))
	z1 := (mPi4[digit+1] << bitshift) | (mPi4[digit+2] >> (64 - bitshift))
	z2 := (mPi4[digit+2] << bitshift) | (mPi4[digit+3] >> (64 - bitshift))
	z2hi, _ := bits.Mul64(z2, ix)
	z1hi, z1lo := bits.Mul64(z1, ix)
	z0lo := z0 * ix
	lo, c := bits.Add64(z1lo, z2hi, 0)
	hi, _ := bits.Add64(z0lo, z1hi, c)
	j = hi >> 61
	hi = hi<<3 | lo>>61
	lz := uint(bits.LeadingZeros64(hi))
	e := uint64(bias - (lz + 1))
	hi = (hi << (lz + 1)) | (lo >> (64 - (lz + 1)))
	hi >>= 64 - shift
	hi |= e << shift
	z = math.Float64frombits(hi)
	if j&1 == 1 {
		j++
		j &= 7
		z--
	}
	return j, float64(z * pi4)
}

// mPi4 is the binary digits of 4/π, 4/π = Σ mPi4[i]·2^(−64·i) (math's table).
var mPi4 = [...]uint64{
	0x0000000000000001,
	0x45f306dc9c882a53,
	0xf84eafa3ea69bb81,
	0xb6c52b3278872083,
	0xfca2c757bd778ac3,
	0x6e48dc74849ba5c0,
	0x0c925dd413a32439,
	0xfc3bd63962534e7d,
	0xd1046bea5d768909,
	0xd338e04d68befc82,
	0x7323ac7306a673e9,
	0x3908bf177bf25076,
	0x3ff12fffbc0b301f,
	0xde5e2316b414da3e,
	0xda6cfd9e4f96136e,
	0x9e8c7ecd3cbfd45a,
	0xea4f758fd7cbe2f6,
	0x7a0e73ef14a525d4,
	0xd7f6bf623f1aba10,
	0xac06608df8f6d757,
}

// SincosBatch64 sets sin[i], cos[i] = Sincos64(x[i]) for every i of x, the
// same bits: on amd64 with AVX2 four lanes at a time (sincos64_amd64.s, the same
// operations in the same order, no FMA), a lane the kernel leaves (NaN, ±Inf,
// |x| ≥ 2^29) recomputed by Sincos64; elsewhere a loop over Sincos64. sin and
// cos must be at least as long as x.
func SincosBatch64(x, sin, cos []float64) {
	n := len(x)
	sin, cos = sin[:n], cos[:n]
	i := 0
	if haveAVX2 {
		for n-i >= 4 {
			done, fail := sincos64x4(&x[i], &sin[i], &cos[i], (n-i)&^3)
			i += done
			if fail == 0 {
				break
			}
			for l := range 4 {
				if fail>>l&1 != 0 {
					sin[i+l], cos[i+l] = Sincos64(x[i+l])
				}
			}
			i += 4
		}
	}
	for ; i < n; i++ {
		sin[i], cos[i] = Sincos64(x[i])
	}
}
