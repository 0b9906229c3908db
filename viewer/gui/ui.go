package gui

import (
	"fmt"
	"image"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/inkyblackness/imgui-go/v4"
)

// UI builds the ImGui panels for a State. It calls no GL: the frame loop renders
// the draw data, and a test can build a frame with a bare ImGui context.
type UI struct {
	S     *viewer.State
	Scale float32 // content scale (HiDPI)
	// Viewport is the 3D area left between the panels: x, y, w, h in display points.
	Viewport [4]float32
	// Label, when LabelOK, is where the selected joint is on screen (display points).
	Label   imgui.Vec2
	LabelOK bool
	// SetImage uploads an image as a texture (nil: images are not shown).
	SetImage func(id imgui.TextureID, img *image.RGBA) imgui.TextureID
	// Screenshot, when set, is the last screenshot's path (shown in the status line).
	Screenshot string

	browser *viewer.FileBrowser
	// assets is the asset browser (File > Browse archive or folder).
	assets     *viewer.AssetBrowser
	assetsPath string
	showAssets bool
	onlyDiff   bool
	fmap       *viewer.FallbackMap
	openAsB    bool // the open dialog picks compare mode's scene B
	fmapKey    [3]int
	fmapTex    imgui.TextureID
	mapRow     int
	mapCol     int
	keyTimes   []float64
	tree       viewer.TreeView
	errSeen    int // errors in the diagnostics when last drawn: a new one brings the tab forward
	mats       materialsView
}

var (
	colMapped   = imgui.Vec4{X: 0.45, Y: 0.75, Z: 1, W: 1}
	colFallback = imgui.Vec4{X: 1, Y: 0.65, Z: 0.2, W: 1}
	colError    = imgui.Vec4{X: 1, Y: 0.4, Z: 0.4, W: 1}
	colWarn     = imgui.Vec4{X: 0.95, Y: 0.85, Z: 0.4, W: 1}
	colDim      = imgui.Vec4{X: 0.6, Y: 0.6, Z: 0.6, W: 1}
	colDiffBg   = imgui.Vec4{X: 0.55, Y: 0.12, Z: 0.12, W: 0.65}
)

func coloured(c imgui.Vec4, text string) {
	imgui.PushStyleColor(imgui.StyleColorText, c)
	imgui.Text(text)
	imgui.PopStyleColor()
}

// tooltip shows text while the last item is hovered.
func tooltip(text string) {
	if text != "" && imgui.IsItemHovered() {
		imgui.SetTooltip(text)
	}
}

// helpMarker is a dim "(?)" whose tooltip is text.
func helpMarker(text string) {
	imgui.SameLine()
	coloured(colDim, "(?)")
	tooltip(text)
}

func packed(r, g, b, a float32) imgui.PackedColor {
	return imgui.PackedColorFromVec4(imgui.Vec4{X: r, Y: g, Z: b, W: a})
}

// Build lays out every panel for a display of w×h points.
func (u *UI) Build(w, h float32) {
	s := u.S
	sc := u.Scale
	if sc <= 0 {
		sc = 1
	}
	menuH := u.menu()
	leftW, rightW, bottomH := 270*sc, 360*sc, 270*sc
	if w < 900*sc {
		leftW, rightW = w*0.25, w*0.3
	}
	if h < 600*sc {
		bottomH = h * 0.4
	}
	bodyH := h - menuH - bottomH
	u.Viewport = [4]float32{leftW, menuH, max(w-leftW-rightW, 1), max(bodyH, 1)}
	fixed := imgui.WindowFlagsNoMove | imgui.WindowFlagsNoResize | imgui.WindowFlagsNoCollapse | imgui.WindowFlagsNoSavedSettings

	imgui.SetNextWindowPosV(imgui.Vec2{X: 0, Y: menuH}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: leftW, Y: bodyH}, imgui.ConditionAlways)
	if imgui.BeginV("Scene", nil, fixed) {
		u.scenePanel()
	}
	imgui.End()

	imgui.SetNextWindowPosV(imgui.Vec2{X: w - rightW, Y: menuH}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: rightW, Y: bodyH}, imgui.ConditionAlways)
	if imgui.BeginV("Inspector", nil, fixed) {
		u.inspector()
	}
	imgui.End()

	imgui.SetNextWindowPosV(imgui.Vec2{X: 0, Y: h - bottomH}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: w, Y: bottomH}, imgui.ConditionAlways)
	if imgui.BeginV("Timeline", nil, fixed|imgui.WindowFlagsNoTitleBar) {
		u.transport()
		u.timeline()
		u.bottomTabs()
	}
	imgui.End()

	if u.LabelOK && s.Scene != nil && s.Selected >= 0 && s.Selected < s.Scene.Skel.Len() {
		dl := imgui.ForegroundDrawList()
		name := s.Scene.Skel.Names[s.Selected]
		p := u.Label.Plus(imgui.Vec2{X: 8 * sc, Y: -8 * sc})
		dl.AddRectFilledV(p.Minus(imgui.Vec2{X: 3, Y: 1}), p.Plus(imgui.Vec2{X: imgui.CalcTextSize(name, false, 0).X + 3, Y: imgui.TextLineHeight() + 1}), packed(0, 0, 0, 0.6), 3, 0)
		dl.AddText(p, packed(1, 0.7, 0.3, 1), name)
	}
	u.standInBadge()
	u.banner()
	u.shortcutsWindow()
	u.openDialog()
	u.assetsWindow()
}

