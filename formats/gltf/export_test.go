package gltf

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

// The glTF axes of each family, written out from the specs (not taken from the
// exporter): MSH §17 and M2 §6.3 (x, y, z) → (x, z, −y); SWG §8 (x, y, z) → (−x, y, z);
// VoxelCore unchanged.
var (
	axesZUp   = func(v vec3) vec3 { return vec3{v[0], v[2], -v[1]} }
	axesSWG   = func(v vec3) vec3 { return vec3{-v[0], v[1], v[2]} }
	axesYUp   = func(v vec3) vec3 { return v }
	tolerance = 1e-4
)

// maxErrors are the largest differences between the glTF file and the core.
type maxErrors struct {
	joint, linear, vertex, mid float64
	samples, mids              int
	// midJoint is the largest joint error at a midpoint, at midWhere.
	midJoint float64
	midWhere string
}

// frameTimes are the times "at every frame" of a clip in its unit: 0, step, 2·step,
// … and the end, the exporter's own frame rule restated.
func frameTimes(info anim.ClipInfo, fps float64) []float64 {
	if fps == 0 {
		fps = info.FrameRate() // the clip's own frame rate (30 when it has none)
	}
	step := info.UnitsPerSecond / fps
	dur := info.Duration
	if math.IsInf(dur, 1) {
		dur = InfiniteClipSeconds * info.UnitsPerSecond
	}
	var ts []float64
	for k := 0; float64(k)*step <= dur+1e-9*step; k++ {
		ts = append(ts, float64(k)*step)
	}
	if ts[len(ts)-1] < dur {
		ts = append(ts, dur)
	}
	return ts
}

// expectedPose is the core's answer at t: model matrices and skin palette.
func expectedPose(a *formats.Asset, c anim.Clip, t float64) ([]anim.Affine, []anim.Affine) {
	n := a.Skeleton.Len()
	local := make([]anim.Transform, n)
	model := make([]anim.Affine, n)
	skin := make([]anim.Affine, n)
	var root *anim.Affine
	if r, moved := c.Sample(nil, t, local, nil); moved {
		root = &r
	}
	anim.LocalToModel(a.Skeleton, local, root, model)
	anim.SkinPalette(a.Skeleton, model, skin)
	return model, skin
}

// comparePose compares the glTF worlds with the core's pose: joint positions
// (model · pivot, converted), the joints' linear parts (P·A·Pᵀ) and every vertex of
// every exported mesh (Σ w · skin · v, converted).
func comparePose(a *formats.Asset, ev *evaluator, w []affine, model, skin []anim.Affine, axes func(vec3) vec3, f float64, meshes []*formats.Mesh, e *maxErrors) {
	sk := a.Skeleton
	for i := 0; i < sk.Len(); i++ {
		want := axes(vec3Of(sk.JointPosition(i, model))).scale(f)
		got := w[ev.doc.Skins[0].Joints[i]]
		e.joint = math.Max(e.joint, got.b.sub(want).maxAbs())
		m := affineOf(&model[i])
		// P·A·Pᵀ column by column: column c of the glTF matrix is P·A·Pᵀ·e_c.
		for c := 0; c < 3; c++ {
			ec := vec3{}
			ec[c] = 1
			pt := inverseAxes(axes, ec)
			want := axes(m.A.vec(pt))
			e.linear = math.Max(e.linear, got.A.col(c).sub(want).maxAbs())
		}
	}
	for mi, m := range meshes {
		for v, p := range m.Positions {
			x := vec3Of(p)
			var want vec3
			if m.Joints == nil {
				s := affineOf(&skin[m.Node])
				want = s.point(x)
			} else {
				for k := 0; k < 8; k++ {
					var wt float64
					var j int
					if k < 4 {
						wt, j = float64(m.Weights[v][k]), int(m.Joints[v][k])
					} else if m.Weights2 != nil {
						wt, j = float64(m.Weights2[v][k-4]), int(m.Joints2[v][k-4])
					}
					if wt <= 0 {
						continue
					}
					y := x
					if j < sk.Len() {
						s := affineOf(&skin[j])
						y = s.point(x)
					}
					want = want.add(y.scale(wt))
				}
			}
			want = axes(want).scale(f)
			got := ev.skinVertex(w, mi, v)
			e.vertex = math.Max(e.vertex, got.sub(want).maxAbs())
		}
	}
}

