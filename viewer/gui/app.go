package gui

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// Config is what the command line asks of the viewer.
type Config struct {
	Files []string // one scene; empty: the demo
	// CompareA and CompareB, when both set or when Compare is, open --compare
	// (Compare with both empty: the demo on both sides).
	Compare            bool
	CompareA, CompareB []string
	Watch              bool
	Opts               formats.Options
	// OptsB is compare mode's reading for B (zero: Opts).
	OptsB formats.Options
	// Load overrides DefaultLoader (tests).
	Load viewer.Loader
	// Frames, when > 0, closes the window after that many frames (smoke tests).
	Frames int
	// Hidden keeps the window invisible (tests); RecentPath overrides where the
	// recent list lives ("" : the user's config directory).
	Hidden     bool
	RecentPath string
	// Size is the window size in screen coordinates (0: 1440×900).
	Size [2]int
	// Script, when set, runs before each frame with the frame number (tests).
	Script func(frame int, a *App)
	// still, when set, draws every frame at that size into an off-screen
	// framebuffer with fixed input and no timings (a WindowShot);
	// compareDemo opens the demo against itself in compare mode.
	still       [2]int
	stillScale  float32
	compareDemo bool
	// log, when set, is where what a load says goes besides the banner (nil:
	// os.Stderr, the terminal the viewer was started from).
	log io.Writer
}

// App is the running viewer: the window, the state, the UI and the camera.
type App struct {
	S    *viewer.State
	UI   *UI
	Cam  render.Camera
	cell float32
	win  *glfw.Window
	d    drawer
	ui   *render.UIRenderer
	plat *platform
	// glErr is the last GL error reported, so a persistent one (a lost context)
	// is reported once rather than every frame.
	glErr  string
	cursor cursors
	// still and target: a WindowShot's size and framebuffer (Config.still).
	still  [2]int
	target *render.Target
}

// Run opens the window and runs the viewer until it is closed. It must run on the
// main thread (the caller locks it in init).
func Run(cfg Config) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := InitGLFW(); err != nil {
		return err
	}
	defer glfw.Terminate()
	return runWindow(cfg)
}