// banner shows what the last load said (errors and warnings, in full) over the
// top of the 3D view until dismissed.
func (u *UI) banner() {
	s := u.S
	b := &s.Banner
	if !b.Visible() {
		return
	}
	sc := u.scale()
	v := u.Viewport
	imgui.SetNextWindowPosV(imgui.Vec2{X: v[0] + 8*sc, Y: v[1] + 8*sc}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeConstraints(imgui.Vec2{X: max(v[2]-16*sc, 100), Y: 0}, imgui.Vec2{X: max(v[2]-16*sc, 100), Y: max(v[3]*0.6, 80)})
	bg := imgui.Vec4{X: 0.22, Y: 0.18, Z: 0.08, W: 0.95}
	if b.Errors > 0 {
		bg = imgui.Vec4{X: 0.32, Y: 0.1, Z: 0.1, W: 0.95}
	}
	imgui.PushStyleColor(imgui.StyleColorWindowBg, bg)
	flags := imgui.WindowFlagsNoTitleBar | imgui.WindowFlagsNoMove | imgui.WindowFlagsNoResize |
		imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings | imgui.WindowFlagsNoCollapse
	if imgui.BeginV("##banner", nil, flags) {
		col := colWarn
		if b.Errors > 0 {
			col = colError
		}
		if imgui.Button("Dismiss") {
			s.DismissBanner()
		}
		tooltip("Hide this message; the Diagnostics tab keeps it.")
		imgui.SameLine()
		imgui.PushTextWrapPos()
		coloured(col, b.Title)
		imgui.PopTextWrapPos()
		for _, d := range b.Lines {
			imgui.PushTextWrapPos()
			switch {
			case d.Info:
				coloured(colDim, d.Text)
			case d.Severity == formats.Error:
				coloured(colError, "error: "+d.Text)
			default:
				coloured(colWarn, "warning: "+d.Text)
			}
			imgui.PopTextWrapPos()
		}
	}
	imgui.End()
	imgui.PopStyleColor()
}

// standInBadge marks a scene (A or B) posed on a stand-in skeleton at the bottom
// left of its viewport.
func (u *UI) standInBadge() {
	s := u.S
	sc := u.scale()
	v := u.Viewport
	for i, scene := range []*viewer.Scene{s.Scene, s.SceneB} {
		if !scene.StandIn() {
			continue
		}
		x := v[0]
		if i == 1 {
			x += v[2] / 2
		}
		imgui.SetNextWindowPosV(imgui.Vec2{X: x + 8*sc, Y: v[1] + v[3] - 8*sc}, imgui.ConditionAlways, imgui.Vec2{X: 0, Y: 1})
		imgui.PushStyleColor(imgui.StyleColorWindowBg, imgui.Vec4{X: 0.55, Y: 0.2, Z: 0.05, W: 0.92})
		flags := imgui.WindowFlagsNoDecoration | imgui.WindowFlagsAlwaysAutoResize | imgui.WindowFlagsNoSavedSettings |
			imgui.WindowFlagsNoMove | imgui.WindowFlagsNoFocusOnAppearing
		if imgui.BeginV(fmt.Sprintf("##standin%d", i), nil, flags) {
			imgui.Text(viewer.StandInBadge)
			tooltip(viewer.StandInHelp)
		}
		imgui.End()
		imgui.PopStyleColor()
	}
}

// shortcutsWindow lists the keys (F1, Help > Keyboard shortcuts).
func (u *UI) shortcutsWindow() {
	s := u.S
	if !s.ShowShortcuts {
		return
	}
	sc := u.scale()
	imgui.SetNextWindowPosV(imgui.Vec2{X: u.Viewport[0] + u.Viewport[2]/2, Y: u.Viewport[1] + 40*sc}, imgui.ConditionAppearing, imgui.Vec2{X: 0.5, Y: 0})
	open := true
	if imgui.BeginV("Keyboard shortcuts (F1)", &open, imgui.WindowFlagsAlwaysAutoResize|imgui.WindowFlagsNoCollapse) {
		if imgui.BeginTableV("shortcuts", 2, imgui.TableFlagsRowBg|imgui.TableFlagsBordersInnerV, imgui.Vec2{}, 0) {
			for _, k := range viewer.Shortcuts {
				imgui.TableNextRow()
				imgui.TableSetColumnIndex(0)
				coloured(colMapped, k.Keys)
				imgui.TableSetColumnIndex(1)
				imgui.Text(k.What)
			}
			imgui.EndTable()
		}
	}
	imgui.End()
	if !open {
		s.ShowShortcuts = false
	}
}

func (u *UI) menu() float32 {
	s := u.S
	var hgt float32
	if imgui.BeginMainMenuBar() {
		hgt = imgui.WindowHeight()
		if imgui.BeginMenu("File") {
			if imgui.MenuItemV("Open...", "Ctrl+O", false, true) {
				s.Req.OpenDialog = true
			}
			if imgui.BeginMenuV("Open recent", s.Recent != nil && len(s.Recent.Items) > 0) {
				for i, it := range s.Recent.Items {
					if imgui.MenuItem(fmt.Sprintf("%d  %s", i+1, recentLabel(it))) {
						s.Open(append([]string(nil), it...))
					}
				}
				imgui.EndMenu()
			}
			if imgui.MenuItem("Browse archive or folder...") {
				u.AssetsOpen()
			}
			if imgui.MenuItem("Open demo") {
				s.Open(nil)
			}
			if imgui.MenuItemV("Open as B (compare)...", "", false, s.Scene != nil) {
				s.Req.OpenDialogB = true
			}
			if o, ok := s.AnotherReading(); imgui.MenuItemV("Compare with another reading", "", false, ok) {
				s.CompareReading(o)
			}
			if imgui.MenuItemV("Close B", "", false, s.SceneB != nil) {
				s.CloseB()
			}
			if imgui.MenuItemV("Reload", "Ctrl+R", false, s.Scene != nil) {
				s.Reload()
			}
			imgui.Checkbox("Watch files", &s.Watch)
			imgui.Separator()
			if imgui.MenuItem("Screenshot") {
				s.Req.Screenshot = true
			}
			imgui.Separator()
			if imgui.MenuItem("Quit") {
				s.Req.Quit = true
			}
			imgui.EndMenu()
		}
		if imgui.BeginMenu("View") {
			v := &s.View
			imgui.Checkbox("Mesh", &v.Mesh)
			imgui.Checkbox("Wireframe (W)", &v.Wireframe)
			tex := !v.NoTextures
			if imgui.Checkbox("Textures", &tex) {
				v.NoTextures = !tex
			}
			imgui.Checkbox("Bones", &v.Bones)
			imgui.Checkbox("Joints", &v.Joints)
			imgui.Checkbox("Grid", &v.Grid)
			imgui.Checkbox("Axes", &v.Axes)
			imgui.Checkbox("Rest pose (B)", &v.Rest)
			tooltip(viewer.HelpRest)
			imgui.Checkbox("Root motion (SWG locomotion)", &v.RootMotion)
			imgui.Separator()
			imgui.RadioButtonInt("Up: file's", &v.UpOverride, 0)
			imgui.RadioButtonInt("Up: +Y", &v.UpOverride, formats.UpY)
			imgui.RadioButtonInt("Up: +Z", &v.UpOverride, formats.UpZ)
			if s.Scene != nil && s.Scene.Asset.MirrorX {
				mir := !v.NoMirror
				if imgui.Checkbox("Mirror X (SWG)", &mir) {
					v.NoMirror = !mir
				}
			}
			if imgui.MenuItemV("Frame the clip's motion", "F", false, true) {
				s.Req.FrameAll = true
			}
			imgui.EndMenu()
		}
		if imgui.BeginMenu("Help") {
			if imgui.MenuItemV("Keyboard shortcuts", "F1", s.ShowShortcuts, true) {
				s.ShowShortcuts = !s.ShowShortcuts
			}
			imgui.EndMenu()
		}
		if s.Scene != nil {
			imgui.SameLineV(0, 30*u.scale())
			title := s.Scene.Name()
			if s.SceneB != nil {
				title = "A: " + title + "   B: " + s.SceneB.Name()
			}
			coloured(colDim, title)
		}
		imgui.EndMainMenuBar()
	}
	return hgt
}

func (u *UI) scale() float32 {
	if u.Scale <= 0 {
		return 1
	}
	return u.Scale
}

func recentLabel(files []string) string {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f)
	}
	return strings.Join(names, " + ")
}

