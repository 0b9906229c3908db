package gui

import (
	"fmt"

	"animscope/formats/printable"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// AssetsOpen shows the asset browser window (File > Browse archive or folder).
func (u *UI) AssetsOpen() {
	if u.assets == nil {
		u.assets = viewer.NewAssetBrowser(viewer.DefaultRecentMountsPath(), u.S.Opts)
	}
	u.showAssets = true
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
	if !imgui.BeginV("Assets", &u.showAssets, 0) {
		imgui.End()
		return
	}
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
		coloured(colError, b.Err)
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
		imgui.Text("/" + printable.Name(b.Dir))
	}
	infoW := 250 * sc
	listW := imgui.ContentRegionAvail().X - infoW
	if imgui.BeginChildV("rows", imgui.Vec2{X: listW, Y: 0}, true, 0) {
		var clip imgui.ListClipper
		clip.Begin(len(b.Rows))
		for clip.Step() {
			for i := clip.DisplayStart; i < clip.DisplayEnd && i < len(b.Rows); i++ {
				r := b.Rows[i]
				if imgui.SelectableV(printable.Name(r.Name)+"##a"+fmt.Sprint(i), r.Path == b.Selected, imgui.SelectableFlagsAllowDoubleClick, imgui.Vec2{X: listW - 110*sc}) {
					b.Enter(r)
					if !r.Dir && imgui.IsMouseDoubleClicked(0) {
						s.Open([]string{b.OpenName(r)})
					}
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
		}
	}
	imgui.EndChild()
	imgui.End()
}

// wrapped writes text wrapped at the window's edge.
func wrapped(text string) {
	imgui.PushTextWrapPos()
	imgui.Text(text)
	imgui.PopTextWrapPos()
}
