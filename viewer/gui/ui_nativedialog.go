package gui

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// The desktop's file dialogs (viewer/nativedialog.go) for File > Open, Open as
// B, Browse and the screenshot's Save. The choice and the dialog run in a
// goroutine, so the window keeps drawing while the dialog is up; the first frame
// after it closes acts on the answer, or shows the built-in dialog when the
// choice is the built-in one or a native dialog failed. A UI without
// nativeDialogs (tests, headless shots) always shows the built-in dialogs.

// nativePurpose is what a native dialog was opened for.
type nativePurpose int

const (
	nativeOpen nativePurpose = iota
	nativeOpenB
	nativeBrowse
	nativeSave
)

type nativeDialogs struct {
	settings viewer.Settings
	env      viewer.DialogEnv
	pending  chan viewer.DialogResult // the open dialog's answer; nil when none is open
	purpose  nativePurpose
	// builtin makes the next request of purpose builtinFor use the built-in
	// dialog (the native choice said so).
	builtin    bool
	builtinFor nativePurpose
}

// newNativeDialogs reads the setting at settingsPath (see viewer.Settings).
func newNativeDialogs(settingsPath string) *nativeDialogs {
	return &nativeDialogs{settings: viewer.LoadSettings(settingsPath), env: viewer.SystemDialogEnv()}
}

// takeNative reports whether a native dialog takes the request for p (false:
// show the built-in one). While a native dialog is open, a new request is
// taken and dropped.
func (u *UI) takeNative(p nativePurpose, req viewer.DialogRequest) bool {
	n := u.native
	if n == nil {
		return false
	}
	if n.builtin && n.builtinFor == p {
		n.builtin = false
		return false
	}
	if n.pending != nil {
		return true
	}
	ch := make(chan viewer.DialogResult, 1)
	n.pending, n.purpose = ch, p
	setting := viewer.DialogSetting(n.env, n.settings.FileDialog)
	env := n.env
	go func() {
		ch <- viewer.RunDialog(context.Background(), viewer.ChooseDialog(setting, env), req, env)
	}()
	return true
}

// pollNative acts on a native dialog that has closed (called every frame).
func (u *UI) pollNative() {
	n, s := u.native, u.S
	if n == nil || n.pending == nil {
		return
	}
	var res viewer.DialogResult
	select {
	case res = <-n.pending:
	default:
		return
	}
	n.pending = nil
	if res.Err != nil && s.Log != nil {
		fmt.Fprintf(s.Log, "animscope: file dialog: %v; showing the built-in dialog\n", res.Err)
	}
	if res.Builtin {
		n.builtin, n.builtinFor = true, n.purpose
		switch n.purpose {
		case nativeOpen:
			s.Req.OpenDialog = true
		case nativeOpenB:
			s.Req.OpenDialogB = true
		case nativeBrowse:
			u.BrowseDialog()
		case nativeSave:
			u.OpenScreenshotDialog()
		}
		return
	}
	if res.Cancelled || len(res.Paths) == 0 {
		return
	}
	switch n.purpose {
	case nativeOpen:
		s.Open(res.Paths)
	case nativeOpenB:
		s.OpenB(res.Paths)
	case nativeBrowse:
		u.AssetsOpen()
		u.assetsPath = res.Paths[0]
		u.assets.Open(res.Paths[0])
	case nativeSave:
		u.shotTo(res.Paths[0])
	}
}

// nativeOpenRequest takes File > Open (or Open as B) to a native dialog.
func (u *UI) nativeOpenRequest(asB bool) bool {
	p, title := nativeOpen, "Open files"
	if asB {
		p, title = nativeOpenB, "Open scene B (compare)"
	}
	return u.takeNative(p, viewer.DialogRequest{Kind: viewer.DialogOpenFiles, Title: title,
		Dir: u.S.Recent.Folder(), Filters: viewer.OpenFilters()})
}

// BrowseDialog is File > Browse archive or folder: a native folder dialog whose
// folder the asset browser mounts, or the asset browser itself (whose mount
// line takes an archive too).
func (u *UI) BrowseDialog() {
	if !u.takeNative(nativeBrowse, viewer.DialogRequest{Kind: viewer.DialogOpenFolder, Title: "Browse a folder",
		Dir: u.S.Recent.Folder()}) {
		u.AssetsOpen()
	}
}

// nativeShotRequest takes File > Screenshot to a native save dialog.
func (u *UI) nativeShotRequest() bool {
	d := &u.shot
	dir := d.lastDir
	if dir == "" {
		dir = viewer.DefaultScreenshotDir()
	}
	return u.takeNative(nativeSave, viewer.DialogRequest{Kind: viewer.DialogSaveFile, Title: "Save screenshot",
		Dir: dir, Name: viewer.ShotBaseName(time.Now()) + ".png",
		Filters: []viewer.DialogFilter{{Name: "PNG images", Patterns: []string{"*.png"}}}})
}

// shotTo saves a screenshot at path, chosen in a native dialog, with the size
// and background last set in the built-in dialog.
func (u *UI) shotTo(path string) {
	d := &u.shot
	d.dir, d.name = filepath.Dir(path), strings.TrimSuffix(filepath.Base(path), ".png")
	set, err := d.settings()
	if err != nil {
		if u.S.Log != nil {
			fmt.Fprintf(u.S.Log, "animscope: screenshot: %v\n", err)
		}
		return
	}
	d.lastDir = d.dir
	u.S.Req.ScreenshotAs = &set
}

// fileDialogsMenu is File > File dialogs: the setting, saved at once.
func (u *UI) fileDialogsMenu() {
	n := u.native
	if n == nil || !imgui.BeginMenu("File dialogs") {
		return
	}
	_, forced := viewer.DialogFromEnv(n.env)
	cur := viewer.DialogSetting(n.env, n.settings.FileDialog)
	labels := map[string]string{
		viewer.DialogAuto:    "Automatic (portal, kdialog/zenity, built-in)",
		viewer.DialogPortal:  "Desktop portal",
		viewer.DialogZenity:  "zenity",
		viewer.DialogKdialog: "kdialog",
		viewer.DialogBuiltin: "Built-in",
	}
	for _, c := range viewer.DialogChoices {
		if imgui.MenuItemV(labels[c], "", c == cur, !forced) {
			n.settings.FileDialog = c
			if err := n.settings.Save(); err != nil && u.S.Log != nil {
				fmt.Fprintf(u.S.Log, "animscope: settings: %v\n", err)
			}
		}
	}
	if forced {
		tooltip(viewer.DialogEnvVar + " chooses the dialogs")
	}
	imgui.EndMenu()
}