func (u *UI) scenePanel() {
	s := u.S
	if s.Scene == nil {
		imgui.Text("No scene.")
		return
	}
	sc := s.Scene
	imgui.Text(fmt.Sprintf("%s  %s  %s", sc.Asset.Family, viewer.Plural(sc.Skel.Len(), "node", "nodes"), viewer.Plural(len(sc.Meshes), "mesh", "meshes")))
	if imgui.CollapsingHeaderV("Clips", imgui.TreeNodeFlagsDefaultOpen) {
		h := min(float32(len(sc.Infos)+1)*imgui.TextLineHeightWithSpacing(), 160*u.scale())
		if imgui.BeginChildV("clips", imgui.Vec2{X: 0, Y: h}, true, 0) {
			var clip imgui.ListClipper
			clip.Begin(len(sc.Infos))
			for clip.Step() {
				for i := clip.DisplayStart; i < clip.DisplayEnd; i++ {
					if imgui.SelectableV(viewer.ClipLabel(i, sc.Infos[i])+fmt.Sprintf("##clip%d", i), i == s.Clip, 0, imgui.Vec2{}) {
						s.SetClip(i)
					}
				}
			}
			clip.End()
		}
		imgui.EndChild()
	}
	if imgui.CollapsingHeaderV("Nodes", imgui.TreeNodeFlagsDefaultOpen) {
		if imgui.BeginChildV("tree", imgui.Vec2{}, true, imgui.WindowFlagsHorizontalScrollbar) {
			u.nodeTree()
		}
		imgui.EndChild()
	}
}

