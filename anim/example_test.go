package anim_test

import (
	"fmt"

	"animscope/anim"

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
