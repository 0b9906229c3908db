package gui

import (
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// inputRig runs the UI without a window at a simulated frame rate and feeds
// it events through the platform's queue, as the GLFW callbacks do: the events
// of a frame all arrive at the frame's poll, as GLFW delivers them.
type inputRig struct {
	t     *testing.T
	s     *viewer.State
	u     *UI
	a     *App
	p     *platform
	now   float64
	step  float64
	rects map[string][2]imgui.Vec2
	// seen are the probed items drawn in the last frame.
	seen  map[string]bool
	extra func() // drawn after the UI each frame (a test's own window)
}

func newInputRig(t *testing.T, fps float64) *inputRig {
	done := newUIContext(t)
	t.Cleanup(done)
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	if !s.Open([]string{"good"}) {
		t.Fatal(s.LastError())
	}
	r := &inputRig{t: t, s: s, step: 1 / fps, rects: map[string][2]imgui.Vec2{}, seen: map[string]bool{}}
	r.u = &UI{S: s, Scale: 1}
	r.a = &App{S: s, UI: r.u, Cam: render.NewCamera()}
	r.p = newInputPlatform(r.a, imgui.CurrentIO(), func() float64 { return r.now })
	r.a.plat = r.p
	itemProbe = func(name string) {
		r.rects[name] = [2]imgui.Vec2{imgui.ItemRectMin(), imgui.ItemRectMax()}
		r.seen[name] = true
	}
	t.Cleanup(func() { itemProbe = nil })
	for i := 0; i < 3; i++ { // the first frames lay the windows out
		r.frame(nil)
	}
	return r
}

// frame advances the clock one frame, lets events arrive (the poll), and builds
// the frame.
func (r *inputRig) frame(events func()) {
	r.now += r.step
	if events != nil {
		events()
	}
	clear(r.seen)
	r.p.feed(true)
	r.s.Tick(r.step)
	r.s.Evaluate()
	imgui.NewFrame()
	r.u.Build(1280, 800)
	if r.extra != nil {
		r.extra()
	}
	imgui.Render()
}

// drain builds frames until the queue is empty, and two more.
func (r *inputRig) drain() {
	for i := 0; i < 100 && r.p.queue.Len() > 0; i++ {
		r.frame(nil)
	}
	if n := r.p.queue.Len(); n > 0 {
		r.t.Fatalf("%d events still queued after 100 frames", n)
	}
	r.frame(nil)
	r.frame(nil)
}

func (r *inputRig) center(name string) (float64, float64) {
	r.t.Helper()
	rc, ok := r.rects[name]
	if !ok {
		r.t.Fatalf("item %q was never drawn", name)
	}
	return float64(rc[0].X+rc[1].X) / 2, float64(rc[0].Y+rc[1].Y) / 2
}

func (r *inputRig) click(x, y float64) {
	r.p.pushMove(x, y)
	r.p.pushButton(0, true, 0)
	r.p.pushButton(0, false, 0)
}

func (r *inputRig) tap(k glfw.Key, mods glfw.ModifierKey) {
	r.p.pushKey(k, glfw.Press, mods)
	r.p.pushKey(k, glfw.Release, mods)
}

func (r *inputRig) typeText(text string) {
	for _, c := range text {
		r.p.pushChar(c)
	}
}

var rates = []float64{5, 60}

// TestQueuedClicksFireAButton: clicks whose press and release fall in one frame,
// one or three to a frame, each fire the button once, at 5 and at 60 frames a
// second.
func TestQueuedClicksFireAButton(t *testing.T) {
	for _, fps := range rates {
		r := newInputRig(t, fps)
		fired := 0
		r.extra = func() {
			imgui.SetNextWindowPosV(imgui.Vec2{X: 600, Y: 300}, imgui.ConditionAlways, imgui.Vec2{})
			imgui.BeginV("probe", nil, fixedWindow|imgui.WindowFlagsNoTitleBar|imgui.WindowFlagsAlwaysAutoResize)
			if imgui.Button("fire") {
				fired++
			}
			probeItem("probe:fire")
			imgui.End()
		}
		r.frame(nil)
		r.frame(nil)
		x, y := r.center("probe:fire")
		r.frame(func() { r.click(x, y) })
		r.frame(func() { r.click(x, y); r.click(x, y); r.click(x, y) })
		r.drain()
		if fired != 4 {
			t.Errorf("%v fps: the button fired %d times for 4 clicks, want 4", fps, fired)
		}
	}
}

// openRig opens the Open dialog on a folder holding one model file.
func openRig(t *testing.T, fps float64) (*inputRig, string) {
	dir := t.TempDir()
	file := filepath.Join(dir, "walk.msh")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "run.msh"), []byte("xy"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := newInputRig(t, fps)
	r.u.browser = viewer.NewFileBrowser(dir)
	r.s.Req.OpenDialog = true
	r.frame(nil)
	r.frame(nil)
	r.frame(nil)
	return r, file
}

// TestDoubleClickOpensFromTheDialog: a double-click on a file of the Open
// dialog opens it, whether its four events fall in one frame or in two, at 5
// and at 60 frames a second; two clicks a second apart only pick and unpick it.
func TestDoubleClickOpensFromTheDialog(t *testing.T) {
	for _, fps := range rates {
		for _, split := range []bool{false, true} {
			r, file := openRig(t, fps)
			if r.u.browser.Entries[0].Name != "sub" || r.u.browser.Entries[1].Name != "walk.msh" {
				t.Fatalf("entries %v, want sub/ then walk.msh", r.u.browser.Entries)
			}
			x, y := r.center("open:entry0")
			y += float64(r.rects["open:entry0"][1].Y - r.rects["open:entry0"][0].Y + imgui.CurrentStyle().ItemSpacing().Y) // the second row: walk.msh
			if split {
				r.frame(func() { r.click(x, y) })
				r.frame(func() { r.click(x, y) })
			} else {
				r.frame(func() { r.click(x, y); r.click(x, y) })
			}
			r.drain()
			if got := r.s.Scene.Files; len(got) != 1 || got[0] != file {
				t.Errorf("%v fps, split %v: the scene is %v, want %s opened by the double-click", fps, split, got, file)
			}
			if r.seen["open:entry0"] {
				t.Errorf("%v fps, split %v: the dialog is still open", fps, split)
			}
		}
		// Two single clicks a second apart: picked, then unpicked; nothing opens.
		r, _ := openRig(t, fps)
		x, y := r.center("open:entry0")
		y += float64(r.rects["open:entry0"][1].Y - r.rects["open:entry0"][0].Y + imgui.CurrentStyle().ItemSpacing().Y)
		r.frame(func() { r.click(x, y) })
		r.drain()
		if n := len(r.u.browser.Picked); n != 1 {
			t.Errorf("%v fps: %d picked after one click, want 1", fps, n)
		}
		for i := 0; i < int(fps); i++ {
			r.frame(nil)
		}
		r.frame(func() { r.click(x, y) })
		r.drain()
		if n := len(r.u.browser.Picked); n != 0 || r.s.Scene.Name() != "good" || !r.seen["open:entry0"] {
			t.Errorf("%v fps: after two clicks a second apart %d picked, scene %q, dialog open %v; want 0, the scene unchanged, open",
				fps, n, r.s.Scene.Name(), r.seen["open:entry0"])
		}
	}
}

// TestTypedPathAndEnterInOneFrame: a click in the dialog's path field, Ctrl+A,
// a folder typed and Enter, all within one frame, go to that folder.
func TestTypedPathAndEnterInOneFrame(t *testing.T) {
	for _, fps := range rates {
		r, file := openRig(t, fps)
		sub := filepath.Join(filepath.Dir(file), "sub")
		x, y := r.center("open:path")
		r.frame(func() {
			r.click(x, y)
			r.p.pushKey(glfw.KeyLeftControl, glfw.Press, glfw.ModControl)
			r.tap(glfw.KeyA, glfw.ModControl)
			r.p.pushKey(glfw.KeyLeftControl, glfw.Release, 0)
			r.typeText(sub)
			r.tap(glfw.KeyEnter, 0)
		})
		r.drain()
		if got := r.u.browser.Dir; got != sub {
			t.Errorf("%v fps: the dialog is in %s, want %s (typed, then Enter)", fps, got, sub)
		}
	}
}

// TestTextKeepsItsOrder: characters and editing keys typed within one frame
// apply in their order: "ab", Backspace, "c", Left, "d" is "adc".
func TestTextKeepsItsOrder(t *testing.T) {
	for _, fps := range rates {
		r := newInputRig(t, fps)
		text := ""
		r.extra = func() {
			imgui.SetNextWindowPosV(imgui.Vec2{X: 600, Y: 300}, imgui.ConditionAlways, imgui.Vec2{})
			imgui.SetNextWindowSizeV(imgui.Vec2{X: 300, Y: 80}, imgui.ConditionAlways)
			imgui.BeginV("probe", nil, fixedWindow|imgui.WindowFlagsNoTitleBar)
			imgui.InputText("##text", &text)
			probeItem("probe:text")
			imgui.End()
		}
		r.frame(nil)
		x, y := r.center("probe:text")
		r.frame(func() {
			r.click(x, y)
			r.typeText("ab")
			r.tap(glfw.KeyBackspace, 0)
			r.typeText("c")
			r.tap(glfw.KeyLeft, 0)
			r.typeText("d")
		})
		r.drain()
		if text != "adc" {
			t.Errorf("%v fps: the field holds %q, want \"adc\"", fps, text)
		}
	}
}

// TestShortcutRunsOnce: W pressed and released within one frame toggles the
// wireframe once; Space twice in one frame plays and pauses; a key held with
// repeats toggles once.
func TestShortcutRunsOnce(t *testing.T) {
	for _, fps := range rates {
		r := newInputRig(t, fps)
		r.p.pushMove(5, 400) // over the scene panel's empty part, not a text field
		r.frame(func() { r.tap(glfw.KeyW, 0) })
		r.drain()
		if !r.s.View.Wireframe {
			t.Errorf("%v fps: W tapped within a frame: wireframe off, want on", fps)
		}
		r.s.Tr.Playing = false
		var playing []bool
		r.frame(func() { r.tap(glfw.KeySpace, 0); r.tap(glfw.KeySpace, 0) })
		playing = append(playing, r.s.Tr.Playing)
		r.drain()
		playing = append(playing, r.s.Tr.Playing)
		if playing[1] {
			t.Errorf("%v fps: Space twice: playing %v, want paused again", fps, playing)
		}
		r.frame(func() {
			r.p.pushKey(glfw.KeyW, glfw.Press, 0)
			r.p.pushKey(glfw.KeyW, glfw.Repeat, 0)
			r.p.pushKey(glfw.KeyW, glfw.Repeat, 0)
			r.p.pushKey(glfw.KeyW, glfw.Release, 0)
		})
		r.drain()
		if r.s.View.Wireframe {
			t.Errorf("%v fps: W held with repeats: wireframe on, want toggled once (off)", fps)
		}
	}
}

// TestViewportPickAndOrbitFromTheQueue: a click on a joint in the 3D view
// within one frame selects it; a drag within one frame orbits the camera and
// selects nothing.
func TestViewportPickAndOrbitFromTheQueue(t *testing.T) {
	for _, fps := range rates {
		r := newInputRig(t, fps)
		s := r.s
		s.Tr.Playing = false // the joints stay where they are aimed at
		r.frame(nil)
		m := sceneMatrix(s, s.Scene)
		b := SceneBounds(s.Scene, m)
		r.a.Cam.Frame(b.Lo, b.Hi)
		v := r.u.Viewport
		view, proj := r.a.Cam.View(), r.a.Cam.Proj(v[2]/v[3])
		joint, x, y := -1, 0.0, 0.0
		for j := 1; j < s.Scene.Skel.Len() && joint < 0; j++ { // a joint not hidden behind another
			jx, jy, ok := jointScreen(s.Scene, j, m, view, proj, v[2], v[3])
			if ok && PickJoint(s.Scene, m, view, proj, v[2], v[3], jx, jy, 10) == j {
				joint, x, y = j, float64(v[0]+jx), float64(v[1]+jy)
			}
		}
		if joint < 0 {
			t.Fatal("no joint stands alone on screen")
		}
		r.frame(func() { r.click(x, y) })
		r.drain()
		if s.Selected != joint {
			t.Errorf("%v fps: a click on joint %d selected %d", fps, joint, s.Selected)
		}
		yaw := r.a.Cam.Yaw
		r.frame(func() {
			r.p.pushMove(x, y)
			r.p.pushButton(0, true, 0)
			r.p.pushMove(x+40, y)
			r.p.pushMove(x+80, y)
			r.p.pushButton(0, false, 0)
		})
		r.drain()
		if r.a.Cam.Yaw == yaw || s.Selected != joint {
			t.Errorf("%v fps: a drag left yaw %v (was %v) and selection %d; want the camera turned and %d still selected", fps, r.a.Cam.Yaw, yaw, s.Selected, joint)
		}
	}
}

// TestInputQueueBounded: the queue coalesces moves and wheel turns and, once
// full, refuses events (counting them) instead of growing.
func TestInputQueueBounded(t *testing.T) {
	var q inputQueue
	for i := 0; i < 10; i++ {
		q.push(inputEvent{kind: inMove, x: float64(i)})
		q.push(inputEvent{kind: inScroll, y: 1})
	}
	if q.Len() != 20 {
		t.Fatalf("alternating moves and turns: %d events, want 20", q.Len())
	}
	var q2 inputQueue
	for i := 0; i < 10; i++ {
		q2.push(inputEvent{kind: inMove, x: float64(i)})
	}
	if q2.Len() != 1 || q2.front().x != 9 {
		t.Errorf("10 moves: %d events, x %v; want one at 9", q2.Len(), q2.front().x)
	}
	var q3 inputQueue
	for i := 0; i < inputQueueLen+5; i++ {
		q3.push(inputEvent{kind: inChar, r: 'a'})
	}
	if q3.Len() != inputQueueLen || q3.lost != 5 {
		t.Errorf("overfilled: %d queued, %d lost; want %d, 5", q3.Len(), q3.lost, inputQueueLen)
	}
}

// BenchmarkFeed is a frame's input: a click and a key, through the queue to
// ImGui; it allocates nothing. (A cursor at a new place costs imgui-go's
// SetMousePosition one small allocation.)
func BenchmarkFeed(b *testing.B) {
	defer newUIContext(b)()
	s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
	s.Open([]string{"good"})
	u := &UI{S: s, Scale: 1}
	a := &App{S: s, UI: u, Cam: render.NewCamera()}
	now := 0.0
	p := newInputPlatform(a, imgui.CurrentIO(), func() float64 { return now })
	a.plat = p
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		now += 1.0 / 60
		p.pushMove(50, 50)
		p.pushButton(1, i%2 == 0, 0)
		p.pushKey(glfw.KeyLeftShift, glfw.Press, glfw.ModShift)
		p.feed(true)
		imgui.NewFrame()
		imgui.Render()
		p.pushKey(glfw.KeyLeftShift, glfw.Release, 0)
	}
}

