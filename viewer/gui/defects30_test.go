package gui

import (
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/m2/m2test"
	"animscope/viewer"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// frogState is the viewer on the project's synthetic frog-like M2.
func frogState(t *testing.T) *viewer.State {
	t.Helper()
	m2, _ := m2test.Frog().Encode()
	p := filepath.Join(t.TempDir(), "Frog.m2")
	if err := os.WriteFile(p, m2, 0o644); err != nil {
		t.Fatal(err)
	}
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.Open([]string{p}) {
		t.Fatalf("open: %s", s.LastError())
	}
	s.DismissBanner()
	return s
}

// TestFrameColumnsSayMilliseconds (issue 30, defect 2): the key and compare
// tables label an M2 probe's frame column "ms" (it holds the time in whole
// milliseconds), and keep "frame" for the families that record frames.
func TestFrameColumnsSayMilliseconds(t *testing.T) {
	defer newUIContext(t)()
	tests := []struct {
		name  string
		state func(t *testing.T) *viewer.State
		blend bool
		want  []string
	}{
		{"M2", frogState, false, []string{"node", "ch", "ms", "k0", "k1", "alpha"}},
		{"M2 blended", frogState, true, []string{"node", "ch", "A ms", "A k0", "A k1", "A alpha", "B ms", "B k0", "B k1", "B alpha"}},
		{"MSH", func(t *testing.T) *viewer.State { s := demoState(t); s.DismissBanner(); return s }, false,
			[]string{"node", "ch", "frame", "branch", "k0", "k1", "alpha"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.state(t)
			s.Blend.On = tc.blend
			u := &UI{S: s, Scale: 1}
			u.ShowPanel(viewer.PanelKeys)
			for i := 0; i < 3; i++ {
				s.Evaluate()
				uiFrame(u)
			}
			if got := u.keyTab.labels; !slices.Equal(got, tc.want) {
				t.Errorf("key table columns %q, want %q", got, tc.want)
			}
			frame := "A " + s.Scene.FrameColumn()
			if got := sideFrameColumn("A ", s.Scene); got != frame {
				t.Errorf("compare table column %q, want %q", got, frame)
			}
		})
	}
	if got := sideFrameColumn("B ", frogState(t).Scene); got != "B ms" {
		t.Errorf("compare table's B column for M2 %q, want \"B ms\"", got)
	}
}

// TestMapGrowthIsNotSaved (issue 30, defect 5): the fallback map grows the
// bottom area while it is in front, but the layout saved (layout.json) keeps
// the user's height, and the area returns to it when another tab comes to the
// front; a height the user drags is theirs and stays.
func TestMapGrowthIsNotSaved(t *testing.T) {
	defer newUIContext(t)()
	s, u := demoFloorUI(t)
	u.Layout.Path = filepath.Join(t.TempDir(), "layout.json")
	user := u.Layout.Bottom
	frames := func(n int) {
		for range n {
			s.Evaluate()
			uiFrame(u)
		}
	}
	frames(4)
	if u.Layout.Tab != viewer.PanelFallbackMap || !(u.Layout.Bottom > user) {
		t.Fatalf("tab %q, bottom %v from %v; want the map in front, the area grown", u.Layout.Tab, u.Layout.Bottom, user)
	}
	saved := viewer.LoadLayout(u.Layout.Path)
	near := func(a, b float64) bool { return a > b-1e-6 && a < b+1e-6 } // Fit rounds through float32 points
	if !near(saved.Bottom, user) {
		t.Errorf("layout.json's bottom %v while the map is in front, want the user's %v", saved.Bottom, user)
	}
	u.ShowPanel(viewer.PanelDopeSheet)
	frames(2)
	if !near(u.Layout.Bottom, user) {
		t.Errorf("bottom %v with the dope sheet in front, want the user's %v back", u.Layout.Bottom, user)
	}
	// The map again, then the user's own height by the splitter: kept.
	u.ShowPanel(viewer.PanelFallbackMap)
	frames(2)
	grown := u.Layout.Bottom
	u.Layout.Bottom = grown + 0.05 // what a drag of the splitter leaves
	u.userSizedBottom()
	frames(2)
	u.ShowPanel(viewer.PanelDopeSheet)
	frames(2)
	if got, want := u.Layout.Bottom, grown+0.05; got < want-1e-3 || got > want+1e-3 {
		t.Errorf("bottom %v after the user sized it to %v and changed tabs, want it kept", got, want)
	}
	if saved := viewer.LoadLayout(u.Layout.Path); saved.Bottom < grown {
		t.Errorf("layout.json's bottom %v, want the user's %v", saved.Bottom, u.Layout.Bottom)
	}
}

// TestNamelessNodeAndClip (issue 30, defect 6): a node without a name (a
// VoxelCore skeleton's root) shows as "(unnamed)", not a blank row, while
// lookups keep its name; a scene without clips offers "0 (bind pose)" in the
// blend combos, not a bare "0".
func TestNamelessNodeAndClip(t *testing.T) {
	a := &formats.Asset{Family: formats.FamilyVCA, Files: []string{"block.json"},
		Skeleton: &anim.Skeleton{Names: []string{"", "lid"}, Parents: []int32{-1, 0}}}
	sc, err := viewer.NewScene(a, a.Files, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{sc.NodeLabel(0), sc.NodeLabel(1)}; !slices.Equal(got, []string{"(unnamed)", "lid"}) {
		t.Errorf("node labels %q, want [(unnamed) lid]", got)
	}
	if sc.Skel.Names[0] != "" {
		t.Errorf("the skeleton's name became %q, want it kept empty", sc.Skel.Names[0])
	}
	if got, want := clipChoices(sc.Infos), []string{"0 (bind pose)"}; !slices.Equal(got, want) {
		t.Errorf("clip choices %q, want %q", got, want)
	}
	if got, want := clipChoices([]anim.ClipInfo{{Name: "Stand"}, {Name: "Walk"}}), []string{"0 Stand", "1 Walk"}; !slices.Equal(got, want) {
		t.Errorf("clip choices %q, want %q", got, want)
	}
}

// labelPixels counts the pixels of the selected joint's label colour (orange,
// packed(1, 0.7, 0.3)) inside r (x, y, w, h in pixels).
func labelPixels(img *image.RGBA, r [4]float32) int {
	n := 0
	for y := int(r[1]); y < int(r[1]+r[3]) && y < img.Rect.Dy(); y++ {
		for x := int(r[0]); x < int(r[0]+r[2]) && x < img.Rect.Dx(); x++ {
			c := img.RGBAAt(x, y)
			if c.R > 230 && c.G > 150 && c.G < 200 && c.B > 50 && c.B < 110 {
				n++
			}
		}
	}
	return n
}

// TestJointLabelUnderWindows (issue 30, defect 7): the selected joint's label
// belongs to the 3D view: a window over it (the shortcuts) hides it, where it
// used to be drawn on top of every window.
func TestJointLabelUnderWindows(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		var app *App // the last shot's, read once it is drawn
		shoot := func(shortcuts bool) *image.RGBA {
			img, err := ShootWindow(WindowShot{W: 1024, H: 640, Select: 4, T: 10, Setup: func(a *App) {
				a.S.DismissBanner()
				a.S.ShowShortcuts = shortcuts
				app = a
			}})
			if err != nil {
				t.Fatal(err)
			}
			return img
		}
		shoot(true)
		label, at := app.UI.Label, app.UI.shortcutsAt
		box := [4]float32{label.X, label.Y - 20, 80, 30} // the label's text, right of and above the joint
		if !(box[0] > at[0] && box[0]+box[2] < at[0]+at[2] && box[1] > at[1] && box[1]+box[3] < at[1]+at[3]) {
			t.Fatalf("the label at %v is not under the shortcuts window %v: the test needs it there", label, at)
		}
		without := labelPixels(shoot(false), box)
		with := labelPixels(shoot(true), box)
		if without < 20 || with != 0 {
			t.Errorf("label pixels at %v: %d without the shortcuts window, %d under it; want some, then none", box, without, with)
		}
	})
}

