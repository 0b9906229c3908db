package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Up axes, as in formats.UpY and formats.UpZ.
const (
	UpY = 1
	UpZ = 2
)

// SceneMatrix maps scene coordinates into the viewer's Y-up world: a Z-up scene is
// turned so that +Z points up (x, y, z) → (x, z, −y), and mirrorX flips X first (SWG's
// left-handed space). A mirrored matrix has a negative determinant, so triangle
// winding flips (see Mirrored).
func SceneMatrix(upAxis int, mirrorX bool) mgl32.Mat4 {
	m := mgl32.Ident4()
	if upAxis == UpZ {
		m = mgl32.Mat4{
			1, 0, 0, 0,
			0, 0, -1, 0,
			0, 1, 0, 0,
			0, 0, 0, 1,
		}
	}
	if mirrorX {
		m = m.Mul4(mgl32.Scale3D(-1, 1, 1))
	}
	return m
}

// Mirrored reports whether m flips handedness (its 3×3 part has a negative
// determinant), in which case front faces wind clockwise.
func Mirrored(m mgl32.Mat4) bool { return m.Mat3().Det() < 0 }

// Camera orbits a target point in the Y-up world.
type Camera struct {
	Target   mgl32.Vec3
	Yaw      float32 // radians about +Y; 0 looks along −Z
	Pitch    float32 // radians; positive looks down on the target
	Distance float32
	FovY     float32 // radians
	// Ortho projects orthographically: the view is as high as the perspective
	// view's at the target (2·Distance·tan(FovY/2)), so toggling keeps the size.
	Ortho bool
}

// NewCamera returns a camera looking at the origin from a slight elevation.
func NewCamera() Camera {
	return Camera{Yaw: 0.6, Pitch: 0.35, Distance: 5, FovY: mgl32.DegToRad(45)}
}

// Eye is the camera position.
func (c *Camera) Eye() mgl32.Vec3 {
	cp, sp := float32(math.Cos(float64(c.Pitch))), float32(math.Sin(float64(c.Pitch)))
	cy, sy := float32(math.Cos(float64(c.Yaw))), float32(math.Sin(float64(c.Yaw)))
	dir := mgl32.Vec3{sy * cp, sp, cy * cp}
	return c.Target.Add(dir.Mul(c.Distance))
}

// View is the world-to-eye matrix.
func (c *Camera) View() mgl32.Mat4 {
	return mgl32.LookAtV(c.Eye(), c.Target, mgl32.Vec3{0, 1, 0})
}

// Proj is the projection for a viewport of the given aspect ratio: perspective,
// or orthographic when Ortho; the clip planes follow the orbit distance (an
// orthographic view keeps what lies behind the eye up to the target's depth,
// so that zooming in never cuts the model).
func (c *Camera) Proj(aspect float32) mgl32.Mat4 {
	if aspect <= 0 || math.IsNaN(float64(aspect)) {
		aspect = 1
	}
	d := c.Distance
	if c.Ortho {
		h := c.HalfHeight()
		return mgl32.Ortho(-h*aspect, h*aspect, -h, h, -d*100, d*100)
	}
	return mgl32.Perspective(c.FovY, aspect, d*0.01, d*100)
}

// HalfHeight is half the view's height at the target's depth, in world units.
func (c *Camera) HalfHeight() float32 {
	return c.Distance * float32(math.Tan(float64(c.FovY/2)))
}

// Look turns the camera to yaw and pitch (radians; see Camera), the pitch kept
// off the poles so that the view's up stays defined.
func (c *Camera) Look(yaw, pitch float32) {
	c.Yaw = yaw
	c.Pitch = mgl32.Clamp(pitch, -maxPitch, maxPitch)
}

// maxPitch keeps the eye off the poles, where the view's up (+Y) would be
// parallel to the view direction.
const maxPitch = math.Pi/2 - 0.01

