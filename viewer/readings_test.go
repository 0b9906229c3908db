package viewer

import (
	"strings"
	"testing"

	"animscope/formats"
	"animscope/viewer/viewertest"
)

func readingNames(rs []formats.Reading) string {
	var names []string
	for _, r := range rs {
		names = append(names, r.Name)
	}
	return strings.Join(names, " ")
}

// TestReadingsFollowTheScene: the options panel and compare mode offer only the
// readings that apply to the open scene's family.
func TestReadingsFollowTheScene(t *testing.T) {
	demo := NewState(func(files []string, opts formats.Options) (*formats.Asset, error) { return demoLoader(opts) }, formats.Options{})
	if got := readingNames(demo.SceneReadings()); got != "" {
		t.Errorf("no scene: readings %q, want none", got)
	}
	if _, ok := demo.AnotherReading(); ok {
		t.Error("no scene: another reading offered")
	}
	if !demo.Open(nil) {
		t.Fatal(demo.LastError())
	}
	if got, want := readingNames(demo.SceneReadings()), "rounding quat-order"; got != want {
		t.Errorf("MSH demo: readings %q, want %q", got, want)
	}
	if got, want := readingNames(demo.CompareReadings()), "rounding quat-order"; got != want {
		t.Errorf("MSH demo: compare readings %q, want %q", got, want)
	}
	o, ok := demo.AnotherReading()
	if !ok || o.Value("rounding") != "floor" || o.Value("quat-order") != "xyzw" {
		t.Errorf("MSH demo: another reading = %v, %v; want rounding floor, quat-order xyzw", o.Readings, ok)
	}
	if got, want := readingsText(o, "msh"), "rounding floor, quat-order xyzw"; got != want {
		t.Errorf("readingsText = %q, want %q", got, want)
	}

	synth := NewState(viewertest.FakeLoader, formats.Options{})
	if !synth.Open([]string{"good"}) {
		t.Fatal(synth.LastError())
	}
	if got := readingNames(synth.SceneReadings()); got != "" {
		t.Errorf("a family without readings: readings %q, want none", got)
	}
	if _, ok := synth.AnotherReading(); ok {
		t.Error("a family without readings: another reading offered")
	}
	if got := readingLabel("B ", formats.Reading{Name: "quat-order", Families: []string{"msh"}}); got != "B quat order (MSH)" {
		t.Errorf("label %q", got)
	}
}

// TestSkeletonLODFollowsTheFamily: the LOD input shows for a family that declares
// skeleton levels of detail and not for MSH.
func TestSkeletonLODFollowsTheFamily(t *testing.T) {
	formats.Register(formats.Decoder{Name: "lod-test", Traits: formats.Traits{SkeletonLOD: true}})
	a := viewertest.SyntheticAsset(3)
	a.Family = "lod-test"
	s := NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, formats.Options{})
	if s.HasSkeletonLOD() {
		t.Error("no scene: LOD offered")
	}
	if !s.Open([]string{"x"}) {
		t.Fatal(s.LastError())
	}
	if !s.HasSkeletonLOD() {
		t.Error("a family with SkeletonLOD: LOD not offered")
	}
	demo := NewState(func(files []string, opts formats.Options) (*formats.Asset, error) { return demoLoader(opts) }, formats.Options{})
	if !demo.Open(nil) || demo.HasSkeletonLOD() {
		t.Errorf("MSH demo: LOD offered (%v)", demo.LastError())
	}
}

// TestReadingPanelsAllocateNothing: what the options and compare panels ask the
// state every frame comes from the scene's cache.
func TestReadingPanelsAllocateNothing(t *testing.T) {
	s := NewState(func(files []string, opts formats.Options) (*formats.Asset, error) { return demoLoader(opts) }, formats.Options{})
	if !s.Open(nil) {
		t.Fatal(s.LastError())
	}
	o, _ := s.AnotherReading()
	if !s.CompareReading(o) {
		t.Fatal(s.LastError())
	}
	n := testing.AllocsPerRun(100, func() {
		_ = s.SceneReadings()
		_ = s.CompareReadings()
		_, _ = s.AnotherReading()
		ob := s.OptionsB()
		_ = ob.Value("rounding")
		_ = formats.Options{}.Value("quat-order") // a default
	})
	if n != 0 {
		t.Errorf("%v allocations per frame, want 0", n)
	}
}