// TestDialogsOpaque (issue 30, defect 7): the Open dialog and the Assets
// window are opaque: what the 3D view draws behind them (the demo at two
// times) does not change a pixel inside them.
func TestDialogsOpaque(t *testing.T) {
	home := t.TempDir() // the asset browser's recent mounts live in the config folder
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		for _, tc := range []struct {
			name string
			open func(a *App)
			at   func(u *UI) [4]float32
		}{
			{"Open", func(a *App) { a.S.Req.OpenDialog = true }, func(u *UI) [4]float32 { return u.openAt }},
			{"Assets", func(a *App) { a.UI.AssetsOpen() }, func(u *UI) [4]float32 { return u.assetsAt }},
		} {
			var app *App
			shoot := func(tm float64) *image.RGBA {
				img, err := ShootWindow(WindowShot{W: 1600, H: 1000, Select: -1, T: tm, Setup: func(a *App) {
					a.S.DismissBanner()
					tc.open(a)
					app = a
				}})
				if err != nil {
					t.Fatal(err)
				}
				return img
			}
			a, b := shoot(5), shoot(25)
			r := tc.at(app.UI)
			if r[2] < 100 || r[3] < 100 {
				t.Fatalf("%s: window at %v, want one drawn", tc.name, r)
			}
			// The window's inside over the 3D view (the viewport's rows and columns).
			v := app.UI.Viewport
			x0, y0 := int(max(r[0], v[0])), int(max(r[1], v[1]))
			x1, y1 := int(min(r[0]+r[2], v[0]+v[2])), int(min(r[1]+r[3], v[1]+v[3]))
			diff, n := 0, 0
			for y := y0 + 2; y < y1-2; y++ {
				for x := x0 + 2; x < x1-2; x++ {
					n++
					if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
						diff++
					}
				}
			}
			if n < 1000 || diff != 0 {
				t.Errorf("%s: %d of %d pixels over the 3D view change with the scene behind, want none (of many)", tc.name, diff, n)
			}
			// The scene behind did change: the test can see through a clear window.
			all := 0
			for y := int(v[1]); y < int(v[1]+v[3]); y++ {
				for x := int(v[0]); x < int(v[0]+v[2]); x++ {
					if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
						all++
					}
				}
			}
			if all == 0 {
				t.Errorf("%s: the 3D view is the same at t 0 and 20: nothing to see through", tc.name)
			}
		}
	})
}

