package m2

import (
	"slices"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/m2/m2test"

	"github.com/go-gl/mathgl/mgl32"
)

// attachFixture writes a synthetic character (m2test.NewModel at version, with
// attachment points HandRight on bone 0, Helm on bone 2 and Shield on bone 1)
// and an item (NewModel at 272) into a folder, and returns their paths.
func attachFixture(t testing.TB, version uint32) (character, item string) {
	t.Helper()
	dir := t.TempDir()
	m := m2test.NewModel(version)
	m.Attachments = []m2test.Attachment{
		{ID: 1, Bone: 0, Position: [3]float32{1, 0.5, 0}},
		{ID: 11, Bone: 2, Position: [3]float32{0, 0, 2}},
		{ID: 0, Bone: 1, Position: [3]float32{0, 1, 0}},
	}
	character = writeModel(t, dir, "Character.m2", m)
	item = writeModel(t, dir, "Axe.m2", m2test.NewModel(272))
	return character, item
}

// TestAttachmentPoints: the records are read at every version (48 bytes before
// 264, 40 from 264) with the client's names, and a point is found by name (any
// case) or id; an unknown one is an error that lists the model's points.
func TestAttachmentPoints(t *testing.T) {
	for _, v := range versions {
		character, _ := attachFixture(t, v)
		a, err := formats.Open([]string{character}, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		det := a.Details.(*Details)
		want := []attachment{
			{ID: 1, Name: "HandRight", Bone: 0, Position: mgl32.Vec3{1, 0.5, 0}},
			{ID: 11, Name: "Helm", Bone: 2, Position: mgl32.Vec3{0, 0, 2}},
			{ID: 0, Name: "Shield", Bone: 1, Position: mgl32.Vec3{0, 1, 0}},
		}
		if !slices.Equal(det.Attachments, want) {
			t.Errorf("version %d: attachments %+v, want %+v", v, det.Attachments, want)
		}
		for _, sel := range []string{"HandRight", "handright", "1"} {
			node, off, name, err := det.AttachmentPoint(sel)
			if err != nil || node != det.Bones[0].Node || off != (mgl32.Vec3{1, 0.5, 0}) || name != "HandRight" {
				t.Errorf("version %d: AttachmentPoint(%q) = %d %v %q %v, want bone 0's node, (1, 0.5, 0), HandRight", v, sel, node, off, name, err)
			}
		}
		if _, _, _, err := det.AttachmentPoint("HandLeft"); err == nil || !strings.Contains(err.Error(), "HandRight (1), Helm (11), Shield (0)") {
			t.Errorf("version %d: AttachmentPoint(HandLeft): %v, want the model's points listed", v, err)
		}
	}
	if attachmentName(13) != "ShoulderFlapRight" || attachmentName(56) != "VirtualSpellDirected" || attachmentName(99) != "Attachment99" {
		t.Errorf("names: %s %s %s", attachmentName(13), attachmentName(56), attachmentName(99))
	}
}

// TestAttachFollowsHand: an item attached at HandRight follows the hand through
// Walk and Run. At several times of each, the point node's model matrix is the
// hand bone's model matrix times T(the point's offset), and the item's nodes
// are the item sampled on its own (its first clip, looping) composed under that
// matrix.
func TestAttachFollowsHand(t *testing.T) {
	for _, v := range versions {
		character, itemPath := attachFixture(t, v)
		opts := formats.Options{Attach: []formats.AttachSpec{{Point: "HandRight", Files: []string{itemPath}}}}
		a, err := formats.Open([]string{character}, opts)
		if err != nil {
			t.Fatal(err)
		}
		item, err := formats.Open([]string{itemPath}, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		det := a.Details.(*Details)
		hand := det.Bones[0].Node
		point := a.Skeleton.Find("Attach_HandRight")
		nb, ni := len(det.Bones), item.Skeleton.Len()
		if point != nb || a.Skeleton.Len() != nb+1+ni || a.Skeleton.Parents[point] != int32(hand) {
			t.Fatalf("version %d: point node %d (parent %d) of %d nodes; want %d under the hand %d, %d nodes",
				v, point, a.Skeleton.Parents[point], a.Skeleton.Len(), nb, hand, nb+1+ni)
		}
		if len(a.Meshes) != 4 {
			t.Errorf("version %d: %d meshes, want the character's 2 and the item's 2", v, len(a.Meshes))
		}
		n := a.Skeleton.Len()
		local, model := make([]anim.Transform, n), make([]anim.Affine, n)
		iLocal, iModel := make([]anim.Transform, ni), make([]anim.Affine, ni)
		moved := false
		var first anim.Affine
		for _, clip := range []string{"Walk", "Run"} {
			c, _, err := a.Clip(clip)
			if err != nil {
				t.Fatal(err)
			}
			for _, tm := range []float64{0, 130, 250, 500, 777, 1000, 1600} {
				c.Sample(nil, tm, local, nil)
				anim.LocalToModel(a.Skeleton, local, nil, model)
				want := model[hand]
				p := model[hand].TransformPoint(mgl32.Vec3{1, 0.5, 0})
				want[9], want[10], want[11] = p[0], p[1], p[2]
				if !affineClose(model[point], want, 1e-6) {
					t.Errorf("version %d %s t=%v: point %v, want hand %v · T(1, 0.5, 0) = %v", v, clip, tm, model[point], model[hand], want)
				}
				// The item on its own, at its looping time, under the point.
				ti := c.(interface{ ItemTime(float64) float64 }).ItemTime(tm)
				if ti != float64(int(tm)%1000) {
					t.Errorf("item time at %v = %v, want %v", tm, ti, int(tm)%1000)
				}
				item.Clips[0].Sample(nil, ti, iLocal, nil)
				anim.LocalToModel(item.Skeleton, iLocal, &model[point], iModel)
				for k := 0; k < ni; k++ {
					if !affineClose(model[nb+1+k], iModel[k], 1e-6) {
						t.Errorf("version %d %s t=%v: item node %d %v, want %v", v, clip, tm, k, model[nb+1+k], iModel[k])
					}
				}
				if tm == 0 && clip == "Walk" {
					first = model[point]
				} else if !affineClose(model[point], first, 1e-3) {
					moved = true
				}
			}
		}
		if !moved {
			t.Errorf("version %d: the point never moved: the test would not see a wrong bone", v)
		}
	}
}

// TestAttachAllocatesNothing: sampling and composing the attached scene
// allocates nothing (the per-frame path).
func TestAttachAllocatesNothing(t *testing.T) {
	character, itemPath := attachFixture(t, 264)
	a, err := formats.Open([]string{character}, formats.Options{Attach: []formats.AttachSpec{{Point: "1", Files: []string{itemPath}}}})
	if err != nil {
		t.Fatal(err)
	}
	pose := anim.NewPose(a.Skeleton.Len())
	c := a.Clips[0]
	ctx := c.NewContext()
	tm := 0.0
	var st formats.MaterialState // the caller's buffer, as the renderer's
	n := testing.AllocsPerRun(200, func() {
		tm += 16.7
		c.Sample(ctx, tm, pose.Local, pose.Probes)
		anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
		for i := range a.Materials.Materials() {
			a.Materials.SampleMaterial(c, i, tm, tm, &st)
		}
	})
	if n != 0 {
		t.Errorf("the attached scene's frame allocates %v times, want 0", n)
	}
}

func BenchmarkAttachedPose(b *testing.B) {
	character, itemPath := attachFixture(b, 264)
	for _, attach := range []bool{false, true} {
		opts := formats.Options{}
		name := "alone"
		if attach {
			opts.Attach, name = []formats.AttachSpec{{Point: "HandRight", Files: []string{itemPath}}}, "attached"
		}
		a, err := formats.Open([]string{character}, opts)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			pose := anim.NewPose(a.Skeleton.Len())
			c := a.Clips[0]
			ctx := c.NewContext()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c.Sample(ctx, float64(i%1000), pose.Local, pose.Probes)
				anim.LocalToModel(a.Skeleton, pose.Local, nil, pose.Model)
			}
		})
	}
}

func affineClose(a, b anim.Affine, tol float32) bool {
	for i := range a {
		if d := a[i] - b[i]; d > tol || d < -tol {
			return false
		}
	}
	return true
}
