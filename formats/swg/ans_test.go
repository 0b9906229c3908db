package swg_test

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/swg"

	"github.com/go-gl/mathgl/mgl32"
)

var animKinds = [][2]string{{"KFAT", "0003"}, {"KFAT", "0002"}, {"CKAT", "0001"}}

func stripOffsets(a *swg.Animation) *swg.Animation {
	b := *a
	b.File, b.Name, b.Diagnostics = "", "", nil
	b.Xforms = append([]swg.XformInfo(nil), a.Xforms...)
	for i := range b.Xforms {
		b.Xforms[i].Offset = 0
		if a.Kind == "KFAT" && a.Version == "0002" {
			b.Xforms[i].AnimatedRot = false
		}
	}
	b.Rot = append([]swg.QuatChannel(nil), a.Rot...)
	for i := range b.Rot {
		b.Rot[i].Offset = 0
	}
	for _, p := range []*[]swg.ScalarChannel{&b.Trans, &b.Euler} {
		*p = append([]swg.ScalarChannel(nil), (*p)...)
		for i := range *p {
			(*p)[i].Offset = 0
		}
	}
	b.TransformCount, b.RotCount, b.StaticRotCount, b.TransCount, b.StaticTransCount = 0, 0, 0, 0, 0
	if b.Loco != nil && b.Loco.RTag == "" && len(b.Loco.R) > 0 {
		l := *b.Loco
		l.RTag = map[string]string{"KFAT": "LOCR", "CKAT": "QCHN"}[a.Kind]
		b.Loco = &l
	}
	return &b
}

// decode → encode → decode is stable, and the second encoding is the same bytes.
func TestAnimationRoundTrip(t *testing.T) {
	names := []string{"root", "spine", "neck", "head", "tail", "lfoot", "rfoot"}
	for _, kv := range animKinds {
		a := synthAnimation(kv[0], kv[1], names, 24)
		data := mustEncodeAnim(t, a)
		b, err := swg.DecodeAnimation("x.ans", data)
		if err != nil {
			t.Fatalf("%v: %v", kv, err)
		}
		if formats.HasErrors(b.Validate()) {
			t.Errorf("%v: validate: %v", kv, b.Validate())
		}
		got, want := stripOffsets(b), stripOffsets(a)
		if a.Kind == "CKAT" && want.Loco != nil {
			// the locomotion rotation is packed on the way out
			l := *want.Loco
			l.R, l.RFormats, l.RWords = got.Loco.R, got.Loco.RFormats, got.Loco.RWords
			want.Loco = &l
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%v: decoded animation differs from the encoded one\n got %+v\nwant %+v", kv, got, want)
		}
		again := mustEncodeAnim(t, b)
		if !bytes.Equal(again, data) {
			t.Errorf("%v: re-encoding gives %d bytes that differ from the first %d", kv, len(again), len(data))
		}
	}
}

// refSample is an independent reading of spec §6.1: the client's linear key scan
// from key 0, the key itself on a key / after the last / before the first, else
// Quaternion::slerp (Slerp) and the client's translation blend.
func refRot(frames []int32, keys []mgl32.Quat, f float32) mgl32.Quat {
	k := 0
	for ; k < len(frames)-1; k++ {
		if float32(frames[k+1]) > f {
			break
		}
	}
	if f < float32(frames[0]) || k == len(frames)-1 || float32(frames[k]) == f {
		return keys[k]
	}
	inv := 1 / (float32(frames[k+1]) - float32(frames[k]))
	return swg.Slerp(keys[k], keys[k+1], (f-float32(frames[k]))*inv)
}

func refScalar(frames []int32, vals []float32, f float32) float32 {
	k := 0
	for ; k < len(frames)-1; k++ {
		if float32(frames[k+1]) > f {
			break
		}
	}
	if f < float32(frames[0]) || k == len(frames)-1 || float32(frames[k]) == f {
		return vals[k]
	}
	inv := 1 / (float32(frames[k+1]) - float32(frames[k]))
	lw := float32((float32(frames[k+1]) - f) * inv) // rounded, as the sampler: 1 − lw must not fuse
	return float32(lw*vals[k]) + float32((1-lw)*vals[k+1])
}

