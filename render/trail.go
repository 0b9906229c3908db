package render

import (
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// motionPass is what the onion skin and the overlays keep on the GPU: a vertex
// buffer of CPU-built solid geometry (trails, key marks, joint axes) refilled
// each frame, and the ghosts' draw options (a field, as GL reads them by
// pointer).
type motionPass struct {
	vao, vbo uint32
	size     int // bytes allocated
	opts     DrawOptions
}

func (p *motionPass) delete() {
	if p.vao == 0 {
		return
	}
	gl.DeleteVertexArrays(1, &p.vao)
	gl.DeleteBuffers(1, &p.vbo)
	p.vao, p.vbo, p.size = 0, 0, 0
}

// upload replaces the buffer's contents with verts, orphaning the old storage
// (the previous frame's draws may still read it); it grows to twice the need.
func (p *motionPass) upload(verts []SolidVertex) {
	if p.vao == 0 {
		p.vao, p.vbo = newLines(nil)
	}
	n := len(verts) * 28
	gl.BindBuffer(gl.ARRAY_BUFFER, p.vbo)
	if n > p.size {
		p.size = 2 * n
	}
	gl.BufferData(gl.ARRAY_BUFFER, p.size, nil, gl.STREAM_DRAW)
	gl.BufferSubData(gl.ARRAY_BUFFER, 0, n, unsafe.Pointer(&verts[0]))
	gl.BindBuffer(gl.ARRAY_BUFFER, 0)
}

// Colours of the overlays.
var (
	// TrailKeyColor is a trail's key marks.
	TrailKeyColor = [4]float32{1.00, 0.92, 0.35, 1}
	// AxisXColor, AxisYColor and AxisZColor are a joint's axes.
	AxisXColor = [4]float32{0.95, 0.25, 0.25, 1}
	AxisYColor = [4]float32{0.30, 0.90, 0.30, 1}
	AxisZColor = [4]float32{0.30, 0.50, 1.00, 1}
)

// DrawOverlay draws CPU-built geometry in scene space (placed by o.Scene) over
// everything drawn so far: lines (pairs of vertices: trails, joint axes), then
// points of pointSize pixels (key marks), blended by their alpha, without the
// depth test. Steady-state calls allocate nothing.
func (r *Renderer) DrawOverlay(f *Frame, o *DrawOptions, lines, points []SolidVertex, pointSize float32) {
	if len(lines)+len(points) == 0 {
		return
	}
	p := &r.motion
	gl.Disable(gl.DEPTH_TEST)
	gl.Enable(gl.BLEND)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA) // coverage adds up: an opaque picture stays opaque
	gl.Enable(gl.PROGRAM_POINT_SIZE)
	r.tmp = o.Scene
	if len(lines) > 0 {
		p.upload(lines)
		r.useSolid(f, &r.tmp, false, 1)
		gl.BindVertexArray(p.vao)
		gl.DrawArrays(gl.LINES, 0, int32(len(lines)))
	}
	if len(points) > 0 {
		p.upload(points)
		r.useSolid(f, &r.tmp, false, pointSize)
		gl.BindVertexArray(p.vao)
		gl.DrawArrays(gl.POINTS, 0, int32(len(points)))
	}
	gl.Disable(gl.BLEND)
	gl.Enable(gl.DEPTH_TEST)
}