// inverseAxes finds the file-space vector that axes maps to g (axes is a signed
// permutation).
func inverseAxes(axes func(vec3) vec3, g vec3) vec3 {
	var r vec3
	for c := 0; c < 3; c++ {
		var e vec3
		e[c] = 1
		r[c] = axes(e).dot(g)
	}
	return r
}

type exportCase struct {
	name  string
	scene func() *formats.Asset
	opts  ExportOptions
	axes  func(vec3) vec3
	// linear: every clip's tracks are linear between the keys the clip lists, so the
	// export must also hold halfway between samples.
	linear []bool
}

// checkExport exports, validates, reads back and compares at every frame.
func checkExport(t *testing.T, tc exportCase) (maxErrors, *evaluator) {
	t.Helper()
	a := tc.scene()
	var warnings []string
	opts := tc.opts
	opts.Warn = func(s string) { warnings = append(warnings, s) }
	doc, err := Export(a, opts)
	if err != nil {
		t.Fatalf("Export: %v", err)
	}
	for _, w := range warnings {
		t.Logf("warning: %s", w)
	}
	glb, err := EncodeBytes(doc)
	if err != nil {
		t.Fatalf("encoding: %v", err)
	}
	validateGLB(t, tc.name, glb)
	ev := newEvaluator(t, decodeGLB(t, glb))
	f := opts.Scale
	if f == 0 {
		f = 1
	}
	var meshes []*formats.Mesh
	for i := range a.Meshes {
		if !a.Meshes[i].Hidden || opts.Hidden {
			meshes = append(meshes, &a.Meshes[i])
		}
	}
	if got, want := len(ev.meshData), len(meshes); got != want {
		t.Fatalf("got %d meshes, want %d", got, want)
	}
	var e maxErrors
	// The bind pose, without animation.
	model, skin := expectedPose(a, anim.BindPose{}, 0)
	comparePose(a, ev, ev.worlds(-1, 0), model, skin, tc.axes, f, meshes, &e)
	clips := opts.Clips
	if clips == nil && !opts.BindPose {
		for i := range a.Clips {
			clips = append(clips, i)
		}
	}
	if got, want := len(ev.doc.Animations), len(clips); got != want {
		t.Fatalf("got %d animations, want %d", got, want)
	}
	for ai, ci := range clips {
		c := a.Clips[ci]
		info := c.Info()
		ts := frameTimes(info, opts.FPS)
		for _, tt := range ts {
			x := float32(tt / info.UnitsPerSecond)
			model, skin := expectedPose(a, c, tt)
			comparePose(a, ev, ev.worlds(ai, x), model, skin, tc.axes, f, meshes, &e)
			e.samples++
		}
		if ai < len(tc.linear) && tc.linear[ai] {
			// Halfway between every two exported samples (the longest input of the
			// animation: every frame and every key time).
			var secs []float32
			for _, ch := range ev.anims[ai] {
				if len(ch.in) > len(secs) {
					secs = ch.in
				}
			}
			for k := 0; k+1 < len(secs); k++ {
				mid := (float64(secs[k]) + float64(secs[k+1])) / 2
				model, skin := expectedPose(a, c, mid*info.UnitsPerSecond)
				var m maxErrors
				comparePose(a, ev, ev.worlds(ai, float32(mid)), model, skin, tc.axes, f, meshes, &m)
				e.mid = math.Max(e.mid, math.Max(m.joint, m.vertex))
				if m.joint > e.midJoint {
					e.midJoint, e.midWhere = m.joint, fmt.Sprintf("clip %q at %.6g s", info.Name, mid)
				}
				e.mids++
			}
		}
	}
	return e, ev
}