func refSample(a *swg.Animation, x *swg.XformInfo, f float32) anim.Transform {
	var r mgl32.Quat
	switch {
	case a.Kind == "KFAT" && a.Version == "0002":
		var ang [3]float32
		for k := 0; k < 3; k++ {
			if x.RotAnimated(k) {
				ch := a.Euler[x.RotIdx[k]]
				ang[k] = refScalar(ch.Frames, ch.Values, f)
			} else {
				ang[k] = a.StaticEuler[x.RotIdx[k]]
			}
		}
		r = swg.EulerXYZ(ang[0], ang[1], ang[2])
	case x.AnimatedRot:
		ch := a.Rot[x.RotIndex]
		r = refRot(ch.Frames, ch.Keys, f)
	default:
		r = a.StaticRot[x.RotIndex]
	}
	var tr mgl32.Vec3
	for k := 0; k < 3; k++ {
		if x.TransAnimated(k) {
			ch := a.Trans[x.TransIdx[k]]
			tr[k] = refScalar(ch.Frames, ch.Values, f)
		} else {
			tr[k] = a.StaticTrans[x.TransIdx[k]]
		}
	}
	return anim.Transform{T: tr, Q: r, S: mgl32.Vec3{1, 1, 1}}
}

// File-exact sampling of synthetic files equals the independent reading, bit for
// bit, at keys, between keys, before 0 and after the last frame; probes say
// which keys were used.
func TestSyntheticSampling(t *testing.T) {
	skel := chainSkeleton(12)
	built, _ := swg.BuildSkeleton([]swg.Segment{{T: skel}})
	names := append([]string{}, skel.Names[:10]...)
	names = append(names, "not_in_skeleton")
	frames := []float64{-3, 0, 0.5, 1, 2.25, 3, 7.5, 11.999, 12, 17.3, 23, 24, 30}
	for _, kv := range animKinds {
		a0 := synthAnimation(kv[0], kv[1], names, 24)
		a, err := swg.DecodeAnimation("synth.ans", mustEncodeAnim(t, a0))
		if err != nil {
			t.Fatal(err)
		}
		clip, ds := a.Bind(built, swg.FidelityFile)
		if len(ds) != 1 || !strings.Contains(ds[0].Message, "not_in_skeleton") {
			t.Errorf("%v: bind diagnostics %v, want one naming not_in_skeleton", kv, ds)
		}
		info := clip.Info()
		if info.Unit != "frame" || info.Duration != 24 || info.UnitsPerSecond != 30 || info.Name != "synth" {
			t.Errorf("%v: info %+v", kv, info)
		}
		out := make([]anim.Transform, built.Len())
		probes := make([]anim.Probe, built.Len())
		for _, f := range frames {
			clip.Sample(nil, f, out, probes)
			for j := 0; j < built.Len(); j++ {
				x := findXform(a, built.Names[j])
				pr := probes[j]
				if pr.Frame != int32(math.Floor(f)) {
					t.Errorf("%v f=%g joint %d: probe frame %d", kv, f, j, pr.Frame)
				}
				if x == nil {
					if out[j] != anim.IdentityTransform || !pr.Fallback || pr.Len() != 0 {
						t.Errorf("%v f=%g: joint %s without XFIN: %+v probe %+v", kv, f, built.Names[j], out[j], pr)
					}
					continue
				}
				want := refSample(a, x, float32(f))
				if out[j] != want {
					t.Errorf("%v f=%g joint %s: got %+v, want %+v", kv, f, x.Name, out[j], want)
				}
				wantKeys := 4
				if kv[1] == "0002" {
					wantKeys = 6
				}
				if pr.Fallback || pr.Len() != wantKeys {
					t.Errorf("%v f=%g joint %s: probe %+v, want %d key records", kv, f, x.Name, pr, wantKeys)
				}
				for _, ku := range pr.All() {
					if (ku.K1 == -1) != (ku.Alpha == 0) && ku.K1 == -1 {
						t.Errorf("%v: %s k1 = -1 with alpha %g", kv, ku.Channel, ku.Alpha)
					}
					if ku.K1 >= 0 && (ku.K1 != ku.K0+1 || ku.Alpha <= 0 || ku.Alpha >= 1) {
						t.Errorf("%v f=%g %s: key use %+v", kv, f, x.Name, ku)
					}
				}
			}
		}
	}
}

