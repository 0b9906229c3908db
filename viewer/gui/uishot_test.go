package gui

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// TestUIShots writes pictures of the whole window for people to look at (not
// compared with anything): the banner of a bad command-line file with the
// shortcuts window, a scene on a stand-in skeleton, the open dialog; at 1280×800
// and 1024×640. It runs only when ANIMSCOPE_UISHOTS names a folder.
func TestUIShots(t *testing.T) {
	out := os.Getenv("ANIMSCOPE_UISHOTS")
	if out == "" {
		t.Skip("set ANIMSCOPE_UISHOTS=DIR to write pictures of the window")
	}
	dir := t.TempDir()
	for _, n := range []string{"Frog.m2", "walk.ans", "body.skt", "notes.txt"} {
		os.WriteFile(filepath.Join(dir, n), make([]byte, 1500), 0o644)
	}
	os.Mkdir(filepath.Join(dir, "creature"), 0o755)
	shots := []struct {
		name   string
		cfg    Config
		script func(a *App)
	}{
		{"badfile", Config{Files: []string{filepath.Join(dir, "missing.m2")}}, func(a *App) { a.S.ShowShortcuts = true }},
		{"standin", Config{Files: []string{"walk.ans"}, Load: standInLoader}, func(a *App) { a.S.Select(2) }},
		{"dopesheet-demo", Config{}, func(a *App) {
			a.S.DismissBanner()
			a.S.Tr.Playing, a.S.Tr.T = false, 12
			a.S.Tr.RangeOn, a.S.Tr.RangeLo, a.S.Tr.RangeHi = true, 4, 30
			a.S.Select(3)
			dopeExpand(a, 3)
			a.UI.dope.model.AddMarker(a.S.Info().Name, 20)
		}},
		{"dopesheet-m2", Config{Files: []string{m2Synth(t, dir)}}, func(a *App) {
			a.S.DismissBanner()
			a.S.Tr.Playing, a.S.Tr.T = false, a.S.Info().Duration*0.4
			a.S.Blend.On = true
			a.S.Select(1)
			dopeExpand(a, 1)
			dopeExpand(a, 2)
		}},
		{"keys-m2", Config{Files: []string{m2Synth(t, dir)}}, func(a *App) {
			a.S.DismissBanner()
			a.S.Tr.Playing, a.S.Tr.T = false, a.S.Info().Duration*0.4
			a.S.Blend.On = true
			a.S.Select(1)
			a.UI.ShowPanel(viewer.PanelKeys)
		}},
		{"keys-demo", Config{}, func(a *App) {
			a.S.DismissBanner()
			a.S.Tr.Playing, a.S.Tr.T = false, 12
			a.UI.ShowPanel(viewer.PanelKeys)
		}},
		{"dialog", Config{}, func(a *App) {
			a.S.DismissBanner()
			a.UI.browser = viewer.NewFileBrowser(dir)
			a.S.Req.OpenDialog = true
		}},
		{"crowd", Config{}, func(a *App) {
			a.S.DismissBanner()
			a.S.Crowd.On, a.S.Crowd.N, a.S.Tr.Playing = true, 100, true
			a.UI.ShowPanel(viewer.PanelCrowd)
		}},
	}
	// Hover pictures (at 1280×800 only: the points are that layout's): the mouse
	// rests on a control and its tooltip shows.
	hovers := []struct {
		name string
		x, y float64
	}{{"tooltip-branch", 230, 654}, {"tooltip-sync", 990, 229}, {"tooltip-k0", 277, 635}}
	for _, hv := range hovers {
		withGL(t, func(h *Headless) {
			defer h.MakeCurrent()
			// A visible, focused window: the platform reads the cursor only then.
			cfg := Config{Frames: 12, Size: [2]int{1280, 800}, RecentPath: filepath.Join(dir, "recent.json")}
			cfg.Script = func(frame int, a *App) {
				a.S.Tr.Playing = false
				if frame >= 2 {
					a.win.Focus()
					a.win.SetCursorPos(hv.x, hv.y)
				}
				if frame == 11 {
					a.frame(0)
					fw, fh := a.win.GetFramebufferSize()
					if err := writePNGFile(filepath.Join(out, hv.name+".png"), render.ReadPixels(0, 0, fw, fh)); err != nil {
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
	for _, size := range [][2]int{{1280, 800}, {1024, 640}} {
		for _, sh := range shots {
			withGL(t, func(h *Headless) {
				defer h.MakeCurrent()
				cfg := sh.cfg
				cfg.Hidden, cfg.Frames, cfg.Size = true, 8, size
				cfg.RecentPath = filepath.Join(dir, "recent.json")
				cfg.Script = func(frame int, a *App) {
					switch frame {
					case 1:
						sh.script(a)
					case 7:
						a.frame(0)
						fw, fh := a.win.GetFramebufferSize()
						img := render.ReadPixels(0, 0, fw, fh)
						p := filepath.Join(out, sh.name+"-"+itoa(size[0])+"x"+itoa(size[1])+".png")
						if err := writePNGFile(p, img); err != nil {
							t.Error(err)
						}
						t.Logf("%s: title %q cam %+v cell %v", p, a.S.Title(), a.Cam, a.cell)
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

// m2Synth writes the synthetic M2 model into dir and returns its path.
func m2Synth(t *testing.T, dir string) string {
	data, _ := m2test.Synthetic(256, false)
	p := filepath.Join(dir, "Synth.m2")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// dopeExpand shows node's channel rows on the dope sheet.
func dopeExpand(a *App, node int) {
	if a.UI.dope.model == nil {
		a.UI.dope.model = viewer.NewDopeSheet()
	}
	a.UI.dope.model.Sync(a.S.Scene, a.S.Clip, a.S.Selected)
	if !a.UI.dope.model.Expanded(node) {
		a.UI.dope.model.ToggleExpand(node)
	}
}

// standInLoader gives a synthetic scene marked as posed on a stand-in skeleton,
// with Merge's warning.
func standInLoader(files []string, opts formats.Options) (*formats.Asset, error) {
	a := viewertest.SyntheticAsset(4)
	a.Files = files
	a.StandInSkeleton = true
	a.Diagnostics = []formats.Diagnostic{{Severity: formats.Warning, File: files[0], Offset: -1,
		Message: "no skeleton was given: using the stand-in skeleton this file offers"}}
	return a, nil
}

func itoa(n int) string {
	b := []byte{}
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
