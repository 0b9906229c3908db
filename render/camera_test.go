package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func near(a, b, eps float32) bool { return float32(math.Abs(float64(a-b))) <= eps }

func TestSceneMatrix(t *testing.T) {
	tests := []struct {
		name     string
		up       int
		mirror   bool
		in, want mgl32.Vec3
		mirrored bool
	}{
		{"Y up is the identity", UpY, false, mgl32.Vec3{1, 2, 3}, mgl32.Vec3{1, 2, 3}, false},
		{"Z up turns +Z to +Y", UpZ, false, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}, false},
		{"Z up turns +Y to -Z", UpZ, false, mgl32.Vec3{0, 1, 0}, mgl32.Vec3{0, 0, -1}, false},
		{"mirror flips X", UpY, true, mgl32.Vec3{1, 2, 3}, mgl32.Vec3{-1, 2, 3}, true},
		{"mirror and Z up", UpZ, true, mgl32.Vec3{1, 0, 1}, mgl32.Vec3{-1, 1, 0}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := SceneMatrix(tc.up, tc.mirror)
			got := m.Mul4x1(tc.in.Vec4(1)).Vec3()
			if !got.ApproxEqual(tc.want) {
				t.Errorf("SceneMatrix(%d, %v)·%v = %v, want %v", tc.up, tc.mirror, tc.in, got, tc.want)
			}
			if Mirrored(m) != tc.mirrored {
				t.Errorf("Mirrored = %v, want %v", Mirrored(m), tc.mirrored)
			}
		})
	}
}

func TestCameraFrameAndProject(t *testing.T) {
	tests := []struct {
		name   string
		lo, hi mgl32.Vec3
	}{
		{"unit box", mgl32.Vec3{-1, -1, -1}, mgl32.Vec3{1, 1, 1}},
		{"far small box", mgl32.Vec3{100, 5, -50}, mgl32.Vec3{100.1, 5.2, -49.9}},
		{"large box", mgl32.Vec3{-500, 0, -500}, mgl32.Vec3{500, 900, 500}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCamera()
			c.Frame(tc.lo, tc.hi)
			view, proj := c.View(), c.Proj(4.0/3)
			x, y, ok := Project(tc.lo.Add(tc.hi).Mul(0.5), view, proj, 400, 300)
			if !ok || !near(x, 200, 0.5) || !near(y, 150, 0.5) {
				t.Errorf("centre projects to %v,%v (%v), want the viewport centre 200,150", x, y, ok)
			}
			for k := 0; k < 8; k++ {
				p := tc.lo
				for a := 0; a < 3; a++ {
					if k&(1<<a) != 0 {
						p[a] = tc.hi[a]
					}
				}
				x, y, ok := Project(p, view, proj, 400, 300)
				if !ok || x < -1 || x > 401 || y < -1 || y > 301 {
					t.Errorf("corner %v projects to %v,%v (%v), want inside the viewport", p, x, y, ok)
				}
			}
		})
	}
}

func TestCameraControls(t *testing.T) {
	c := NewCamera()
	c.Frame(mgl32.Vec3{-1, -1, -1}, mgl32.Vec3{1, 1, 1})
	d := c.Distance
	c.Zoom(1)
	if !(c.Distance < d) {
		t.Errorf("zoom in: distance %v, want less than %v", c.Distance, d)
	}
	c.Orbit(0, 1e6)
	if c.Pitch > math.Pi/2 {
		t.Errorf("pitch %v past the pole", c.Pitch)
	}
	before := c.Target
	c.Pan(100, 0, 600)
	if c.Target == before {
		t.Errorf("pan did not move the target")
	}
	// A pan of the viewport's height moves the target by the view's height at the
	// target distance.
	c2 := NewCamera()
	c2.Pitch, c2.Yaw = 0, 0
	c2.Pan(0, 600, 600)
	want := 2 * c2.Distance * float32(math.Tan(float64(c2.FovY/2)))
	if !near(c2.Target[1], want, 1e-3) {
		t.Errorf("pan by the viewport height moved %v, want %v", c2.Target[1], want)
	}
}

func TestGridCell(t *testing.T) {
	tests := []struct {
		r, want float32
	}{{5, 1}, {50, 10}, {0.5, 0.1}, {0, 1}, {float32(math.NaN()), 1}}
	for _, tc := range tests {
		if got := GridCell(tc.r); !near(got, tc.want, tc.want*1e-5) {
			t.Errorf("GridCell(%v) = %v, want %v", tc.r, got, tc.want)
		}
	}
}