// nodeTree draws the flattened tree through a list clipper.
func (u *UI) nodeTree() {
	s := u.S
	sc := s.Scene
	tv := &u.tree
	tv.Sync(sc, s.Selected)
	indent := imgui.TreeNodeToLabelSpacing()
	if tv.ScrollTo >= 0 {
		imgui.SetScrollY(float32(tv.ScrollTo)*imgui.TextLineHeightWithSpacing() - imgui.WindowHeight()/2)
		tv.ScrollTo = -1
	}
	var clip imgui.ListClipper
	clip.BeginV(len(tv.Rows), imgui.TextLineHeightWithSpacing())
	for clip.Step() {
		for r := clip.DisplayStart; r < clip.DisplayEnd && r < len(tv.Rows); r++ {
			row := tv.Rows[r]
			i := int(row.Node)
			flags := imgui.TreeNodeFlagsOpenOnArrow | imgui.TreeNodeFlagsSpanAvailWidth | imgui.TreeNodeFlagsNoTreePushOnOpen
			if len(sc.Children[i]) == 0 {
				flags |= imgui.TreeNodeFlagsLeaf
			}
			if i == s.Selected {
				flags |= imgui.TreeNodeFlagsSelected
			}
			if row.Depth > 0 {
				imgui.IndentV(indent * float32(row.Depth))
			}
			imgui.SetNextItemOpen(tv.Open(i), imgui.ConditionAlways)
			imgui.TreeNodeV(sc.Skel.Names[i]+"##n"+strconv.Itoa(i), flags)
			if imgui.IsItemToggledOpen() {
				tv.Toggle(i)
			} else if imgui.IsItemClicked() {
				s.Select(i)
			}
			if row.Depth > 0 {
				imgui.UnindentV(indent * float32(row.Depth))
			}
		}
	}
	clip.End()
}

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
	imgui.Text(s.StatsLine())
	if u.Screenshot != "" {
		coloured(colDim, "saved "+u.Screenshot)
	}
}

