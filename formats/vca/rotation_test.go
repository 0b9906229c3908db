package vca

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

// rotationTrack is a clip of rotate lines (and some move and scale lines) on up
// to 12 bones, in the rotation order given, whose values reach every case of the
// batched sine and cosine: zeros of both signs, multiples of 45°, values up to
// ±2e9° (above MaxValue: skipped) and tiny ones, on linear, const, bezier and
// func lines, some driving the object lineset.
func rotationTrack(rng *rand.Rand, order string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "@configure fps %d frames 48 rotation-order %s\n", 10+rng.Intn(30), order)
	bones := 1 + rng.Intn(12)
	for i, nl := 0, 1+rng.Intn(30); i < nl; i++ {
		target := fmt.Sprintf("bone b%d", rng.Intn(bones))
		if rng.Intn(15) == 0 {
			target = "" // the object lineset: the entity root
		}
		ch := []string{"rotate", "rotate", "rotate", "move", "scale"}[rng.Intn(5)]
		ax := string("xyz"[rng.Intn(3)])
		big := rng.Intn(6) == 0
		val := func() string {
			switch {
			case big:
				return fmt.Sprintf("%g", (rng.Float64()*2-1)*[]float64{1e3, 1e6, 8e8, 2e9}[rng.Intn(4)])
			case rng.Intn(8) == 0:
				return []string{"0", "-0", "45", "90", "180", "-360", "720", "1e-30"}[rng.Intn(8)]
			}
			return fmt.Sprintf("%.4f", (rng.Float64()*2-1)*400)
		}
		switch rng.Intn(4) {
		case 0:
			fmt.Fprintf(&sb, "@%s %s by %s func (sin(t * %d) * %s)\n", ch, target, ax, 1+rng.Intn(5), val())
		case 1:
			fmt.Fprintf(&sb, "@%s %s by %s curve bezier {\n", ch, target, ax)
			for k := 0; k <= 48; k += 12 {
				fmt.Fprintf(&sb, "  @key frame %d value %s lx -3 ly 0 rx 3 ry 0\n", k, val())
			}
			sb.WriteString("}\n")
		case 2:
			fmt.Fprintf(&sb, "@%s %s by %s curve const {\n  @key frame 0 value %s\n  @key frame 24 value %s\n}\n", ch, target, ax, val(), val())
		default:
			fmt.Fprintf(&sb, "@%s %s by %s curve linear {\n", ch, target, ax)
			for k := 0; k <= 48; k += 4 + rng.Intn(8) {
				fmt.Fprintf(&sb, "  @key frame %d value %s\n", k, val())
			}
			sb.WriteString("}\n")
		}
	}
	return sb.String()
}

// TestRotationsMatchReference: Sample, which takes a frame's sines and cosines in
// one batch, gives the reference's bits (a sine and cosine per rotate line, in
// line order) on clips of one to three rotated axes a bone in every rotation
// order, on their stand-in skeletons and, with unknown bones driving bone 0, on
// a skeleton of three bones (several linesets composed on one node).
func TestRotationsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var sources []diffSource
	orders := []string{"xyz", "zyx", "yxz", "xzy", "zxy", "yzx", "xy", "z"}
	for i := 0; i < 32; i++ {
		sources = append(sources, diffSource{fmt.Sprintf("rot%d", i), []byte(rotationTrack(rng, orders[i%len(orders)]))})
	}
	total := diffAll(t, sources)
	short := testSkeleton("b0", "b1", "b2")
	opt := formats.Options{Readings: map[string]string{"unknown-bone": "root"}}
	for _, src := range sources[:16] {
		tr := mustTrack(t, string(src.src), opt)
		c, _ := (&Binder{Track: tr, Opts: opt}).BindClip(short)
		total += diffClip(t, src.name+"-on-3", c, short, rng)
	}
	if total < 2000 {
		t.Fatalf("only %d samples compared", total)
	}
}

// TestFirstAxisIsTheProduct: firstAxis gives axisProduct's bits from the
// identity for every axis, signed zeros included.
func TestFirstAxisIsTheProduct(t *testing.T) {
	negZero := math.Copysign(0, -1)
	vals := []float64{0, negZero, 5e-324, -5e-324, 1e-300, -1e-300, 0.5, -0.5, 1, -1, 0.7071067811865476, -0.7071067811865476}
	for ax := 0; ax < 3; ax++ {
		for _, s := range vals {
			for _, cs := range vals {
				w, x, y, z := firstAxis(ax, s, cs)
				ww, wx, wy, wz := axisProduct(1, 0, 0, 0, ax, s, cs)
				got := [4]uint64{math.Float64bits(w), math.Float64bits(x), math.Float64bits(y), math.Float64bits(z)}
				want := [4]uint64{math.Float64bits(ww), math.Float64bits(wx), math.Float64bits(wy), math.Float64bits(wz)}
				if got != want {
					t.Errorf("axis %d, s %v, cs %v: firstAxis %v %v %v %v, axisProduct %v %v %v %v", ax, s, cs, w, x, y, z, ww, wx, wy, wz)
				}
			}
		}
	}
}

// TestSkippedRunLeavesDefaults: a run whose frame expression fails (its period
// max(false, 0) past t = 1) writes nothing that frame, so its slots read their defaults
// (0, and 1 for the scale), not what the context held from an earlier frame:
// Sample with a context that sampled t = 0.5 first gives the bits of a fresh
// context, and of the reference, at t = 1.5.
func TestSkippedRunLeavesDefaults(t *testing.T) {
	src := `@configure fps 10
@move bone a by x curve linear period (max(t < 1 and 10, 0)) {
  @key frame 0 value 1
  @key frame 10 value 2
}
@rotate bone a by z curve linear period (max(t < 1 and 10, 0)) {
  @key frame 0 value 30
  @key frame 10 value 60
}
@scale bone a by y curve linear period (max(t < 1 and 10, 0)) {
  @key frame 0 value 2
  @key frame 10 value 3
}
`
	tr := mustTrack(t, src, formats.Options{})
	s := standIn(tr)
	c, _ := (&Binder{Track: tr}).BindClip(s)
	if c.plan[0].run != 3 {
		t.Fatalf("the three lines make a run of %d, want 3", c.plan[0].run)
	}
	a := s.Find("a")
	ctx := c.NewContext()
	warm, fresh := make([]anim.Transform, s.Len()), make([]anim.Transform, s.Len())
	c.Sample(ctx, 0.5, warm, nil)
	moved := warm[a]
	c.Sample(ctx, 1.5, warm, nil)
	c.Sample(c.NewContext(), 1.5, fresh, nil)
	want := make([]anim.Transform, s.Len())
	c.refSample(c.refNewScratch(), 1.5, want, nil)
	for j := range warm {
		if !sameTransform(warm[j], fresh[j]) || !sameTransform(warm[j], want[j]) {
			t.Errorf("node %d at t=1.5 after t=0.5: %+v, fresh context %+v, reference %+v", j, warm[j], fresh[j], want[j])
		}
	}
	if sameTransform(moved, warm[a]) {
		t.Errorf("bone a did not change between t=0.5 (%+v) and t=1.5: the test shows nothing", moved)
	}
}
