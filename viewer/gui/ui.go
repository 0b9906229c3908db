package gui

import (
	"image"
	"slices"

	"animscope/formats"
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
	// shortcutsAt, openAt and assetsAt are where those windows were last drawn
	// (x, y, w, h; tests look under them).
	shortcutsAt, openAt, assetsAt [4]float32
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
	fmap       fmapUI
	openAsB    bool // the open dialog picks compare mode's scene B
	dope       dopeView
	keyTab     keyTableView
	timeBuf    textBuf
	tree       viewer.TreeView
	errSeen    int // errors in the diagnostics when last drawn: a new one brings the tab forward
	// Layout is the window's arrangement (sizes, collapsed areas, front tab);
	// savedLayout is what was last saved, front a panel ShowPanel brings forward.
	Layout      viewer.Layout
	savedLayout viewer.Layout
	front       string
	// lastW, lastH and lastTop are the last frame's window and menu bar sizes.
	lastW, lastH, lastTop float32
	mats                  materialsView
	geos                  geosetsView
	char                  characterView
	gp                    graphPanel       // the graph editor (ui_graph.go)
	shot                  screenshotDialog // File > Screenshot (ui_screenshot.go)
	labels                jointLabels      // View > Label every joint (ui_ghosts.go)
	exportAnim            exportAnimDialog // File > Export animation (ui_exportanim.go)
	attach                attachView       // the Scene panel's Attach… section (ui_attach.go)
	native                *nativeDialogs   // the desktop's file dialogs; nil: built-in only (ui_nativedialog.go)

	// recentMountsPath is where the browser's recent mounts live ("": the
	// user's, viewer.DefaultRecentMountsPath).
	recentMountsPath string
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

// Build lays out every panel for a display of w×h points: the menu bar, the scene
// panel on the left, the inspector on the right and the bottom area (transport,
// timeline and the panels as tabs) at the sizes u.Layout gives, with splitter
// bars between them; the 3D view takes what is left (u.Viewport).
func (u *UI) Build(w, h float32) {
	s := u.S
	sc := u.scale()
	menuH := u.menu()
	a := u.Layout.Areas(w, h, menuH, sc)
	u.lastW, u.lastH, u.lastTop = w, h, menuH
	u.Viewport = [4]float32{a.View.X, a.View.Y, a.View.W, a.View.H}
	u.sideWindow("Scene", a.Left, &u.Layout.LeftCollapsed, (*UI).scenePanel)
	u.sideWindow("Inspector", a.Right, &u.Layout.RightCollapsed, (*UI).inspector)
	u.bottomArea(a.Bottom)
	u.splitters(a, w, h-menuH)
	// The next frame's pose records probes only when a panel shown now displays them.
	probes := !u.Layout.RightCollapsed && s.Scene != nil && s.Selected >= 0 && s.Selected < s.Scene.Skel.Len()
	if !u.Layout.BottomCollapsed && viewer.PanelShowsProbes(u.Layout.Tab) {
		probes = true
	}
	if p := u.besidePanel(); p != nil && !u.Layout.BottomCollapsed && viewer.PanelShowsProbes(p.id) {
		probes = true
	}
	s.ShowProbes(probes)
	if u.gp.g != nil {
		s.Steps.Also = u.gp.g.Also // the nodes plotted beside the selection step with it
	}

	if u.LabelOK && s.Scene != nil && s.Selected >= 0 && s.Selected < s.Scene.Skel.Len() {
		// Behind every window (the shortcuts, the banner, dialogs) and clipped
		// to the 3D view: the label belongs to the scene, not over the panels.
		dl := imgui.BackgroundDrawList()
		v := u.Viewport
		dl.PushClipRect(imgui.Vec2{X: v[0], Y: v[1]}, imgui.Vec2{X: v[0] + v[2], Y: v[1] + v[3]})
		name := s.Scene.NodeLabel(int(s.Selected))
		p := u.Label.Plus(imgui.Vec2{X: 8 * sc, Y: -8 * sc})
		dl.AddRectFilledV(p.Minus(imgui.Vec2{X: 3, Y: 1}), p.Plus(imgui.Vec2{X: imgui.CalcTextSize(name, false, 0).X + 3, Y: imgui.TextLineHeight() + 1}), packed(0, 0, 0, 0.6), 3, 0)
		dl.AddText(p, packed(1, 0.7, 0.3, 1), name)
		dl.PopClipRect()
	}
	u.drawJointLabels()
	u.compareSideLabels()
	u.takeMapRequest()
	u.standInBadge()
	u.banner()
	u.shortcutsWindow()
	u.openDialog()
	u.screenshotDialog()
	u.exportAnimDialog()
	u.takeBrowseRequest()
	u.assetsWindow()
	u.saveLayout()
}

// windowRect is the current window's place (x, y, w, h).
func windowRect() [4]float32 {
	p, sz := imgui.WindowPos(), imgui.WindowSize()
	return [4]float32{p.X, p.Y, sz.X, sz.Y}
}

const fixedWindow = imgui.WindowFlagsNoMove | imgui.WindowFlagsNoResize | imgui.WindowFlagsNoSavedSettings

// sideWindow draws a side panel in r; its title bar's arrow collapses it to the
// title bar (a strip as wide as the arrow), and the 3D view takes the room.
func (u *UI) sideWindow(title string, r viewer.Rect, collapsed *bool, draw func(*UI)) {
	imgui.SetNextWindowPosV(imgui.Vec2{X: r.X, Y: r.Y}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: r.W, Y: r.H}, imgui.ConditionAlways)
	imgui.SetNextWindowCollapsed(*collapsed, imgui.ConditionAlways)
	open := imgui.BeginV(title, nil, fixedWindow)
	*collapsed = imgui.IsWindowCollapsed() // a click on the arrow toggles it for the next frame
	if open && !*collapsed {
		draw(u)
	}
	imgui.End()
}