// KFAT 0002 in client fidelity: the load-time conversion keeps frame 0, frames
// that moved by more than 0.001 and the last frame, and each key equals the
// Euler rotation at its integer frame.
func TestKFAT0002ClientConversion(t *testing.T) {
	a := &swg.Animation{Kind: "KFAT", Version: "0002", FPS: 30, FrameCount: 10,
		Xforms:      []swg.XformInfo{{Name: "j", RotMask: swg.MaskRotX, RotIdx: [3]int32{0, 0, 1}, TransIdx: [3]int32{0, 0, 0}}},
		Euler:       []swg.ScalarChannel{{Frames: []int32{0, 4, 10}, Values: []float32{0, 0.0008, 0.4}}},
		StaticEuler: []float32{0.2, -0.1}, StaticTrans: []float32{0}}
	a.Xforms[0].AnimatedRot = true
	data := mustEncodeAnim(t, a)
	b, err := swg.DecodeAnimation("old.ans", data)
	if err != nil {
		t.Fatal(err)
	}
	gotFrames := swg.ClientRotFrames(b, 0)
	var wantFrames []float32
	last := mgl32.Quat{}
	for f := int32(0); f <= 10; f++ {
		ang := refScalar(a.Euler[0].Frames, a.Euler[0].Values, float32(f))
		qf := swg.EulerXYZ(ang, 0.2, -0.1)
		moved := f == 0 || f == 10 || math.Abs(float64(qf.W-last.W)) > 0.001 || math.Abs(float64(qf.V[0]-last.V[0])) > 0.001 ||
			math.Abs(float64(qf.V[1]-last.V[1])) > 0.001 || math.Abs(float64(qf.V[2]-last.V[2])) > 0.001
		if moved {
			wantFrames = append(wantFrames, float32(f))
			last = qf
		}
	}
	if !reflect.DeepEqual(gotFrames, wantFrames) {
		t.Errorf("converted key frames %v, want %v", gotFrames, wantFrames)
	}
	if len(gotFrames) >= 11 || len(gotFrames) < 3 {
		t.Errorf("%d converted keys: the 0.001 rule should drop the slow frames", len(gotFrames))
	}
	// File fidelity evaluates the Euler channels directly.
	clip, _ := b.Bind(&anim.Skeleton{Names: []string{"J"}, Parents: []int32{-1}}, swg.FidelityFile)
	out := make([]anim.Transform, 1)
	pr := make([]anim.Probe, 1)
	clip.Sample(nil, 7, out, pr)
	ang := refScalar(a.Euler[0].Frames, a.Euler[0].Values, 7)
	if want := swg.EulerXYZ(ang, 0.2, -0.1); out[0].Q != want {
		t.Errorf("file-exact 0002 at 7: %v, want %v", out[0].Q, want)
	}
	chans := []string{}
	for _, k := range pr[0].All() {
		chans = append(chans, k.Channel.String())
	}
	if got := strings.Join(chans, ","); got != "rx,ry:static,rz:static,tx:static,ty:static,tz:static" {
		t.Errorf("0002 probe channels %s", got)
	}
}

