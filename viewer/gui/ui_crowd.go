package gui

import (
	"fmt"
	"math"

	"animscope/render"
	"animscope/viewer"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/inkyblackness/imgui-go/v4"
)

// crowdPanel is the crowd view's switches: on/off, how many instances, the seed
// of their phases, and what posing them costs.
func (u *UI) crowdPanel() {
	s := u.S
	c := &s.Crowd
	if s.Scene == nil {
		imgui.Text("Open a scene to show it as a crowd.")
		return
	}
	if s.SceneB != nil {
		imgui.Text("The crowd view shows one scene: close B to use it.")
	}
	imgui.Checkbox("Show the scene as a crowd", &c.On)
	tooltip("N instances of the scene on a grid, each playing the clip (and blend) at its own random phase, posed on all cores; bones drawn on the GPU.")
	limit := viewer.CrowdLimit(s.Scene.Skel.Len())
	n := int32(c.N)
	if n <= 0 {
		n = viewer.DefaultCrowd
	}
	n = min(n, int32(limit))
	if imgui.SliderIntV("instances", &n, 1, int32(limit), "%d", imgui.SliderFlagsAlwaysClamp) {
		c.N = int(n)
	}
	seed := int32(c.Seed)
	if imgui.InputInt("seed", &seed) && seed >= 0 {
		c.Seed = uint64(seed)
	}
	tooltip("The phases are drawn from this seed: the same seed, the same crowd.")
	if c.On && c.Characters() > 0 {
		imgui.Text(c.Summary())
		imgui.Text(fmt.Sprintf("%d bones drawn in one draw call", c.Characters()*max(s.Scene.Skel.Len()-len(s.Scene.Roots), 0)))
	}
}

// crowdJointSize is the joints' size in the crowd view, in pixels: a tenth of a
// character's height on screen at the camera's target, between 1 and 3 (the
// single scene's are 6), so that many far characters do not turn into a carpet
// of joints.
func crowdJointSize(cam *render.Camera, spacing float32, viewportH int32) float32 {
	viewH := 2 * cam.Distance * float32(math.Tan(float64(cam.FovY)/2)) // world units the viewport spans
	if !(viewH > 0) {
		return 3
	}
	px := float32(viewportH) * spacing / viewH / 10
	return min(max(px, 1), 3)
}

// crowdView is what the drawer keeps for the crowd view: the layout it framed
// the camera for, and the grid cell of that framing.
type crowdView struct {
	layout int
	shown  bool
	cell   float32
}

// drawCrowd poses the state's crowd (viewer.Crowd.Update) and draws it into the
// framebuffer viewport; the camera is framed on the whole grid whenever its
// layout changes.
func (d *drawer) drawCrowd(s *viewer.State, cam *render.Camera, vp [4]int32) {
	c := &s.Crowd
	sc := s.Scene
	c.Update(s)
	m := sceneMatrix(s, sc)
	if !d.crowd.shown || d.crowd.layout != c.Layout {
		d.crowd.shown, d.crowd.layout = true, c.Layout
		b := SceneBounds(sc, m)
		all := render.EmptyBounds()
		for _, o := range c.Offsets {
			if b.Empty() {
				all.Add(o)
				continue
			}
			all.Add(b.Lo.Add(o))
			all.Add(b.Hi.Add(o))
		}
		cam.Frame(all.Lo, all.Hi)
		d.crowd.cell = render.GridCell(all.Radius())
	}
	d.frame = render.Frame{Viewport: vp, View: cam.View(), Proj: cam.Proj(float32(vp[2]) / float32(max(vp[3], 1))), Background: d.background()}
	d.opts = drawOptions(s, sc, d.crowd.cell)
	d.opts.JointSize = crowdJointSize(cam, c.Spacing, vp[3])
	d.r.Begin(&d.frame)
	d.r.DrawCrowd(&d.frame, &d.opts, d.gpu(0, sc), sc.Skel, c.Model, c.DrawnSkin(), c.Offsets)
	d.r.End()
}

// leaveCrowd frames the scene again when the crowd view has just been left.
func (d *drawer) leaveCrowd(s *viewer.State) {
	if d.crowd.shown {
		d.crowd.shown = false
		s.Req.FrameAll = true
	}
}

// pickCrowdJoint returns the node whose joint, in any instance of the crowd, is
// nearest to (x, y) (viewport pixels, origin top left) within radius pixels, or
// −1.
func pickCrowdJoint(s *viewer.State, view, proj mgl32.Mat4, w, h, x, y, radius float32) int {
	c := &s.Crowd
	n := c.Nodes()
	if n == 0 || s.Scene.Skel.Len() != n {
		return -1
	}
	m := sceneMatrix(s, s.Scene)
	best, bestD := -1, radius*radius
	for k, off := range c.Offsets {
		model := c.Model[k*n : (k+1)*n]
		for i := 0; i < n; i++ {
			p := s.Scene.Skel.JointPosition(i, model)
			px, py, ok := render.Project(m.Mul4x1(p.Vec4(1)).Vec3().Add(off), view, proj, w, h)
			if !ok {
				continue
			}
			if d := (px-x)*(px-x) + (py-y)*(py-y); d <= bestD {
				best, bestD = i, d
			}
		}
	}
	return best
}