func TestExportMatchesSampling(t *testing.T) {
	cases := []exportCase{
		{name: "m2-like chain", scene: chainScene, axes: axesZUp, linear: []bool{true, true}},
		{name: "m2-like chain scale 2.5", scene: chainScene, opts: ExportOptions{Scale: 2.5}, axes: axesZUp, linear: []bool{true, true}},
		{name: "m2-like chain 7 fps, hidden parts", scene: chainScene, opts: ExportOptions{FPS: 7, Hidden: true}, axes: axesZUp, linear: []bool{true, true}},
		{name: "swg-like mirrored", scene: swgScene, axes: axesSWG, linear: []bool{true}},
		{name: "m2 256-like nearly unit keys", scene: nearUnitScene, axes: axesZUp, linear: []bool{true}},
		{name: "msh-like non-unit keys and jumps", scene: mshScene, axes: axesZUp},
		{name: "msh-like 60 fps", scene: mshScene, opts: ExportOptions{FPS: 60}, axes: axesZUp},
		{name: "vca-like root motion and curves", scene: vcaScene, axes: axesYUp},
		{name: "vca-like one clip", scene: vcaScene, opts: ExportOptions{Clips: []int{1}}, axes: axesYUp},
		{name: "bind pose only", scene: chainScene, opts: ExportOptions{BindPose: true}, axes: axesZUp},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, _ := checkExport(t, tc)
			t.Logf("%d samples: max error joint %.3g, linear %.3g, vertex %.3g; %d midpoints: %.3g",
				e.samples, e.joint, e.linear, e.vertex, e.mids, e.mid)
			for _, c := range []struct {
				what string
				got  float64
			}{{"joint position", e.joint}, {"joint linear part", e.linear}, {"skinned vertex", e.vertex}, {"midpoint", e.mid}} {
				if !(c.got <= tolerance) {
					t.Errorf("max %s error: got %.3g, want <= %g", c.what, c.got, tolerance)
				}
			}
		})
	}
}

// TestExportStructure checks the node tree, names, helpers and the skin.
func TestExportStructure(t *testing.T) {
	cases := []struct {
		name        string
		scene       func() *formats.Asset
		wantHelpers bool
		wantRoot    bool // a root-motion node
		wantJoints  int
		wantWide    int // meshes with JOINTS_1 (more than four influences)
	}{
		{"chain", chainScene, false, false, 4, 0},
		{"swg (six influences)", swgScene, false, false, 6, 1},
		{"msh (non-unit keys need helpers; two roots need a common joint)", mshScene, true, false, 5, 0},
		{"vca (root motion; unknown joint needs the identity joint)", vcaScene, false, true, 5, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := tc.scene()
			doc, err := Export(a, ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			glb, err := EncodeBytes(doc)
			if err != nil {
				t.Fatal(err)
			}
			ev := newEvaluator(t, decodeGLB(t, glb))
			d := ev.doc
			skin := d.Skins[0]
			if got := len(skin.Joints); got != tc.wantJoints {
				t.Errorf("got %d joints, want %d", got, tc.wantJoints)
			}
			sk := a.Skeleton
			helpers, root := 0, false
			for _, n := range d.Nodes {
				if strings.HasSuffix(n.Name, " (helper)") {
					helpers++
				}
				if n.Name == "root motion" {
					root = true
				}
			}
			if got := helpers > 0; got != tc.wantHelpers {
				t.Errorf("helper nodes: got %d, want some: %v", helpers, tc.wantHelpers)
			}
			if root != tc.wantRoot {
				t.Errorf("root-motion node: got %v, want %v", root, tc.wantRoot)
			}
			for i := 0; i < sk.Len(); i++ {
				j := skin.Joints[i]
				if got, want := d.Nodes[j].Name, sk.Names[i]; got != want {
					t.Errorf("joint %d: got name %q, want %q", i, got, want)
				}
				// The joint's nearest joint ancestor is the parent's joint (helpers and
				// the root-motion node are not joints).
				anc := ev.parent[j]
				for anc >= 0 && !isJoint(skin.Joints[:sk.Len()], anc) {
					anc = ev.parent[anc]
				}
				want := -1
				if p := sk.Parents[i]; p >= 0 {
					want = skin.Joints[p]
				}
				if anc != want {
					t.Errorf("joint %d (%s): got joint ancestor %d, want %d", i, sk.Names[i], anc, want)
				}
			}
			wide := 0
			for _, m := range d.Meshes {
				if _, ok := m.Primitives[0].Attributes["JOINTS_1"]; ok {
					wide++
				}
			}
			if wide != tc.wantWide {
				t.Errorf("got %d meshes with JOINTS_1, want %d", wide, tc.wantWide)
			}
			for _, s := range d.Scenes[0].Nodes {
				if ev.parent[s] != -1 {
					t.Errorf("scene node %d has a parent", s)
				}
			}
		})
	}
}

