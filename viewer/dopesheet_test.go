package viewer

import (
	"math"
	"slices"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer/viewertest"
)

func syntheticScene(t testing.TB, n int) *Scene {
	t.Helper()
	sc, err := NewScene(viewertest.SyntheticAsset(n), []string{"synthetic"}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestDopeSheetRows(t *testing.T) {
	sc := syntheticScene(t, 9) // parents: 0 root, 1←0, 2←1, 3←2, 4←2, 5←4, 6←5, 7←6, 8←4
	d := NewDopeSheet()
	d.Sync(sc, 0, -1)
	rows := func() (nodes, depths, chans []int32) {
		for _, r := range d.Rows {
			nodes, depths, chans = append(nodes, r.Node), append(depths, r.Depth), append(chans, r.Chan)
		}
		return
	}
	nodes, depths, _ := rows()
	if want := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8}; !slices.Equal(nodes, want) {
		t.Errorf("tree order = %v, want %v", nodes, want)
	}
	if want := []int32{0, 1, 2, 3, 3, 4, 5, 6, 4}; !slices.Equal(depths, want) {
		t.Errorf("depths = %v, want %v", depths, want)
	}

	d.Filter = "NODE0" // case-insensitive: node01..node08
	d.Sync(sc, 0, -1)
	if nodes, _, _ = rows(); !slices.Equal(nodes, []int32{1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Errorf("filter %q rows = %v, want nodes 1..8", d.Filter, nodes)
	}
	d.Filter = "node03"
	d.Sync(sc, 0, -1)
	if nodes, _, _ = rows(); !slices.Equal(nodes, []int32{3}) {
		t.Errorf("filter %q rows = %v, want [3]", d.Filter, nodes)
	}

	d.Filter = ""
	d.ToggleExpand(2)
	d.Sync(sc, 0, -1)
	nodes, _, chans := rows()
	if want := []int32{0, 1, 2, 2, 3, 4, 5, 6, 7, 8}; !slices.Equal(nodes, want) {
		t.Errorf("expanded rows' nodes = %v, want %v", nodes, want)
	}
	if want := []int32{-1, -1, -1, 0, -1, -1, -1, -1, -1, -1}; !slices.Equal(chans, want) {
		t.Errorf("expanded rows' channels = %v, want %v", chans, want)
	}
	if ch := d.Channels(2); len(ch) != 1 || ch[0].Name != "trs" {
		t.Errorf("node 2's channels = %v, want the one channel trs", ch)
	}
	d.ToggleExpand(2)
	d.Sync(sc, 0, -1)
	if len(d.Rows) != 9 || d.Channels(2) != nil {
		t.Errorf("collapsed: %d rows, channels %v; want 9 rows, none", len(d.Rows), d.Channels(2))
	}

	// A new selection asks to scroll to its row; an unchanged one does not.
	d.Sync(sc, 0, 5)
	if d.ScrollTo != 5 {
		t.Errorf("ScrollTo after selecting node 5 = %d, want row 5", d.ScrollTo)
	}
	d.ScrollTo = -1
	d.Sync(sc, 0, 5)
	if d.ScrollTo != -1 {
		t.Errorf("ScrollTo with the same selection = %d, want -1", d.ScrollTo)
	}
}

// The synthetic clip keys every node every 4 frames (40 frames): at frame c the
// sampler uses keys c/4 and c/4+1, or key c/4 alone on a key.
func TestDopeSheetChannelSpansAndKeyTimes(t *testing.T) {
	sc := syntheticScene(t, 3)
	d := NewDopeSheet()
	d.ToggleExpand(1) // before the first Sync: ignored (no scene yet)
	d.Sync(sc, 0, -1)
	d.ToggleExpand(1)
	d.Sync(sc, 0, -1)
	if d.Cols != 41 || d.Step != 1 {
		t.Fatalf("cells = %d of %v, want 41 of 1 frame", d.Cols, d.Step)
	}
	ch := d.Channels(1)
	if len(ch) != 1 {
		t.Fatalf("channels = %d, want 1", len(ch))
	}
	for _, tc := range []struct{ c, k0, k1 int32 }{{0, 0, -1}, {1, 0, 1}, {3, 0, 1}, {4, 1, -1}, {5, 1, 2}, {39, 9, 10}, {40, 10, -1}} {
		if got0, got1 := ch[0].K0[tc.c], ch[0].K1[tc.c]; got0 != tc.k0 || got1 != tc.k1 {
			t.Errorf("frame %d: keys (%d, %d), want (%d, %d)", tc.c, got0, got1, tc.k0, tc.k1)
		}
	}
	if got, want := d.KeyTimes(1), []float64{0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40}; !slices.Equal(got, want) {
		t.Errorf("key times = %v, want %v", got, want)
	}
	if d.HasBranch || d.Fallback(1, 3) {
		t.Errorf("a synthetic scene shows a branch (HasBranch %v)", d.HasBranch)
	}
	// Clip 1 ("bend", 20 frames): the per-clip data follows the clip.
	d.Sync(sc, 1, -1)
	if d.Cols != 21 || d.ViewHi != 20 {
		t.Errorf("clip 1: %d cells, view to %v; want 21 cells, view to 20", d.Cols, d.ViewHi)
	}
}

// On the demo (MSH, a family with a fallback branch) every cell's branch is what
// the sampler says at that frame.
func TestDopeSheetBranchCells(t *testing.T) {
	a, err := demoLoader(formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sc, err := NewScene(a, nil, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := NewDopeSheet()
	d.Sync(sc, 0, -1)
	if !d.HasBranch || d.Cols == 0 {
		t.Fatalf("demo: HasBranch %v, %d cells; want a branch on every cell", d.HasBranch, d.Cols)
	}
	n := sc.Skel.Len()
	pose := &anim.Pose{Local: make([]anim.Transform, n), Probes: make([]anim.Probe, n)}
	fallbacks, mapped := 0, 0
	for c := 0; c < d.Cols; c++ {
		pose.Sample(sc.Skel, &anim.PoseRequest{A: sc.Clips[0], TA: float64(c) * d.Step, Probes: true})
		for i := 0; i < n; i++ {
			if got, want := d.Fallback(i, c), pose.Probes[i].Fallback; got != want {
				t.Fatalf("node %d frame %d: fallback %v, want %v", i, c, got, want)
			}
			if pose.Probes[i].Fallback {
				fallbacks++
			} else {
				mapped++
			}
		}
	}
	if fallbacks == 0 || mapped == 0 {
		t.Errorf("demo: %d fallback and %d mapped cells; want both kinds", fallbacks, mapped)
	}
}

func TestDopeSheetZoomPanFit(t *testing.T) {
	info := anim.ClipInfo{Unit: "frame", Duration: 40, UnitsPerSecond: 20, Frames: 41, Step: 1}
	d := NewDopeSheet()
	steps := []struct {
		what   string
		do     func()
		lo, hi float64
	}{
		{"fit", func() { d.Fit(info) }, 0, 40},
		{"zoom in ×0.5 at 10", func() { d.Zoom(0.5, 10, info) }, 5, 25},
		{"pan +3", func() { d.Pan(3) }, 8, 28},
		{"zoom in past 2 frames stops at 2", func() { d.Zoom(0.001, 8, info) }, 8, 10},
		{"pan NaN ignored", func() { d.Pan(math.NaN()) }, 8, 10},
		{"fit again", func() { d.Fit(info) }, 0, 40},
		{"an infinite clip fits 100 frames", func() { d.Fit(anim.ClipInfo{Unit: "frame", Duration: math.Inf(1), UnitsPerSecond: 30}) }, 0, 100},
	}
	for _, st := range steps {
		st.do()
		if math.Abs(d.ViewLo-st.lo) > 1e-9 || math.Abs(d.ViewHi-st.hi) > 1e-9 {
			t.Errorf("%s: view [%v, %v], want [%v, %v]", st.what, d.ViewLo, d.ViewHi, st.lo, st.hi)
		}
	}
}

func TestDopeSheetCellOf(t *testing.T) {
	d := &DopeSheet{Cols: 41, Step: 1}
	for _, tc := range []struct {
		t    float64
		want int
	}{{0, 0}, {0.99, 0}, {1, 1}, {12.5, 12}, {40, 40}, {55, 40}, {-3, 0}, {math.NaN(), -1}} {
		if got := d.CellOf(tc.t); got != tc.want {
			t.Errorf("CellOf(%v) = %d, want %d", tc.t, got, tc.want)
		}
	}
	if got := (&DopeSheet{}).CellOf(3); got != -1 {
		t.Errorf("CellOf without cells = %d, want -1", got)
	}
}

func TestDopeSheetMarkers(t *testing.T) {
	sc := syntheticScene(t, 3)
	d := NewDopeSheet()
	d.Sync(sc, 0, -1)
	d.AddMarker("wave", 12)
	d.AddMarker("wave", 5)
	d.AddMarker("wave", 12) // twice at one time: once
	d.AddMarker("bend", 3)
	own := []anim.Marker{{Name: "step L", Time: 10}, {Name: "step R", Time: 30}}
	tests := []struct {
		t      float64
		dir    int
		want   float64
		wantOK bool
	}{
		{0, 1, 5, true}, {5, 1, 10, true}, {10, 1, 12, true}, {12, 1, 30, true}, {30, 1, 0, false},
		{30, -1, 12, true}, {5, -1, 0, false}, {11, -1, 10, true},
	}
	for _, tc := range tests {
		got, ok := d.NextMarker("wave", own, tc.t, tc.dir)
		if ok != tc.wantOK || (ok && got != tc.want) {
			t.Errorf("NextMarker(wave, %v, %+d) = %v, %v; want %v, %v", tc.t, tc.dir, got, ok, tc.want, tc.wantOK)
		}
	}
	if want := []dopeMarker{{"bend", 3}, {"wave", 5}, {"wave", 12}}; !slices.Equal(d.UserMarkers, want) {
		t.Errorf("markers = %v, want %v", d.UserMarkers, want)
	}
	d.RemoveMarker("wave", 5)
	if want := []dopeMarker{{"bend", 3}, {"wave", 12}}; !slices.Equal(d.UserMarkers, want) {
		t.Errorf("after removing wave@5: %v, want %v", d.UserMarkers, want)
	}
	// A reload (same files, new Scene) keeps them; another scene drops them.
	d.Sync(syntheticScene(t, 3), 0, -1)
	if len(d.UserMarkers) != 2 {
		t.Errorf("after a reload: %v, want both markers kept", d.UserMarkers)
	}
	other, err := NewScene(viewertest.SyntheticAsset(3), []string{"other"}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d.Sync(other, 0, -1)
	if len(d.UserMarkers) != 0 {
		t.Errorf("after opening another scene: %v, want none", d.UserMarkers)
	}
}

// Sync does nothing per frame once the scene, clip, filter and expansion are
// unchanged: it allocates nothing.
func TestDopeSheetSyncAllocatesNothing(t *testing.T) {
	sc := syntheticScene(t, 1000)
	d := NewDopeSheet()
	d.ToggleExpand(3)
	d.Sync(sc, 0, 7)
	d.ToggleExpand(3)
	d.Sync(sc, 0, 7)
	sel := 7
	if allocs := testing.AllocsPerRun(100, func() { d.Sync(sc, 0, sel); sel = 7 + (sel+1)%5 }); allocs != 0 {
		t.Errorf("Sync allocates %v times a frame, want 0", allocs)
	}
}

func TestSampleTimesAndKeysInUse(t *testing.T) {
	plain := probe(12, false, anim.KeyUse{Channel: anim.ChannelOf("t")}, anim.KeyUse{Channel: anim.ChannelOf("r")})
	vca := withFrames(probe(40, false, anim.KeyUse{Channel: anim.ChannelOf("move.y"), HasFrame: true}, anim.KeyUse{Channel: anim.ChannelOf("rotate.z"), HasFrame: true},
		anim.KeyUse{Channel: anim.ChannelOf("rotate.x"), HasFrame: true}), 0, 40, 40)
	mixed := withFrames(probe(40, false, anim.KeyUse{Channel: anim.ChannelOf("move.y"), HasFrame: true}, anim.KeyUse{Channel: anim.ChannelOf("func")}), 5)
	none := probe(0, true)
	for _, tc := range []struct {
		name string
		p    anim.Probe
		t    float64
		want []float64
	}{
		{"every channel at the transport time", plain, 12, []float64{12}},
		{"VCA: each line at its own frame, once", vca, 2, []float64{0, 2}},
		{"own frames and the transport time", mixed, 2, []float64{0.25, 2}},
		{"a probe without keys", none, 3, []float64{3}},
	} {
		if got := SampleTimes(&tc.p, tc.t, 0.05, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: SampleTimes = %v, want %v", tc.name, got, tc.want)
		}
	}
	kt := []float64{0, 4, 8, 12}
	for _, tc := range []struct {
		at   []float64
		want []int32
	}{
		{[]float64{5}, []int32{1, 2}}, // between keys 4 and 8
		{[]float64{8}, []int32{2}},    // on key 8
		{[]float64{-1}, []int32{0}},   // before the first key
		{[]float64{15}, []int32{3}},   // after the last key
		{[]float64{1, 12}, []int32{0, 1, 3}},
	} {
		if got := KeysInUse(kt, tc.at, nil); !slices.Equal(got, tc.want) {
			t.Errorf("KeysInUse(%v, %v) = %v, want %v", kt, tc.at, got, tc.want)
		}
	}
	if got := KeysInUse(nil, []float64{3}, nil); len(got) != 0 {
		t.Errorf("KeysInUse without keys = %v, want none", got)
	}
}
