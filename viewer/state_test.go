package viewer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer/viewertest"

	"github.com/go-gl/mathgl/mgl32"
)

func TestOpenBadFileKeepsScene(t *testing.T) {
	tests := []struct {
		name    string
		files   []string
		wantErr string
	}{
		{"decoder error", []string{"bad"}, "bad: offset 0x10: bad magic"},
		{"decoder panic", []string{"panic"}, "the decoder failed"},
		{"no skeleton", []string{"noskel"}, "no skeleton"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewState(viewertest.FakeLoader, formats.Options{})
			if !s.Open([]string{"good"}) {
				t.Fatalf("open good: %s", s.LastError())
			}
			before := s.Scene
			if s.Open(tc.files) {
				t.Fatalf("Open(%v) = true, want false", tc.files)
			}
			if s.Scene != before {
				t.Errorf("the scene changed after a failed open; want the previous scene kept")
			}
			if got := s.LastError(); !strings.Contains(got, tc.wantErr) {
				t.Errorf("diagnostics error = %q, want it to contain %q", got, tc.wantErr)
			}
			s.Evaluate() // still drawable
		})
	}
}

func TestReloadKeepsClipTimeSelection(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	s.SetClip(1)
	s.Tr.T = 7.5
	s.Select(5)
	s.Blend.On, s.Blend.ClipB, s.Blend.Weight = true, 0, 0.25
	if !s.Reload() {
		t.Fatalf("reload failed: %s", s.LastError())
	}
	if s.Clip != 1 || s.Tr.T != 7.5 || s.Selected != 5 || !s.Blend.On || s.Blend.ClipB != 0 || s.Blend.Weight != 0.25 {
		t.Errorf("after reload: clip %d t %v sel %d blend %+v; want clip 1 t 7.5 sel 5 blend kept", s.Clip, s.Tr.T, s.Selected, s.Blend)
	}
	// New options that drop clip 1 fall back to a valid clip.
	if !s.SetOptions(formats.Options{Readings: map[string]string{"rounding": "floor"}}) {
		t.Fatalf("set options: %s", s.LastError())
	}
	if s.Clip != 0 || s.Opts.Value("rounding") != "floor" {
		t.Errorf("clip = %d rounding %q, want 0 and floor", s.Clip, s.Opts.Value("rounding"))
	}
}

func TestWatchReloadsAndKeepsSceneOnError(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "model.test")
	write := func(content string, mt time.Time) {
		if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(f, mt, mt); err != nil {
			t.Fatal(err)
		}
	}
	t0 := time.Now().Add(-time.Hour)
	write("ab", t0)
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Watch = true
	if !s.Open([]string{f}) {
		t.Fatal(s.LastError())
	}
	s.Select(3)
	s.Tr.T = 4
	now := time.Now()
	if s.PollWatch(now) {
		t.Errorf("PollWatch reloaded an unchanged file")
	}
	write("abcd", t0.Add(time.Minute))
	if !s.PollWatch(now.Add(time.Second)) {
		t.Fatalf("PollWatch did not reload a changed file: %s", s.LastError())
	}
	if got := s.Scene.Skel.Len(); got != 14 || s.Selected != 3 || s.Tr.T != 4 {
		t.Errorf("after reload: nodes %d sel %d t %v; want 14 nodes, selection and time kept", got, s.Selected, s.Tr.T)
	}
	good := s.Scene
	write("bad", t0.Add(2*time.Minute))
	if s.PollWatch(now.Add(2 * time.Second)) {
		t.Errorf("PollWatch reported success for a broken file")
	}
	if s.Scene != good || !strings.Contains(s.LastError(), "broken") {
		t.Errorf("broken reload: scene kept %v, error %q; want the old scene and the error", s.Scene == good, s.LastError())
	}
	if s.PollWatch(now.Add(3 * time.Second)) {
		t.Errorf("PollWatch retried a broken file that did not change again")
	}
}