// runWindow runs the viewer in a new window; GLFW is initialised.
func runWindow(cfg Config) error {
	contextHints()
	glfw.WindowHint(glfw.ScaleToMonitor, glfw.True)
	glfw.WindowHint(glfw.Samples, 4)
	if cfg.Hidden {
		glfw.WindowHint(glfw.Visible, glfw.False)
		glfw.WindowHint(glfw.Samples, 0)
	}
	w, h := cfg.Size[0], cfg.Size[1]
	if w <= 0 || h <= 0 {
		w, h = defaultWindowSize(glfw.GetPrimaryMonitor())
	}
	win, err := glfw.CreateWindow(w, h, "animscope", nil, nil)
	if err != nil {
		return fmt.Errorf("glfw: %w", err)
	}
	defer win.Destroy()
	win.MakeContextCurrent()
	if !cfg.Hidden {
		glfw.SwapInterval(1)
	}
	if err := render.Init(); err != nil {
		return fmt.Errorf("opengl: %w", err)
	}
	r, err := render.NewRenderer()
	if err != nil {
		return err
	}
	defer r.Delete()

	ctx := imgui.CreateContext(nil)
	defer ctx.Destroy()
	scale, _ := win.GetContentScale()
	if scale <= 0 {
		scale = 1
	}
	if cfg.still[0] > 0 { // a shot is drawn at its own scale on any screen
		scale = cfg.stillScale
	}
	SetupFonts(scale)
	uir, err := render.NewUIRenderer()
	if err != nil {
		return err
	}
	defer uir.Delete()

	load := cfg.Load
	if load == nil {
		load = viewer.DefaultLoader
	}
	s := viewer.NewState(load, cfg.Opts)
	s.Log = os.Stderr // what a load says is on the terminal too
	if cfg.log != nil {
		s.Log = cfg.log
	}
	s.OptsB = cfg.OptsB
	s.Watch = cfg.Watch
	rp := cfg.RecentPath
	if rp == "" {
		rp = viewer.DefaultRecentPath()
	}
	s.Recent = viewer.LoadRecent(rp)
	app := &App{S: s, Cam: render.NewCamera(), win: win, d: drawer{r: r}, ui: uir, cell: 1}
	app.UI = &UI{S: s, Scale: scale, SetImage: uir.SetImage, Layout: viewer.LoadLayout(layoutPath(cfg))}
	app.UI.savedLayout = app.UI.Layout
	if cfg.RecentPath != "" { // a test's or a shot's: the recent mounts beside it, not the user's
		app.UI.recentMountsPath = filepath.Join(filepath.Dir(cfg.RecentPath), "recent-mounts.json")
	}
	if !cfg.Hidden { // a window a person uses: the desktop's file dialogs
		app.UI.native = newNativeDialogs(settingsPath(cfg))
	}
	app.plat = newPlatform(win, app)
	// The atlas is built at the starting scale; a move to a monitor of another
	// scale rescales the fonts and the layout from it.
	win.SetContentScaleCallback(func(_ *glfw.Window, x, _ float32) {
		if x > 0 {
			app.UI.Scale = x
			imgui.CurrentIO().SetFontGlobalScale(x / scale)
		}
	})
	defer app.d.delete()
	if cfg.still[0] > 0 {
		t, err := newStillTarget(cfg.still)
		if err != nil {
			return err
		}
		defer t.Delete()
		app.still, app.target = cfg.still, t
	}

	if cfg.Compare || cfg.compareDemo || (len(cfg.CompareA) > 0 && len(cfg.CompareB) > 0) {
		s.OpenCompare(cfg.CompareA, cfg.CompareB)
	} else {
		s.OpenStartup(cfg.Files) // a bad file: the demo, under a banner with the error
	}
	if s.Scene == nil {
		banner := s.Banner
		s.Open(nil)
		s.Banner = banner // the compare error stays in view over the demo
	}
	title := ""

	last := time.Now()
	for frame := 0; !win.ShouldClose() && !s.Req.Quit; frame++ {
		if cfg.Frames > 0 && frame >= cfg.Frames {
			break
		}
		glfw.PollEvents()
		if cfg.Script != nil {
			cfg.Script(frame, app)
		}
		now := time.Now()
		dt := now.Sub(last)
		last = now
		if app.still[0] > 0 { // a shot: no clock, no timings
			app.frame(0)
			continue
		}
		app.frame(dt.Seconds())
		s.RenderTime(time.Since(now)) // build and draw, without the wait for the swap
		if t := s.Title(); t != title {
			title = t
			win.SetTitle(t)
		}
		win.SwapBuffers()
		s.FrameTime(time.Since(now))
	}
	return nil
}

// layoutPath is where the window layout is remembered: beside the recent list
// (a test's or a shot's temporary one too); a hidden window without one (a test)
// remembers nothing.
// settingsPath is where the viewer's settings live: beside the recent list.
func settingsPath(cfg Config) string {
	if cfg.RecentPath != "" {
		return filepath.Join(filepath.Dir(cfg.RecentPath), "settings.json")
	}
	return viewer.DefaultSettingsPath()
}

func layoutPath(cfg Config) string {
	switch {
	case cfg.RecentPath != "":
		return filepath.Join(filepath.Dir(cfg.RecentPath), "layout.json")
	case cfg.Hidden:
		return ""
	}
	return viewer.DefaultLayoutPath()
}

