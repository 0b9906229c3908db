package ozzlike_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	_ "animscope/formats/all"
	"animscope/formats/m2/m2test"
	"animscope/formats/msh"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"
	"animscope/formats/vca"

	"github.com/go-gl/mathgl/mgl32"
)

// The workload: 31 keys 33 ms apart (frames 0..30 at 30 fps) in a 1 s clip,
// played at 60 Hz.
const (
	keysPerTrack = 31
	keyStepMS    = 33
	ticksPerClip = 60
)

// jointCounts are the skeleton sizes of the workload.
var jointCounts = []int{64, 1000}

// parent is the workload's ternary tree.
func parent(i int) int { return (i - 1) / 3 }

// value is a deterministic pseudo-random value in [-1, 1] for joint i, key k and
// clip c (0 or 1), so that the two blended clips differ.
func value(i, k, c, salt int) float64 {
	return math.Sin(float64(i*131+k*17+c*7919+salt*31) * 0.618)
}

// angle is key k's rotation angle in degrees about z for joint i of clip c.
func angle(i, k, c int) float64 { return 90 * value(i, k, c, 1) }

// workload is one family's scene: the skeleton, the two clips and the sampling
// step in the clips' unit (1/60 s).
type workload struct {
	skel *anim.Skeleton
	a, b anim.Clip
	step float64
	span float64 // the clips' key span in their unit: times run over [0, span)
}

