package vca

import "math"

// tw223 is LuaJIT's math.random generator (src/lib_math.c): a combined Tausworthe
// generator of four 64-bit LFSRs.
type tw223 struct{ gen [4]uint64 }

func (r *tw223) step() uint64 {
	var res uint64
	g := func(i int, k, q, s uint) {
		z := r.gen[i]
		z = (((z << q) ^ z) >> (k - s)) ^ ((z & (^uint64(0) << (64 - k))) << s)
		res ^= z
		r.gen[i] = z
	}
	g(0, 63, 31, 18)
	g(1, 58, 19, 28)
	g(2, 55, 24, 7)
	g(3, 47, 21, 8)
	return (res & 0x000FFFFFFFFFFFFF) | 0x3FF0000000000000
}

// init is random_init(d): four doubles from d·π + e, each forced to have its top
// k bits non-zero, then 10 warm-up steps.
func (r *tw223) init(d float64) {
	shifts := [4]uint{1, 6, 9, 17} // 64 − k
	for i := 0; i < 4; i++ {
		d = float64(d*3.14159265358979323846) + 2.7182818284590452354
		u := math.Float64bits(d)
		m := uint64(1) << shifts[i]
		if u < m {
			u += m
		}
		r.gen[i] = u
	}
	for i := 0; i < 10; i++ {
		r.step()
	}
}

// random is math.random() without arguments: a double in [0, 1).
func (r *tw223) random() float64 { return math.Float64frombits(r.step()) - 1.0 }

// NoisePeriod is the size of the engine's random table.
const NoisePeriod = 3021

// noiseR is R[1..3021] (stored 0-based): 2·random() − 1 from LuaJIT's default state
// random_init(0.0), as math.lua builds it at startup.
var noiseR = func() [NoisePeriod]float64 {
	var r tw223
	r.init(0)
	var t [NoisePeriod]float64
	for i := range t {
		t[i] = float64(r.random()*2.0) - 1.0
	}
	return t
}()

// NoiseTable returns R[i] for i in 1..3021 (Lua's 1-based index).
func NoiseTable(i int) float64 { return noiseR[i-1] }

// smooth and the noise functions below round products explicitly (float64(a*b))
// so no target fuses them into an FMA; see .ci/fma-check. smooth's own result is
// rounded too: sample1 subtracts it once smooth is inlined.
func smooth(u float64) float64 { return float64(u * u * (3 - float64(2*u))) }

// rIndex returns R[i+1] for a computed cell index i; a non-finite or out-of-range
// index is the engine's "arithmetic on a nil value" error.
func rIndex(e *env, i float64) float64 {
	if !(i >= 0 && i < NoisePeriod) {
		e.err = true
		return math.NaN()
	}
	return noiseR[int(i)]
}

// sample1 is s(x) of §5.2.
func sample1(e *env, x float64) float64 {
	x = luaMod(x, NoisePeriod)
	i := math.Floor(x)
	j := luaMod(i+1, NoisePeriod)
	w := smooth(x - i)
	return float64(rIndex(e, i)*(1.0-w)) + float64(rIndex(e, j)*w)
}

// maxOctaves bounds the octave loops. After 1075 octaves mul has underflowed to 0,
// so later octaves cannot change the value (and a doubled x has overflowed to an
// error long before), so the bound never changes a result.
const maxOctaves = 1100

// noise1 is noise(x, oct) of §5.2.
func noise1(e *env, x, oct float64) float64 {
	x = math.Abs(x)
	v, mul := 0.0, 1.0
	for k := 1; float64(k) <= oct && k <= maxOctaves; k++ {
		v = float64(v*(1.0-mul)) + float64(sample1(e, x+float64(37*float64(k)))*mul)
		x *= 2.0
		mul *= 0.5
	}
	return v
}

func corner(e *env, a, b float64) float64 {
	return rIndex(e, luaMod(math.Floor(float64(a*317)+b), NoisePeriod))
}

func lerp(a, b, t float64) float64 { return a + float64((b-a)*t) }

// sample2 is s2(x, y) of §5.2.
func sample2(e *env, x, y float64) float64 {
	x, y = math.Abs(x), math.Abs(y)
	x0, y0 := math.Floor(x), math.Floor(y)
	sx, sy := smooth(x-x0), smooth(y-y0)
	c00 := corner(e, x0, y0)
	c10 := corner(e, x0+1, y0)
	c01 := corner(e, x0, y0+1)
	c11 := corner(e, x0+1, y0+1)
	return lerp(lerp(c00, c10, sx), lerp(c01, c11, sx), sy)
}

// noise2 is noise2d(x, y, oct) of §5.2.
func noise2(e *env, x, y, oct float64) float64 {
	v, mul := 0.0, 1.0
	for k := 1; float64(k) <= oct && k <= maxOctaves; k++ {
		v = float64(v*(1.0-mul)) + float64(sample2(e, x+float64(37*float64(k)), y+float64(73*float64(k)))*mul)
		x *= 2.0
		y *= 2.0
		mul *= 0.5
	}
	return v
}