func (a *App) frame(dt float64) {
	s := a.S
	s.PollWatch(time.Now())
	s.Tick(dt)
	s.Evaluate()
	applyCamera(s, &a.Cam)
	a.plat.newFrame()
	dispW, dispH := a.win.GetSize()
	fw, fh := a.win.GetFramebufferSize()
	if a.still[0] > 0 {
		a.stillInput()
		s.Stats.SampleUS = 0 // no timings in a shot: the same shot, the same picture
		dispW, dispH = a.still[0], a.still[1]
		fw, fh = dispW, dispH
		a.target.Bind()
	}
	imgui.NewFrame()
	a.UI.LabelOK = false
	if s.Scene != nil && !s.CrowdShown() && s.Selected >= 0 && s.Selected < s.Scene.Skel.Len() {
		v := a.UI.Viewport
		vw := v[2]
		if s.SceneB != nil {
			vw /= 2
		}
		view, proj := a.Cam.View(), a.Cam.Proj(vw/max(v[3], 1))
		if x, y, ok := jointScreen(s.Scene, s.Selected, sceneMatrix(s, s.Scene), view, proj, vw, v[3]); ok {
			a.UI.Label, a.UI.LabelOK = imgui.Vec2{X: v[0] + x, Y: v[1] + y}, true
		}
	}
	a.projectJointLabels()
	a.UI.Build(float32(dispW), float32(dispH))
	if a.still[0] == 0 {
		a.cursor.update(a.win)
	}
	imgui.Render()
	if fa, fb, ok := s.TakeFraming(); ok {
		a.cell = frameFramings(s, &a.Cam, fa, fb)
		a.d.crowd.shown = false // the crowd view frames the whole crowd instead
	}
	gl.Viewport(0, 0, int32(fw), int32(fh))
	bg := render.DefaultBackground
	gl.ClearColor(bg[0]*0.7, bg[1]*0.7, bg[2]*0.7, 1)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
	vp := a.fbViewport(fw, fh, dispW, dispH)
	a.d.drawScenes(s, &a.Cam, vp, a.cell)
	if s.Req.Screenshot || s.Req.ScreenshotAs != nil {
		set := viewer.ScreenshotSettings{Dir: a.UI.shot.lastDir} // F12: the last folder used
		if s.Req.ScreenshotAs != nil {
			set = *s.Req.ScreenshotAs
		}
		s.Req.Screenshot, s.Req.ScreenshotAs = false, nil
		a.screenshot(vp, set)
	}
	a.exportAnimStep() // File > Export animation: one frame off-screen (ui_exportanim.go)
	a.ui.Render(float32(dispW), float32(dispH), fw, fh, imgui.RenderedDrawData())
	a.reportGLError()
}

// reportGLError puts a pending GL error (an invalid operation, out of memory, a
// lost context) in the diagnostics panel; the viewer keeps running.
func (a *App) reportGLError() {
	err := render.CheckError()
	if err == nil {
		a.glErr = ""
		return
	}
	if msg := err.Error(); msg != a.glErr {
		a.glErr = msg
		a.S.AddDiag(formats.Error, "%s while drawing (the viewer goes on; a lost context needs a restart)", msg)
	}
}

// fbViewport converts the UI's viewport (display points, top-left origin) to
// framebuffer pixels with GL's bottom-left origin.
func (a *App) fbViewport(fw, fh, dw, dh int) [4]int32 {
	v := a.UI.Viewport
	sx, sy := float32(fw)/float32(max(dw, 1)), float32(fh)/float32(max(dh, 1))
	x, w := int32(v[0]*sx), int32(v[2]*sx)
	h := int32(v[3] * sy)
	y := int32(float32(fh) - (v[1]+v[3])*sy)
	return [4]int32{x, y, max(w, 1), max(h, 1)}
}

// pick selects the joint under the cursor (display points), or clears the
// selection when the click hit nothing.
func (a *App) pick(x, y float32) {
	s := a.S
	if s.Scene == nil {
		return
	}
	v := a.UI.Viewport
	vw := v[2]
	lx := x - v[0]
	sc := s.Scene
	if s.SceneB != nil {
		vw /= 2
		if lx >= vw {
			lx -= vw
			sc = s.SceneB
		}
	}
	view, proj := a.Cam.View(), a.Cam.Proj(vw/max(v[3], 1))
	if s.CrowdShown() {
		s.Select(pickCrowdJoint(s, view, proj, vw, v[3], lx, y-v[1], 10*a.UI.scale()))
		return
	}
	i := PickJoint(sc, sceneMatrix(s, sc), view, proj, vw, v[3], lx, y-v[1], 10*a.UI.scale())
	if sc == s.SceneB && i >= 0 {
		i = s.MatchedA(i)
	}
	s.Select(i)
}