func TestBlendTimesAndSides(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	s.Tr.Playing = false
	s.Tr.T = 10 // clip 0 "wave" lasts 40 frames, clip 1 "bend" 20
	s.Blend = BlendState{On: true, ClipB: 1, Weight: 0.5, Sync: true}
	if got := s.TimeB(); got != 5 {
		t.Errorf("synced TimeB = %v, want 5 (A's phase in B's duration)", got)
	}
	s.Blend.Sync, s.Blend.TB = false, 18
	s.Tr.Playing = true
	s.Tick(0.2) // 4 frames at 20 fps
	if got := s.Blend.TB; got < 1.999 || got > 2.001 {
		t.Errorf("free TB after tick = %v, want 2 (wrapped in B's 20 frames)", got)
	}
	tests := []struct {
		w          float32
		wantA, wnB bool
	}{{0, true, false}, {0.5, true, true}, {1, false, true}}
	for _, tc := range tests {
		s.Blend.Weight = tc.w
		s.Evaluate()
		if s.Result.UsedA != tc.wantA || s.Result.UsedB != tc.wnB {
			t.Errorf("w=%v: used A %v B %v, want %v %v", tc.w, s.Result.UsedA, s.Result.UsedB, tc.wantA, tc.wnB)
		}
	}
}

// TestBlendMatchesBlender checks that the state's blended pose is the Blender's,
// with both probe sets from the samplers.
func TestBlendMatchesBlender(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	s.Tr.T = 13
	s.Blend = BlendState{On: true, ClipB: 1, Weight: 0.3, Sync: false, TB: 6}
	s.Evaluate()
	sc := s.Scene
	n := sc.Skel.Len()
	want := make([]anim.Transform, n)
	pa, pb := make([]anim.Probe, n), make([]anim.Probe, n)
	var bl anim.Blender
	bl.Sample(sc.Clips[0], 13, sc.Clips[1], 6, 0.3, want, pa, pb)
	for i := 0; i < n; i++ {
		if sc.Pose.Local[i] != want[i] || sc.Pose.Probes[i].Frame != pa[i].Frame || sc.Pose.ProbesB[i].Frame != pb[i].Frame {
			t.Fatalf("node %d: local %v probes %d/%d, want %v %d/%d", i, sc.Pose.Local[i], sc.Pose.Probes[i].Frame, sc.Pose.ProbesB[i].Frame, want[i], pa[i].Frame, pb[i].Frame)
		}
	}
}

type panicClip struct{}

func (panicClip) Info() anim.ClipInfo {
	return anim.ClipInfo{Name: "boom", Unit: "frame", Duration: 1, UnitsPerSecond: 30}
}
func (panicClip) NewContext() anim.Context { return nil }
func (panicClip) Sample(_ anim.Context, t float64, out []anim.Transform, p []anim.Probe) (anim.Affine, bool) {
	panic("sampler bug")
}

func TestEvaluatePanicShowsRestPose(t *testing.T) {
	s := NewState(func([]string, formats.Options) (*formats.Asset, error) {
		a := viewertest.SyntheticAsset(4)
		a.Clips = []anim.Clip{panicClip{}}
		a.Skeleton.Offset = make([]mgl32.Vec3, 4)
		return a, nil
	}, formats.Options{})
	if !s.Open(nil) {
		t.Fatal(s.LastError())
	}
	s.Evaluate()
	if !s.View.Rest || !strings.Contains(s.LastError(), "sampler bug") {
		t.Errorf("rest %v, error %q; want the rest pose and the error", s.View.Rest, s.LastError())
	}
}