// bottomArea is the transport, the timeline and the bottom panels as tabs.
func (u *UI) bottomArea(r viewer.Rect) {
	imgui.SetNextWindowPosV(imgui.Vec2{X: r.X, Y: r.Y}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: r.W, Y: r.H}, imgui.ConditionAlways)
	imgui.SetNextWindowCollapsed(u.Layout.BottomCollapsed, imgui.ConditionAlways)
	open := imgui.BeginV("Timeline and panels###bottom", nil, fixedWindow)
	u.Layout.BottomCollapsed = imgui.IsWindowCollapsed()
	if open && !u.Layout.BottomCollapsed {
		u.transport()
		u.timeline()
		if p := u.besidePanel(); p != nil {
			u.bottomSplit(p)
		} else {
			u.bottomTabs()
		}
	}
	imgui.End()
}

// besidePanel is the panel shown beside the tabs, or nil: none asked, or it has
// nothing to show, or it is the front tab already.
func (u *UI) besidePanel() *bottomPanel {
	id := u.Layout.Beside
	if id == "" || id == u.Layout.Tab {
		return nil
	}
	for i := range bottomPanels {
		if p := &bottomPanels[i]; p.id == id && p.isAvailable(u) {
			return p
		}
	}
	return nil
}

// bottomSplit draws the tabs and, to their right past a splitter bar, the
// panel beside them under its title and a close button.
func (u *UI) bottomSplit(p *bottomPanel) {
	sc := u.scale()
	avail := imgui.ContentRegionAvail()
	bar := float32(viewer.SplitterPt) * sc
	minW := float32(viewer.MinSidePt) * sc
	rw := float32(u.Layout.BesideFrac) * avail.X
	rw = max(min(rw, avail.X-minW-bar), min(minW, avail.X/2))
	lw := max(avail.X-rw-bar, 1)
	if imgui.BeginChildV("##tabs", imgui.Vec2{X: lw, Y: 0}, false, 0) {
		u.bottomTabs()
	}
	imgui.EndChild()
	imgui.SameLineV(0, 0)
	pos := imgui.CursorScreenPos()
	imgui.InvisibleButton("##beside-bar", imgui.Vec2{X: bar, Y: max(avail.Y, 1)})
	col := imgui.CurrentStyle().Color(imgui.StyleColorSeparator)
	if imgui.IsItemHovered() || imgui.IsItemActive() {
		col = imgui.CurrentStyle().Color(imgui.StyleColorSeparatorActive)
		imgui.SetMouseCursor(imgui.MouseCursorResizeEW)
	}
	if imgui.IsItemActive() {
		if d := imgui.CurrentIO().MouseDelta(); d.X != 0 && avail.X > 0 {
			u.Layout.BesideFrac = min(max(float64((rw-d.X)/avail.X), 0.1), 0.9)
		}
	}
	imgui.WindowDrawList().AddRectFilled(pos, pos.Plus(imgui.Vec2{X: bar, Y: avail.Y}), imgui.PackedColorFromVec4(col))
	imgui.SameLineV(0, 0)
	if imgui.BeginChildV("##beside", imgui.Vec2{X: rw, Y: 0}, false, 0) {
		coloured(colDim, p.title)
		imgui.SameLine()
		if imgui.Button("close##beside") {
			u.Layout.Beside = ""
		}
		tooltip("View > Panels > Beside the tabs picks the panel shown here")
		p.draw(u)
	}
	imgui.EndChild()
}