// m2Workload writes an M2 (version 264) with two 1000 ms sequences and its skin
// through m2test.
func m2Workload(tb testing.TB, n int) workload {
	m := m2test.NewModel(264)
	m.Verts, m.Lookup, m.Indices, m.Subs, m.Batches = nil, nil, nil, nil, nil
	m.Seqs = m.Seqs[:2] // two sequences of 1000 ms, no alias
	m.Bones = make([]m2test.Bone, n)
	for i := range m.Bones {
		b := &m.Bones[i]
		b.KeyBone = -1
		b.Parent = int16(parent(i))
		if i == 0 {
			b.Parent = -1
		}
		b.Pivot = [3]float32{0, 0, 0.1}
		var tk, rk, sk [][]m2test.Key
		for c := 0; c < 2; c++ {
			var ts, rs, ss []m2test.Key
			for k := 0; k < keysPerTrack; k++ {
				at := uint32(k * keyStepMS)
				ts = append(ts, m2test.Key{T: at, V: m2test.V3(float32(value(i, k, c, 2)), float32(value(i, k, c, 3)), 0.1)})
				rs = append(rs, m2test.Key{T: at, V: m2test.QuatZ(angle(i, k, c))})
				ss = append(ss, m2test.Key{T: at, V: m2test.V3(1, float32(1+0.1*value(i, k, c, 4)), 1)})
			}
			tk, rk, sk = append(tk, ts), append(rk, rs), append(sk, ss)
		}
		const linear = 1
		b.T = m2test.MakeTrack(m, linear, -1, tk, -1)
		b.R = m2test.MakeTrack(m, linear, -1, rk, -1)
		b.S = m2test.MakeTrack(m, linear, -1, sk, -1)
	}
	data, skin := m.Encode()
	dir := tb.TempDir()
	write(tb, filepath.Join(dir, "ozz00.skin"), skin)
	path := filepath.Join(dir, "ozz.m2")
	write(tb, path, data)
	a, err := formats.Open([]string{path}, formats.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return workload{skel: a.Skeleton, a: a.Clips[0], b: a.Clips[1], step: 1000.0 / ticksPerClip, span: (keysPerTrack - 1) * keyStepMS}
}

// mshModel is one MSH clip of the workload (no scale: the format has none): keys
// on frames 0..30; the clip's own playback rate does not matter, as the
// benchmark steps half a frame per tick (60 Hz over 30 key intervals a second).
func mshModel(n, c int) *msh.Model {
	m := &msh.Model{Nodes: make([]msh.ModelNode, n)}
	for i := range m.Nodes {
		nd := &m.Nodes[i]
		nd.Name = fmt.Sprintf("j%d", i)
		nd.Parent = parent(i)
		if i == 0 {
			nd.Parent = -1
		}
		for k := 0; k < keysPerTrack; k++ {
			nd.Keys = append(nd.Keys, msh.ModelKey{Time: float32(k),
				Pos: mgl32.Vec3{float32(value(i, k, c, 2)), float32(value(i, k, c, 3)), 0.1},
				Rot: mgl32.QuatRotate(float32(angle(i, k, c)*math.Pi/180), mgl32.Vec3{0, 0, 1})})
		}
	}
	return m
}

func mshWorkload(tb testing.TB, n int) workload {
	var clips [2]anim.Clip
	var skel *anim.Skeleton
	for c := range clips {
		data, err := mshModel(n, c).Encode()
		if err != nil {
			tb.Fatal(err)
		}
		a := open(tb, "ozz.msh", data, n)
		skel, clips[c] = a.Skeleton, a.Clips[0]
	}
	return workload{skel: skel, a: clips[0], b: clips[1], step: 0.5, span: keysPerTrack - 1}
}

// swgWorkload is KFAT 0003 at 30 fps, frames 0..30: an animated rotation
// channel and three animated translation channels per joint (no scale: the
// format has none).
func swgWorkload(tb testing.TB, n int) workload {
	t := &swg.SkeletonTemplate{Version: "0002"}
	for i := 0; i < n; i++ {
		t.Names = append(t.Names, fmt.Sprintf("j%d", i))
		p := int32(parent(i))
		if i == 0 {
			p = -1
		}
		t.Parents = append(t.Parents, p)
		t.RPRE = append(t.RPRE, mgl32.QuatIdent())
		t.RPST = append(t.RPST, mgl32.QuatIdent())
		t.BPRO = append(t.BPRO, mgl32.QuatIdent())
		t.BPTR = append(t.BPTR, mgl32.Vec3{0, 0, 0.1})
		t.JROR = append(t.JROR, 0)
	}
	s, _ := swg.BuildSkeleton([]swg.Segment{{T: t}})
	var clips [2]anim.Clip
	for c := range clips {
		a := &swg.Animation{Kind: "KFAT", Version: "0003", FPS: 30, FrameCount: keysPerTrack - 1}
		frames := make([]int32, keysPerTrack)
		for k := range frames {
			frames[k] = int32(k)
		}
		for i := 0; i < n; i++ {
			x := swg.XformInfo{Name: t.Names[i], AnimatedRot: true, RotIndex: int32(len(a.Rot)),
				TransMask: swg.MaskTransX | swg.MaskTransY | swg.MaskTransZ}
			q := swg.QuatChannel{Frames: frames}
			for k := range frames {
				q.Keys = append(q.Keys, swg.AxisAngle(float32(angle(i, k, c)*math.Pi/180), mgl32.Vec3{0, 0, 1}))
			}
			a.Rot = append(a.Rot, q)
			for ax := 0; ax < 3; ax++ {
				ch := swg.ScalarChannel{Frames: frames}
				for k := range frames {
					ch.Values = append(ch.Values, float32(value(i, k, c, 2+ax)))
				}
				x.TransIdx[ax] = int32(len(a.Trans))
				a.Trans = append(a.Trans, ch)
			}
			a.Xforms = append(a.Xforms, x)
		}
		data, err := swgtest.EncodeAnimation(a)
		if err != nil {
			tb.Fatal(err)
		}
		dec, err := swg.DecodeAnimation("ozz.ans", data)
		if err != nil {
			tb.Fatal(err)
		}
		clips[c], _ = dec.Bind(s, swg.FidelityFile)
	}
	return workload{skel: s, a: clips[0], b: clips[1], step: 0.5, span: keysPerTrack - 1}
}

// vcaWorkload is a VoxelCore track at 30 fps, frames 0..30, with four linear
// lines of 31 keys per bone: move by x and by y, rotate by z (degrees), scale by
// y; VoxelCore keys each axis on its own line, so these carry the workload's
// translation, rotation (about z, as the other families') and scale.
func vcaWorkload(tb testing.TB, n int) workload {
	s := &anim.Skeleton{}
	for i := 0; i < n; i++ {
		p := int32(parent(i))
		if i == 0 {
			p = -1
		}
		s.Names = append(s.Names, fmt.Sprintf("j%d", i))
		s.Parents = append(s.Parents, p)
		s.Offset = append(s.Offset, mgl32.Vec3{0, 0, 0.1})
	}
	var clips [2]anim.Clip
	for c := range clips {
		var sb strings.Builder
		fmt.Fprintf(&sb, "@configure fps 30 frames %d\n", keysPerTrack-1)
		for i := 0; i < n; i++ {
			for _, l := range []struct {
				ch, axis string
				v        func(k int) float64
			}{
				{"move", "x", func(k int) float64 { return value(i, k, c, 2) }},
				{"move", "y", func(k int) float64 { return value(i, k, c, 3) }},
				{"rotate", "z", func(k int) float64 { return angle(i, k, c) }},
				{"scale", "y", func(k int) float64 { return 1 + 0.1*value(i, k, c, 4) }},
			} {
				fmt.Fprintf(&sb, "@%s bone j%d by %s curve linear {\n", l.ch, i, l.axis)
				for k := 0; k < keysPerTrack; k++ {
					fmt.Fprintf(&sb, "  @key frame %d value %.6f\n", k, l.v(k))
				}
				sb.WriteString("}\n")
			}
		}
		tr, err := vca.ParseTrack(fmt.Sprintf("ozz%d.vca", c), []byte(sb.String()), formats.Options{})
		if err != nil {
			tb.Fatal(err)
		}
		clip, diags := (&vca.Binder{Track: tr}).BindClip(s)
		if len(diags) > 0 {
			tb.Fatalf("vca bind: %v", diags)
		}
		clips[c] = clip
	}
	return workload{skel: s, a: clips[0], b: clips[1], step: 1.0 / ticksPerClip, span: 1}
}

func write(tb testing.TB, path string, data []byte) {
	tb.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.Fatal(err)
	}
}

func open(tb testing.TB, name string, data []byte, n int) *formats.Asset {
	tb.Helper()
	a, err := formats.OpenData(name, data, formats.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	if got := a.Skeleton.Len(); got != n {
		tb.Fatalf("%s: %d joints, want %d", name, got, n)
	}
	return a
}

// families are the formats that can express the workload.
var families = []struct {
	name  string
	build func(testing.TB, int) workload
}{
	{"m2", m2Workload},
	{"msh", mshWorkload},
	{"swg", swgWorkload},
	{"vca", vcaWorkload},
}
