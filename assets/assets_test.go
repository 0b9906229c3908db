package assets_test

import (
	"bytes"
	"math"
	"testing"

	"animscope/anim"
	"animscope/assets"
	"animscope/assets/internal/demo"
	"animscope/formats"
	"animscope/formats/msh"
)

// TestDemoIsGenerated checks that `go generate ./assets` reproduces the embedded
// file byte for byte.
func TestDemoIsGenerated(t *testing.T) {
	got, err := demo.Bytes()
	if err != nil {
		t.Fatalf("demo.Bytes: %v", err)
	}
	if !bytes.Equal(got, assets.DemoMSH) {
		t.Fatalf("the generator writes %d bytes that differ from the embedded demo.msh (%d bytes): run go generate ./assets", len(got), len(assets.DemoMSH))
	}
}

func TestDemoContent(t *testing.T) {
	a, err := formats.OpenData(assets.DemoName, assets.DemoMSH, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ds []formats.Diagnostic
	ds = append(ds, a.Diagnostics...)
	if a.Validate != nil {
		ds = append(ds, a.Validate()...)
	}
	for _, d := range ds {
		t.Errorf("diagnostic on the demo: %v", d)
	}
	n := a.Skeleton.Len()
	if n < 12 {
		t.Errorf("%d nodes, want at least 12", n)
	}
	if a.UpAxis != formats.UpZ || a.Family != "msh" || len(a.Clips) != 1 {
		t.Fatalf("up %d family %q clips %d, want Z, msh, 1", a.UpAxis, a.Family, len(a.Clips))
	}
	info := a.Clips[0].Info()
	if info.Name != "demo" || info.Frames != demo.Frames || info.Duration != demo.Frames {
		t.Errorf("clip %+v, want demo with %d frames", info, demo.Frames)
	}
	if len(a.Meshes) != n {
		t.Errorf("%d meshes, want one per node (%d)", len(a.Meshes), n)
	}
	d := a.Details.(*msh.Details)
	if d.StaticNodes != 1 || d.AnimatedNodes != n-1 {
		t.Errorf("static %d animated %d, want 1 and %d", d.StaticNodes, d.AnimatedNodes, n-1)
	}
	if len(d.SlotMeshes(0, 1)) != 2 {
		t.Errorf("slot (0,1) has %d meshes, want 2 (head and chest)", len(d.SlotMeshes(0, 1)))
	}
	// Walk the timeline: count the nodes that fall back inside 0..F−1, and check
	// the posed figure stands about 2 units tall on the ground, Z up.
	pose := anim.NewPose(n)
	fellBack := map[int]bool{}
	for f := 0; f < info.Frames; f++ {
		a.Clips[0].Sample(nil, float64(f)+0.5, pose.Local, pose.Probes)
		anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
		for i := range pose.Probes {
			if pose.Probes[i].Fallback && a.Details.(*msh.Details).Tables().Nodes[i].MapStart >= 0 {
				fellBack[i] = true
			}
		}
		lo, hi, head := math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, m := range a.Meshes {
			for _, p := range m.Positions {
				z := float64(pose.Model[m.Node].TransformPoint(p)[2])
				lo, hi = math.Min(lo, z), math.Max(hi, z)
				if m.Name == "head" {
					head = math.Max(head, z)
				}
			}
		}
		// Feet on the ground, the head top near 2, the waving hand a little higher.
		if lo < -0.05 || lo > 0.15 || head < 1.85 || head > 2.05 || hi > 2.3 {
			t.Errorf("frame %d: the figure spans z %.3f..%.3f with the head top at %.3f, want feet near 0, head near 2", f, lo, hi, head)
		}
	}
	if head := a.Skeleton.Find("head"); !fellBack[head] {
		t.Errorf("the head's track should end before F−1 and fall back; nodes that fell back: %v", fellBack)
	}
}
