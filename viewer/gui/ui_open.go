package gui

import (
	"fmt"
	"path/filepath"
	"strconv"

	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

func (u *UI) openDialog() {
	s := u.S
	if u.browser == nil {
		u.browser = viewer.NewFileBrowser(s.Recent.Folder()) // where the last scene was opened, across runs
	}
	u.pollNative()
	if (s.Req.OpenDialog || s.Req.OpenDialogB) && u.nativeOpenRequest(s.Req.OpenDialogB) {
		s.Req.OpenDialog, s.Req.OpenDialogB = false, false
	}
	if s.Req.OpenDialog || s.Req.OpenDialogB {
		u.openAsB = s.Req.OpenDialogB
		s.Req.OpenDialog, s.Req.OpenDialogB = false, false
		u.browser.Chdir(u.browser.Dir)
		imgui.OpenPopup("Open files")
	}
	sc := u.scale()
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 640 * sc, Y: 460 * sc}, imgui.ConditionAppearing)
	imgui.SetNextWindowBgAlpha(1) // opaque: the panels behind must not show through the list
	if !imgui.BeginPopupModalV("Open files", nil, 0) {
		return
	}
	u.openAt = windowRect()
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
		act = b.GoTo(b.Path) // a folder lists, a file opens, anything else says why
	}
	probeItem("open:path")
	if b.Err != "" {
		imgui.PushTextWrapPos() // a long path wraps instead of running off the dialog
		coloured(colError, b.Err)
		imgui.PopTextWrapPos()
	}
	if u.openAsB {
		coloured(colWarn, "Scene B of compare mode: pick all its files (a model or skeleton first, then its clips).")
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
				if i == 0 {
					probeItem("open:entry0")
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
