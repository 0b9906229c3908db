package gui

import (
	"fmt"
	"os"
	"time"

	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

// screenshotDialog is File > Screenshot: where, under which name, at which
// size, over which background.
type screenshotDialog struct {
	open, popup bool
	dir, name   string
	size        string
	custom      bool
	transparent bool
	err         string
	// lastDir is the folder the last screenshot went to (F12 saves there too).
	lastDir string
}

// OpenScreenshotDialog opens File > Screenshot with the folder last used (the
// pictures folder at first), a name after the time and the 3D view's size.
func (u *UI) OpenScreenshotDialog() {
	if u.nativeShotRequest() {
		return
	}
	d := &u.shot
	d.open, d.popup, d.err = true, true, ""
	switch {
	case d.lastDir != "":
		d.dir = d.lastDir
	case d.dir == "":
		d.dir = viewer.DefaultScreenshotDir()
	}
	d.name = viewer.ShotBaseName(time.Now())
	if d.size == "" {
		d.size = fmt.Sprintf("%dx%d", int(u.Viewport[2]*u.scale()), int(u.Viewport[3]*u.scale()))
	}
}

func (u *UI) screenshotDialog() {
	d := &u.shot
	if !d.open {
		return
	}
	if d.popup {
		d.popup = false
		imgui.OpenPopup("Save screenshot")
	}
	sc := u.scale()
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 560 * sc, Y: 0}, imgui.ConditionAppearing)
	if !imgui.BeginPopupModalV("Save screenshot", nil, imgui.WindowFlagsAlwaysAutoResize) {
		d.open = false
		return
	}
	save := false
	if imgui.IsKeyPressed(imgui.KeyIndex(imgui.KeyEscape)) {
		d.open = false
	}
	labelW := imgui.CalcTextSize("File name ", false, 0).X + 8*sc
	field := func(label string) {
		imgui.AlignTextToFramePadding()
		imgui.Text(label)
		imgui.SameLineV(labelW, -1)
		imgui.SetNextItemWidth(480 * sc)
	}
	field("Folder")
	if imgui.InputTextV("##shotdir", &d.dir, imgui.InputTextFlagsEnterReturnsTrue, nil) {
		save = true
	}
	tooltip("Where the picture goes (at first the pictures folder: XDG_PICTURES_DIR, ~/Pictures, else home).")
	imgui.Dummy(imgui.Vec2{X: labelW - imgui.CurrentStyle().ItemSpacing().X, Y: 0})
	imgui.SameLine()
	if imgui.Button("Pictures folder") {
		d.dir = viewer.DefaultScreenshotDir()
	}
	if home, err := os.UserHomeDir(); err == nil {
		imgui.SameLine()
		if imgui.Button("Home") {
			d.dir = home
		}
	}
	field("File name")
	if imgui.InputTextV("##shotname", &d.name, imgui.InputTextFlagsEnterReturnsTrue, nil) {
		save = true
	}
	tooltip("A PNG file; \".png\" is added when missing. A name that is taken becomes name-1.png: nothing is overwritten.")
	imgui.AlignTextToFramePadding()
	imgui.Text("Size")
	imgui.SameLineV(labelW, -1)
	if imgui.RadioButton(fmt.Sprintf("the 3D view (%dx%d)##shotview", int(u.Viewport[2]*u.scale()), int(u.Viewport[3]*u.scale())), !d.custom) {
		d.custom = false
	}
	imgui.SameLine()
	if imgui.RadioButton("##shotcustom", d.custom) {
		d.custom = true
	}
	imgui.SameLine()
	imgui.SetNextItemWidth(130 * sc)
	if imgui.InputTextV("##shotsize", &d.size, imgui.InputTextFlagsEnterReturnsTrue, nil) {
		save = true
	}
	if imgui.IsItemActivated() {
		d.custom = true
	}
	tooltip(fmt.Sprintf("Width x height in pixels (%d to %d each), drawn off-screen with the camera as it is.", viewer.MinShotSize, viewer.MaxShotSize))
	imgui.Dummy(imgui.Vec2{X: labelW - imgui.CurrentStyle().ItemSpacing().X, Y: 0})
	imgui.SameLine()
	imgui.Checkbox("Transparent background", &d.transparent)
	tooltip("The background's alpha is 0: the model over nothing, to place over other pictures.")
	if d.err != "" {
		coloured(colError, d.err)
	}
	imgui.Separator()
	if imgui.Button("Save") || imgui.IsKeyPressed(imgui.KeyIndex(imgui.KeyKeyPadEnter)) {
		save = true
	}
	imgui.SameLine()
	if imgui.Button("Cancel") {
		d.open = false
	}
	if save {
		if set, err := d.settings(); err != nil {
			d.err = err.Error()
		} else {
			u.S.Req.ScreenshotAs = &set
			d.open = false
		}
	}
	if !d.open {
		imgui.CloseCurrentPopup()
	}
	imgui.EndPopup()
}

// settings checks the dialog's fields.
func (d *screenshotDialog) settings() (viewer.ScreenshotSettings, error) {
	set := viewer.ScreenshotSettings{Dir: d.dir, Transparent: d.transparent}
	st, err := os.Stat(d.dir)
	switch {
	case d.dir == "":
		return set, fmt.Errorf("choose a folder")
	case err != nil:
		return set, fmt.Errorf("folder %s: %v", d.dir, err)
	case !st.IsDir():
		return set, fmt.Errorf("%s is not a folder", d.dir)
	}
	if set.Name, err = viewer.ShotFileName(d.name); err != nil {
		return set, err
	}
	if d.custom {
		if set.W, set.H, err = viewer.ParseShotSize(d.size); err != nil {
			return set, err
		}
	}
	return set, nil
}
