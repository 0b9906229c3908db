package crowd

import (
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// spinClip turns every node about z by t radians and moves it t along x; it
// panics at t = −1 (a sampler failing).
type spinClip struct{}

func (spinClip) Info() anim.ClipInfo {
	return anim.ClipInfo{Unit: "s", Duration: 10, UnitsPerSecond: 1}
}
func (spinClip) NewContext() anim.Context { return nil }
func (spinClip) Sample(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	if t == -1 {
		panic("spinClip: bad time")
	}
	if t == slowTime {
		time.Sleep(3 * spinWait)
	}
	s, c := math.Sincos(t / 2)
	for i := range out {
		out[i] = anim.Transform{T: mgl32.Vec3{float32(t), 0, 0}, Q: mgl32.Quat{W: float32(c), V: mgl32.Vec3{0, 0, float32(s)}}, S: mgl32.Vec3{1, 1, 1}}
	}
	for i := range probes {
		probes[i].Reset(int32(t), false)
	}
	return anim.IdentityAffine, false
}

// slowTime is the time at which spinClip takes long (three of Job's polling
// times): a character a worker is still on after Evaluate's goroutine has
// finished the rest and gone to sleep.
const slowTime = 7.25

// stillClip holds every node at the identity.
type stillClip struct{}

func (stillClip) Info() anim.ClipInfo {
	return anim.ClipInfo{Unit: "s", Duration: 10, UnitsPerSecond: 1}
}
func (stillClip) NewContext() anim.Context { return nil }
func (stillClip) Sample(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	for i := range out {
		out[i] = anim.IdentityTransform
	}
	return anim.IdentityAffine, false
}

func crowdOf(n int, s *anim.Skeleton) []Character {
	chars := make([]Character, n)
	for i := range chars {
		chars[i] = Character{Skel: s, Pose: anim.NewPose(s.Len()),
			Req: anim.PoseRequest{A: spinClip{}, TA: 0.01 * float64(i), B: stillClip{}, Weight: 0.25}}
	}
	return chars
}

// TestCrowdMatchesSerial: every character of a crowd evaluated on 1, 2 and 5
// goroutines has the model and skin matrices a serial Evaluate gives, frame after
// frame (frames back to back, which the workers meet polling, and a frame after
// a pause, which they meet asleep), and a frame allocates nothing.
func TestCrowdMatchesSerial(t *testing.T) {
	s := &anim.Skeleton{Names: []string{"a", "b", "c"}, Parents: []int32{-1, 0, 1},
		Offset: []mgl32.Vec3{{0, 0, 0}, {0, 1, 0}, {0, 1, 0}}}
	for _, workers := range []int{1, 2, 5} {
		c := New(workers)
		chars, want := crowdOf(37, s), crowdOf(37, s)
		for frame := 0; frame < 4; frame++ {
			if frame == 2 {
				time.Sleep(3 * spinWait) // the workers stop polling and sleep
			}
			for i := range chars {
				chars[i].Req.TA += 0.5
				want[i].Req.TA += 0.5
				want[i].Result = want[i].Pose.Evaluate(want[i].Skel, &want[i].Req)
			}
			c.Evaluate(chars)
			for i := range chars {
				if chars[i].Result != want[i].Result {
					t.Fatalf("%d workers, frame %d: character %d result = %+v, want %+v", workers, frame, i, chars[i].Result, want[i].Result)
				}
				for n := range chars[i].Pose.Model {
					if got, w := chars[i].Pose.Model[n], want[i].Pose.Model[n]; got != w {
						t.Fatalf("%d workers, frame %d: character %d node %d model = %v, want %v", workers, frame, i, n, got, w)
					}
					if got, w := chars[i].Pose.Skin[n], want[i].Pose.Skin[n]; got != w {
						t.Fatalf("%d workers, frame %d: character %d node %d skin = %v, want %v", workers, frame, i, n, got, w)
					}
				}
			}
		}
		if a := testing.AllocsPerRun(20, func() { c.Evaluate(chars) }); a != 0 {
			t.Errorf("%d workers: %v allocations per frame, want 0", workers, a)
		}
		c.Close()
	}
}

// TestCrowdPanic: a sampler's panic on a worker reaches the caller of Evaluate
// (where the viewer recovers it), and the crowd evaluates the next frame.
func TestCrowdPanic(t *testing.T) {
	s := &anim.Skeleton{Names: []string{"a"}, Parents: []int32{-1}}
	c := New(3)
	defer c.Close()
	chars := crowdOf(40, s)
	chars[29].Req.TA = -1
	func() {
		defer func() {
			r := recover()
			if msg, _ := r.(string); !strings.Contains(msg, "bad time") {
				t.Errorf("recovered %v, want the sampler's panic", r)
			}
		}()
		c.Evaluate(chars)
	}()
	chars[29].Req.TA = 2
	c.Evaluate(chars)
	v, x := float32(0.75), float32(0.39)
	if got, want := chars[39].Pose.Model[0][9], v*x; got != want {
		t.Errorf("after the panic: character 39 x = %v, want %v", got, want)
	}
}

// TestCrowdCloseStopsWorkers: Close ends the worker goroutines, whether they
// are polling for the next frame or asleep.
func TestCrowdCloseStopsWorkers(t *testing.T) {
	s := &anim.Skeleton{Names: []string{"a"}, Parents: []int32{-1}}
	for _, pause := range []time.Duration{0, 3 * spinWait} {
		before := runtime.NumGoroutine()
		c := New(4)
		c.Evaluate(crowdOf(9, s))
		time.Sleep(pause)
		c.Close()
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if got := runtime.NumGoroutine(); got > before {
			t.Errorf("pause %v: %d goroutines after Close, want at most %d as before New", pause, got, before)
		}
	}
}

// TestCrowdSlowCharacter: a character that takes longer than Evaluate polls
// for, on another worker, is waited for (Evaluate sleeps and that worker wakes
// it), frame after frame, and every pose is the serial one.
func TestCrowdSlowCharacter(t *testing.T) {
	s := &anim.Skeleton{Names: []string{"a", "b"}, Parents: []int32{-1, 0}, Offset: []mgl32.Vec3{{}, {0, 1, 0}}}
	c := New(2)
	defer c.Close()
	chars, want := crowdOf(16, s), crowdOf(16, s)
	for frame := range 3 {
		for i := range chars {
			ta := float64(i) / 4
			if i >= 8 { // the second worker's part: it is on one when Evaluate's runs out
				ta = slowTime
			}
			ta += float64(frame) * 10 // slow once, on frame 0
			chars[i].Req.TA, want[i].Req.TA = ta, ta
			want[i].Pose.Evaluate(want[i].Skel, &want[i].Req)
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			c.Evaluate(chars)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("frame %d: Evaluate did not return", frame)
		}
		for i := range chars {
			for n := range chars[i].Pose.Model {
				if got, w := chars[i].Pose.Model[n], want[i].Pose.Model[n]; got != w {
					t.Fatalf("frame %d: character %d node %d model = %v, want %v", frame, i, n, got, w)
				}
			}
		}
	}
}

// TestTakeSize: a worker takes chunk characters while plenty are left, then a
// share of what is left per worker, down to one, and one once none are left.
func TestTakeSize(t *testing.T) {
	tests := []struct {
		workers   int
		next, end int64
		want      int64
	}{
		{1, 0, 100, chunk},
		{2, 0, 128, chunk},
		{2, 120, 128, 2},
		{2, 125, 128, 1},
		{2, 127, 128, 1},
		{2, 130, 128, 1}, // taken past the end: the take finds nothing
		{5, 0, 20, 2},
		{5, 0, 100, chunk},
	}
	for _, tc := range tests {
		c := &Job{workers: tc.workers}
		p := &part{end: tc.end}
		p.next.Store(tc.next)
		if got := c.takeSize(p); got != tc.want {
			t.Errorf("%d workers, next %d, end %d: takeSize = %d, want %d", tc.workers, tc.next, tc.end, got, tc.want)
		}
	}
}

// TestScratchSizedOnTheCaller: Evaluate grows every worker's scratch to the
// crowd's largest pose before the frame, so that a worker that took no
// character in the first frame does not allocate in a later one, and a new
// crowd with larger poses grows them again.
func TestScratchSizedOnTheCaller(t *testing.T) {
	small := &anim.Skeleton{Names: []string{"a", "b", "c"}, Parents: []int32{-1, 0, 1}}
	big := &anim.Skeleton{Names: []string{"a", "b", "c", "d", "e", "f", "g"}, Parents: []int32{-1, 0, 1, 2, 3, 4, 5}}
	c := New(3)
	defer c.Close()
	for _, tc := range []struct {
		chars []Character
		want  int
	}{
		{append(crowdOf(2, small), crowdOf(1, big)...), 7},
		{crowdOf(1, small), 7}, // never shrinks
	} {
		c.Evaluate(tc.chars)
		for w, s := range c.scratch {
			if cap(s) < tc.want {
				t.Errorf("worker %d: scratch of %d transforms, want at least %d", w, cap(s), tc.want)
			}
		}
	}
	chars := crowdOf(5, big)
	c.Evaluate(chars)
	if a := testing.AllocsPerRun(20, func() { c.Evaluate(chars) }); a != 0 {
		t.Errorf("%v allocations per frame of the same crowd, want 0", a)
	}
}
