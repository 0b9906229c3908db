package gui

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"log"
	"os"
	"runtime"
	"strings"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// ErrNoDisplay is returned when no X11 or Wayland display is available (GLFW would
// fail to initialise and the next call would panic).
var ErrNoDisplay = errors.New("no display: set DISPLAY (or run under xvfb-run)")

// HasDisplay says whether a window system is reachable.
func HasDisplay() bool {
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}

// InitGLFW initialises GLFW; it must run on the main thread (lock it in init).
// A display that is set but cannot be opened (DISPLAY=:999) is an error wrapping
// ErrNoDisplay that names it: the binding only logs GLFW's platform error and
// returns nil, and the next GLFW call would panic.
func InitGLFW() error {
	if !HasDisplay() {
		return ErrNoDisplay
	}
	var why bytes.Buffer
	prevOut, prevFlags := log.Writer(), log.Flags()
	log.SetOutput(&why)
	log.SetFlags(0)
	err := glfw.Init()
	log.SetOutput(prevOut)
	log.SetFlags(prevFlags)
	if err != nil {
		return fmt.Errorf("glfw: %w", err)
	}
	if !glfwInitialized() {
		reason := strings.TrimSpace(why.String())
		if reason == "" {
			reason = "GLFW could not be initialised"
		}
		return displayError(fmt.Sprintf("the display %s cannot be opened (%s)", displayName(), reason))
	}
	return nil
}

// displayError is a display that is set but cannot be opened; it is an
// ErrNoDisplay for errors.Is.
type displayError string

func (e displayError) Error() string        { return string(e) }
func (e displayError) Is(target error) bool { return target == ErrNoDisplay }

// glfwInitialized asks GLFW for its timer, which panics with NotInitialized when
// glfw.Init failed.
func glfwInitialized() (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	glfw.GetTime()
	return true
}

func displayName() string {
	if d := os.Getenv("WAYLAND_DISPLAY"); d != "" && os.Getenv("DISPLAY") == "" {
		return fmt.Sprintf("WAYLAND_DISPLAY=%q", d)
	}
	return fmt.Sprintf("DISPLAY=%q", os.Getenv("DISPLAY"))
}

func contextHints() {
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 1)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
}

// Headless is a hidden window whose GL context renders scenes off-screen.
type Headless struct {
	Win *glfw.Window
	d   drawer
}

// NewHeadless creates the hidden window and the renderer. GLFW must be
// initialised, and this runs on the main thread; the context is left current on
// the calling thread.
func NewHeadless() (*Headless, error) {
	contextHints()
	glfw.WindowHint(glfw.Visible, glfw.False)
	glfw.WindowHint(glfw.Samples, 0)
	win, err := glfw.CreateWindow(64, 64, "animscope (off-screen)", nil, nil)
	if err != nil {
		return nil, fmt.Errorf("glfw: %w", err)
	}
	win.MakeContextCurrent()
	if err := render.Init(); err != nil {
		win.Destroy()
		return nil, fmt.Errorf("opengl: %w", err)
	}
	r, err := render.NewRenderer()
	if err != nil {
		win.Destroy()
		return nil, err
	}
	return &Headless{Win: win, d: drawer{r: r}}, nil
}

// MakeCurrent makes the context current on the calling thread (which the caller
// has locked with runtime.LockOSThread).
func (h *Headless) MakeCurrent() { h.Win.MakeContextCurrent() }

// Render draws the state's scene, as posed by its last Evaluate, into a w×h image
// with a fixed camera framed on bounds (nil: the scene as posed).
func (h *Headless) Render(s *viewer.State, w, hgt int, cam *render.Camera, cell float32) (*image.RGBA, error) {
	t, err := render.NewTarget(w, hgt)
	if err != nil {
		return nil, err
	}
	defer t.Delete()
	t.Bind()
	h.d.drawScenes(s, cam, [4]int32{0, 0, int32(w), int32(hgt)}, cell)
	img := render.ReadPixels(0, 0, w, hgt)
	t.Unbind()
	if err := render.CheckError(); err != nil {
		return nil, err
	}
	return img, nil
}

// Close frees the GL objects and the window.
func (h *Headless) Close() {
	h.d.delete()
	h.d.r.Delete()
	h.Win.Destroy()
}

// StillCamera frames the scene for a still: the union of its pose at t = 0 and at
// the shot's pose, from the default direction, so that stills of one clip share a
// camera.
func StillCamera(s *viewer.State, sh viewer.Shot) (render.Camera, float32) {
	cam := render.NewCamera()
	sc := s.Scene
	m := sceneMatrix(s, sc)
	s.Clip, s.Tr.T, s.Blend.On = sh.Clip, 0, false
	s.Evaluate()
	b := SceneBounds(sc, m)
	s.Tr.T = sh.T
	s.Blend = viewer.BlendState{On: sh.Blend, ClipB: sh.ClipB, TB: sh.TB, Weight: sh.Weight, Sync: false}
	s.Evaluate()
	b2 := SceneBounds(sc, m)
	if !b2.Empty() {
		b.Add(b2.Lo)
		b.Add(b2.Hi)
	}
	addMotionBounds(s, &b, m) // the ghosts and trails in the picture too
	cam.Frame(b.Lo, b.Hi)
	return cam, render.GridCell(b.Radius())
}

// RenderShot poses the state's scene for sh and renders it.
func (h *Headless) RenderShot(s *viewer.State, sh viewer.Shot, w, hgt int) (*image.RGBA, error) {
	if s.Scene == nil {
		return nil, errors.New("no scene")
	}
	if sh.Clip < 0 || sh.Clip >= len(s.Scene.Clips) {
		sh.Clip = 0
	}
	s.Tr.Playing = false
	s.Motion.MotionSettings = sh.Motion
	cam, cell := StillCamera(s, sh)
	return h.Render(s, w, hgt, &cam, cell)
}

// RenderStill renders a decoded scene off-screen: GLFW is initialised and
// terminated around it, so it runs on the main thread.
func RenderStill(a *formats.Asset, files []string, opts formats.Options, sh viewer.Shot, w, hgt int) (*image.RGBA, error) {
	// Every GLFW and GL call below must stay on one thread.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := InitGLFW(); err != nil {
		return nil, err
	}
	defer glfw.Terminate()
	h, err := NewHeadless()
	if err != nil {
		return nil, err
	}
	defer h.Close()
	s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, opts)
	s.ShowProbes(false) // a still shows no keys: its poses record no probes
	if !s.Open(files) {
		return nil, errors.New(s.LastError())
	}
	return h.RenderShot(s, sh, w, hgt)
}