func (u *UI) nodeReadout() {
	s := u.S
	sc := s.Scene
	i := s.Selected
	par := sc.Skel.FileParentOf(i)
	imgui.Text(fmt.Sprintf("%s  (node %d, parent %d)", sc.Skel.Names[i], sc.Skel.FileIndexOf(i), par))
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
	branch, col := "mapped", colMapped
	if pr.Fallback {
		branch, col = "fallback", colFallback
	}
	imgui.Text(fmt.Sprintf("frame %d ", pr.Frame))
	imgui.SameLine()
	coloured(col, branch)
	if pr.Fallback {
		tooltip(viewer.HelpFallback)
	} else {
		tooltip(viewer.HelpMapped)
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

func (u *UI) blendPanel() {
	s := u.S
	sc := s.Scene
	names := make([]string, len(sc.Infos))
	for i, in := range sc.Infos {
		names[i] = fmt.Sprintf("%d %s", i, in.Name)
	}
	imgui.Checkbox("Blend A with B", &s.Blend.On)
	a := int32(s.Clip)
	if imgui.Combo("clip A", &a, names) {
		s.SetClip(int(a))
	}
	b := int32(s.Blend.ClipB)
	if imgui.Combo("clip B", &b, names) {
		s.Blend.ClipB = int(b)
	}
	imgui.SliderFloatV("weight", &s.Blend.Weight, 0, 1, "%.3f", 0)
	tooltip(viewer.HelpBlendWeight)
	sync := 0
	if !s.Blend.Sync {
		sync = 1
	}
	imgui.RadioButtonInt("B synced to A", &sync, 0)
	tooltip(viewer.HelpBlendSync)
	imgui.SameLine()
	imgui.RadioButtonInt("B free", &sync, 1)
	tooltip(viewer.HelpBlendSync)
	s.Blend.Sync = sync == 0
	if !s.Blend.Sync {
		ib := s.InfoB()
		tb := float32(s.Blend.TB)
		hi := float32(ib.Duration)
		if math.IsInf(ib.Duration, 1) {
			hi = max(tb*2, 1000)
		}
		if imgui.SliderFloatV("t B", &tb, 0, hi, "%.2f", 0) {
			s.Blend.TB = float64(tb)
		}
	} else {
		imgui.Text("t B = " + viewer.FormatTime(s.TimeB(), s.InfoB()))
	}
	if s.BlendOn() {
		r := s.Result
		switch {
		case r.Neither:
			coloured(colWarn, "no side is valid: A sampled at max(tA, 0)")
		case r.UsedA && r.UsedB:
			imgui.Text("using A and B")
		case r.UsedA:
			imgui.Text("using A only (w = 1 or tB < 0 makes B invalid)")
		case r.UsedB:
			imgui.Text("using B only (w = 1 or tA < 0 makes A invalid)")
		}
	}
}

// choiceCombo is a combo box over reading r's choices that edits o's value of r;
// it reports whether the user picked another value.
func choiceCombo(label string, r formats.Reading, o *formats.Options) bool {
	v := o.Value(r.Name)
	cur := int32(0)
	for i, c := range r.Choices {
		if c == v {
			cur = int32(i)
		}
	}
	if imgui.Combo(label, &cur, r.Choices) && r.Choices[cur] != v {
		o.Set(r.Name, r.Choices[cur])
		return true
	}
	return false
}

func (u *UI) optionsPanel() {
	s := u.S
	o := s.Opts
	changed := false
	for i, r := range s.SceneReadings() {
		if choiceCombo(s.Scene.Readings.Labels[i], r, &o) {
			changed = true
		}
		tooltip(r.Help)
	}
	if s.HasSkeletonLOD() {
		lod := int32(o.LOD)
		if imgui.InputInt("skeleton LOD", &lod) && lod >= 0 && int(lod) != o.LOD {
			o.LOD = int(lod)
			changed = true
		}
	}
	if changed {
		s.SetOptions(o)
	}
	if s.HasSlots() {
		a, b := int32(s.SlotA), int32(s.SlotB)
		ca := imgui.SliderInt("slot A (lod/damage)", &a, 0, 2)
		cb := imgui.SliderInt("slot B (group, 4 collision)", &b, 0, 4)
		if ca || cb {
			s.SetSlot(int(a), int(b))
		}
	}
}

func (u *UI) transport() {
	s := u.S
	info := s.Info()
	if imgui.Button("|<") {
		s.Tr.First(info)
	}
	imgui.SameLine()
	if imgui.Button("<") {
		s.Tr.Step(-1, info)
	}
	imgui.SameLine()
	label := "Play "
	if s.Tr.Playing {
		label = "Pause"
	}
	if imgui.Button(label + "##play") {
		s.Tr.Toggle(info)
	}
	imgui.SameLine()
	if imgui.Button(">") {
		s.Tr.Step(1, info)
	}
	imgui.SameLine()
	if imgui.Button(">|") {
		s.Tr.Last(info)
	}
	imgui.SameLine()
	imgui.Checkbox("loop", &s.Tr.Loop)
	imgui.SameLine()
	imgui.Checkbox("ping-pong", &s.Tr.PingPong)
	imgui.SameLine()
	sp := float32(s.Tr.Speed)
	imgui.SetNextItemWidth(110 * u.scale())
	if imgui.SliderFloatV("speed", &sp, -viewer.MaxSpeed, viewer.MaxSpeed, "%.2fx", 0) {
		s.Tr.Speed = float64(sp)
	}
	imgui.SameLine()
	imgui.Checkbox("range", &s.Tr.RangeOn)
	if s.Tr.RangeOn {
		imgui.SameLine()
		hi := float32(info.Duration)
		if math.IsInf(info.Duration, 1) {
			hi = 1e5
		}
		lo, rh := float32(s.Tr.RangeLo), float32(s.Tr.RangeHi)
		if rh <= lo {
			lo, rh = 0, hi
		}
		imgui.SetNextItemWidth(180 * u.scale())
		if imgui.DragFloatRange2V("##range", &lo, &rh, max(hi/200, 0.01), 0, hi, "%.2f", "%.2f", 0) {
			s.Tr.RangeLo, s.Tr.RangeHi = float64(lo), float64(rh)
		}
		if s.Tr.RangeHi <= s.Tr.RangeLo {
			s.Tr.RangeLo, s.Tr.RangeHi = float64(lo), float64(rh)
		}
	}
	imgui.SameLine()
	imgui.Text(viewer.FormatTime(s.Tr.T, info) + " / " + viewer.FormatDuration(info))
}

func (u *UI) timeline() {
	s := u.S
	if s.Scene == nil {
		return
	}
	sc := u.scale()
	info := s.Info()
	width := imgui.ContentRegionAvail().X
	height := 34 * sc
	pos := imgui.CursorScreenPos()
	imgui.InvisibleButton("##timeline", imgui.Vec2{X: max(width, 1), Y: height})
	d := info.Duration
	if math.IsInf(d, 1) || d <= 0 || math.IsNaN(d) {
		d = max(s.Tr.T*1.25, 1)
	}
	if imgui.IsItemActive() {
		t := float64((imgui.MousePos().X-pos.X)/width) * d
		s.Tr.Scrub(t, info)
	}
	xOf := func(t float64) float32 { return pos.X + width*float32(t/d) }
	dl := imgui.WindowDrawList()
	end := pos.Plus(imgui.Vec2{X: width, Y: height})
	dl.AddRectFilled(pos, end, packed(0.11, 0.11, 0.13, 1))
	if s.Tr.RangeOn && s.Tr.RangeHi > s.Tr.RangeLo {
		dl.AddRectFilled(imgui.Vec2{X: xOf(s.Tr.RangeLo), Y: pos.Y}, imgui.Vec2{X: xOf(s.Tr.RangeHi), Y: end.Y}, packed(0.25, 0.35, 0.5, 0.5))
	}
	if info.Frames > 1 && float32(info.Frames) < width/3 {
		st := info.FrameStep()
		for t := 0.0; t <= d+1e-9; t += st {
			x := xOf(t)
			dl.AddLine(imgui.Vec2{X: x, Y: end.Y - 4*sc}, imgui.Vec2{X: x, Y: end.Y}, packed(0.4, 0.4, 0.45, 1))
		}
	}
	if s.Selected >= 0 {
		if kt, ok := s.Scene.Clips[s.Clip].(anim.KeyTimesClip); ok {
			u.keyTimes = kt.KeyTimes(s.Selected, u.keyTimes[:0])
			for _, t := range u.keyTimes {
				x := xOf(t)
				dl.AddLine(imgui.Vec2{X: x, Y: pos.Y + height*0.35}, imgui.Vec2{X: x, Y: end.Y}, packed(1, 0.85, 0.3, 1))
			}
		}
	}
	for _, m := range s.Markers() {
		x := xOf(m.Time)
		dl.AddTriangleFilled(imgui.Vec2{X: x - 4*sc, Y: pos.Y}, imgui.Vec2{X: x + 4*sc, Y: pos.Y}, imgui.Vec2{X: x, Y: pos.Y + 7*sc}, packed(0.5, 1, 0.6, 1))
		dl.AddText(imgui.Vec2{X: x + 5*sc, Y: pos.Y}, packed(0.5, 1, 0.6, 1), m.Name)
	}
	if s.BlendOn() && !s.Blend.Sync {
		ib := s.InfoB()
		if ib.Duration > 0 && !math.IsInf(ib.Duration, 1) {
			x := pos.X + width*float32(s.Blend.TB/ib.Duration)
			dl.AddLine(imgui.Vec2{X: x, Y: pos.Y}, imgui.Vec2{X: x, Y: end.Y}, packed(0.4, 0.7, 1, 1))
		}
	}
	x := xOf(s.Tr.T)
	dl.AddLineV(imgui.Vec2{X: x, Y: pos.Y}, imgui.Vec2{X: x, Y: end.Y}, packed(1, 0.3, 0.3, 1), 2)
}

func (u *UI) bottomTabs() {
	s := u.S
	if !imgui.BeginTabBar("tabs") {
		return
	}
	if imgui.BeginTabItem("Keys") {
		u.keyTable()
		imgui.EndTabItem()
	}
	label := s.DiagTabLabel()
	e, _ := viewer.CountDiags(s.Diags)
	// A new error (a reload under --watch that failed: a .mif that does not
	// compile, with its line and column) shows itself instead of waiting for a click.
	var flags imgui.TabItemFlags
	if e > u.errSeen {
		flags = imgui.TabItemFlagsSetSelected
	}
	u.errSeen = e
	if imgui.BeginTabItemV(label, nil, flags) {
		u.diagnostics()
		imgui.EndTabItem()
	}
	if s.SceneB != nil && imgui.BeginTabItem("Compare") {
		u.comparePanel()
		imgui.EndTabItem()
	}
	imgui.EndTabBar()
}

func (u *UI) diagnostics() {
	s := u.S
	if imgui.Button("Clear") {
		s.Diags = s.Diags[:0]
	}
	if imgui.BeginChildV("diaglist", imgui.Vec2{}, true, imgui.WindowFlagsHorizontalScrollbar) {
		for _, d := range s.Diags {
			switch {
			case d.Severity == formats.Error:
				coloured(colError, "error: "+d.Text)
			case d.Info:
				coloured(colDim, d.Text)
			default:
				coloured(colWarn, "warning: "+d.Text)
			}
		}
	}
	imgui.EndChild()
}

func probeKeys(p *anim.Probe) (k0, k1, alpha string) {
	if p.NKeys == 0 {
		return "-", "-", "-"
	}
	k := p.Keys[0]
	k0, k1, alpha = fmt.Sprint(k.K0), fmt.Sprint(k.K1), fmt.Sprintf("%.4f", k.Alpha)
	if p.NKeys > 1 {
		k0 = fmt.Sprintf("%s %s (+%d)", k.Channel, k0, p.NKeys-1)
	}
	return
}

func probeTooltip(p *anim.Probe) {
	if p.NKeys <= 1 || !imgui.IsItemHovered() {
		return
	}
	imgui.BeginTooltip()
	for _, k := range p.Used() {
		imgui.Text(fmt.Sprintf("%-6s k0 %d  k1 %d  alpha %.4f", k.Channel, k.K0, k.K1, k.Alpha))
	}
	imgui.EndTooltip()
}

func branchCell(p *anim.Probe) {
	if p.Fallback {
		coloured(colFallback, "fallback")
		tooltip(viewer.HelpFallback)
	} else {
		coloured(colMapped, "mapped")
		tooltip(viewer.HelpMapped)
	}
}

// keyColumns are the key table's columns: side A's, then B's when blending.
var keyColumns = []string{"node", "parent", "frame", "branch", "k0", "k1", "alpha", "B frame", "B branch", "B k0", "B k1", "B alpha"}

// keyTable is the per-node probe table: straight from the probes of side A (and B
// when blending), clipped so that a 10,000-node scene scrolls smoothly.
func (u *UI) keyTable() {
	s := u.S
	if s.Scene == nil {
		return
	}
	sc := s.Scene
	withB := s.BlendOn()
	cols := 7
	if withB {
		cols = 12
	}
	flags := imgui.TableFlagsBorders | imgui.TableFlagsRowBg | imgui.TableFlagsScrollY | imgui.TableFlagsResizable | imgui.TableFlagsSizingFixedFit
	if !imgui.BeginTableV("keys", cols, flags, imgui.Vec2{X: 0, Y: max(imgui.ContentRegionAvail().Y, 50)}, 0) {
		return
	}
	imgui.TableSetupScrollFreeze(1, 1)
	for _, c := range keyColumns[:cols] {
		imgui.TableSetupColumn(c)
	}
	// The header row by hand, so that the columns whose notation is not plain
	// explain it on hover.
	imgui.TableNextRowV(imgui.TableRowFlagsHeaders, 0)
	for c := 0; c < cols; c++ {
		imgui.TableSetColumnIndex(c)
		name := keyColumns[c]
		imgui.TableHeader(name)
		switch name {
		case "branch", "B branch":
			tooltip(viewer.HelpMapped + "\n\n" + viewer.HelpFallback)
		case "k0", "k1", "alpha", "B k0", "B k1", "B alpha":
			tooltip(viewer.HelpKeyNotation)
		case "frame", "B frame":
			tooltip("the frame index the sampler computed for the node")
		}
	}
	var clip imgui.ListClipper
	clip.Begin(sc.Skel.Len())
	for clip.Step() {
		for i := clip.DisplayStart; i < clip.DisplayEnd; i++ {
			imgui.TableNextRow()
			imgui.TableNextColumn()
			if imgui.SelectableV(fmt.Sprintf("%d %s", sc.Skel.FileIndexOf(i), sc.Skel.Names[i]), i == s.Selected, imgui.SelectableFlagsSpanAllColumns, imgui.Vec2{}) {
				s.Select(i)
			}
			imgui.TableNextColumn()
			imgui.Text(fmt.Sprint(sc.Skel.FileParentOf(i)))
			probeCells(&sc.Pose.Probes[i])
			if withB {
				probeCells(&sc.Pose.ProbesB[i])
			}
		}
	}
	clip.End()
	imgui.EndTable()
}

func probeCells(p *anim.Probe) {
	imgui.TableNextColumn()
	imgui.Text(fmt.Sprint(p.Frame))
	imgui.TableNextColumn()
	branchCell(p)
	k0, k1, al := probeKeys(p)
	imgui.TableNextColumn()
	imgui.Text(k0)
	probeTooltip(p)
	imgui.TableNextColumn()
	imgui.Text(k1)
	imgui.TableNextColumn()
	imgui.Text(al)
}

func (u *UI) openDialog() {
	s := u.S
	if u.browser == nil {
		u.browser = viewer.NewFileBrowser(s.Recent.Folder()) // where the last scene was opened, across runs
	}
	if s.Req.OpenDialog || s.Req.OpenDialogB {
		u.openAsB = s.Req.OpenDialogB
		s.Req.OpenDialog, s.Req.OpenDialogB = false, false
		u.browser.Chdir(u.browser.Dir)
		imgui.OpenPopup("Open files")
	}
	sc := u.scale()
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 640 * sc, Y: 460 * sc}, imgui.ConditionAppearing)
	if !imgui.BeginPopupModalV("Open files", nil, 0) {
		return
	}
	b := u.browser
	act := viewer.BrowserStay
	// The keys, unless the path field is being edited (it takes Enter itself).
	if !imgui.IsAnyItemActive() {
		for _, k := range [...]struct {
			imgui int
			key   viewer.BrowserKey
		}{{imgui.KeyEnter, viewer.BrowserEnter}, {imgui.KeyKeyPadEnter, viewer.BrowserEnter}, {imgui.KeyEscape, viewer.BrowserEscape},
			{imgui.KeyUpArrow, viewer.BrowserUp}, {imgui.KeyDownArrow, viewer.BrowserDown}, {imgui.KeyBackspace, viewer.BrowserBackspace}} {
			if imgui.IsKeyPressed(imgui.KeyIndex(k.imgui)) {
				act = b.Key(k.key)
			}
		}
	} else if imgui.IsKeyPressed(imgui.KeyIndex(imgui.KeyEscape)) {
		act = viewer.BrowserClose
	}
	if imgui.Button("Up") {
		b.Up()
	}
	tooltip("The parent folder (Backspace)")
	imgui.SameLine()
	all := b.All
	if imgui.Checkbox("All files", &all) {
		b.SetAll(all)
	}
	tooltip("Off: only folders and " + viewer.FilterLabel())
	imgui.SameLine()
	imgui.SetNextItemWidth(-1)
	if imgui.InputTextV("##path", &b.Path, imgui.InputTextFlagsEnterReturnsTrue, nil) {
		b.Chdir(b.Path)
	}
	if b.Err != "" {
		coloured(colError, b.Err)
	}
	listH := imgui.ContentRegionAvail().Y - imgui.FrameHeightWithSpacing()*2.2
	tflags := imgui.TableFlagsRowBg | imgui.TableFlagsScrollY | imgui.TableFlagsBordersOuter | imgui.TableFlagsSizingFixedFit
	if imgui.BeginTableV("entries", 2, tflags, imgui.Vec2{X: 0, Y: listH}, 0) {
		imgui.TableSetupScrollFreeze(0, 1)
		imgui.TableSetupColumnV("name", imgui.TableColumnFlagsWidthStretch, 0, 0)
		imgui.TableSetupColumnV("size", imgui.TableColumnFlagsWidthFixed, 80*sc, 0)
		imgui.TableHeadersRow()
		var clip imgui.ListClipper
		clip.Begin(len(b.Entries))
		for clip.Step() {
			for i := clip.DisplayStart; i < clip.DisplayEnd && i < len(b.Entries); i++ {
				e := b.Entries[i]
				imgui.TableNextRow()
				imgui.TableSetColumnIndex(0)
				label := e.Name
				if e.Dir {
					label += "/"
				}
				p := filepath.Join(b.Dir, e.Name)
				selected := i == b.Cursor || (!e.Dir && b.IsPicked(p))
				if imgui.SelectableV(label+"##e"+strconv.Itoa(i), selected, imgui.SelectableFlagsAllowDoubleClick|imgui.SelectableFlagsSpanAllColumns, imgui.Vec2{}) {
					act = b.Click(i, imgui.IsMouseDoubleClicked(0))
				}
				imgui.TableSetColumnIndex(1)
				if !e.Dir {
					coloured(colDim, viewer.HumanSize(e.Size))
				}
			}
		}
		clip.End()
		imgui.EndTable()
	}
	imgui.Text(fmt.Sprintf("%d picked   double click or Enter: open   Escape: close", len(b.Picked)))
	tooltip("Click picks or unpicks a file; a scene may be several files:\na model or skeleton first, then clip files.")
	if imgui.Button("Open") && len(b.Picked) > 0 {
		act = viewer.BrowserOpen
	}
	imgui.SameLine()
	if imgui.Button("Cancel") {
		act = viewer.BrowserClose
	}
	tooltip("Escape")
	switch act {
	case viewer.BrowserOpen:
		files := b.TakePicks()
		if len(files) > 0 {
			if u.openAsB {
				s.OpenB(files)
			} else {
				s.Open(files)
			}
		}
		imgui.CloseCurrentPopup()
	case viewer.BrowserClose:
		imgui.CloseCurrentPopup()
	}
	imgui.EndPopup()
}
