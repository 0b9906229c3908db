package gui

// The window's input reaches ImGui through a queue. Dear ImGui 1.85 (imgui-go
// v4.7.0) has no event queue of its own: it reads the state of each button and
// key once per frame (io.MouseDown, io.KeysDown) and sees a click only as a
// change between two frames. At 5 frames a second a press and its release often
// fall in one frame and the click is lost; two clicks in one frame make one.
// So the GLFW callbacks only record what happened, in order, and each frame
// hands ImGui as much of it as one frame can express (inputQueue.take): at most
// one change of each button and each key, the cursor position of the presses,
// the characters in their order against the editing keys. What is left waits
// for the next frame. ImGui's clock follows the events it is shown (frameClock),
// so that a double-click replayed over three frames is still a double-click.

// inputKind is what an inputEvent records.
type inputKind uint8

const (
	inMove   inputKind = iota + 1 // the cursor moved to x, y
	inButton                      // mouse button code pressed (down) or released
	inScroll                      // the wheel turned by x (horizontal), y (vertical)
	inKey                         // key code pressed (down), repeated (repeat) or released
	inChar                        // the character r was typed
)

// inputEvent is one window event as the queue keeps it.
type inputEvent struct {
	kind   inputKind
	down   bool  // inButton, inKey: pressed (false: released)
	repeat bool  // inKey: a held key's repeat (no change of state)
	code   int32 // inButton: the button; inKey: the key (GLFW's numbers)
	mods   int32 // inButton, inKey: the modifier keys held (GLFW's bits)
	r      rune
	x, y   float64 // inMove: the position; inScroll: the offsets
	at     float64 // when it arrived, in seconds of the platform's clock
}

// inputQueueLen bounds the events waiting: cursor moves and wheel turns in a
// row coalesce, so it takes minutes of typing at 5 frames a second to fill it.
const inputQueueLen = 1024

// inputQueue is a fixed ring buffer of events: pushing and taking allocate
// nothing.
type inputQueue struct {
	ev         [inputQueueLen]inputEvent
	head, n    int
	lost       int // events refused because the queue was full
	mouseKnown bool
}

// push appends e. A move right after a move replaces it (only the last position
// matters to a frame), as a wheel turn right after a wheel turn adds to it.
func (q *inputQueue) push(e inputEvent) {
	if q.n > 0 {
		last := &q.ev[(q.head+q.n-1)%inputQueueLen]
		switch {
		case e.kind == inMove && last.kind == inMove:
			*last = e
			return
		case e.kind == inScroll && last.kind == inScroll:
			last.x += e.x
			last.y += e.y
			last.at = e.at
			return
		}
	}
	if q.n == inputQueueLen {
		q.lost++
		return
	}
	q.ev[(q.head+q.n)%inputQueueLen] = e
	q.n++
}

// Len is the number of events waiting.
func (q *inputQueue) Len() int { return q.n }

// front is the oldest waiting event (the queue is not empty).
func (q *inputQueue) front() *inputEvent { return &q.ev[q.head] }

func (q *inputQueue) pop() {
	q.head = (q.head + 1) % inputQueueLen
	q.n--
}

// maxKeys and maxButtons are the sizes of ImGui's io.KeysDown and io.MouseDown.
const (
	maxKeys    = 512
	maxButtons = 5
)

// frameBatch tracks what one frame has taken from the queue, so that the next
// event that the frame cannot express as well is left for the next frame.
type frameBatch struct {
	keyChanged    [maxKeys]bool
	buttonChanged [maxButtons]bool
	anyButton     bool // a button changed this frame: a later move waits
	editKey       bool // an editing key was pressed this frame: later characters wait
}

// fits says whether e can join the frame's batch, and records it when so:
//   - one change per button and per key: a press and its release are two frames;
//   - a move after a button change waits, so that ImGui sees the press where it
//     happened (ImGui has one cursor position per frame);
//   - a character after an editing key (Backspace, the arrows, Enter…) waits, as
//     ImGui's text field applies a frame's characters before its keys, and one
//     editing key a frame, as it acts on one a frame.
func (b *frameBatch) fits(e *inputEvent, editing func(key, mods int32) bool) bool {
	switch e.kind {
	case inMove:
		return !b.anyButton
	case inButton:
		if e.code < 0 || e.code >= maxButtons {
			return true // a button ImGui has no slot for: passed on as it is
		}
		if b.buttonChanged[e.code] {
			return false
		}
		b.buttonChanged[e.code], b.anyButton = true, true
	case inKey:
		if e.repeat || e.code < 0 || e.code >= maxKeys {
			return true
		}
		if b.keyChanged[e.code] {
			return false
		}
		if e.down && editing(e.code, e.mods) {
			if b.editKey {
				return false
			}
			b.editKey = true
		}
		b.keyChanged[e.code] = true
	case inChar:
		return !b.editKey
	}
	return true
}

// minClockStep is the least ImGui's clock advances in a frame (ImGui wants a
// positive delta time).
const minClockStep = 1e-4

// frameClock is ImGui's clock for the next frame: the platform's time now when
// the frame takes every waiting event, otherwise the arrival time of the last
// event it takes, so that events replayed over several frames keep their
// spacing (a double-click that arrived within one slow frame stays within
// io.MouseDoubleClickTime); never less than minClockStep after the last frame.
func frameClock(prev, now, lastTaken float64, drained bool) float64 {
	t := now
	if !drained {
		t = lastTaken
	}
	return max(t, prev+minClockStep)
}

// itemProbe, when set (tests), is told the name of a few items as they are
// drawn, so that a test can find them on screen (imgui.ItemRectMin, Max) and
// click them the way a person does.
var itemProbe func(name string)

func probeItem(name string) {
	if itemProbe != nil {
		itemProbe(name)
	}
}