// TestKeyStepButtonsAndKeys: the transport's k> clicked twice within one
// frame, then "." and Shift+"," tapped within one, step the selected node's keys
// (the synthetic clip keys every 4 frames), at 5 and 60 frames a second.
func TestKeyStepButtonsAndKeys(t *testing.T) {
	for _, fps := range rates {
		r := newInputRig(t, fps)
		r.s.Select(2)
		r.s.Tr.T, r.s.Tr.Playing = 1, false
		r.frame(nil)
		x, y := r.center("k>")
		r.frame(func() { r.click(x, y); r.click(x, y) })
		r.drain()
		if r.s.Tr.T != 8 {
			t.Errorf("%v fps: k> twice from 1: t %v, want 8", fps, r.s.Tr.T)
		}
		r.p.pushMove(5, 400)
		r.frame(func() {
			r.tap(glfw.KeyPeriod, 0)
			r.p.pushKey(glfw.KeyLeftShift, glfw.Press, glfw.ModShift)
			r.tap(glfw.KeyComma, glfw.ModShift)
			r.tap(glfw.KeyComma, glfw.ModShift)
			r.p.pushKey(glfw.KeyLeftShift, glfw.Release, 0)
		})
		r.drain()
		if r.s.Tr.T != 4 {
			t.Errorf("%v fps: . then Shift+, twice from 8: t %v, want 4", fps, r.s.Tr.T)
		}
	}
}
