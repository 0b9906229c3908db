package vca

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// benchScene is a 30-bone chain and a 50-line clip mixing linear, bezier, custom
// curve, const and func lines.
func benchScene(tb testing.TB) (*Clip, *anim.Skeleton) {
	s := &anim.Skeleton{}
	for i := 0; i < 30; i++ {
		s.Names = append(s.Names, fmt.Sprintf("bone%d", i))
		s.Parents = append(s.Parents, int32(i-1))
	}
	s.Offset = make([]mgl32.Vec3, 30)
	for i := range s.Offset {
		s.Offset[i] = mgl32.Vec3{0, 0.1, 0}
	}
	var sb strings.Builder
	sb.WriteString("@configure fps 24 frames 96\n@curve name ease func (kl.value + (kr.value - kl.value) * t * t)\n")
	axes := "xyz"
	for i := 0; i < 50; i++ {
		bone := i % 30
		ax := axes[i%3 : i%3+1]
		switch i % 5 {
		case 0:
			fmt.Fprintf(&sb, "@rotate bone bone%d by %s curve linear {\n", bone, ax)
			for k := 0; k <= 96; k += 8 {
				fmt.Fprintf(&sb, "  @key frame %d value %d\n", k, (k*7+i)%90)
			}
			sb.WriteString("}\n")
		case 1:
			fmt.Fprintf(&sb, "@rotate bone bone%d by %s curve bezier {\n", bone, ax)
			for k := 0; k <= 96; k += 12 {
				fmt.Fprintf(&sb, "  @key frame %d value %d lx -3 ly 0 rx 3 ry 0\n", k, (k*5+i)%60)
			}
			sb.WriteString("}\n")
		case 2:
			fmt.Fprintf(&sb, "@move bone bone%d by %s curve .ease period 48 {\n  @key frame 0 value 0\n  @key frame 24 value 0.1\n  @key frame 48 value 0\n}\n", bone, ax)
		case 3:
			fmt.Fprintf(&sb, "@rotate bone bone%d by %s func (sin(t * 2 + %d) * 30)\n", bone, ax, i)
		case 4:
			fmt.Fprintf(&sb, "@scale bone bone%d by %s curve const {\n  @key frame 0 value 1\n  @key frame 48 value 1.2\n}\n", bone, ax)
		}
	}
	tr, err := ParseTrack("bench.vca", []byte(sb.String()), formats.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	if n := len(tr.Lines); n != 50 {
		tb.Fatalf("%d lines, want 50", n)
	}
	c, _ := (&Binder{Track: tr}).BindClip(s)
	return c, s
}

// BenchmarkSampleLocalToModel: one frame of a 50-line clip on a 30-bone skeleton,
// Sample + LocalToModel (the target is at most 20 µs and 0 allocations per frame).
func BenchmarkSampleLocalToModel(b *testing.B) {
	c, s := benchScene(b)
	ctx := c.NewContext()
	pose := anim.NewPose(s.Len())
	b.ReportAllocs()
	defer reportCPU(b)()
	b.ResetTimer()
	t := 0.0
	for i := 0; i < b.N; i++ {
		c.Sample(ctx, t, pose.Local, pose.Probes)
		anim.LocalToModel(s, pose.Local, nil, pose.Model)
		t += 1.0 / 60
		if t > 4 {
			t = 0
		}
	}
}

// BenchmarkSampleWithRoot adds the entity root, which Sample returns from the same
// evaluation, to local-to-model.
func BenchmarkSampleWithRoot(b *testing.B) {
	c, s := benchScene(b)
	ctx := c.NewContext()
	pose := anim.NewPose(s.Len())
	b.ReportAllocs()
	defer reportCPU(b)()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := float64(i%240) / 60
		root, _ := c.Sample(ctx, t, pose.Local, nil)
		anim.LocalToModel(s, pose.Local, &root, pose.Model)
	}
}

