package swg

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// The packed 32-bit quaternion of CKAT (CompressedQuaternion.cpp, FORMAT.md §5.5):
// x in bits 31..21 (11 bits), y in bits 20..10 (11 bits), z in bits 9..0 (10 bits);
// each value is base(format) ± magnitude·step(format), and w = sqrt(1 − (x²+y²+z²)).

type cqFormat struct {
	base     float32
	expand11 float32
	expand10 float32
	half     float32
	level    int
}

var cqFormats [256]cqFormat

// cqFormatIDs are the format ids of precision levels 0..6.
var cqFormatIDs = [7]uint8{0xFE, 0xFC, 0xF8, 0xF0, 0xE0, 0xC0, 0x80}

func init() {
	// Entries the client never installs (0x00–0x7F, 0xFF) keep base 0 and precision
	// level 0, which decodes exactly like 0xFE.
	h0 := 0.5 * (4.0 / float32(2))
	for i := range cqFormats {
		cqFormats[i] = cqFormat{base: 0, expand11: h0 / 1023, expand10: h0 / 511, half: h0}
	}
	for s := 0; s < len(cqFormatIDs); s++ {
		count := 1 << s
		sep := 2.0 / float32(count+1)
		half := 0.5 * (4.0 / float32(count+1))
		for i := 0; i < count; i++ {
			cqFormats[cqFormatIDs[s]|uint8(i)] = cqFormat{
				base:     -1.0 + float32(float32(i+1)*sep),
				expand11: half / 1023,
				expand10: half / 511,
				half:     half,
				level:    s,
			}
		}
	}
}

// ValidFormat reports whether b is a format byte the compressor produces
// (0x80–0xFE).
func ValidFormat(b uint8) bool { return b >= 0x80 && b <= 0xFE }

func expand11(f uint8, v uint32) float32 {
	ff := &cqFormats[f]
	m := float32(float32(v&0x3FF) * ff.expand11) // rounded: no FMA with the ± below
	if v&0x400 != 0 {
		return ff.base - m
	}
	return ff.base + m
}

func expand10(f uint8, v uint32) float32 {
	ff := &cqFormats[f]
	m := float32(float32(v&0x1FF) * ff.expand10)
	if v&0x200 != 0 {
		return ff.base - m
	}
	return ff.base + m
}

// ExpandQuat decodes a packed quaternion with the formats of its x, y and z.
// clamped reports that 1 − (x²+y²+z²) was negative and w was set to 0 (the client
// would take the square root of a negative number; animscope's decision, §5.5).
func ExpandQuat(word uint32, fx, fy, fz uint8) (q mgl32.Quat, clamped bool) {
	x := expand11(fx, word>>21)
	y := expand11(fy, word>>10)
	z := expand10(fz, word)
	s := 1 - (float32(float32(x*x)+float32(y*y)) + float32(z*z))
	if s < 0 {
		s, clamped = 0, true
	}
	w := float32(math.Sqrt(float64(s)))
	return mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}, clamped
}

func compress11(f uint8, v float32) uint32 {
	ff := &cqFormats[f]
	c := 1023 / ff.half
	if v >= ff.base {
		raw := uint32(c * max(0, v-ff.base))
		return min(0x3FF, raw)
	}
	raw := uint32(c * max(0, ff.base-v))
	return 0x400 | min(0x3FF, raw)
}

func compress10(f uint8, v float32) uint32 {
	ff := &cqFormats[f]
	c := 511 / ff.half
	if v >= ff.base {
		raw := uint32(c * max(0, v-ff.base))
		return min(0x1FF, raw)
	}
	raw := uint32(c * max(0, ff.base-v))
	return 0x200 | min(0x1FF, raw)
}

// CompressQuat packs q with the given formats as the client's doCompress does
// (q is flipped to w >= 0 first). It is the encoder of the test files; values
// outside a format's range saturate.
func CompressQuat(q mgl32.Quat, fx, fy, fz uint8) uint32 {
	if q.W < 0 {
		q = negQuat(q)
	}
	clamp := func(v float32) float32 { return max(-1, min(1, v)) }
	x := compress11(fx, clamp(q.V[0]))
	y := compress11(fy, clamp(q.V[1]))
	z := compress10(fz, clamp(q.V[2]))
	return x<<21 | y<<10 | z
}

func cqRange(level int) float32 { return 4.0 / float32(int(1)<<level+1) }

// OptimalFormat is CompressedQuaternion::getOptimalCompressionFormat for one
// component: the most precise format whose range covers [lo, hi].
func OptimalFormat(lo, hi float32) uint8 {
	level := 0
	for s := len(cqFormatIDs) - 1; s >= 0; s-- {
		if cqRange(s) >= hi-lo {
			level = s
			break
		}
	}
	for ; level >= 0; level-- {
		rng := hi - lo
		mid := lo + float32(0.5*rng)
		count := 1 << level
		sep := 2.0 / float32(count+1)
		best, bestD := -1, float32(math.MaxFloat32)
		bestV := float32(0)
		for i := 0; i < count; i++ {
			v := -1.0 + float32(float32(i+1)*sep)
			d := float32(math.Abs(float64(v - mid)))
			if d < bestD {
				best, bestD, bestV = i, d, v
			} else {
				break
			}
		}
		half := float32(0.5 * cqRange(level))
		if lo >= bestV-half && hi <= bestV+half {
			return cqFormatIDs[level] | uint8(best)
		}
	}
	return 0xFE
}

// OptimalFormats returns the x, y and z formats for a set of rotations (each
// flipped to w >= 0 first), as the client's exporter chooses them.
func OptimalFormats(qs []mgl32.Quat) (fx, fy, fz uint8) {
	if len(qs) == 0 {
		return 0xFE, 0xFE, 0xFE
	}
	lo := [3]float32{math.MaxFloat32, math.MaxFloat32, math.MaxFloat32}
	hi := [3]float32{-math.MaxFloat32, -math.MaxFloat32, -math.MaxFloat32}
	for _, q := range qs {
		if q.W < 0 {
			q = negQuat(q)
		}
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], q.V[k])
			hi[k] = max(hi[k], q.V[k])
		}
	}
	return OptimalFormat(lo[0], hi[0]), OptimalFormat(lo[1], hi[1]), OptimalFormat(lo[2], hi[2])
}
