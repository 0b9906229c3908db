package gui

import (
	"fmt"
	"unicode/utf8"

	"animscope/formats/printable"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// AssetsOpen shows the asset browser window (File > Browse archive or folder).
func (u *UI) AssetsOpen() {
	if u.assets == nil {
		p := u.recentMountsPath
		if p == "" {
			p = viewer.DefaultRecentMountsPath()
		}
		u.assets = viewer.NewAssetBrowser(p, u.S.Opts)
	}
	u.showAssets = true
}

// takeBrowseRequest opens the asset browser on the folder the state asked for
// (viewer.State.OpenPaths: a folder on the command line or dropped on the
// window); a mount that fails shows its error in the browser.
func (u *UI) takeBrowseRequest() {
	p := u.S.Req.Browse
	if p == "" {
		return
	}
	u.S.Req.Browse = ""
	u.AssetsOpen()
	u.assetsPath = p
	u.assets.Open(p) // the error stays in the browser (AssetBrowser.Err)
}

// fitLeft is s, or, when it is wider than w points, its end behind "..." (a
// path keeps its file name in view; the row's tooltip has the whole).
func fitLeft(s string, w float32) string {
	if w <= 0 || imgui.CalcTextSize(s, false, 0).X <= w {
		return s
	}
	for i := 1; i < len(s); i++ {
		if !utf8.RuneStart(s[i]) {
			continue
		}
		if t := "..." + s[i:]; imgui.CalcTextSize(t, false, 0).X <= w {
			return t
		}
	}
	return "..."
}

// assetsWindow draws the asset browser: a mount line with the recent mounts, a
// search box and a family filter, the folder tree (or the search's flat list)
// with sizes, and what the selected file is. A double click opens the file as
// the scene; "Open as B" opens it as compare mode's second scene.
func (u *UI) assetsWindow() {
	if !u.showAssets || u.assets == nil {
		return
	}
	b, s, sc := u.assets, u.S, u.scale()
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 720 * sc, Y: 520 * sc}, imgui.ConditionFirstUseEver)
	imgui.SetNextWindowBgAlpha(1) // opaque: the panels behind must not show through the list
	if !imgui.BeginV("Assets", &u.showAssets, 0) {
		imgui.End()
		return
	}
	u.assetsAt = windowRect()
	imgui.SetNextItemWidth(-160 * sc)
	if imgui.InputTextV("##mount", &u.assetsPath, imgui.InputTextFlagsEnterReturnsTrue, nil) {
		b.Open(u.assetsPath)
	}
	imgui.SameLine()
	if imgui.Button("Mount") {
		b.Open(u.assetsPath)
	}
	imgui.SameLine()
	if imgui.BeginCombo("##recent", "Recent") {
		for _, it := range b.Recent.Items {
			if imgui.Selectable(it[0]) {
				u.assetsPath = it[0]
				b.Open(it[0])
			}
		}
		imgui.EndCombo()
	}
	if b.Err != "" {
		imgui.PushTextWrapPos()
		coloured(colError, b.Err)
		imgui.PopTextWrapPos()
	}
	if b.Mount == nil {
		wrapped("Mount a folder, an MPQ, NRes or SWG tree file (.tre, .toc), or a game data folder.")
		imgui.End()
		return
	}
	imgui.SetNextItemWidth(260 * sc)
	if imgui.InputTextWithHint("##search", "search: *.m2, rabbit, creature/*/*.skin", &b.Query) {
		b.Refresh()
	}
	imgui.SameLine()
	imgui.SetNextItemWidth(120 * sc)
	label := b.Family
	if label == "" {
		label = "all files"
	}
	if imgui.BeginCombo("##family", label) {
		for _, f := range b.Families() {
			name := f
			if name == "" {
				name = "all files"
			}
			if imgui.SelectableV(name, f == b.Family, 0, imgui.Vec2{}) {
				b.Family = f
				b.Refresh()
			}
		}
		imgui.EndCombo()
	}
	imgui.SameLine()
	imgui.Text(fmt.Sprintf("%d files mounted, %d shown", b.Mount.Len(), len(b.Rows)))
	if b.Query == "" {
		if imgui.Button("Up") {
			b.Up()
		}
		imgui.SameLine()
		imgui.Text(fitLeft("/"+printable.Name(b.Dir), imgui.ContentRegionAvail().X))
	}
	infoW := 250 * sc
	listW := imgui.ContentRegionAvail().X - infoW
	if imgui.BeginChildV("rows", imgui.Vec2{X: listW, Y: 0}, true, 0) {
		var clip imgui.ListClipper
		clip.Begin(len(b.Rows))
		for clip.Step() {
			for i := clip.DisplayStart; i < clip.DisplayEnd && i < len(b.Rows); i++ {
				r := b.Rows[i]
				rowW := listW - 110*sc
				shown := printable.Name(r.Name)
				name := fitLeft(shown, rowW-imgui.CurrentStyle().ItemSpacing().X)
				if imgui.SelectableV(name+"##a"+fmt.Sprint(i), r.Path == b.Selected, imgui.SelectableFlagsAllowDoubleClick, imgui.Vec2{X: rowW}) {
					b.Enter(r)
					if !r.Dir && imgui.IsMouseDoubleClicked(0) {
						s.Open([]string{b.OpenName(r)})
					}
				}
				if name != shown && imgui.IsItemHovered() {
					imgui.SetTooltip(shown)
				}
				if !r.Dir {
					imgui.SameLine()
					coloured(colDim, fmt.Sprintf("%10d", r.Size))
				}
			}
		}
		clip.End()
	}
	imgui.EndChild()
	imgui.SameLine()
	if imgui.BeginChildV("info", imgui.Vec2{X: 0, Y: 0}, true, 0) {
		if b.Selected != "" {
			wrapped(printable.Text(b.Info)) // member names come from the archive
			if r, ok := b.SelectedRow(); ok {
				if imgui.Button("Open") {
					s.Open([]string{b.OpenName(r)})
				}
				imgui.SameLine()
				if imgui.Button("Open as B") && s.Scene != nil {
					s.OpenB([]string{b.OpenName(r)})
				}
			}
			u.assetVersions(b)
		}
	}
	imgui.EndChild()
	imgui.End()
}

// assetVersions lists the selected file's versions when more than one archive
// of the mount holds it: in load order, the winner marked; each opens as the
// scene or as compare mode's B (Open the winner, then Open as B on the base
// archive's version, to see what the patches changed).
func (u *UI) assetVersions(b *viewer.AssetBrowser) {
	if len(b.Versions) < 2 {
		return
	}
	s := u.S
	imgui.Separator()
	imgui.Text(fmt.Sprintf("%d versions, in load order:", len(b.Versions)))
	for i, v := range b.Versions {
		label := printable.Text(b.VersionLabel(i))
		switch {
		case v.Wins:
			coloured(colMapped, label)
		case v.Deleted:
			coloured(colWarn, label)
		default:
			coloured(colDim, label)
		}
		if v.Deleted {
			continue
		}
		if imgui.Button(fmt.Sprintf("Open##v%d", i)) {
			s.Open([]string{b.VersionName(v)})
		}
		imgui.SameLine()
		if imgui.Button(fmt.Sprintf("Open as B##v%d", i)) && s.Scene != nil {
			s.OpenB([]string{b.VersionName(v)})
		}
	}
}

// wrapped writes text wrapped at the window's edge.
func wrapped(text string) {
	imgui.PushTextWrapPos()
	imgui.Text(text)
	imgui.PopTextWrapPos()
}