// Orbit turns the camera by a mouse drag of dx, dy pixels.
func (c *Camera) Orbit(dx, dy float32) {
	c.Yaw -= dx * 0.008
	c.Pitch += dy * 0.008
	c.Pitch = mgl32.Clamp(c.Pitch, -maxPitch, maxPitch)
}

// Pan moves the target in the view plane by a drag of dx, dy pixels in a viewport
// viewportH pixels high, so that the point under the cursor follows it.
func (c *Camera) Pan(dx, dy, viewportH float32) {
	if viewportH <= 0 {
		return
	}
	v := c.View()
	right := mgl32.Vec3{v[0], v[4], v[8]}
	up := mgl32.Vec3{v[1], v[5], v[9]}
	perPixel := 2 * c.HalfHeight() / viewportH
	c.Target = c.Target.Sub(right.Mul(dx * perPixel)).Add(up.Mul(dy * perPixel))
}

// Zoom changes the distance by wheel notches (positive: closer).
func (c *Camera) Zoom(notches float32) {
	c.Distance *= float32(math.Pow(0.85, float64(notches)))
	c.Distance = mgl32.Clamp(c.Distance, 1e-4, 1e7)
}

// Frame points the camera at the box lo..hi (world coordinates) from its current
// direction, at a distance where the box's bounding sphere fills the view.
func (c *Camera) Frame(lo, hi mgl32.Vec3) {
	if lo[0] > hi[0] { // empty box
		lo, hi = mgl32.Vec3{-1, -1, -1}, mgl32.Vec3{1, 1, 1}
	}
	c.Target = lo.Add(hi).Mul(0.5)
	r := hi.Sub(lo).Len() / 2
	if r < 1e-3 || math.IsNaN(float64(r)) || math.IsInf(float64(r), 0) {
		r = 1
	}
	c.Distance = r / float32(math.Sin(float64(c.FovY/2))) * 1.05
}

// Project maps a world point to viewport pixels (origin top left, y down) for a
// viewport w×h; ok is false behind the camera.
func Project(p mgl32.Vec3, view, proj mgl32.Mat4, w, h float32) (x, y float32, ok bool) {
	c := proj.Mul4(view).Mul4x1(p.Vec4(1))
	if c[3] <= 1e-6 {
		return 0, 0, false
	}
	nx, ny := c[0]/c[3], c[1]/c[3]
	return (nx*0.5 + 0.5) * w, (0.5 - ny*0.5) * h, true
}

// Bounds grows a box; start with EmptyBounds.
type Bounds struct{ Lo, Hi mgl32.Vec3 }

// EmptyBounds is a box that contains nothing.
func EmptyBounds() Bounds {
	inf := float32(math.Inf(1))
	return Bounds{Lo: mgl32.Vec3{inf, inf, inf}, Hi: mgl32.Vec3{-inf, -inf, -inf}}
}

// Add grows b to hold p; NaN and infinite points are ignored.
func (b *Bounds) Add(p mgl32.Vec3) {
	for i := 0; i < 3; i++ {
		if math.IsNaN(float64(p[i])) || math.IsInf(float64(p[i]), 0) {
			return
		}
	}
	for i := 0; i < 3; i++ {
		b.Lo[i] = min(b.Lo[i], p[i])
		b.Hi[i] = max(b.Hi[i], p[i])
	}
}

// Empty reports whether nothing was added.
func (b *Bounds) Empty() bool { return b.Lo[0] > b.Hi[0] }

// Radius is half the diagonal (0 when empty).
func (b *Bounds) Radius() float32 {
	if b.Empty() {
		return 0
	}
	return b.Hi.Sub(b.Lo).Len() / 2
}

// GridCell picks a grid spacing (a power of ten) for a scene of radius r, so that
// the 20×20 grid covers it.
func GridCell(r float32) float32 {
	if r <= 0 || math.IsNaN(float64(r)) || math.IsInf(float64(r), 0) {
		return 1
	}
	return float32(math.Pow(10, math.Round(math.Log10(float64(r)/5))))
}
