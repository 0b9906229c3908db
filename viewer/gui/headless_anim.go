package gui

import (
	"errors"
	"image"
	"runtime"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/animout"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// AnimCamera frames a sequence: the union of the scene's pose at t = 0 and at
// every time, from the default direction (so a sequence of one frame has the
// still's camera, StillCamera).
func AnimCamera(s *viewer.State, clip int, times []float64) (render.Camera, float32) {
	cam := render.NewCamera()
	sc := s.Scene
	m := sceneMatrix(s, sc)
	s.Clip, s.Blend.On = clip, false
	b := render.EmptyBounds()
	for _, t := range append([]float64{0}, times...) {
		s.Tr.T = t
		s.Evaluate()
		if bt := SceneBounds(sc, m); !bt.Empty() {
			b.Add(bt.Lo)
			b.Add(bt.Hi)
		}
	}
	cam.Frame(b.Lo, b.Hi)
	return cam, render.GridCell(b.Radius())
}

// RenderFrames renders a decoded scene's frames off-screen, handing each to
// emit in order (on this thread; emit may keep the image). GLFW is initialised
// and terminated around it, so it runs on the main thread. An error from emit
// stops the sequence and is returned.
func RenderFrames(a *formats.Asset, files []string, opts formats.Options, sh animout.Shot, emit func(k int, img *image.RGBA) error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := InitGLFW(); err != nil {
		return err
	}
	defer glfw.Terminate()
	h, err := NewHeadless()
	if err != nil {
		return err
	}
	defer h.Close()
	s := viewer.NewState(func([]string, formats.Options) (*formats.Asset, error) { return a, nil }, opts)
	s.ShowProbes(false)
	if !s.Open(files) {
		return errors.New(s.LastError())
	}
	if s.Scene == nil {
		return errors.New("no scene")
	}
	clip := sh.Clip
	if clip < 0 || clip >= len(s.Scene.Clips) {
		clip = 0
	}
	s.Tr.Playing = false
	cam, cell := AnimCamera(s, clip, sh.Times)
	t, err := render.NewTarget(sh.W, sh.H)
	if err != nil {
		return err
	}
	defer t.Delete()
	clear := sh.Background.Clear(render.DefaultBackground)
	h.d.clear = &clear
	yaw := cam.Yaw
	for k, tm := range sh.Times {
		s.Tr.T = tm
		s.Evaluate()
		cam.Yaw = yaw
		if k < len(sh.Turns) {
			cam.Yaw += sh.Turns[k]
		}
		t.Bind()
		h.d.drawScenes(s, &cam, [4]int32{0, 0, int32(sh.W), int32(sh.H)}, cell)
		img := render.ReadPixels(0, 0, sh.W, sh.H)
		t.Unbind()
		if err := render.CheckError(); err != nil {
			return err
		}
		if err := emit(k, img); err != nil {
			return err
		}
	}
	return nil
}
