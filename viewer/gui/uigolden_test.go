package gui

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/m2/m2test"
	"animscope/viewer"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// uiGoldenShots are the UI golden tests' pictures (issue 16's acceptance): each
// is drawn through ShootWindow, the code path of `animscope shot`, at 1280×800
// and 1024×640. The frog is m2test.Frog written to Frog.m2 in the test's
// working folder (the title and the panels name it by that relative path).
func uiGoldenShots() []struct {
	name string
	ws   WindowShot
} {
	floor := formats.Options{}
	floor.Set("rounding", "floor")
	return []struct {
		name string
		ws   WindowShot
	}{
		// The demo at frame 10 with the neck selected and the dope sheet in front.
		{"demo-dopesheet", WindowShot{T: 10, Select: 3, Panel: viewer.PanelDopeSheet}},
		// The frog walking blended with its run, a hind knee selected, the graph editor.
		{"frog-blend-graph", WindowShot{Files: []string{"Frog.m2"}, Clip: 1, T: 300, Select: 14,
			Blend: true, BlendClip: 2, Weight: 0.4, Panel: viewer.PanelGraph}},
		// The demo against itself read with floor rounding, on the fallback map.
		{"compare-fallbackmap", WindowShot{Compare: true, OptsB: floor, T: 12, Select: -1, Panel: viewer.PanelFallbackMap}},
		// A scene on a stand-in skeleton: its badge in the 3D view.
		{"standin-badge", WindowShot{Files: []string{"walk.ans"}, Load: standInLoader, Select: 2}},
	}
}

// TestUIGolden compares whole-window pictures with testdata/ui_*.png, with
// checkGolden's per-pixel tolerance (go test -run TestUIGolden -update rewrites
// them: look at every one before committing it).
func TestUIGolden(t *testing.T) {
	dir := t.TempDir()
	m2, _ := m2test.Frog().Encode()
	if err := os.WriteFile(filepath.Join(dir, "Frog.m2"), m2, 0o644); err != nil {
		t.Fatal(err)
	}
	golden, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, sh := range uiGoldenShots() {
		for _, size := range [][2]int{{1280, 800}, {1024, 640}} {
			name := sh.name + "-" + itoa(size[0]) + "x" + itoa(size[1])
			t.Run(name, func(t *testing.T) {
				withGL(t, func(h *Headless) {
					defer h.MakeCurrent()
					ws := sh.ws
					ws.W, ws.H = size[0], size[1]
					var app *App
					ws.Setup = func(a *App) { app = a }
					img, err := ShootWindow(ws)
					glfw.DetachCurrentContext()
					if err != nil {
						t.Fatal(err)
					}
					checkGolden(t, img, filepath.Join(golden, "ui_"+name+".png"))
					if t.Failed() {
						t.Logf("if the window changed on purpose, redraw with `xvfb-run -a go test ./viewer/gui -run TestUIGolden -update` and look at every picture")
					}
					checkShown(t, sh.name, app)
				})
			})
		}
	}
}

// checkShown checks what a picture must show beyond its pixels: the panel in
// front, and for the map at least 15 rows × 40 frames in view.
func checkShown(t *testing.T, name string, a *App) {
	t.Helper()
	if a == nil {
		t.Fatal("the shot never ran its setup")
	}
	l := a.UI.Layout
	want := map[string]string{"demo-dopesheet": viewer.PanelDopeSheet, "frog-blend-graph": viewer.PanelGraph,
		"compare-fallbackmap": viewer.PanelFallbackMap}[name]
	if want != "" && (l.Tab != want || l.BottomCollapsed) {
		t.Errorf("front panel %q (bottom collapsed %v), want %q", l.Tab, l.BottomCollapsed, want)
	}
	switch name {
	case "compare-fallbackmap":
		fm := a.S.FallbackMap()
		v := a.S.Map.View
		if fm == nil || fm.Rows < 15 || fm.Cols < 40 {
			t.Fatalf("map %+v, want at least 15 rows × 40 frames", fm)
		}
		if !v.Visible(0, 0) || !v.Visible(14, 39) {
			t.Errorf("cells (0, 0) and (14, 39) in view: %v %v, want both (view %+v)", v.Visible(0, 0), v.Visible(14, 39), v)
		}
	case "standin-badge":
		if !a.S.Scene.StandIn() {
			t.Errorf("the scene is not marked as posed on a stand-in skeleton")
		}
	case "frog-blend-graph":
		if !a.S.BlendOn() {
			t.Errorf("no blend")
		}
	}
}
