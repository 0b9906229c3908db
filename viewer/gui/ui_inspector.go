package gui

import (
	"fmt"
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/inkyblackness/imgui-go/v4"
)

func (u *UI) inspector() {
	s := u.S
	if s.Scene == nil {
		return
	}
	sc := s.Scene
	if imgui.CollapsingHeaderV("Selected node", imgui.TreeNodeFlagsDefaultOpen) {
		if s.Selected < 0 || s.Selected >= sc.Skel.Len() {
			coloured(colDim, "Click a joint or a node in the tree.")
		} else {
			u.nodeReadout()
		}
	}
	if imgui.CollapsingHeaderV("Blend", imgui.TreeNodeFlagsDefaultOpen) {
		u.blendPanel()
	}
	if imgui.CollapsingHeaderV("Readings", 0) {
		u.optionsPanel()
	}
	if sc.Asset.Materials != nil && imgui.CollapsingHeaderV("Materials", 0) {
		u.materialsPanel()
	}
	imgui.Separator()
	imgui.PushTextWrapPos() // the timings and a saved path wrap in a narrow panel
	imgui.Text(s.StatsLine())
	if u.Screenshot != "" {
		coloured(colDim, "saved "+u.Screenshot)
	}
	imgui.PopTextWrapPos()
}

func (u *UI) nodeReadout() {
	s := u.S
	sc := s.Scene
	i := s.Selected
	par := sc.Skel.FileParentOf(i)
	imgui.Text(fmt.Sprintf("%s  (node %d, parent %d)", sc.NodeLabel(i), sc.Skel.FileIndexOf(i), par))
	x := sc.Pose.Local[i]
	q := x.Q
	if sc.Asset.ConjugatedRotation {
		q = anim.Conjugate(q)
	}
	imgui.Text(fmt.Sprintf("local t  %8.4f %8.4f %8.4f", x.T[0], x.T[1], x.T[2]))
	imgui.Text(fmt.Sprintf("local q  %8.4f %8.4f %8.4f %8.4f", q.W, q.V[0], q.V[1], q.V[2]))
	imgui.Text(fmt.Sprintf("local s  %8.4f %8.4f %8.4f", x.S[0], x.S[1], x.S[2]))
	mt, mq, ms := Decompose(&sc.Pose.Model[i])
	imgui.Text(fmt.Sprintf("model t  %8.4f %8.4f %8.4f", mt[0], mt[1], mt[2]))
	imgui.Text(fmt.Sprintf("model q  %8.4f %8.4f %8.4f %8.4f", mq.W, mq.V[0], mq.V[1], mq.V[2]))
	imgui.Text(fmt.Sprintf("model s  %8.4f %8.4f %8.4f", ms[0], ms[1], ms[2]))
	pr := &sc.Pose.Probes[i]
	imgui.Text(fmt.Sprintf("frame %d ", pr.Frame))
	// Only a family that samples with a fallback branch (MSH) says which branch
	// the node took; for the others the word would mean nothing.
	if sc.HasBranch() {
		imgui.SameLine()
		branchCell(pr)
	}
	u.channelPlot()
}

// Decompose splits an affine matrix into translation, rotation and scale (the
// column lengths; the rotation of the normalised columns).
func Decompose(m *anim.Affine) (t mgl32.Vec3, q mgl32.Quat, s mgl32.Vec3) {
	t = mgl32.Vec3{m[9], m[10], m[11]}
	c := [3]mgl32.Vec3{{m[0], m[1], m[2]}, {m[3], m[4], m[5]}, {m[6], m[7], m[8]}}
	for k := range c {
		s[k] = c[k].Len()
		if s[k] > 0 {
			c[k] = c[k].Mul(1 / s[k])
		}
	}
	if c[0].Cross(c[1]).Dot(c[2]) < 0 {
		s[0] = -s[0]
		c[0] = c[0].Mul(-1)
	}
	r := mgl32.Mat3{c[0][0], c[0][1], c[0][2], c[1][0], c[1][1], c[1][2], c[2][0], c[2][1], c[2][2]}
	q = mgl32.Mat4ToQuat(r.Mat4())
	return t, q, s
}

var plotColours = [4]imgui.PackedColor{}

func init() {
	plotColours = [4]imgui.PackedColor{packed(1, 0.4, 0.4, 1), packed(0.4, 1, 0.4, 1), packed(0.45, 0.6, 1, 1), packed(0.9, 0.9, 0.9, 1)}
}

func (u *UI) channelPlot() {
	s := u.S
	p := s.Plot()
	if p == nil {
		return
	}
	sc := u.scale()
	width := imgui.ContentRegionAvail().X
	rowH := 46 * sc
	groups := []struct {
		name   string
		lo, hi int
	}{{"t", 0, 3}, {"q", 3, 7}, {"s", 7, 10}}
	dl := imgui.WindowDrawList()
	d := p.Duration
	for _, g := range groups {
		pos := imgui.CursorScreenPos()
		imgui.Dummy(imgui.Vec2{X: width, Y: rowH})
		dl.AddRectFilled(pos, pos.Plus(imgui.Vec2{X: width, Y: rowH}), packed(0.1, 0.1, 0.12, 1))
		lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
		for c := g.lo; c < g.hi; c++ {
			for _, v := range p.Ch[c] {
				if !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
		if !(hi > lo) {
			lo, hi = lo-1, lo+1
			if math.IsInf(float64(lo), 0) {
				lo, hi = -1, 1
			}
		}
		yOf := func(v float32) float32 { return pos.Y + rowH - 2 - (v-lo)/(hi-lo)*(rowH-4) }
		for c := g.lo; c < g.hi; c++ {
			col := plotColours[(c-g.lo)%4]
			vals := p.Ch[c]
			if constant(vals) { // one segment is enough
				y := yOf(vals[0])
				dl.AddLine(imgui.Vec2{X: pos.X, Y: y}, imgui.Vec2{X: pos.X + width, Y: y}, col)
				continue
			}
			for k := 1; k < len(vals); k++ {
				x0 := pos.X + width*float32(k-1)/float32(len(vals)-1)
				x1 := pos.X + width*float32(k)/float32(len(vals)-1)
				dl.AddLine(imgui.Vec2{X: x0, Y: yOf(vals[k-1])}, imgui.Vec2{X: x1, Y: yOf(vals[k])}, col)
			}
		}
		if d > 0 {
			for _, kt := range p.KeyTimes {
				x := pos.X + width*float32(kt/d)
				dl.AddLine(imgui.Vec2{X: x, Y: pos.Y + rowH - 5*sc}, imgui.Vec2{X: x, Y: pos.Y + rowH}, packed(1, 0.85, 0.3, 1))
			}
			x := pos.X + width*float32(s.Tr.T/d)
			dl.AddLine(imgui.Vec2{X: x, Y: pos.Y}, imgui.Vec2{X: x, Y: pos.Y + rowH}, packed(1, 0.3, 0.3, 1))
		}
		dl.AddText(pos.Plus(imgui.Vec2{X: 3, Y: 1}), packed(0.8, 0.8, 0.8, 1), fmt.Sprintf("%s  [%.3g, %.3g]", g.name, lo, hi))
	}
}

func constant(v []float32) bool {
	for _, x := range v {
		if x != v[0] {
			return false
		}
	}
	return true
}