func isJoint(joints []int, n int) bool {
	for _, j := range joints {
		if j == n {
			return true
		}
	}
	return false
}

// TestWinding: front faces stay counter-clockwise (the geometric normal of every
// triangle agrees with its vertex normals) through the proper Z-up rotation and
// through SWG's mirror, which needs the triangles rewound.
func TestWinding(t *testing.T) {
	for _, tc := range []struct {
		name  string
		scene func() *formats.Asset
	}{{"chain (Z up)", chainScene}, {"swg (mirrored)", swgScene}, {"msh (Z up)", mshScene}, {"vca (Y up)", vcaScene}} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Export(tc.scene(), ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			glb, err := EncodeBytes(doc)
			if err != nil {
				t.Fatal(err)
			}
			ev := newEvaluator(t, decodeGLB(t, glb))
			agree, total := windingAgreement(ev)
			disagree := total - agree
			if disagree != 0 || agree == 0 {
				t.Errorf("got %d triangles facing their normals and %d facing away, want all facing", agree, disagree)
			}
		})
	}
}

func TestExportOptions(t *testing.T) {
	a := chainScene()
	cases := []struct {
		name       string
		opts       ExportOptions
		wantAnims  []string
		wantInputs int // samples of the first animation's main input
		wantErr    string
	}{
		{name: "every clip at its own rate", wantAnims: []string{"wave", "still"}, wantInputs: 31 + 1}, // 31 frames of 1/30 s and the key at 250 ms (400, 500 and 600 ms are frames)
		{name: "one clip by index", opts: ExportOptions{Clips: []int{1}}, wantAnims: []string{"still"}, wantInputs: 1},
		{name: "bind pose", opts: ExportOptions{BindPose: true}, wantAnims: nil},
		{name: "10 fps", opts: ExportOptions{FPS: 10}, wantAnims: []string{"wave", "still"}, wantInputs: 11 + 1},
		{name: "clip out of range", opts: ExportOptions{Clips: []int{2}}, wantErr: "out of range"},
		{name: "too many samples", opts: ExportOptions{FPS: 1e6, MaxSamples: 1000}, wantErr: "lower --fps"},
		{name: "negative scale", opts: ExportOptions{Scale: -1}, wantErr: "scale"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := Export(a, tc.opts)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one mentioning %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, an := range doc.Animations {
				names = append(names, an.Name)
			}
			if strings.Join(names, ",") != strings.Join(tc.wantAnims, ",") {
				t.Errorf("got animations %q, want %q", names, tc.wantAnims)
			}
			if len(doc.Animations) > 0 {
				got := doc.Accessors[doc.Animations[0].Samplers[0].Input].Count
				if got != tc.wantInputs {
					t.Errorf("got %d samples, want %d", got, tc.wantInputs)
				}
			}
		})
	}
}