// TestRulerMarkerLane (issue 30, defect 8): a clip's marker names have a lane
// of their own below the ruler's frame numbers and times, inside the ruler,
// which grows by that lane only for a clip with markers.
func TestRulerMarkerLane(t *testing.T) {
	for _, sc := range []float32{1, 2} {
		lineH := 17 * sc
		l := rulerLanesAt(lineH, sc)
		h := rulerHeight(lineH, sc, true)
		if !(l.frame+lineH <= l.time && l.time+lineH <= l.marker && l.marker+lineH <= h) {
			t.Errorf("scale %v: lanes %+v of %v points each in a ruler %v high: they overlap or leave it", sc, l, lineH, h)
		}
		if plain := rulerHeight(lineH, sc, false); !(l.time+lineH <= plain && plain < h) {
			t.Errorf("scale %v: ruler without markers %v high, with %v; want the two lanes in it and a third lane only with markers", sc, plain, h)
		}
	}
}

// TestFolderOpensAssetBrowser (issue 30, defect 12): a folder named on the
// command line opens the asset browser mounted on it, over the demo and with
// no error; a folder dropped on the window does the same and keeps the scene.
func TestFolderOpensAssetBrowser(t *testing.T) {
	folder := t.TempDir()
	m2, _ := m2test.Frog().Encode()
	if err := os.WriteFile(filepath.Join(folder, "Frog.m2"), m2, 0o644); err != nil {
		t.Fatal(err)
	}
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		dir := t.TempDir()
		var mounted, rows, errs int
		var sceneAfterDrop string
		cfg := Config{Files: []string{folder}, Frames: 8, Size: [2]int{1280, 800}, RecentPath: filepath.Join(dir, "recent.json")}
		cfg.Script = func(frame int, a *App) {
			switch frame {
			case 3:
				if a.UI.showAssets && a.UI.assets != nil && a.UI.assets.MountPath == folder {
					mounted++
					rows = len(a.UI.assets.Rows)
				}
				errs = len(a.S.Diags)
				for _, d := range a.S.Diags {
					if d.Severity != formats.Error {
						errs--
					}
				}
				a.UI.showAssets = false
				a.S.Open([]string{filepath.Join(folder, "Frog.m2")})
				a.plat.drop([]string{folder}) // what the window's drop callback does
			case 6:
				if a.UI.showAssets && a.UI.assets.MountPath == folder {
					mounted++
				}
				sceneAfterDrop = a.S.Scene.ShortName()
			}
		}
		if err := runWindow(cfg); err != nil {
			t.Fatal(err)
		}
		glfw.DetachCurrentContext()
		if mounted != 2 || rows == 0 {
			t.Errorf("the browser was on %s %d times of 2 (startup, drop), %d rows; want both, with the folder's file", folder, mounted, rows)
		}
		if errs != 0 {
			t.Errorf("%d errors after opening a folder, want none", errs)
		}
		if sceneAfterDrop != "Frog.m2" {
			t.Errorf("scene after the drop %q, want Frog.m2 kept", sceneAfterDrop)
		}
		if _, err := os.Stat(filepath.Join(dir, "recent-mounts.json")); err != nil {
			t.Errorf("the recent mounts are not beside the test's recent list: %v", err)
		}
	})
}

// TestFitLeft (issue 30, defect 15): an asset-browser path too wide for its
// row keeps its end (the file name) behind "...", within the width.
func TestFitLeft(t *testing.T) {
	defer newUIContext(t)()
	imgui.NewFrame()
	defer imgui.EndFrame()
	path := "Creature/KelThuzad/KelThuzad_Phase2/Textures/KelThuzadSkin01.blp"
	if got := fitLeft(path, 10000); got != path {
		t.Errorf("fitLeft with room = %q, want the path whole", got)
	}
	w := imgui.CalcTextSize("...KelThuzadSkin01.blp", false, 0).X + 1
	got := fitLeft(path, w)
	if !strings.HasPrefix(got, "...") || !strings.HasSuffix(got, "KelThuzadSkin01.blp") || imgui.CalcTextSize(got, false, 0).X > w {
		t.Errorf("fitLeft(%q, %v) = %q (%v wide), want \"...\" and the file name within the width", path, w, got, imgui.CalcTextSize(got, false, 0).X)
	}
}
