package anim

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sincos64Golden are math.Sincos's bits for these inputs as the standard library
// computes them unfused (amd64 below v3; TestSincos64GoldenFromStdlib checks they
// are): Sincos64 must give them on every target, fused or not.
var sincos64Golden = []struct{ x, sin, cos uint64 }{
	{0x3fb999999999999a, 0x3fb98eaecb8bcb2c, 0x3fefd712f9a817c0}, // 0.1
	{0xbfe6666666666666, 0xbfe49d6e694619b8, 0x3fe87996529f9d92}, // -0.7
	{0x3ff0000000000000, 0x3feaed548f090cee, 0x3fe14a280fb5068c}, // 1
	{0x4004000000000000, 0x3fe326af0dcfcab0, 0xbfe9a2f7ef858b7d}, // 2.5
	{0xc00f333333333333, 0x3fe6022e2d1fb3cb, 0xbfe73ad66234c8ea}, // -3.9
	{0x3fe921fb54442d18, 0x3fe6a09e667f3bcc, 0x3fe6a09e667f3bcd}, // 0.7853981633974483
	{0x4002d97c7f3321d2, 0x3fe6a09e667f3bcd, 0xbfe6a09e667f3bcc}, // 2.356194490192345
	{0x4024000000000000, 0xbfe1689ef5f34f53, 0xbfead9ac890c6b1f}, // 10
	{0xc059100000000000, 0x3fd1bf00980dc35d, 0x3feebec72ba6b0ec}, // -100.25
	{0x40934a456d5cfaad, 0x3fb3fa00084ee3dd, 0xbfefe7053dc31387}, // 1234.5678
	{0x3fd4aa29abaf85ca, 0x3fd44eb830883781, 0x3fee58aad9a44824}, // 0.32288591161895097
	{0x3ee4f8b588e368f1, 0x3ee4f8b588e1e8a2, 0x3feffffffff920c8}, // 1e-05
	{0xbd719799812dea11, 0xbd719799812dea11, 0x3ff0000000000000}, // -1e-12
	{0x0000000000000001, 0x0000000000000001, 0x3ff0000000000000}, // 5e-324
	{0x40f0000200000000, 0x3fe317ee25350141, 0xbfe9adf6c4735751}, // 65536.125
	{0x4160980c00000000, 0x3f9f84abd266df44, 0x3feffc1e5d5eaa8d}, // 8.7e+06
	{0xc1bad27480000000, 0xbfe42fef004f6b0a, 0xbfe8d4342a0b1ada}, // -4.5e+08
	{0x41c017df80000000, 0x3fefc1cf52fc3e43, 0xbfbf7bff6152baaa}, // 5.4e+08
	{0x4202a05f20000000, 0xbfdf334c7896a4e4, 0x3febf098901c931a}, // 1e+10
	{0xc32550f7dca70000, 0xbfa77f46d55870ef, 0x3feff75e5df884a4}, // -3e+15
	{0x4480f0cf064dd592, 0xbfeb453ab76bf398, 0x3fe0be2cef01c8f3}, // 1e+22
	{0x6974e718d7d7625a, 0xbfe49b644938c64c, 0x3fe87b4df51f679e}, // 1e+200
	{0xbfe23c91e37c2b2e, 0xbfe143eee3a76de0, 0x3feaf15281f805d5}, // -0.5698937838618343
	{0x3ff1d7e95bee59a2, 0x3fecbc73c92b50f9, 0x3fdc28bcc6505c9c}, // 1.1152127829605907
	{0x4055d4fc4d414d37, 0xbfe3067b6d0175ed, 0x3fe9bae6b6f2a728}, // 87.32789927842246
	{0x405e1dd6ac0a0ce8, 0x3fec4eea34eaf71a, 0x3fddd7a821adb063}, // 120.46622754079328
	{0xc0c0c1420b05b78f, 0xbfed822b2c45fe3d, 0xbfd8c243c85fb5c4}, // -8578.515961374882
	{0x40f8043595e5deee, 0x3fef29e54c3d4b2d, 0xbfcd12a0b791745d}, // 98371.34909617502
	{0xc0fc4094306f721d, 0x3fe48707a75ceea5, 0xbfe88c632b83dbcc}, // -115721.26182503295
	{0x3feb9abc7282b314, 0x3fe84e53eb9e6144, 0x3fe4d05e16b1a1e0}, // 0.8626386868032534
	{0xbfff7f00a90817ca, 0xbfed809de16b80c3, 0xbfd8c9a8834c5e79}, // -1.968506489066828
	{0xc009d7cbe23a6638, 0x3fb6b26e14a0b9f1, 0xbfefdfbd4875ef01}, // -3.230369346053319
	{0x408add238c5b45c1, 0xbfed42c91cabd8f2, 0x3fd9e857f1da10dc}, // 859.6423575525915
	{0xc0c2fa323d216aea, 0xbfe0d2e0996c59c0, 0xbfeb387a1c0f0d68}, // -9716.392490555958
	{0x40ed27a1e99ba46a, 0xbfa9b20968a3e8cc, 0x3feff5ad4f1fcb48}, // 59709.05976659882
	{0xc1263ccae44b63c1, 0x3fe586c08b163c66, 0xbfe7ad64654bf481}, // -728677.4458876775
	{0xbfe7ad9e0268fc9e, 0xbfe5936cc0de0825, 0x3fe7a1d8b218b3a9}, // -0.7399435088226658
	{0xc01ce7a7f84c5f6c, 0xbfe9e62e0f564d46, 0x3fe2cb669e9302fb}, // -7.226226691876814
	{0xc01bdb21af07ac5c, 0xbfe4243b94cb6725, 0x3fe8ddb3072f7420}, // -6.963995680659618
	{0xc07379c7f4ac1eb7, 0x3fe1e67d0299ea7b, 0xbfea8668e66a85f6}, // -311.6113173221051
}

