package gui

import (
	"image"

	"animscope/viewer"

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

func (u *UI) scale() float32 {
	if u.Scale <= 0 {
		return 1
	}
	return u.Scale
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
