package gui

import (
	"animscope/anim"
	"animscope/render"
	"animscope/viewer"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/inkyblackness/imgui-go/v4"
)

// motionDraw is what the drawer keeps for the onion skin and the overlays: the
// vertices it builds each frame from viewer.State.Motion's buffers, reused.
type motionDraw struct {
	lines, points, keys []render.SolidVertex
}

// trailColors are the trails' colours, one per trail in turn.
var trailColors = [...][3]float32{
	{0.35, 0.85, 1.00}, {1.00, 0.45, 0.85}, {1.00, 0.70, 0.25}, {0.60, 1.00, 0.40},
	{0.75, 0.60, 1.00}, {1.00, 1.00, 1.00}, {0.40, 1.00, 0.85}, {1.00, 0.40, 0.40},
}

// drawSceneA draws scene sc (the state's scene A) posed as model and skin,
// with the onion skin when there is one (viewer.State.Motion, updated here): the
// grid, the ghosts' meshes behind the scene's, the scene's meshes, the ghosts'
// skeletons over them and the scene's skeleton over all.
func (d *drawer) drawSceneA(s *viewer.State, sc *viewer.Scene, gpu *render.SceneGPU, model, skin []anim.Affine) {
	m := &s.Motion
	m.Update(s)
	if m.GhostCount() == 0 {
		d.r.DrawScene(&d.frame, &d.opts, gpu, sc.Skel, model, skin)
		return
	}
	o := &d.opts
	tints := m.GhostTints
	if !m.GhostMesh {
		tints = nil
	}
	d.r.DrawGhostMeshes(&d.frame, o, gpu, sc.Skel.Len(), m.GhostSkin, tints)
	bones, joints := o.ShowBones, o.Joints
	o.ShowGrid, o.ShowAxes, o.ShowBones, o.Joints = false, false, false, false
	d.r.DrawScene(&d.frame, o, gpu, sc.Skel, model, skin)
	o.ShowBones, o.Joints = bones, joints
	d.r.DrawGhostSkeletons(&d.frame, o, sc.Skel, m.GhostModel, m.GhostTints)
	mesh := o.ShowMesh
	o.ShowMesh = false
	d.r.DrawScene(&d.frame, o, nil, sc.Skel, model, skin)
	o.ShowMesh = mesh
}

// drawOverlays draws the trails, their key marks and the joint axes of scene sc
// (posed as model) over the scene; cell is the grid cell, which sizes the axes.
func (d *drawer) drawOverlays(s *viewer.State, sc *viewer.Scene, model []anim.Affine, cell float32) {
	m := &s.Motion
	md := &d.motion
	md.lines, md.points, md.keys = md.lines[:0], md.points[:0], md.keys[:0]
	nt := len(m.TrailTimes)
	for j := range m.TrailNodes {
		c := trailColors[j%len(trailColors)]
		pts := m.Trail(j)
		for i := 1; i < len(pts); i++ {
			// Older to newer: the line brightens along the clip, so its way reads.
			a0 := 0.5 + 0.5*float32(i-1)/float32(max(nt-1, 1))
			a1 := 0.5 + 0.5*float32(i)/float32(max(nt-1, 1))
			md.lines = append(md.lines,
				render.SolidVertex{Pos: pts[i-1], Color: [4]float32{c[0], c[1], c[2], a0}},
				render.SolidVertex{Pos: pts[i], Color: [4]float32{c[0], c[1], c[2], a1}})
		}
		for _, p := range pts {
			md.points = append(md.points, render.SolidVertex{Pos: p, Color: [4]float32{c[0], c[1], c[2], 0.8}})
		}
		for _, p := range m.Keys(j) {
			md.keys = append(md.keys, render.SolidVertex{Pos: p, Color: render.TrailKeyColor})
		}
	}
	if m.JointAxes && len(model) >= sc.Skel.Len() {
		md.lines = appendJointAxes(md.lines, sc.Skel, model, cell*1.5)
	}
	d.r.DrawOverlay(&d.frame, &d.opts, md.lines, md.points, 3)
	d.r.DrawOverlay(&d.frame, &d.opts, nil, md.keys, 5)
}

// appendJointAxes appends each joint's X, Y and Z axes (its model matrix's
// columns, scaled to length) as red, green and blue lines from the joint.
func appendJointAxes(dst []render.SolidVertex, skel *anim.Skeleton, model []anim.Affine, length float32) []render.SolidVertex {
	cols := [3][4]float32{render.AxisXColor, render.AxisYColor, render.AxisZColor}
	for i := 0; i < skel.Len(); i++ {
		o := skel.JointPosition(i, model)
		m := &model[i]
		for a := 0; a < 3; a++ {
			v := mgl32.Vec3{m[3*a], m[3*a+1], m[3*a+2]}
			l := v.Len()
			if !(l > 1e-12) {
				continue
			}
			dst = append(dst, render.SolidVertex{Pos: o, Color: cols[a]},
				render.SolidVertex{Pos: o.Add(v.Mul(length / l)), Color: cols[a]})
		}
	}
	return dst
}