func BenchmarkCompileExpr(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := CompileExpr("t > 0.25 and sin(t * 2) * 30 or noise(t, 3) * max(1, t)", modeLine); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSampleAllocatesNothing(t *testing.T) {
	c, s := benchScene(t)
	ctx := c.NewContext()
	pose := anim.NewPose(s.Len())
	st := c.NewState()
	tt := 0.0
	allocs := testing.AllocsPerRun(200, func() {
		root, _ := c.Sample(ctx, tt, pose.Local, pose.Probes)
		anim.LocalToModel(s, pose.Local, &root, pose.Model)
		c.SampleState(ctx, tt, st)
		tt += 0.013
	})
	if allocs != 0 {
		t.Errorf("Sample + LocalToModel + SampleState allocate %v times per frame, want 0", allocs)
	}
}

// reportCPU adds the process CPU time per operation ("cpu-ns/op"): on a shared,
// loaded machine the wall-clock ns/op includes time spent waiting for a core.
func reportCPU(b *testing.B) func() {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := cpu()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpu()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

// TestConcurrentSampling: 8 goroutines sample one shared clip, each with its own
// context, and get the serial results, root included (run it under -race: the
// clip holds no state of its own).
func TestConcurrentSampling(t *testing.T) {
	c, s := benchScene(t)
	const players = 8
	want := make([][]anim.Transform, 8)
	wantRoot := make([]anim.Affine, len(want))
	for i := range want {
		want[i] = make([]anim.Transform, s.Len())
		wantRoot[i], _ = c.Sample(c.NewContext(), float64(i)*0.37, want[i], nil)
	}
	done := make(chan string, players)
	for g := 0; g < players; g++ {
		go func() {
			ctx := c.NewContext()
			out := make([]anim.Transform, s.Len())
			probes := make([]anim.Probe, s.Len())
			for r := 0; r < 50; r++ {
				i := (r + g) % len(want)
				root, moved := c.Sample(ctx, float64(i)*0.37, out, probes)
				if !moved || root != wantRoot[i] {
					done <- fmt.Sprintf("goroutine %d: t=%v root = %v (moved %v), want %v", g, float64(i)*0.37, root, moved, wantRoot[i])
					return
				}
				for k := range out {
					if out[k] != want[i][k] {
						done <- fmt.Sprintf("goroutine %d: t=%v node %d = %v, want %v", g, float64(i)*0.37, k, out[k], want[i][k])
						return
					}
				}
			}
			done <- ""
		}()
	}
	for g := 0; g < players; g++ {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}

// BenchmarkOzzLikeSample: one frame of the ozz-like clip on 1,000 bones (four
// linear lines of 31 keys a bone), without and with probes: the sampler's own
// cost of recording probes.
func BenchmarkOzzLikeSample(b *testing.B) {
	tr := mustTrack(b, ozzLikeTrack(1000, 0), formats.Options{})
	s := standIn(tr)
	c, _ := (&Binder{Track: tr}).BindClip(s)
	ctx := c.NewContext()
	pose := anim.NewPose(s.Len())
	for _, v := range []struct {
		name   string
		probes []anim.Probe
	}{{"plain", nil}, {"probes", pose.Probes}} {
		b.Run(v.name, func(b *testing.B) {
			done := reportCPU(b)
			at := 0.0
			for b.Loop() {
				c.Sample(ctx, at, pose.Local, v.probes)
				at += 1.0 / 60
				if at > 1 {
					at = 0
				}
			}
			done()
		})
	}
}

// BenchmarkEulerQuatFloor is the exact trigonometry of a bone with one rotate
// line (the ozz-like clip's rotate z), one bone at a time: eulerQuatWXYZ of one
// axis, its sine and cosine (anim.Sincos64, math.Sincos's algorithm) and one
// quaternion product, per bone, over angles a frame apart: what a bone cost
// before Sample batched its sines (BenchmarkEulerQuatFloorBatch).
func BenchmarkEulerQuatFloor(b *testing.B) {
	order := []int{0, 1, 2}
	has := [3]bool{false, false, true}
	var deg [3]float64
	var sink float32
	done := reportCPU(b)
	for b.Loop() {
		deg[2] += 0.37
		if deg[2] > 90 {
			deg[2] = -90
		}
		w, x, y, z := eulerQuatWXYZ(order, &has, &deg)
		sink += w + x + y + z
	}
	done()
	if sink == 0.5 {
		b.Log(sink)
	}
}

// BenchmarkEulerQuatFloorBatch is the same trigonometry as Sample runs it, for a
// frame of 64 bones with one rotate line each: the half angles gathered,
// anim.SincosBatch64, and the product from the identity (firstAxis) rounded to
// float32. It reports ns per bone (cpu-ns/op is 64 bones): the floor under the sampler's ns/joint that
// no evaluation order removes while the rule is math.Sincos's float64 sine
// and cosine.
func BenchmarkEulerQuatFloorBatch(b *testing.B) {
	const bones = 64
	var deg, half, sin, cos [bones]float64
	for i := range deg {
		deg[i] = float64(i)*2.8 - 90
	}
	var q [bones][4]float32
	done := reportCPU(b)
	for b.Loop() {
		for i := range deg {
			if deg[i] += 0.37; deg[i] > 90 {
				deg[i] = -90
			}
			half[i] = halfAngle(deg[i])
		}
		anim.SincosBatch64(half[:], sin[:], cos[:])
		for i := range sin {
			w, x, y, z := firstAxis(2, sin[i], cos[i])
			q[i] = [4]float32{float32(w), float32(x), float32(y), float32(z)}
		}
	}
	done()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/bones, "ns/bone")
	if q[0][0] == 0.5 {
		b.Log(q[0])
	}
}
