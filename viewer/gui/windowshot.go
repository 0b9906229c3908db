package gui

import (
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// WindowShot is one picture of the whole window, panels and 3D view, drawn off
// screen (`animscope shot` and the UI golden tests): a scene (or two in compare
// mode) at a clip and time, a selected node, an optional blend and a panel in
// front.
type WindowShot struct {
	Files              []string // one scene (empty: the demo)
	CompareA, CompareB []string // Compare: A and B side by side (empty: the demo)
	Compare            bool
	Opts, OptsB        formats.Options
	Load               viewer.Loader // nil: viewer.DefaultLoader
	W, H               int           // the window in points (the picture in pixels)
	Clip               int           // clip index
	T                  float64       // time in the clip's unit
	Select             int           // node index (−1: none)
	Blend              bool          // blend clip BlendClip into Clip at Weight
	BlendClip          int
	Weight             float32
	// Scale is the content scale (0: 1); 2 draws every size twice as large, as
	// on a HiDPI screen.
	Scale float32
	Panel string // a panel id to bring forward ("": the default layout's); a bottom one gets ShotBottom of the window
	// Beside is a bottom panel shown to the right of the tabs ("": none).
	Beside string
	// Motion is the onion skin and the trails shown (viewer.State.Motion).
	Motion viewer.MotionSettings
	// Log is where what the loads say goes besides the window's banner (nil:
	// nowhere: `animscope shot` has printed the scene's warnings itself, as render
	// does, and the window's copy would repeat them).
	Log io.Writer
	// Setup, when set, runs on the state and the UI once the scene is open and
	// the shot's settings applied (tests).
	Setup func(a *App)
}

// ShotBottom is the bottom area's height, as a fraction of the window, in a shot
// whose panel is a bottom one.
const ShotBottom = 0.5

// shotFrames is how many frames a shot runs before it is read: ImGui sizes
// windows and table columns over the first frames.
const shotFrames = 6

// ShootWindow draws the shot in a hidden window's off-screen framebuffer and
// returns it. GLFW is initialised and this runs on the main thread. Nothing of
// the user's is read or written: the recent list and the layout live in a
// temporary folder removed afterwards, the clock is fixed (no timings, a fixed
// frame step, no mouse) so that the same shot gives the same picture.
func ShootWindow(ws WindowShot) (*image.RGBA, error) {
	if ws.W < 1 || ws.H < 1 || ws.W > 16384 || ws.H > 16384 {
		return nil, fmt.Errorf("bad window size %dx%d", ws.W, ws.H)
	}
	if ws.Scale != 0 && !(ws.Scale >= 1 && ws.Scale <= 4) {
		return nil, fmt.Errorf("bad scale %v (want 1 to 4)", ws.Scale)
	}
	if ws.Panel != "" && !viewer.IsPanel(ws.Panel) {
		return nil, fmt.Errorf("no panel %q", ws.Panel)
	}
	if ws.Beside != "" && !slices.Contains(viewer.BottomPanels, ws.Beside) {
		return nil, fmt.Errorf("no bottom panel %q", ws.Beside)
	}
	dir, err := os.MkdirTemp("", "animscope-shot-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	cfg := Config{Files: ws.Files, Opts: ws.Opts, OptsB: ws.OptsB, Load: ws.Load, Hidden: true,
		Frames: shotFrames + 1, Size: [2]int{min(ws.W, 640), min(ws.H, 480)},
		RecentPath: filepath.Join(dir, "recent.json"), still: [2]int{ws.W, ws.H}, stillScale: max(ws.Scale, 1), log: ws.Log}
	if cfg.log == nil {
		cfg.log = io.Discard
	}
	if ws.Compare {
		if (len(ws.CompareA) == 0) != (len(ws.CompareB) == 0) {
			return nil, errors.New("compare: give both scenes, or neither for the demo against itself")
		}
		cfg.Files = nil
		cfg.CompareA, cfg.CompareB = ws.CompareA, ws.CompareB
		cfg.compareDemo = len(ws.CompareA) == 0 && len(ws.CompareB) == 0
	}
	var img *image.RGBA
	var shotErr error
	cfg.Script = func(frame int, a *App) {
		switch frame {
		case 0:
			shotErr = applyShot(a, ws)
		case shotFrames:
			img = a.target.Read()
			for i := 3; i < len(img.Pix); i += 4 {
				img.Pix[i] = 255 // the window is opaque; ImGui's blending leaves alpha below 1
			}
		}
	}
	if err := runWindow(cfg); err != nil {
		return nil, err
	}
	if shotErr != nil {
		return nil, shotErr
	}
	if img == nil {
		return nil, errors.New("the window closed before the picture was taken")
	}
	return img, nil
}

// applyShot sets the state as the shot asks, once the scene is open.
func applyShot(a *App, ws WindowShot) error {
	s := a.S
	// A scene that fails to open leaves the demo on screen under a banner: a
	// shot of it would not be the shot asked for.
	switch {
	case s.Scene == nil:
		return errors.New("no scene")
	case ws.Compare && s.SceneB == nil, !ws.Compare && len(ws.Files) > 0 && len(s.Scene.Files) == 0:
		return fmt.Errorf("the scene could not be opened: %s", s.LastError())
	}
	if ws.Clip < 0 || ws.Clip >= max(len(s.Scene.Clips), 1) {
		return fmt.Errorf("clip %d is out of range", ws.Clip)
	}
	s.SetClip(ws.Clip)
	s.Blend.ClipB = viewer.OtherClip(ws.Clip, len(s.Scene.Clips)) // as the viewer opens it (not A's clip)
	s.Tr.Playing = false
	s.Tr.Scrub(ws.T, s.Info())
	if ws.Blend {
		s.Blend.On, s.Blend.ClipB, s.Blend.Weight, s.Blend.Sync = true, ws.BlendClip, ws.Weight, true
	}
	if ws.Select >= 0 {
		s.Select(ws.Select)
	}
	s.Motion.MotionSettings = ws.Motion
	if ws.Panel != "" {
		a.UI.ShowPanel(ws.Panel)
		// The panel is the picture's subject: a bottom one gets half the window.
		if slices.Contains(viewer.BottomPanels, ws.Panel) {
			a.UI.Layout.Bottom = max(a.UI.Layout.Bottom, ShotBottom)
		}
	}
	if ws.Beside != "" {
		a.UI.ShowBeside(ws.Beside)
		a.UI.Layout.Bottom = max(a.UI.Layout.Bottom, ShotBottom)
	}
	if ws.Setup != nil {
		ws.Setup(a)
	}
	return nil
}

// RenderWindow is ShootWindow with GLFW initialised and terminated around it
// (the command line); it runs on the main thread.
func RenderWindow(ws WindowShot) (*image.RGBA, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := InitGLFW(); err != nil {
		return nil, err
	}
	defer glfw.Terminate()
	return ShootWindow(ws)
}

// stillInput replaces the frame's input with a fixed one for a shot: the shot's
// size at scale 1, a 60 Hz step, no mouse.
func (a *App) stillInput() {
	io := imgui.CurrentIO()
	io.SetDisplaySize(imgui.Vec2{X: float32(a.still[0]), Y: float32(a.still[1])})
	io.SetDisplayFrameBufferScale(imgui.Vec2{X: 1, Y: 1})
	io.SetDeltaTime(1.0 / 60)
	io.SetMousePosition(imgui.Vec2{X: -1e30, Y: -1e30})
	for i := 0; i < 5; i++ {
		io.SetMouseButtonDown(i, false)
	}
}

// newStillTarget makes the shot's framebuffer.
func newStillTarget(size [2]int) (*render.Target, error) {
	return render.NewTarget(size[0], size[1])
}