func TestBounds(t *testing.T) {
	b := EmptyBounds()
	if !b.Empty() || b.Radius() != 0 {
		t.Errorf("empty bounds: Empty %v Radius %v", b.Empty(), b.Radius())
	}
	b.Add(mgl32.Vec3{1, 2, 3})
	b.Add(mgl32.Vec3{float32(math.NaN()), 0, 0})
	b.Add(mgl32.Vec3{-1, 0, 3})
	if b.Lo != (mgl32.Vec3{-1, 0, 3}) || b.Hi != (mgl32.Vec3{1, 2, 3}) {
		t.Errorf("bounds %v..%v, want (-1,0,3)..(1,2,3) with the NaN point ignored", b.Lo, b.Hi)
	}
}

// An orthographic camera at distance 10 with a 45° field of view shows
// 2·10·tan(22.5°) = 8.284271 units of height at any depth: a point 4.142136
// above the target is at the top edge whether it is nearer or farther.
func TestCameraOrtho(t *testing.T) {
	c := NewCamera()
	c.Look(0, 0) // from +Z
	c.Distance = 10
	c.Ortho = true
	if h := c.HalfHeight(); !near(h, 4.142136, 1e-5) {
		t.Fatalf("HalfHeight = %v, want 4.142136", h)
	}
	view, proj := c.View(), c.Proj(2)
	want := mgl32.Ortho(-8.284271, 8.284271, -4.142136, 4.142136, -1000, 1000)
	if !proj.ApproxEqualThreshold(want, 1e-5) {
		t.Errorf("Proj(2) = %v, want %v", proj, want)
	}
	for _, z := range []float32{-50, 0, 9, 30} { // 30: behind the eye, still drawn
		x, y, ok := Project(mgl32.Vec3{0, 4.142136, z}, view, proj, 400, 200)
		if !ok || !near(x, 200, 1e-3) || !near(y, 0, 1e-3) {
			t.Errorf("(0, h, %v) projects to %v,%v (%v), want 200,0", z, x, y, ok)
		}
		x, _, _ = Project(mgl32.Vec3{8.284271, 0, z}, view, proj, 400, 200)
		if !near(x, 400, 1e-3) {
			t.Errorf("(2h, 0, %v) projects to x %v, want 400", z, x)
		}
	}
	// Toggling keeps the target's scale: a point on the target's plane lands
	// where the perspective view puts it.
	c.Ortho = false
	px, py, _ := Project(mgl32.Vec3{1, 2, 0}, c.View(), c.Proj(2), 400, 200)
	c.Ortho = true
	ox, oy, _ := Project(mgl32.Vec3{1, 2, 0}, c.View(), c.Proj(2), 400, 200)
	if !near(px, ox, 1e-3) || !near(py, oy, 1e-3) {
		t.Errorf("on the target's plane: perspective %v,%v, orthographic %v,%v; want equal", px, py, ox, oy)
	}
	// Panning by the viewport's height moves the target by the view's height.
	c.Pan(0, 200, 200)
	if !near(c.Target[1], 8.284271, 1e-4) {
		t.Errorf("ortho pan by the viewport height moved %v, want 8.284271", c.Target[1])
	}
}

func TestCameraLook(t *testing.T) {
	tests := []struct {
		name       string
		yaw, pitch float32
		eye        mgl32.Vec3
	}{
		{"front: from +Z", 0, 0, mgl32.Vec3{0, 0, 5}},
		{"right: from +X", math.Pi / 2, 0, mgl32.Vec3{5, 0, 0}},
		{"back: from -Z", math.Pi, 0, mgl32.Vec3{0, 0, -5}},
		{"top: from +Y, kept off the pole", 0, math.Pi / 2, mgl32.Vec3{0, 5 * float32(math.Cos(0.01)), 5 * float32(math.Sin(0.01))}},
		{"bottom: from -Y", 0, -math.Pi / 2, mgl32.Vec3{0, -5 * float32(math.Cos(0.01)), 5 * float32(math.Sin(0.01))}},
	}
	for _, tc := range tests {
		c := NewCamera()
		c.Target, c.Distance = mgl32.Vec3{}, 5
		c.Look(tc.yaw, tc.pitch)
		if got := c.Eye(); !near(got[0], tc.eye[0], 1e-4) || !near(got[1], tc.eye[1], 1e-4) || !near(got[2], tc.eye[2], 1e-4) {
			t.Errorf("%s: eye %v, want %v", tc.name, got, tc.eye)
		}
		if v := c.View(); v != v { // a NaN is unequal to itself
			t.Errorf("%s: view matrix has NaN: %v", tc.name, v)
		}
	}
}