// splitters are the bars between the areas: drag one to resize the areas beside
// it (the layout keeps the new size as a fraction of the window).
func (u *UI) splitters(a viewer.Areas, w, bodyH float32) {
	sc := u.scale()
	bar := func(id string, r viewer.Rect, drag func(d imgui.Vec2)) {
		if r.W <= 0 || r.H <= 0 {
			return
		}
		imgui.SetNextWindowPosV(imgui.Vec2{X: r.X, Y: r.Y}, imgui.ConditionAlways, imgui.Vec2{})
		imgui.SetNextWindowSizeV(imgui.Vec2{X: r.W, Y: r.H}, imgui.ConditionAlways)
		imgui.PushStyleVarVec2(imgui.StyleVarWindowPadding, imgui.Vec2{})
		imgui.PushStyleVarVec2(imgui.StyleVarWindowMinSize, imgui.Vec2{X: 1, Y: 1})
		imgui.PushStyleVarFloat(imgui.StyleVarWindowBorderSize, 0)
		flags := fixedWindow | imgui.WindowFlagsNoDecoration | imgui.WindowFlagsNoBackground |
			imgui.WindowFlagsNoFocusOnAppearing | imgui.WindowFlagsNoNav
		if imgui.BeginV(id, nil, flags) {
			imgui.InvisibleButton("##bar", imgui.Vec2{X: r.W, Y: r.H}) // one per window: the id is the window's
			hot := imgui.IsItemHovered() || imgui.IsItemActive()
			col := imgui.CurrentStyle().Color(imgui.StyleColorSeparator)
			if hot {
				col = imgui.CurrentStyle().Color(imgui.StyleColorSeparatorActive)
				if r.W < r.H {
					imgui.SetMouseCursor(imgui.MouseCursorResizeEW)
				} else {
					imgui.SetMouseCursor(imgui.MouseCursorResizeNS)
				}
			}
			imgui.WindowDrawList().AddRectFilled(imgui.Vec2{X: r.X, Y: r.Y}, imgui.Vec2{X: r.X + r.W, Y: r.Y + r.H}, imgui.PackedColorFromVec4(col))
			if imgui.IsItemActive() {
				if d := imgui.CurrentIO().MouseDelta(); d.X != 0 || d.Y != 0 {
					drag(d)
				}
			}
			tooltip("drag to resize; the title bar's arrow collapses a panel (View > Panels)")
		}
		imgui.End()
		imgui.PopStyleVarV(3)
	}
	bar("##split-left", a.SplitLeft, func(d imgui.Vec2) { u.Layout.DragLeft(d.X, w, sc) })
	bar("##split-right", a.SplitRight, func(d imgui.Vec2) { u.Layout.DragRight(d.X, w, sc) })
	bar("##split-bottom", a.SplitBottom, func(d imgui.Vec2) { u.Layout.DragBottom(d.Y, bodyH, sc); u.userSizedBottom() })
}

// ShowPanel brings panel id into view: a side panel is expanded, a bottom panel
// becomes the front tab of an expanded bottom area. It reports whether id names
// a panel.
func (u *UI) ShowPanel(id string) bool {
	switch {
	case id == viewer.PanelScene:
		u.Layout.LeftCollapsed = false
	case id == viewer.PanelInspector:
		u.Layout.RightCollapsed = false
	case viewer.IsPanel(id):
		u.Layout.BottomCollapsed = false
		u.Layout.Tab = id
		u.front = id
	default:
		return false
	}
	return true
}

// ShowBeside shows bottom panel id to the right of the tabs (the bottom area
// split in two); a panel in front of the tabs moves beside them and the tabs
// show another. It reports whether id names a bottom panel.
func (u *UI) ShowBeside(id string) bool {
	if !slices.Contains(viewer.BottomPanels, id) {
		return false
	}
	u.Layout.BottomCollapsed = false
	u.Layout.Beside = id
	if u.Layout.Tab == id {
		for i := range bottomPanels {
			if p := &bottomPanels[i]; p.id != id && p.isAvailable(u) {
				u.Layout.Tab, u.front = p.id, p.id
				break
			}
		}
	}
	return true
}

