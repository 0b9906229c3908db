package gui

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats/m2/m2test"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// TestGraphShots writes pictures of the graph editor (demo, a synthetic M2
// with the blend on, Euler degrees) and of the camera presets and the
// orthographic view for people to look at; it runs only when ANIMSCOPE_UISHOTS
// names a folder.
func TestGraphShots(t *testing.T) {
	out := os.Getenv("ANIMSCOPE_UISHOTS")
	if out == "" {
		t.Skip("set ANIMSCOPE_UISHOTS=DIR to write pictures of the window")
	}
	dir := t.TempDir()
	data, skin := m2test.Synthetic(264, false)
	model := filepath.Join(dir, "Frog.m2")
	os.WriteFile(model, data, 0o644)
	os.WriteFile(filepath.Join(dir, "Frog00.skin"), skin, 0o644)
	shots := []struct {
		name   string
		cfg    Config
		script func(a *App)
	}{
		{"graph-demo", Config{}, func(a *App) {
			a.S.DismissBanner()
			a.S.Select(a.S.Scene.Skel.Find("r_upperarm"))
			a.S.Tr.T = 12
			a.UI.ShowPanel("graph")
		}},
		{"graph-m2-blend", Config{Files: []string{model}}, func(a *App) {
			a.S.DismissBanner()
			a.S.Select(1)
			a.UI.graphModel().ToggleAlso(0)
			a.S.Blend.On, a.S.Blend.ClipB = true, 1
			a.UI.ShowPanel("graph")
		}},
		{"graph-demo-euler", Config{}, func(a *App) {
			a.S.DismissBanner()
			a.S.Select(a.S.Scene.Skel.Find("l_thigh"))
			a.UI.graphModel().Rotation = 1
			a.UI.graphModel().ToggleAlso(a.S.Scene.Skel.Find("l_shin"))
			a.UI.Layout.Bottom = 0.55
			a.UI.ShowPanel("graph")
		}},
		{"graph-compare", Config{CompareA: []string{"good"}, CompareB: []string{"other"}, Load: viewertest.FakeLoader}, func(a *App) {
			a.S.DismissBanner()
			a.S.Select(10)
			a.UI.Layout.Bottom = 0.5
			a.UI.ShowPanel("graph")
		}},
		{"screenshot-dialog", Config{}, func(a *App) {
			a.S.DismissBanner()
			a.UI.OpenScreenshotDialog()
			a.UI.shot.transparent = true
			a.S.Req.ScreenshotAs = &viewer.ScreenshotSettings{Dir: out, Name: "transparent-shot.png", W: 480, H: 360, Transparent: true}
		}},
		{"camera-demo-front-ortho", Config{}, func(a *App) {
			a.S.DismissBanner()
			a.S.Req.Preset = viewer.ViewFront
			a.S.View.Camera.Ortho = true
		}},
		{"camera-demo-top", Config{}, func(a *App) {
			a.S.DismissBanner()
			a.S.Req.Preset = viewer.ViewTop
		}},
		{"camera-m2-right-ortho-follow", Config{Files: []string{model}}, func(a *App) {
			a.S.DismissBanner()
			a.S.Select(1)
			a.S.Req.Preset = viewer.ViewRight
			a.S.View.Camera.Ortho = true
			a.S.View.Camera.Follow = true
		}},
	}
	for _, size := range [][2]int{{1280, 800}, {1024, 640}} {
		for _, sh := range shots {
			withGL(t, func(h *Headless) {
				defer h.MakeCurrent()
				cfg := sh.cfg
				cfg.Hidden, cfg.Frames, cfg.Size = true, 8, size
				cfg.RecentPath = filepath.Join(dir, "recent.json")
				cfg.Script = func(frame int, a *App) {
					a.S.Tr.Playing = false
					switch frame {
					case 1:
						sh.script(a)
					case 7:
						a.frame(0)
						fw, fh := a.win.GetFramebufferSize()
						p := filepath.Join(out, sh.name+"-"+itoa(size[0])+"x"+itoa(size[1])+".png")
						if err := writePNGFile(p, render.ReadPixels(0, 0, fw, fh)); err != nil {
							t.Error(err)
						}
					}
				}
				if err := runWindow(cfg); err != nil {
					t.Fatal(err)
				}
				glfw.DetachCurrentContext()
			})
		}
	}
}

// TestGraphHoverShot writes a picture of a key mark's tooltip in the graph (a
// visible, focused window: the platform reads the cursor only then).
func TestGraphHoverShot(t *testing.T) {
	out := os.Getenv("ANIMSCOPE_UISHOTS")
	if out == "" {
		t.Skip("set ANIMSCOPE_UISHOTS=DIR to write pictures of the window")
	}
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		cfg := Config{Frames: 14, Size: [2]int{1280, 800}, RecentPath: filepath.Join(t.TempDir(), "recent.json")}
		cfg.Script = func(frame int, a *App) {
			a.S.Tr.Playing = false
			switch {
			case frame == 1:
				a.S.DismissBanner()
				a.S.Select(a.S.Scene.Skel.Find("l_thigh"))
				a.UI.Layout.Bottom = 0.5
				a.UI.ShowPanel("graph")
			case frame >= 5:
				g := a.UI.graphModel()
				r, ok := a.UI.gp.rectOf(viewer.LaneRotation)
				if !ok || len(g.Curves) == 0 {
					t.Fatal("no rotation lane")
				}
				c := &g.Curves[viewer.GraphQX]
				a.win.Focus()
				a.win.SetCursorPos(float64(g.View.TimeToX(c.KeyX[2], r)), float64(g.View.ValueToY(viewer.LaneRotation, float64(c.KeyV[2]), r)))
			}
			if frame == 13 {
				a.frame(0)
				fw, fh := a.win.GetFramebufferSize()
				if err := writePNGFile(filepath.Join(out, "graph-key-tooltip.png"), render.ReadPixels(0, 0, fw, fh)); err != nil {
					t.Error(err)
				}
			}
		}
		if err := runWindow(cfg); err != nil {
			t.Fatal(err)
		}
		glfw.DetachCurrentContext()
	})
}
