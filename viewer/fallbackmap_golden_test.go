package viewer

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"

	"github.com/go-gl/mathgl/mgl32"
)

// pairModel is a static root and two animated nodes; endA is the last key time of
// node "a" (a track that ends early falls back from that frame on), endB of "b".
func pairModel(endA, endB float32) *msh.Model {
	track := func(end float32) []msh.ModelKey {
		return []msh.ModelKey{
			{Time: 0, Rot: mgl32.QuatIdent()},
			{Time: 2, Pos: mgl32.Vec3{1, 0, 0}, Rot: mgl32.QuatRotate(0.5, mgl32.Vec3{0, 0, 1})},
			{Time: end, Pos: mgl32.Vec3{1, 1, 0}, Rot: mgl32.QuatRotate(1, mgl32.Vec3{0, 0, 1})},
		}
	}
	return &msh.Model{Nodes: []msh.ModelNode{
		{Name: "root", Parent: -1, Keys: []msh.ModelKey{msh.StaticKey(mgl32.Vec3{})}},
		{Name: "a", Parent: 0, Keys: track(endA)},
		{Name: "b", Parent: 0, Keys: track(endB)},
	}}
}

// TestFallbackMapGolden draws the fallback map of a synthetic pair that differs in
// one fallback key (a ends at frame 5 in A, at 3 in B) and in frame-count parity
// (b ends at 9 in A, F = 10; at 10 in B, F = 11), and compares it pixel for pixel
// with testdata/fallback_map_pair.png (rewritten with -update).
func TestFallbackMapGolden(t *testing.T) {
	files := map[string]*msh.Model{"a.msh": pairModel(5, 9), "b.msh": pairModel(3, 10)}
	load := func(names []string, opts formats.Options) (*formats.Asset, error) {
		data, err := files[names[0]].Encode()
		if err != nil {
			return nil, err
		}
		return formats.OpenData(names[0], data, opts)
	}
	s := NewState(load, formats.Options{})
	if !s.OpenCompare([]string{"a.msh"}, []string{"b.msh"}) {
		t.Fatal(s.LastError())
	}
	fm := buildFallbackMap(s.Scene, s.SceneB, s.Match, 0, mapMaxCols)
	if fm.Rows != 3 || fm.Cols != 11 {
		t.Fatalf("map is %d×%d, want 3 nodes × 11 frames (t = 0..10)", fm.Rows, fm.Cols)
	}
	// Node a: A falls back from frame 5, B from frame 3. The columns are integer
	// times, whose engine frame index rounds t − 0.5 to even: t = 3 → frame 2 (both
	// mapped), t = 4 → 4 and t = 5 → 4 (A mapped, B fallback), t = 6 → 6 (both fall
	// back). So columns 4 and 5 differ.
	for c := 0; c < fm.Cols; c++ {
		want := c == 4 || c == 5
		if got := fm.differs(1, c); got != want {
			t.Errorf("node a, frame %d: differs = %v, want %v", c, got, want)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, fm.image()); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "fallback_map_pair.png")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	got := fm.image()
	if got.Bounds() != want.Bounds() {
		t.Fatalf("image bounds %v, want %v", got.Bounds(), want.Bounds())
	}
	b := got.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if g, w := got.At(x, y), want.At(x, y); !sameColor(g, w) {
				t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, g, w)
			}
		}
	}
}

func sameColor(a, b interface{ RGBA() (r, g, b, a uint32) }) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// TestCompareReadingsOfOneFile: B is the same file under floor rounding, and
// OpenB/CloseB switch compare mode on and off.
func TestCompareReadingsOfOneFile(t *testing.T) {
	data, err := mshtest.WorkedExample().Encode()
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	load := func(names []string, opts formats.Options) (*formats.Asset, error) {
		seen = append(seen, opts.Value("rounding"))
		return formats.OpenData("worked.msh", data, opts)
	}
	s := NewState(load, formats.Options{})
	if !s.Open([]string{"worked.msh"}) {
		t.Fatal(s.LastError())
	}
	o := s.Opts
	o.Set("rounding", "floor")
	if !s.CompareReading(o) {
		t.Fatal(s.LastError())
	}
	if got := seen[len(seen)-1]; got != "floor" || s.Opts.Value("rounding") != "engine" {
		t.Errorf("B read with %q, A keeps %q; want floor and engine", got, s.Opts.Value("rounding"))
	}
	// At t = 1 the engine rule gives frame 0 and floor frame 1
	// (formats/msh/FORMAT.md §11.1).
	s.Tr.T = 1
	s.Evaluate()
	fa, fb := s.Scene.Pose.Probes[1].Frame, s.SceneB.Pose.Probes[1].Frame
	if fa != 0 || fb != 1 {
		t.Errorf("t=1 frames: A %d, B %d; want 0 and 1", fa, fb)
	}
	s.CloseB()
	if s.SceneB != nil || s.Match != nil {
		t.Errorf("CloseB left compare mode on")
	}
	if !s.OpenB([]string{"worked.msh"}) || s.SceneB == nil {
		t.Errorf("OpenB failed: %s", s.LastError())
	}
}

var _ image.Image = (*image.RGBA)(nil)