// panelsMenu is View > Panels: which areas are expanded, and each bottom panel.
func (u *UI) panelsMenu() {
	if !imgui.BeginMenu("Panels") {
		return
	}
	l := &u.Layout
	for _, it := range []struct {
		label     string
		collapsed *bool
	}{{"Scene (left)", &l.LeftCollapsed}, {"Inspector (right)", &l.RightCollapsed}, {"Timeline and panels (bottom)", &l.BottomCollapsed}} {
		if imgui.MenuItemV(it.label, "", !*it.collapsed, true) {
			*it.collapsed = !*it.collapsed
		}
	}
	imgui.Separator()
	for i := range bottomPanels {
		p := &bottomPanels[i]
		if imgui.MenuItemV(p.title, "", l.Tab == p.id && !l.BottomCollapsed, p.isAvailable(u)) {
			u.ShowPanel(p.id)
		}
	}
	if imgui.BeginMenu("Beside the tabs") {
		if imgui.MenuItemV("None", "", l.Beside == "", true) {
			l.Beside = ""
		}
		for i := range bottomPanels {
			p := &bottomPanels[i]
			if imgui.MenuItemV(p.title+"##beside", "", l.Beside == p.id, p.isAvailable(u)) {
				u.ShowBeside(p.id)
			}
		}
		imgui.EndMenu()
	}
	imgui.Separator()
	if imgui.MenuItem("Reset layout") {
		path := l.Path
		*l = viewer.DefaultLayout()
		l.Path = path
		u.userSizedBottom()
	}
	imgui.EndMenu()
}

// saveLayout remembers the layout when it changed, once no drag is under way.
func (u *UI) saveLayout() {
	if u.Layout == u.savedLayout || imgui.IsMouseDown(0) {
		return
	}
	u.Layout.Fit(u.lastW, u.lastH, u.lastTop, u.scale())
	u.savedLayout = u.Layout
	if err := u.layoutToSave().Save(); err != nil && u.S != nil {
		u.S.AddDiag(formats.Warning, "the window layout could not be saved: %v", err)
	}
}

func (u *UI) scale() float32 {
	if u.Scale <= 0 {
		return 1
	}
	return u.Scale
}

// bottomPanel is one of the bottom area's panels, by id.
type bottomPanel struct {
	id, title string
	label     string // the tab's label: the title, and the id as ImGui's id
	// available says whether the panel has something to show (nil: always).
	available func(u *UI) bool
	draw      func(u *UI)
}

func hasB(u *UI) bool         { return u.S.SceneB != nil && u.S.Match != nil }
func hasMaterials(u *UI) bool { return u.S.Scene != nil && u.S.Scene.Asset.Materials != nil }

// bottomPanels are the bottom area's tabs in order (the ids of viewer.BottomPanels
// that are built so far).
var bottomPanels = []bottomPanel{
	panel(viewer.PanelDopeSheet, "Dope sheet", nil, (*UI).dopeSheet),
	panel(viewer.PanelKeys, "Keys", nil, (*UI).keyTable),
	panel(viewer.PanelGraph, "Graph", nil, (*UI).graph),
	panel(viewer.PanelFallbackMap, "Fallback map", hasB, (*UI).fallbackMap),
	panel(viewer.PanelCompare, "Compare", hasB, (*UI).comparePanel),
	panel(viewer.PanelDiagnostics, "Diagnostics", nil, (*UI).diagnostics),
	panel(viewer.PanelMaterials, "Materials", hasMaterials, (*UI).materialsPanel),
	panel(viewer.PanelCrowd, "Crowd", nil, (*UI).crowdPanel),
	panel(viewer.PanelGeosets, "Geosets", hasGeosets, (*UI).geosetsPanel),
	panel(viewer.PanelCharacter, "Character", hasCharacter, (*UI).characterPanel),
}

func panel(id, title string, available func(*UI) bool, draw func(*UI)) bottomPanel {
	return bottomPanel{id: id, title: title, label: title + "###" + id, available: available, draw: draw}
}

func (p *bottomPanel) isAvailable(u *UI) bool { return p.available == nil || p.available(u) }

func (u *UI) bottomTabs() {
	s := u.S
	if !imgui.BeginTabBar("tabs") {
		return
	}
	front := u.front
	u.front = ""
	e, _ := viewer.CountDiags(s.Diags)
	// A new error (a reload under --watch that failed: a .mif that does not
	// compile, with its line and column) shows itself instead of waiting for a click.
	if e > u.errSeen {
		front = viewer.PanelDiagnostics
	}
	u.errSeen = e
	for i := range bottomPanels {
		p := &bottomPanels[i]
		if !p.isAvailable(u) {
			continue
		}
		label := p.label
		if p.id == viewer.PanelDiagnostics {
			label = s.DiagTabLabel()
		}
		var flags imgui.TabItemFlags
		if p.id == front {
			flags = imgui.TabItemFlagsSetSelected
		}
		if imgui.BeginTabItemV(label, nil, flags) {
			u.Layout.Tab = p.id
			p.draw(u)
			imgui.EndTabItem()
		}
	}
	imgui.EndTabBar()
}