// jointLabels is where every joint of the scene is on screen this frame
// (View > Label every joint), reused frame to frame.
type jointLabels struct {
	at []imgui.Vec2
	ok []bool
}

// projectJointLabels finds every joint of scene A on screen for the labels
// (display points), when the view labels them.
func (a *App) projectJointLabels() {
	s := a.S
	l := &a.UI.labels
	l.at, l.ok = l.at[:0], l.ok[:0]
	if !s.Motion.Labels || s.Scene == nil || s.CrowdShown() {
		return
	}
	v := a.UI.Viewport
	vw := v[2]
	if s.SceneB != nil {
		vw /= 2
	}
	view, proj := a.Cam.View(), a.Cam.Proj(vw/max(v[3], 1))
	m := sceneMatrix(s, s.Scene)
	for i := 0; i < s.Scene.Skel.Len(); i++ {
		x, y, ok := jointScreen(s.Scene, i, m, view, proj, vw, v[3])
		l.at = append(l.at, imgui.Vec2{X: v[0] + x, Y: v[1] + y})
		l.ok = append(l.ok, ok)
	}
}

// drawJointLabels writes every joint's name beside it in the 3D view, under the
// windows (the background draw list), the selected one left to its own label.
func (u *UI) drawJointLabels() {
	s := u.S
	if !s.Motion.Labels || s.Scene == nil || len(u.labels.at) != s.Scene.Skel.Len() {
		return
	}
	dl := imgui.BackgroundDrawList()
	sc := u.scale()
	v := u.Viewport
	dl.PushClipRect(imgui.Vec2{X: v[0], Y: v[1]}, imgui.Vec2{X: v[0] + v[2], Y: v[1] + v[3]})
	for i, p := range u.labels.at {
		if !u.labels.ok[i] || i == s.Selected {
			continue
		}
		dl.AddText(p.Plus(imgui.Vec2{X: 5 * sc, Y: -6 * sc}), packed(0.85, 0.9, 1, 0.85), s.Scene.NodeLabel(i))
	}
	dl.PopClipRect()
}

// motionMenu is View's onion skin, trails and joint overlays.
func (u *UI) motionMenu() {
	s := u.S
	m := &s.Motion
	if !imgui.BeginMenu("Ghosts and trails") {
		return
	}
	n := int32(m.Ghosts)
	if imgui.SliderInt("Ghosts each side", &n, 0, viewer.MaxGhosts) {
		m.Ghosts = int(n)
	}
	tooltip("Onion skin: poses before now (red) and after now (green), fading with distance.")
	info := s.Info()
	def := viewer.DefaultGhostStep(info)
	step := m.GhostStep
	if !(step > 0) {
		step = def
	}
	st := float32(step)
	if imgui.DragFloatV("Ghost step ("+info.Unit+")", &st, float32(info.FrameStep())/4, float32(info.FrameStep())/4, float32(max(info.Duration, info.FrameStep())), "%.3g", 0) {
		m.GhostStep = float64(st)
	}
	tooltip("Time between ghosts, in the clip's unit; the default is four frame steps.")
	imgui.Checkbox("Ghost meshes", &m.GhostMesh)
	imgui.Separator()
	imgui.Checkbox("Trail of the selected joint", &m.TrailSelected)
	tooltip("The path of the selected joint over the clip, with a dot at each of its keys.")
	win := m.TrailWindow > 0
	if imgui.Checkbox("Trail around now only (± 1/4 clip)", &win) {
		m.TrailWindow = 0
		if win {
			m.TrailWindow = max(info.Duration/4, info.FrameStep())
		}
	}
	if len(m.Trails) > 0 && imgui.MenuItem("Clear the other trails") {
		m.Trails = m.Trails[:0]
	}
	imgui.Separator()
	imgui.Checkbox("Label every joint", &m.Labels)
	imgui.Checkbox("Joint axes", &m.JointAxes)
	tooltip("Each joint's X (red), Y (green) and Z (blue) axes, as posed now.")
	imgui.EndMenu()
}

// addMotionBounds adds the joints of the onion skin's ghosts and the trails'
// points (viewer.State.Motion, updated for the state as posed now) to b, placed by m.
func addMotionBounds(s *viewer.State, b *render.Bounds, m mgl32.Mat4) {
	mo := &s.Motion
	if !mo.Active() || s.Scene == nil {
		return
	}
	mo.Update(s)
	sk := s.Scene.Skel
	for g := 0; g < mo.GhostCount(); g++ {
		model := mo.Ghost(g, sk.Len())
		for i := 0; i < sk.Len(); i++ {
			b.Add(m.Mul4x1(sk.JointPosition(i, model).Vec4(1)).Vec3())
		}
	}
	for _, p := range mo.TrailPos {
		b.Add(m.Mul4x1(p.Vec4(1)).Vec3())
	}
}
