package gui

import (
	"math"
	"unicode/utf8"

	"animscope/viewer"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// platform feeds GLFW input to ImGui and, when ImGui does not want it, to the
// camera and the shortcuts. The callbacks queue the events (input.go); each
// frame, newFrame hands ImGui and the 3D view the part of the queue one frame
// can express.
type platform struct {
	win *glfw.Window // nil in tests that feed the queue themselves
	app *App
	io  imgui.IO
	// clock is the time in seconds (glfw.GetTime; a test's simulated clock);
	// imguiTime is ImGui's clock as last handed to it.
	clock     func() float64
	imguiTime float64
	started   bool
	queue     inputQueue
	batch     frameBatch
	// mouseX, mouseY and down are the cursor and the buttons as the events taken
	// so far left them.
	mouseX, mouseY float64
	down           [maxButtons]bool
	// mousePos is the position last handed to ImGui (mouseSet: one was).
	mousePos imgui.Vec2
	mouseSet bool
	// size is the window and framebuffer size last handed to ImGui.
	size [4]int
	// drag is the camera drag in progress: the button, where it began and
	// whether it moved.
	drag   glfw.MouseButton
	dragOn bool
	pan    bool
	lastX  float64
	lastY  float64
	startX float64
	startY float64
	moved  bool
}

type clipboard struct{ win *glfw.Window }

func (c clipboard) Text() (string, error) { return c.win.GetClipboardString(), nil }
func (c clipboard) SetText(t string)      { c.win.SetClipboardString(t) }

// imguiKeys maps ImGui's named keys to GLFW's, whose numbers index io.KeysDown.
var imguiKeys = [...]struct {
	imgui int
	glfw  glfw.Key
}{
	{imgui.KeyTab, glfw.KeyTab}, {imgui.KeyLeftArrow, glfw.KeyLeft}, {imgui.KeyRightArrow, glfw.KeyRight},
	{imgui.KeyUpArrow, glfw.KeyUp}, {imgui.KeyDownArrow, glfw.KeyDown}, {imgui.KeyPageUp, glfw.KeyPageUp},
	{imgui.KeyPageDown, glfw.KeyPageDown}, {imgui.KeyHome, glfw.KeyHome}, {imgui.KeyEnd, glfw.KeyEnd},
	{imgui.KeyInsert, glfw.KeyInsert}, {imgui.KeyDelete, glfw.KeyDelete}, {imgui.KeyBackspace, glfw.KeyBackspace},
	{imgui.KeySpace, glfw.KeySpace}, {imgui.KeyEnter, glfw.KeyEnter}, {imgui.KeyEscape, glfw.KeyEscape},
	{imgui.KeyKeyPadEnter, glfw.KeyKPEnter}, {imgui.KeyA, glfw.KeyA}, {imgui.KeyC, glfw.KeyC},
	{imgui.KeyV, glfw.KeyV}, {imgui.KeyX, glfw.KeyX}, {imgui.KeyY, glfw.KeyY}, {imgui.KeyZ, glfw.KeyZ},
}

// editingKey says whether ImGui's text fields act on key pressed with mods:
// the named keys but Space (typed as a character), and the letters of Ctrl+A,
// C, V, X, Y, Z only with Ctrl or Super.
func editingKey(key, mods int32) bool {
	k := glfw.Key(key)
	switch k {
	case glfw.KeySpace:
		return false
	case glfw.KeyA, glfw.KeyC, glfw.KeyV, glfw.KeyX, glfw.KeyY, glfw.KeyZ:
		return glfw.ModifierKey(mods)&(glfw.ModControl|glfw.ModSuper) != 0
	}
	for _, m := range imguiKeys {
		if m.glfw == k {
			return true
		}
	}
	return false
}

// newInputPlatform is the platform without a window: the key map and the
// queue (tests feed it with the push methods).
func newInputPlatform(app *App, io imgui.IO, clock func() float64) *platform {
	p := &platform{app: app, io: io, clock: clock}
	io.SetIniFilename("")
	for _, m := range imguiKeys {
		io.KeyMap(m.imgui, int(m.glfw))
	}
	return p
}

func newPlatform(win *glfw.Window, app *App) *platform {
	p := newInputPlatform(app, imgui.CurrentIO(), glfw.GetTime)
	p.win = win
	p.io.SetClipboard(clipboard{win})
	win.SetMouseButtonCallback(func(w *glfw.Window, b glfw.MouseButton, a glfw.Action, mods glfw.ModifierKey) {
		if !p.queue.mouseKnown { // no move yet: where the press happened
			x, y := w.GetCursorPos()
			p.pushMove(x, y)
		}
		p.pushButton(int(b), a == glfw.Press, mods)
	})
	win.SetCursorPosCallback(func(_ *glfw.Window, x, y float64) { p.pushMove(x, y) })
	win.SetScrollCallback(func(_ *glfw.Window, xoff, yoff float64) { p.pushScroll(xoff, yoff) })
	win.SetKeyCallback(func(_ *glfw.Window, k glfw.Key, _ int, a glfw.Action, mods glfw.ModifierKey) {
		p.pushKey(k, a, mods)
	})
	win.SetCharCallback(func(_ *glfw.Window, r rune) { p.pushChar(r) })
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

// The push methods queue one event each, stamped with the platform's clock.
func (p *platform) pushMove(x, y float64) {
	p.queue.mouseKnown = true
	p.queue.push(inputEvent{kind: inMove, x: x, y: y, at: p.clock()})
}

func (p *platform) pushButton(b int, down bool, mods glfw.ModifierKey) {
	p.queue.push(inputEvent{kind: inButton, code: int32(b), down: down, mods: int32(mods), at: p.clock()})
}

func (p *platform) pushScroll(xoff, yoff float64) {
	p.queue.push(inputEvent{kind: inScroll, x: xoff, y: yoff, at: p.clock()})
}

func (p *platform) pushKey(k glfw.Key, a glfw.Action, mods glfw.ModifierKey) {
	p.queue.push(inputEvent{kind: inKey, code: int32(k), down: a != glfw.Release, repeat: a == glfw.Repeat, mods: int32(mods), at: p.clock()})
}

func (p *platform) pushChar(r rune) {
	p.queue.push(inputEvent{kind: inChar, r: r, at: p.clock()})
}

func (p *platform) inViewport(x, y float64) bool {
	v := p.app.UI.Viewport
	return float32(x) >= v[0] && float32(y) >= v[1] && float32(x) < v[0]+v[2] && float32(y) < v[1]+v[3]
}

// newFrame hands the window size, the time and this frame's events to ImGui.
func (p *platform) newFrame() {
	w, h := p.win.GetSize()
	fw, fh := p.win.GetFramebufferSize()
	if sz := [4]int{w, h, fw, fh}; sz != p.size { // ImGui keeps them; imgui-go allocates to pass them
		p.size = sz
		p.io.SetDisplaySize(imgui.Vec2{X: float32(w), Y: float32(h)})
		if w > 0 && h > 0 {
			p.io.SetDisplayFrameBufferScale(imgui.Vec2{X: float32(fw) / float32(w), Y: float32(fh) / float32(h)})
		}
	}
	// A cursor moved by the program (SetCursorPos) sends no event: with nothing
	// waiting, the pointer's position is the cursor's.
	if p.queue.Len() == 0 {
		if x, y := p.win.GetCursorPos(); !p.queue.mouseKnown || x != p.mouseX || y != p.mouseY {
			p.pushMove(x, y)
		}
	}
	p.feed(p.win.GetAttrib(glfw.Focused) != 0)
}

// feed takes this frame's events from the queue, in order, until one that the
// frame cannot express as well (frameBatch.fits): each goes to ImGui's io and,
// where ImGui does not want it, to the camera, the pick and the shortcuts. It
// then sets ImGui's clock, cursor and buttons for the frame. It allocates
// nothing but what a typed character costs imgui-go.
func (p *platform) feed(focused bool) {
	now := p.clock()
	p.batch = frameBatch{}
	lastTaken := now
	for p.queue.Len() > 0 {
		e := p.queue.front()
		if !p.batch.fits(e, editingKey) {
			break
		}
		p.apply(e)
		lastTaken = e.at
		p.queue.pop()
	}
	t := now
	if p.started {
		t = frameClock(p.imguiTime, now, lastTaken, p.queue.Len() == 0)
	}
	dt := t - p.imguiTime
	if !p.started || dt <= 0 {
		dt = 1.0 / 60
	}
	p.started = true
	p.imguiTime = t
	p.io.SetDeltaTime(float32(dt))
	pos := imgui.Vec2{X: -math.MaxFloat32, Y: -math.MaxFloat32}
	if focused && p.queue.mouseKnown {
		pos = imgui.Vec2{X: float32(p.mouseX), Y: float32(p.mouseY)}
	}
	// ImGui keeps the position between frames; imgui-go allocates to pass one.
	if pos != p.mousePos || !p.mouseSet {
		p.io.SetMousePosition(pos)
		p.mousePos, p.mouseSet = pos, true
	}
	for i, d := range p.down {
		p.io.SetMouseButtonDown(i, d)
	}
	p.io.KeyCtrl(int(glfw.KeyLeftControl), int(glfw.KeyRightControl))
	p.io.KeyShift(int(glfw.KeyLeftShift), int(glfw.KeyRightShift))
	p.io.KeyAlt(int(glfw.KeyLeftAlt), int(glfw.KeyRightAlt))
	p.io.KeySuper(int(glfw.KeyLeftSuper), int(glfw.KeyRightSuper))
}

// apply hands one event to ImGui's io and to the 3D view.
func (p *platform) apply(e *inputEvent) {
	switch e.kind {
	case inMove:
		p.mouseX, p.mouseY = e.x, e.y
		p.dragTo(e.x, e.y)
	case inButton:
		if e.code >= 0 && e.code < maxButtons {
			p.down[e.code] = e.down
		}
		p.mouseButton(glfw.MouseButton(e.code), e.down, glfw.ModifierKey(e.mods))
	case inScroll:
		p.io.AddMouseWheelDelta(float32(e.x), float32(e.y))
		if !p.io.WantCaptureMouse() && p.inViewport(p.mouseX, p.mouseY) {
			p.app.Cam.Zoom(float32(e.y))
		}
	case inKey:
		if e.code >= 0 && e.code < maxKeys && !e.repeat {
			if e.down {
				p.io.KeyPress(int(e.code))
			} else {
				p.io.KeyRelease(int(e.code))
			}
		}
		if e.down {
			p.shortcut(glfw.Key(e.code), e.repeat, glfw.ModifierKey(e.mods))
		}
	case inChar:
		var buf [4]byte
		n := utf8.EncodeRune(buf[:], e.r)
		p.io.AddInputCharacters(string(buf[:n]))
	}
}

// mouseButton starts a camera drag on a press over the 3D view (left: orbit,
// middle or Shift + left: pan) and picks the joint under a left click that did
// not move.
func (p *platform) mouseButton(b glfw.MouseButton, down bool, mods glfw.ModifierKey) {
	x, y := p.mouseX, p.mouseY
	if down {
		if p.dragOn || p.io.WantCaptureMouse() || !p.inViewport(x, y) {
			return
		}
		if b != glfw.MouseButtonLeft && b != glfw.MouseButtonMiddle {
			return
		}
		p.dragOn, p.drag, p.moved = true, b, false
		p.pan = b == glfw.MouseButtonMiddle || mods&glfw.ModShift != 0
		p.lastX, p.lastY, p.startX, p.startY = x, y, x, y
		return
	}
	if !p.dragOn || b != p.drag {
		return
	}
	p.dragOn = false
	if !p.moved && b == glfw.MouseButtonLeft {
		p.app.pick(float32(x), float32(y))
	}
}

// dragTo moves the camera along a drag in progress.
func (p *platform) dragTo(x, y float64) {
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

var shortcutKeys = map[glfw.Key]viewer.Key{
	glfw.KeySpace: viewer.KeySpace, glfw.KeyLeft: viewer.KeyLeft, glfw.KeyRight: viewer.KeyRight, glfw.KeyHome: viewer.KeyHome,
	glfw.KeyEnd: viewer.KeyEnd, glfw.KeyF: viewer.KeyF, glfw.KeyW: viewer.KeyW, glfw.KeyB: viewer.KeyB, glfw.KeyO: viewer.KeyO, glfw.KeyR: viewer.KeyR,
	glfw.KeyF1: viewer.KeyF1, glfw.KeyKP1: viewer.KeyNum1, glfw.KeyKP3: viewer.KeyNum3, glfw.KeyKP7: viewer.KeyNum7,
	glfw.KeyKP5: viewer.KeyNum5, glfw.KeyF12: viewer.KeyF12, glfw.KeyComma: viewer.KeyComma, glfw.KeyPeriod: viewer.KeyPeriod,
}

// shortcut runs the viewer's shortcut for a key press (or a held arrow's
// repeat) unless ImGui wants the keyboard (Ctrl+O and Ctrl+R work anyway).
func (p *platform) shortcut(k glfw.Key, repeat bool, mods glfw.ModifierKey) {
	ctrl := mods&glfw.ModControl != 0
	if p.io.WantCaptureKeyboard() && !(ctrl && (k == glfw.KeyO || k == glfw.KeyR)) {
		return
	}
	if sk, ok := shortcutKeys[k]; ok {
		if mods&glfw.ModShift != 0 {
			switch sk {
			case viewer.KeyF:
				sk = viewer.KeyShiftF
			case viewer.KeyComma:
				sk = viewer.KeyShiftComma
			case viewer.KeyPeriod:
				sk = viewer.KeyShiftPeriod
			}
		}
		if repeat && sk != viewer.KeyLeft && sk != viewer.KeyRight && !stepsKeys(sk) {
			return
		}
		p.app.S.HandleKey(sk, ctrl)
	}
}

// stepsKeys says whether k steps key to key (a held key repeats it).
func stepsKeys(k viewer.Key) bool {
	return k == viewer.KeyComma || k == viewer.KeyPeriod || k == viewer.KeyShiftComma || k == viewer.KeyShiftPeriod
}
