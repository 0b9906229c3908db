package gui

import (
	"fmt"
	"os"
	"strings"

	"animscope/formats"
	"animscope/viewer"

	"github.com/inkyblackness/imgui-go/v4"
)

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
				home, _ := os.UserHomeDir()
				labels := viewer.RecentLabels(s.Recent.Items, home)
				for i, it := range s.Recent.Items {
					if imgui.MenuItem(fmt.Sprintf("%d  %s##recent%d", i+1, labels[i], i)) {
						s.Open(append([]string(nil), it...))
					}
					tooltip(strings.Join(it, "\n"))
				}
				imgui.EndMenu()
			}
			if imgui.MenuItem("Browse archive or folder...") {
				u.BrowseDialog()
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
			u.fileDialogsMenu()
			imgui.Separator()
			if imgui.MenuItemV("Screenshot...", "F12: straight to the folder", false, s.Scene != nil) {
				u.OpenScreenshotDialog()
			}
			if imgui.MenuItemV("Export animation...", "", false, s.Scene != nil && u.exportAnim.job == nil) {
				u.OpenExportAnimDialog()
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
			imgui.Checkbox("Crowd (N instances, see the Crowd tab)", &s.Crowd.On)
			u.motionMenu()
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
			imgui.Separator()
			u.cameraMenu()
			imgui.Separator()
			u.panelsMenu()
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

// cameraMenu is View's camera part: framing, the axis views, the projection and
// following the selection.
func (u *UI) cameraMenu() {
	s := u.S
	selected := s.Scene != nil && s.Selected >= 0 && s.Selected < s.Scene.Skel.Len()
	if imgui.MenuItemV("Frame selection", "F", false, selected) {
		s.Req.FrameSelection = true
	}
	tooltip("The selected node's joint and its children's over the whole clip.")
	if imgui.MenuItemV("Frame all (the clip's motion)", "Shift+F", false, s.Scene != nil) {
		s.Req.FrameAll = true
	}
	if imgui.BeginMenu("Camera view") {
		for _, p := range []struct {
			v   viewer.ViewPreset
			key string
		}{{viewer.ViewFront, "Numpad 1"}, {viewer.ViewRight, "Numpad 3"}, {viewer.ViewTop, "Numpad 7"},
			{viewer.ViewBack, "Ctrl+Numpad 1"}, {viewer.ViewLeft, "Ctrl+Numpad 3"}, {viewer.ViewBottom, "Ctrl+Numpad 7"}} {
			if imgui.MenuItemV(viewer.ViewPresetNames[p.v], p.key, false, true) {
				s.Req.Preset = p.v
			}
		}
		imgui.EndMenu()
	}
	tooltip("Views along the scene's axes; Top looks down the scene's up axis (View > Up).")
	if imgui.MenuItemV("Orthographic", "Numpad 5", s.View.Camera.Ortho, true) {
		s.View.Camera.Ortho = !s.View.Camera.Ortho
	}
	if imgui.MenuItemV("Follow selected node", "", s.View.Camera.Follow, true) {
		s.View.Camera.Follow = !s.View.Camera.Follow
	}
	tooltip("The camera's target stays on the selected joint as it moves; orbit and zoom still work.")
}