func TestExportInfiniteClipWarns(t *testing.T) {
	var warnings []string
	_, err := Export(vcaScene(), ExportOptions{Clips: []int{1}, Warn: func(s string) { warnings = append(warnings, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "no end") {
		t.Errorf("got warnings %q, want one about the clip having no end", warnings)
	}
}

func TestExportRejects(t *testing.T) {
	noSkel := &formats.Asset{}
	badSkel := &formats.Asset{Skeleton: &anim.Skeleton{Names: []string{"a"}, Parents: []int32{0}}}
	for _, tc := range []struct {
		name    string
		a       *formats.Asset
		wantErr string
	}{{"no skeleton", noSkel, "no skeleton"}, {"parent after child", badSkel, "parent"}} {
		_, err := Export(tc.a, ExportOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: got error %v, want one mentioning %q", tc.name, err, tc.wantErr)
		}
	}
}

// windingAgreement counts the triangles whose geometric normal (b−a)×(c−a) points
// the way of their first vertex's normal: counter-clockwise front faces.
func windingAgreement(ev *evaluator) (agree, total int) {
	for _, m := range ev.meshData {
		if m.nrm == nil {
			continue
		}
		for k := 0; k+2 < len(m.indices); k += 3 {
			p := func(i uint32) vec3 { q := m.pos[i]; return vec3{float64(q[0]), float64(q[1]), float64(q[2])} }
			a, b, c := p(m.indices[k]), p(m.indices[k+1]), p(m.indices[k+2])
			n := m.nrm[m.indices[k]]
			if b.sub(a).cross(c.sub(a)).dot(vec3{float64(n[0]), float64(n[1]), float64(n[2])}) > 0 {
				agree++
			}
			total++
		}
	}
	return agree, total
}

// TestExportErrorsNamePlace: every export error names the scene's file and the
// place: the node, mesh, clip or time.
func TestExportErrorsNamePlace(t *testing.T) {
	nanAt := func() *formats.Asset {
		a := chainScene()
		c := a.Clips[0].(*keyClip)
		c.keys[2][0].T = v3(float32(math.NaN()), 0, 0) // "arm" from 0 ms
		return a
	}
	nanVertex := func() *formats.Asset {
		a := chainScene()
		a.Meshes[1].Positions[5][1] = float32(math.Inf(1))
		return a
	}
	noSkel := func() *formats.Asset { return &formats.Asset{Files: []string{"empty.m2"}} }
	for _, tc := range []struct {
		name  string
		a     func() *formats.Asset
		opts  ExportOptions
		parts []string
	}{
		{"key not finite", nanAt, ExportOptions{}, []string{"chain.m2", `clip "wave"`, "at 0 ms", `node 2 ("arm")`, "not finite"}},
		{"vertex not finite", nanVertex, ExportOptions{}, []string{"chain.m2", `mesh "hand part"`, "vertex 5", "not finite"}},
		{"vertex not finite at a scale", chainScene, ExportOptions{Scale: 1e300}, []string{"chain.m2", "vertex 0", "not finite at scale 1e+300", "lower --scale"}},
		{"clip out of range", chainScene, ExportOptions{Clips: []int{7}}, []string{"chain.m2", "clip 7"}},
		{"too many samples", chainScene, ExportOptions{FPS: 1e6, MaxSamples: 1000}, []string{"chain.m2", `clip "wave"`, "more than 1000"}},
		{"bad scale", chainScene, ExportOptions{Scale: math.NaN()}, []string{"chain.m2", "scale NaN"}},
		{"no skeleton", noSkel, ExportOptions{}, []string{"empty.m2", "no skeleton"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Export(tc.a(), tc.opts)
			if err == nil {
				t.Fatalf("got no error, want one naming %q", tc.parts)
			}
			if !strings.HasPrefix(err.Error(), "gltf export: ") {
				t.Errorf("got %q, want it to start with %q", err, "gltf export: ")
			}
			for _, p := range tc.parts {
				if !strings.Contains(err.Error(), p) {
					t.Errorf("got %q, want it to name %q", err, p)
				}
			}
		})
	}
}