func TestSincos64Golden(t *testing.T) {
	for _, g := range sincos64Golden {
		x := math.Float64frombits(g.x)
		s, c := Sincos64(x)
		if math.Float64bits(s) != g.sin || math.Float64bits(c) != g.cos {
			t.Errorf("Sincos64(%v) = %#016x, %#016x, want %#016x, %#016x", x, math.Float64bits(s), math.Float64bits(c), g.sin, g.cos)
		}
	}
}

func TestSincos64Specials(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, c := range []struct{ x, sin, cos float64 }{
		{0, 0, 1}, {negZero, negZero, 1}, {math.Inf(1), math.NaN(), math.NaN()},
		{math.Inf(-1), math.NaN(), math.NaN()}, {math.NaN(), math.NaN(), math.NaN()},
	} {
		s, co := Sincos64(c.x)
		same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b }
		if !same(s, c.sin) || !same(co, c.cos) {
			t.Errorf("Sincos64(%v) = %v, %v, want %v, %v", c.x, s, co, c.sin, c.cos)
		}
	}
}

// TestSincosBatch64MatchesScalar: the batch gives Sincos64's bits for every
// element, with the assembly kernel (where the CPU has it) and with the Go loop,
// on special inputs (±0, subnormals, multiples of π/4 and their neighbours, 2^29,
// huge values, ±Inf, NaN, which the kernel hands back lane by lane), random bit
// patterns and random angles, at lengths that leave a tail of 1 to 3.
func TestSincosBatch64MatchesScalar(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 5e-324, -5e-324, 2.2250738585072009e-308, 1e-300, 1e-8,
		math.Pi / 4, -math.Pi / 4, math.Nextafter(math.Pi/4, 0), math.Nextafter(math.Pi/4, 1), math.Pi / 2, math.Pi,
		3 * math.Pi / 4, 1 << 29, math.Nextafter(1<<29, 0), -(1 << 29), 1e300, -math.MaxFloat64,
		math.Inf(1), math.Inf(-1), math.NaN(), 1e9, -1e9, 0.5}
	for k := 1; k < 200; k++ {
		m := float64(k) * (math.Pi / 4)
		xs = append(xs, m, -m, math.Nextafter(m, 0), math.Nextafter(m, 1e9))
	}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100_000; i++ {
		switch i % 4 {
		case 0:
			xs = append(xs, math.Float64frombits(r.Uint64()))
		case 1:
			xs = append(xs, (r.Float64()*2-1)*4)
		case 2:
			xs = append(xs, float64(float32((r.Float64()*2-1)*720))*(math.Pi/180)/2)
		default:
			xs = append(xs, (r.Float64()*2-1)*1e9)
		}
	}
	saved := haveAVX2
	defer func() { haveAVX2 = saved }()
	for _, asm := range []bool{true, false} {
		haveAVX2 = asm && saved
		for _, n := range []int{len(xs), len(xs) - 1, len(xs) - 2, len(xs) - 3, 3, 4, 5} {
			in := xs[:n]
			sin, cos := make([]float64, n), make([]float64, n)
			SincosBatch64(in, sin, cos)
			for i, x := range in {
				ws, wc := Sincos64(x)
				if math.Float64bits(sin[i]) != math.Float64bits(ws) || math.Float64bits(cos[i]) != math.Float64bits(wc) {
					t.Fatalf("asm=%v n=%d: element %d: SincosBatch64(%v = %#016x) = %#016x, %#016x, want %#016x, %#016x",
						haveAVX2, n, i, x, math.Float64bits(x), math.Float64bits(sin[i]), math.Float64bits(cos[i]), math.Float64bits(ws), math.Float64bits(wc))
				}
			}
		}
	}
}

func TestSincosBatch64AllocatesNothing(t *testing.T) {
	x, s, c := make([]float64, 64), make([]float64, 64), make([]float64, 64)
	for i := range x {
		x[i] = float64(i) * 0.1
	}
	if n := testing.AllocsPerRun(100, func() { SincosBatch64(x, s, c) }); n != 0 {
		t.Errorf("SincosBatch64 allocates %v times, want 0", n)
	}
}

func BenchmarkSincos64(b *testing.B) {
	x := make([]float64, 256)
	for i := range x {
		x[i] = float64(i)*0.013 - 1.5
	}
	s, c := make([]float64, len(x)), make([]float64, len(x))
	b.Run("batch", func(b *testing.B) {
		for b.Loop() {
			SincosBatch64(x, s, c)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(x)), "ns/value")
	})
	b.Run("scalar", func(b *testing.B) {
		for b.Loop() {
			for i, v := range x {
				s[i], c[i] = Sincos64(v)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(x)), "ns/value")
	})
}