func TestHandleKey(t *testing.T) {
	tests := []struct {
		key   Key
		ctrl  bool
		check func(s *State) bool
		what  string
	}{
		{KeySpace, false, func(s *State) bool { return !s.Tr.Playing }, "space pauses a playing clip"},
		{KeyRight, false, func(s *State) bool { return s.Tr.T == 6 }, "right steps forward"},
		{KeyLeft, false, func(s *State) bool { return s.Tr.T == 4 }, "left steps back"},
		{KeyHome, false, func(s *State) bool { return s.Tr.T == 0 }, "home goes to the start"},
		{KeyEnd, false, func(s *State) bool { return s.Tr.T == 40 }, "end goes to the end"},
		{KeyF, false, func(s *State) bool { return s.Req.FrameAll }, "F frames all (nothing selected)"},
		{KeyShiftF, false, func(s *State) bool { return s.Req.FrameAll }, "Shift+F frames all"},
		{KeyNum1, false, func(s *State) bool { return s.Req.Preset == ViewFront }, "numpad 1: front"},
		{KeyNum1, true, func(s *State) bool { return s.Req.Preset == ViewBack }, "Ctrl+numpad 1: back"},
		{KeyNum3, false, func(s *State) bool { return s.Req.Preset == ViewRight }, "numpad 3: right"},
		{KeyNum3, true, func(s *State) bool { return s.Req.Preset == ViewLeft }, "Ctrl+numpad 3: left"},
		{KeyNum7, false, func(s *State) bool { return s.Req.Preset == ViewTop }, "numpad 7: top"},
		{KeyNum7, true, func(s *State) bool { return s.Req.Preset == ViewBottom }, "Ctrl+numpad 7: bottom"},
		{KeyNum5, false, func(s *State) bool { return s.View.Camera.Ortho }, "numpad 5: orthographic"},
		{KeyW, false, func(s *State) bool { return s.View.Wireframe }, "W toggles wireframe"},
		{KeyB, false, func(s *State) bool { return s.View.Rest }, "B toggles the rest pose"},
		{KeyO, true, func(s *State) bool { return s.Req.OpenDialog }, "Ctrl+O opens the browser"},
		{KeyR, true, func(s *State) bool { return s.Scene != nil && s.Tr.T == 5 }, "Ctrl+R reloads keeping time"},
	}
	for _, tc := range tests {
		t.Run(tc.what, func(t *testing.T) {
			s := NewState(viewertest.FakeLoader, formats.Options{})
			s.Open([]string{"good"})
			s.Req.FrameAll = false
			s.Tr.T = 5
			if !s.HandleKey(tc.key, tc.ctrl) {
				t.Errorf("HandleKey(%v, %v) = false, want true", tc.key, tc.ctrl)
			}
			if !tc.check(s) {
				t.Errorf("%s: state T=%v playing=%v req=%+v view=%+v", tc.what, s.Tr.T, s.Tr.Playing, s.Req, s.View)
			}
		})
	}
}

func TestRecent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cfg", "recent.json")
	r := LoadRecent(path)
	for i := 0; i < maxRecent+3; i++ {
		r.Add([]string{filepath.Join(dir, "f"+string(rune('a'+i)))})
	}
	r.Add([]string{filepath.Join(dir, "fc")})
	got := LoadRecent(path)
	if len(got.Items) != maxRecent {
		t.Fatalf("len = %d, want %d", len(got.Items), maxRecent)
	}
	if got.Items[0][0] != filepath.Join(dir, "fc") {
		t.Errorf("first = %v, want the newest (fc)", got.Items[0])
	}
	seen := map[string]bool{}
	for _, it := range got.Items {
		if seen[it[0]] {
			t.Errorf("duplicate %s", it[0])
		}
		seen[it[0]] = true
	}
}