// screenshot saves the 3D view as set asks: as it is on screen (vp), or
// rendered off-screen at a chosen size or over a transparent background; into
// set.Dir (empty: DefaultScreenshotDir) under set.Name (empty: named after the
// time), never over an existing file or one the viewer opened.
func (a *App) screenshot(vp [4]int32, set viewer.ScreenshotSettings) {
	dir := set.Dir
	if dir == "" {
		dir = viewer.DefaultScreenshotDir()
	}
	if dir == "" {
		a.S.AddDiag(formats.Error, "screenshot: no folder to save in (no home folder): choose one in File > Screenshot")
		return
	}
	name := set.Name
	if name == "" {
		name = viewer.ShotBaseName(time.Now())
	}
	var img image.Image
	if set.W > 0 && set.H > 0 || set.Transparent {
		w, h := set.W, set.H
		if w <= 0 || h <= 0 {
			w, h = int(vp[2]), int(vp[3])
		}
		var err error
		if img, err = a.renderOffscreen(w, h, set.Transparent); err != nil {
			a.S.AddDiag(formats.Error, "screenshot: %v", err)
			return
		}
	} else {
		img = render.ReadPixels(int(vp[0]), int(vp[1]), int(vp[2]), int(vp[3]))
	}
	var opened []string
	if a.S.Scene != nil {
		opened = append(opened, a.S.Scene.Files...)
	}
	if a.S.SceneB != nil {
		opened = append(opened, a.S.SceneB.Files...)
	}
	path, f, err := CreateScreenshotNamed(dir, name, opened)
	if err != nil {
		a.S.AddDiag(formats.Error, "screenshot: %v", err)
		return
	}
	err = png.Encode(f, img)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		a.S.AddDiag(formats.Error, "screenshot: %v", err)
		return
	}
	a.UI.Screenshot = path
	a.UI.shot.lastDir = dir
	a.S.AddInfo("screenshot saved to %s", path)
}

// renderOffscreen draws the 3D view into a w×h off-screen target through the
// camera as it is (its aspect taken from the target), over the view's clear
// colour with alpha 0 when transparent, and returns the pixels (straight
// alpha: GL blends colours unpremultiplied).
func (a *App) renderOffscreen(w, h int, transparent bool) (image.Image, error) {
	t, err := render.NewTarget(w, h)
	if err != nil {
		return nil, err
	}
	defer t.Delete()
	t.Bind()
	a.d.transparent = transparent
	a.d.drawScenes(a.S, &a.Cam, [4]int32{0, 0, int32(w), int32(h)}, a.cell)
	a.d.transparent = false
	img := render.ReadPixels(0, 0, w, h)
	if a.target != nil {
		a.target.Bind() // a window shot's framebuffer stays the one drawn into
	} else {
		t.Unbind()
	}
	if err := render.CheckError(); err != nil {
		return nil, err
	}
	if transparent {
		return &image.NRGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}, nil
	}
	return img, nil
}

// CreateScreenshot creates a new PNG file in dir named after the time, never one
// that exists and never one of the opened files; the caller writes and closes it.
func CreateScreenshot(dir string, now time.Time, opened []string) (string, *os.File, error) {
	return CreateScreenshotNamed(dir, viewer.ShotBaseName(now), opened)
}

// CreateScreenshotNamed creates dir/name, or when that exists or is one of the
// opened files name-1.png, name-2.png, …: never an existing file (O_EXCL, so
// not a link, a pipe or a device either); the caller writes and closes it.
func CreateScreenshotNamed(dir, name string, opened []string) (string, *os.File, error) {
	ext := filepath.Ext(name)
	base := strings.TrimSuffix(name, ext)
	for k := 0; k < 1000; k++ {
		name := base + ext
		if k > 0 {
			name = fmt.Sprintf("%s-%d%s", base, k, ext)
		}
		p := filepath.Join(dir, name)
		if isOpened(p, opened) {
			continue
		}
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if os.IsExist(err) {
			continue
		}
		if err != nil {
			return "", nil, err
		}
		return p, f, nil
	}
	return "", nil, fmt.Errorf("no free screenshot name in %s", dir)
}

func isOpened(p string, opened []string) bool {
	ap, err := filepath.Abs(p)
	if err != nil {
		return true
	}
	for _, o := range opened {
		if ao, err := filepath.Abs(viewer.StatPath(o)); err == nil && ao == ap {
			return true
		}
	}
	return false
}
