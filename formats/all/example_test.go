package all_test

import (
	"fmt"

	"animscope/anim"
	"animscope/assets"
	"animscope/formats"
	_ "animscope/formats/all" // every decoder registers itself
)

// Open a scene, evaluate its first clip at a time, and read a probe: which keys the
// sampler used for a node. formats.Open takes the files of one scene by path;
// OpenData, as here, decodes one held in memory (the built-in demo, an MSH model).
func Example() {
	a, err := formats.OpenData("demo.msh", assets.DemoMSH, formats.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	clip := a.Clips[0]
	info := clip.Info()
	fmt.Printf("%s: %d nodes; clip %q, %g %ss\n", a.Family, a.Skeleton.Len(), info.Name, info.Duration, info.Unit)

	// A Pose holds one player's buffers: evaluating it again allocates nothing.
	pose := anim.NewPose(a.Skeleton.Len())
	pose.Evaluate(a.Skeleton, &anim.PoseRequest{A: clip, TA: 10.5, Probes: true})
	node := 1
	p := pose.Probes[node]
	fmt.Printf("node %s at t=10.5: frame %d, fallback %v\n", a.Skeleton.Names[node], p.Frame, p.Fallback)
	for _, k := range p.All() {
		fmt.Printf("  %s: keys %d and %d, alpha %.2f\n", k.Channel, k.K0, k.K1, k.Alpha)
	}
	fmt.Println("joint in model space:", a.Skeleton.JointPosition(node, pose.Model))
	// Output:
	// msh: 17 nodes; clip "demo", 40 frames
	// node spine at t=10.5: frame 10, fallback false
	//   trs: keys 11 and 12, alpha 0.10
	// joint in model space: [0 0 1.0776856]
}