func TestMatchNodes(t *testing.T) {
	mk := func(family string, names ...string) *Scene {
		a := viewertest.SyntheticAsset(len(names))
		a.Family = family
		copy(a.Skeleton.Names, names)
		sc, err := NewScene(a, nil, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	tests := []struct {
		name         string
		a, b         *Scene
		by           string
		pairs        int
		onlyA, onlyB int
	}{
		{"msh same count by index", mk("msh", "a", "b", "c"), mk("msh", "x", "y", "z"), "index", 3, 0, 0},
		{"msh other count by name", mk("msh", "a", "b", "c"), mk("msh", "B", "A"), "name", 2, 1, 0},
		{"other family by name", mk("m2", "Root", "arm"), mk("m2", "root", "leg", "ARM"), "name", 2, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := matchNodes(tc.a, tc.b)
			if m.By != tc.by || len(m.Pairs) != tc.pairs || len(m.OnlyA) != tc.onlyA || len(m.OnlyB) != tc.onlyB {
				t.Errorf("got %s %d pairs, %d/%d unmatched; want %s %d, %d/%d", m.By, len(m.Pairs), len(m.OnlyA), len(m.OnlyB), tc.by, tc.pairs, tc.onlyA, tc.onlyB)
			}
		})
	}
}

func TestFallbackMap(t *testing.T) {
	fm := &FallbackMap{Rows: 2, Cols: 3, A: []bool{false, false, true, false, false, false}, B: []bool{false, true, true, false, false, true}, Step: 1}
	tests := []struct {
		r, c, dir   int
		wantR, want int
	}{
		{0, 0, 1, 0, 1}, {0, 1, 1, 1, 2}, {1, 2, 1, 0, 1}, {0, 1, -1, 1, 2},
	}
	for _, tc := range tests {
		r, c, ok := fm.NextDiff(tc.r, tc.c, tc.dir)
		if !ok || r != tc.wantR || c != tc.want {
			t.Errorf("NextDiff(%d,%d,%d) = %d,%d,%v; want %d,%d", tc.r, tc.c, tc.dir, r, c, ok, tc.wantR, tc.want)
		}
	}
	img := fm.image()
	if got, want := img.Rect.Dx(), 3*3+2*mapGapCols; got != want {
		t.Errorf("image width %d, want %d", got, want)
	}
	if r, c, ok := fm.cellAt(2*(3+mapGapCols)+1, 1); !ok || r != 1 || c != 1 {
		t.Errorf("CellAt in the difference panel = %d,%d,%v; want 1,1", r, c, ok)
	}
	if _, _, ok := fm.cellAt(3, 0); ok {
		t.Errorf("CellAt in the gap is ok, want not")
	}
	if d := img.RGBAAt(2*(3+mapGapCols)+1, 0); d != mapDiff {
		t.Errorf("difference cell colour %v, want %v", d, mapDiff)
	}
}

func TestCompareStateOpensBoth(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	if !s.OpenCompare([]string{"good"}, []string{"other"}) {
		t.Fatal(s.LastError())
	}
	s.Evaluate()
	if s.SceneB == nil || len(s.Match.Pairs) != 12 {
		t.Fatalf("compare: scene B %v, %d pairs; want 12", s.SceneB != nil, len(s.Match.Pairs))
	}
	if s.OpenCompare([]string{"good"}, []string{"bad"}) {
		t.Errorf("OpenCompare with a bad B succeeded")
	}
	if s.SceneB == nil {
		t.Errorf("failed compare dropped the previous compare scene")
	}
	fm := buildFallbackMap(s.Scene, s.SceneB, s.Match, 0, 100)
	if fm.Rows != 12 || fm.Cols != 41 {
		t.Errorf("map %dx%d, want 12x41", fm.Rows, fm.Cols)
	}
}

func TestSetSlotWithoutSlots(t *testing.T) {
	s := NewState(viewertest.FakeLoader, formats.Options{})
	s.Open(nil)
	s.SetSlot(1, 2)
	if s.HasSlots() || !strings.Contains(s.LastError(), "no slots") {
		t.Errorf("HasSlots %v, error %q; want false and an error", s.HasSlots(), s.LastError())
	}
}

func TestDemoSlotsAndOptions(t *testing.T) {
	s := NewState(DefaultLoader, formats.Options{})
	if !s.Open(nil) {
		t.Fatal(s.LastError())
	}
	if !s.HasSlots() {
		t.Fatalf("the demo (MSH) has no slots")
	}
	gen, n := s.Scene.Gen, len(s.Scene.Meshes)
	s.SetSlot(0, 4) // the collision group: possibly empty, never a panic
	if s.Scene.Gen == gen || s.SlotA != 0 || s.SlotB != 4 {
		t.Errorf("SetSlot(0, 4): gen %v→%v slot %d,%d; want a new generation and slot 0,4", gen, s.Scene.Gen, s.SlotA, s.SlotB)
	}
	s.SetSlot(0, 0)
	if len(s.Scene.Meshes) != n {
		t.Errorf("slot (0, 0) has %d meshes, want the default %d", len(s.Scene.Meshes), n)
	}
	s.Tr.T = 12.5
	s.Select(4)
	for _, o := range []formats.Options{{Readings: map[string]string{"rounding": "floor"}}, {Readings: map[string]string{"rounding": "half-away", "quat-order": "wxyz"}}} {
		if !s.SetOptions(o) {
			t.Fatalf("SetOptions(%+v): %s", o, s.LastError())
		}
		s.Evaluate()
		if s.Tr.T != 12.5 || s.Selected != 4 || s.Opts.Value("rounding") != o.Value("rounding") {
			t.Errorf("after SetOptions(%+v): t %v sel %d rounding %q; want time and selection kept", o, s.Tr.T, s.Selected, s.Opts.Value("rounding"))
		}
	}
}
