package gui

import (
	"math"

	"animscope/viewer"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// platform feeds GLFW input to ImGui and, when ImGui does not want it, to the
// camera and the shortcuts.
type platform struct {
	win  *glfw.Window
	app  *App
	io   imgui.IO
	time float64
	// pressed remembers presses shorter than a frame, so ImGui sees the click.
	pressed [3]bool
	// drag is the camera drag in progress: the button (−1: none), where it began
	// and whether it moved.
	drag     glfw.MouseButton
	dragOn   bool
	pan      bool
	lastX    float64
	lastY    float64
	startX   float64
	startY   float64
	moved    bool
	scrolled float32
}

type clipboard struct{ win *glfw.Window }

func (c clipboard) Text() (string, error) { return c.win.GetClipboardString(), nil }
func (c clipboard) SetText(t string)      { c.win.SetClipboardString(t) }

func newPlatform(win *glfw.Window, app *App) *platform {
	p := &platform{win: win, app: app, io: imgui.CurrentIO()}
	io := p.io
	io.SetIniFilename("")
	io.SetClipboard(clipboard{win})
	keys := map[int]glfw.Key{
		imgui.KeyTab: glfw.KeyTab, imgui.KeyLeftArrow: glfw.KeyLeft, imgui.KeyRightArrow: glfw.KeyRight,
		imgui.KeyUpArrow: glfw.KeyUp, imgui.KeyDownArrow: glfw.KeyDown, imgui.KeyPageUp: glfw.KeyPageUp,
		imgui.KeyPageDown: glfw.KeyPageDown, imgui.KeyHome: glfw.KeyHome, imgui.KeyEnd: glfw.KeyEnd,
		imgui.KeyInsert: glfw.KeyInsert, imgui.KeyDelete: glfw.KeyDelete, imgui.KeyBackspace: glfw.KeyBackspace,
		imgui.KeySpace: glfw.KeySpace, imgui.KeyEnter: glfw.KeyEnter, imgui.KeyEscape: glfw.KeyEscape,
		imgui.KeyKeyPadEnter: glfw.KeyKPEnter, imgui.KeyA: glfw.KeyA, imgui.KeyC: glfw.KeyC,
		imgui.KeyV: glfw.KeyV, imgui.KeyX: glfw.KeyX, imgui.KeyY: glfw.KeyY, imgui.KeyZ: glfw.KeyZ,
	}
	for ik, gk := range keys {
		io.KeyMap(ik, int(gk))
	}
	win.SetMouseButtonCallback(p.mouseButton)
	win.SetCursorPosCallback(p.cursorPos)
	win.SetScrollCallback(p.scroll)
	win.SetKeyCallback(p.key)
	win.SetCharCallback(func(_ *glfw.Window, r rune) { p.io.AddInputCharacters(string(r)) })
	win.SetDropCallback(func(_ *glfw.Window, names []string) { p.drop(names) })
	return p
}

// drop opens what was dropped on the window: a scene's files, or a folder in
// the asset browser (viewer.State.OpenPaths).
func (p *platform) drop(names []string) {
	if len(names) > 0 {
		p.app.S.OpenPaths(names)
	}
}

func (p *platform) inViewport(x, y float64) bool {
	v := p.app.UI.Viewport
	return float32(x) >= v[0] && float32(y) >= v[1] && float32(x) < v[0]+v[2] && float32(y) < v[1]+v[3]
}

func (p *platform) mouseButton(w *glfw.Window, b glfw.MouseButton, a glfw.Action, mods glfw.ModifierKey) {
	if b >= 0 && int(b) < len(p.pressed) && a == glfw.Press {
		p.pressed[b] = true
	}
	x, y := w.GetCursorPos()
	switch a {
	case glfw.Press:
		if p.dragOn || p.io.WantCaptureMouse() || !p.inViewport(x, y) {
			return
		}
		if b != glfw.MouseButtonLeft && b != glfw.MouseButtonMiddle {
			return
		}
		p.dragOn, p.drag, p.moved = true, b, false
		p.pan = b == glfw.MouseButtonMiddle || mods&glfw.ModShift != 0
		p.lastX, p.lastY, p.startX, p.startY = x, y, x, y
	case glfw.Release:
		if !p.dragOn || b != p.drag {
			return
		}
		p.dragOn = false
		if !p.moved && b == glfw.MouseButtonLeft {
			p.app.pick(float32(x), float32(y))
		}
	}
}

func (p *platform) cursorPos(_ *glfw.Window, x, y float64) {
	if !p.dragOn {
		return
	}
	dx, dy := float32(x-p.lastX), float32(y-p.lastY)
	p.lastX, p.lastY = x, y
	if math.Hypot(x-p.startX, y-p.startY) > 3 {
		p.moved = true
	}
	if !p.moved {
		return
	}
	cam := &p.app.Cam
	if p.pan {
		cam.Pan(dx, dy, p.app.UI.Viewport[3])
	} else {
		cam.Orbit(dx, dy)
	}
}

func (p *platform) scroll(_ *glfw.Window, xoff, yoff float64) {
	p.io.AddMouseWheelDelta(float32(xoff), float32(yoff))
	x, y := p.win.GetCursorPos()
	if !p.io.WantCaptureMouse() && p.inViewport(x, y) {
		p.app.Cam.Zoom(float32(yoff))
	}
}

var shortcutKeys = map[glfw.Key]viewer.Key{
	glfw.KeySpace: viewer.KeySpace, glfw.KeyLeft: viewer.KeyLeft, glfw.KeyRight: viewer.KeyRight, glfw.KeyHome: viewer.KeyHome,
	glfw.KeyEnd: viewer.KeyEnd, glfw.KeyF: viewer.KeyF, glfw.KeyW: viewer.KeyW, glfw.KeyB: viewer.KeyB, glfw.KeyO: viewer.KeyO, glfw.KeyR: viewer.KeyR,
	glfw.KeyF1: viewer.KeyF1, glfw.KeyKP1: viewer.KeyNum1, glfw.KeyKP3: viewer.KeyNum3, glfw.KeyKP7: viewer.KeyNum7,
	glfw.KeyKP5: viewer.KeyNum5, glfw.KeyF12: viewer.KeyF12,
}

func (p *platform) key(_ *glfw.Window, k glfw.Key, _ int, a glfw.Action, mods glfw.ModifierKey) {
	if k >= 0 {
		switch a {
		case glfw.Press:
			p.io.KeyPress(int(k))
		case glfw.Release:
			p.io.KeyRelease(int(k))
		}
	}
	p.io.KeyCtrl(int(glfw.KeyLeftControl), int(glfw.KeyRightControl))
	p.io.KeyShift(int(glfw.KeyLeftShift), int(glfw.KeyRightShift))
	p.io.KeyAlt(int(glfw.KeyLeftAlt), int(glfw.KeyRightAlt))
	p.io.KeySuper(int(glfw.KeyLeftSuper), int(glfw.KeyRightSuper))
	if a == glfw.Release {
		return
	}
	ctrl := mods&glfw.ModControl != 0
	if p.io.WantCaptureKeyboard() && !(ctrl && (k == glfw.KeyO || k == glfw.KeyR)) {
		return
	}
	if sk, ok := shortcutKeys[k]; ok {
		if sk == viewer.KeyF && mods&glfw.ModShift != 0 {
			sk = viewer.KeyShiftF
		}
		if a == glfw.Repeat && sk != viewer.KeyLeft && sk != viewer.KeyRight {
			return
		}
		p.app.S.HandleKey(sk, ctrl)
	}
}

// newFrame hands the window size, time and mouse to ImGui.
func (p *platform) newFrame() {
	w, h := p.win.GetSize()
	fw, fh := p.win.GetFramebufferSize()
	p.io.SetDisplaySize(imgui.Vec2{X: float32(w), Y: float32(h)})
	if w > 0 && h > 0 {
		p.io.SetDisplayFrameBufferScale(imgui.Vec2{X: float32(fw) / float32(w), Y: float32(fh) / float32(h)})
	}
	now := glfw.GetTime()
	dt := now - p.time
	if p.time == 0 || dt <= 0 {
		dt = 1.0 / 60
	}
	p.time = now
	p.io.SetDeltaTime(float32(dt))
	if p.win.GetAttrib(glfw.Focused) != 0 {
		x, y := p.win.GetCursorPos()
		p.io.SetMousePosition(imgui.Vec2{X: float32(x), Y: float32(y)})
	} else {
		p.io.SetMousePosition(imgui.Vec2{X: -math.MaxFloat32, Y: -math.MaxFloat32})
	}
	for i := range p.pressed {
		down := p.pressed[i] || p.win.GetMouseButton(glfw.MouseButton(i)) == glfw.Press
		p.io.SetMouseButtonDown(i, down)
		p.pressed[i] = false
	}
}