// Before the first key the first value is held (with a warning at load);
// probes, markers and root motion.
func TestHoldMarkersRootMotion(t *testing.T) {
	a := synthAnimation("KFAT", "0003", []string{"a", "b"}, 20)
	a.Rot[0].Frames[0] = 5
	for i := range a.Rot[0].Frames[1:] {
		a.Rot[0].Frames[i+1] += 5
	}
	data := mustEncodeAnim(t, a)
	b, err := swg.DecodeAnimation("late.ans", data)
	if err != nil {
		t.Fatal(err)
	}
	warned := false
	for _, d := range b.Diagnostics {
		if strings.Contains(d.Message, "first key is at frame 5") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning for a first key at frame 5: %v", b.Diagnostics)
	}
	skel := &anim.Skeleton{Names: []string{"A", "B"}, Parents: []int32{-1, 0}}
	clip, _ := b.Bind(skel, swg.FidelityFile)
	out := make([]anim.Transform, 2)
	pr := make([]anim.Probe, 2)
	clip.Sample(nil, 2, out, pr)
	if out[0].Q != b.Rot[0].Keys[0] || pr[0].Len() == 0 || pr[0].Key(0) != (anim.KeyUse{Channel: anim.ChannelOf("r"), K0: 0, K1: -1}) {
		t.Errorf("before the first key: %v, probe %+v; want key 0 held", out[0].Q, pr[0].AppendKeys(nil))
	}
	if got := fmt.Sprint(clip.Markers()); got != "[{roar 1} {footstep 2} {roar 2} {roar 3} {roar 4} {footstep 10}]" {
		t.Errorf("file markers %s", got)
	}
	cclip, _ := b.Bind(skel, swg.FidelityClient)
	// Message::load keeps only the first of three or more consecutive signals.
	if got := fmt.Sprint(cclip.Markers()); got != "[{roar 1} {footstep 2} {footstep 10}]" {
		t.Errorf("client markers %s", got)
	}
	times := clip.KeyTimes(0, nil)
	if len(times) != 21 || times[0] != 5 || times[20] != 25 {
		t.Errorf("key times %v", times)
	}
	rot, tr := clip.RootMotion(0, 20)
	r1 := b.Loco.R[1]
	if rot != swg.ClientMul(r1, anim.Conjugate(b.Loco.R[0])) {
		t.Errorf("root rotation %v", rot)
	}
	var m anim.Affine
	anim.RotationColumns(&m, r1, mgl32.Vec3{1, 1, 1})
	// rotate_p2l: Rᵀ·(0, 0, 2) is 2× the third row of R.
	want := mgl32.Vec3{2 * m[2], 2 * m[5], 2 * m[8]}
	for k := 0; k < 3; k++ {
		if math.Abs(float64(tr[k]-want[k])) > 1e-6 {
			t.Errorf("root translation %v, want %v", tr, want)
			break
		}
	}
}

// The client's slerp: shortest path, linear weights near 1, no normalisation.
func TestClientSlerp(t *testing.T) {
	a := swg.AxisAngle(0.2, mgl32.Vec3{0, 0, 1})
	b := swg.AxisAngle(1.4, mgl32.Vec3{0, 0, 1})
	for _, f := range []float32{0, 0.25, 0.5, 1} {
		got := swg.Slerp(a, b, f)
		want := swg.AxisAngle(0.2+1.2*f, mgl32.Vec3{0, 0, 1})
		if !quatNear(got, [4]float64{float64(want.W), 0, 0, float64(want.V[2])}, 2e-6) {
			t.Errorf("slerp at %g = %v, want %v", f, got, want)
		}
		if neg := swg.Slerp(a, swg.NegQuat(b), f); !quatNear(neg, [4]float64{float64(got.W), 0, 0, float64(got.V[2])}, 2e-6) {
			t.Errorf("slerp with -b at %g = %v, want the shortest path %v", f, neg, got)
		}
	}
	c := swg.AxisAngle(0.2+1e-4, mgl32.Vec3{0, 0, 1})
	if got := swg.Slerp(a, c, 0.5); got.W != 0.5*a.W+0.5*c.W {
		t.Errorf("nearly parallel keys: %v, want linear weights", got)
	}
}
