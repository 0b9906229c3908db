package anim_test

import (
	"fmt"

	"animscope/anim"
	"animscope/assets"
	"animscope/formats"
	_ "animscope/formats/all" // every decoder registers itself

	"github.com/go-gl/mathgl/mgl32"
)

// A player evaluates one pose: its clip at a time, blended with a second clip,
// through sample → blend → root → local-to-model → skin palette. The Pose keeps
// the player's buffers and sampling contexts, so the next frame allocates nothing.
func ExamplePose_Evaluate() {
	// A hip with a knee half a unit above it.
	s := &anim.Skeleton{
		Names:   []string{"hip", "knee"},
		Parents: []int32{-1, 0},
		Offset:  []mgl32.Vec3{{0, 1, 0}, {0, 0.5, 0}},
	}
	pose := anim.NewPose(s.Len())
	res := pose.Evaluate(s, &anim.PoseRequest{
		A: anim.BindPose{}, TA: 0,
		B: anim.BindPose{}, TB: 0, Weight: 0.25,
	})
	fmt.Println("used A and B:", res.UsedA, res.UsedB)
	fmt.Println("knee joint at", s.JointPosition(1, pose.Model))
	fmt.Println("frame step of the bind pose:", anim.BindPose{}.Info().FrameStep())
	// Output:
	// used A and B: true true
	// knee joint at [0 1.5 0]
	// frame step of the bind pose: 1
}

// Evaluate a scene's clip blended with itself at another time: the PoseRequest
// names the clips, times, weight and whether to record probes; Validate checks
// the request against the pose and skeleton first (a pose sized for another
// skeleton is an error, not a panic), and Evaluate runs sample → blend → root →
// local-to-model → skin palette into the pose's buffers.
func ExamplePoseRequest() {
	a, err := formats.OpenData("demo.msh", assets.DemoMSH, formats.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, clip := a.Skeleton, a.Clips[0]
	req := &anim.PoseRequest{A: clip, TA: 10, B: clip, TB: 30, Weight: 0.5}

	fmt.Println("a pose for 3 nodes fits:", anim.NewPose(3).Validate(s, req) == nil)
	pose := anim.NewPose(s.Len())
	if err := pose.Validate(s, req); err != nil {
		fmt.Println(err)
		return
	}
	res := pose.Evaluate(s, req)
	fmt.Println("used A and B:", res.UsedA, res.UsedB)
	head := 3
	fmt.Printf("%s at %.4f\n", s.Names[head], s.JointPosition(head, pose.Model))
	// Output:
	// a pose for 3 nodes fits: false
	// used A and B: true true
	// neck at [0.0180 0.0000 1.6247]
}

// Read a probe: with PoseRequest.Probes set, each node's probe says which frame
// index the sampler computed, whether it took the fallback branch, and per
// channel the two keys it used and the weight between them (K1 = -1 when the
// result is exactly key K0). At t = 3 the demo's MSH sampler computes frame 2,
// not 3: the engine's x87 rounding of t − 0.5 (formats/msh/FORMAT.md §11.1).
func ExampleProbe() {
	a, err := formats.OpenData("demo.msh", assets.DemoMSH, formats.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	pose := anim.NewPose(a.Skeleton.Len())
	for _, t := range []float64{0, 2.5, 3} {
		pose.Evaluate(a.Skeleton, &anim.PoseRequest{A: a.Clips[0], TA: t, Probes: true})
		p := &pose.Probes[1]
		fmt.Printf("t=%g: frame %d, fallback %v, %d record(s):", t, p.Frame, p.Fallback, p.Len())
		for _, k := range p.All() {
			fmt.Printf(" %s keys %d, %d alpha %.2f", k.Channel, k.K0, k.K1, k.Alpha)
		}
		fmt.Println()
	}
	// Output:
	// t=0: frame 0, fallback false, 1 record(s): trs keys 9, -1 alpha 0.00
	// t=2.5: frame 2, fallback false, 1 record(s): trs keys 9, 10 alpha 0.50
	// t=3: frame 2, fallback false, 1 record(s): trs keys 9, 10 alpha 0.60
}
