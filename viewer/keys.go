package viewer

// Key is a keyboard shortcut, independent of the window library.
type Key int

// The viewer's shortcuts.
const (
	keyNone   Key = iota
	KeySpace      // play/pause
	KeyLeft       // one frame back
	KeyRight      // one frame forward
	KeyHome       // first frame
	KeyEnd        // last frame
	KeyF          // frame the selection (nothing selected: all)
	KeyW          // wireframe
	KeyB          // bind (rest) pose
	KeyO          // with Ctrl: open
	KeyR          // with Ctrl: reload
	KeyF1         // the shortcuts
	KeyShiftF     // frame all (the clip's whole motion)
	KeyNum1       // front view (with Ctrl: back)
	KeyNum3       // right view (with Ctrl: left)
	KeyNum7       // top view (with Ctrl: bottom)
	KeyNum5       // orthographic / perspective
	KeyF12        // screenshot of the 3D view to the screenshot folder
	KeyComma      // previous key of the selected nodes (with Shift: of all nodes)
	KeyPeriod     // next key of the selected nodes (with Shift: of all nodes)
	KeyShiftComma
	KeyShiftPeriod
)

// shortcut is one line of the shortcuts window (F1).
type shortcut struct{ Keys, What string }

// Shortcuts are the viewer's keys and mouse gestures, as F1 lists them.
var Shortcuts = []shortcut{
	{"Space", "play / pause"},
	{"Left / Right", "one frame back / forward (onto the frame grid)"},
	{"Home / End", "first / last frame of the play range"},
	{", / .", "previous / next key of the selected nodes (the graph's \"keys of\" picks the channel)"},
	{"Shift+, / Shift+.", "previous / next key of any node"},
	{"F", "frame the selection's motion (or all)"},
	{"Shift+F", "frame the clip's whole motion"},
	{"Numpad 1 / 3 / 7", "front / right / top (Ctrl: back / left / bottom)"},
	{"Numpad 5", "orthographic / perspective"},
	{"F12", "screenshot of the 3D view to the screenshot folder"},
	{"W", "wireframe on / off"},
	{"B", "rest (bind) pose on / off"},
	{"Ctrl+O", "open files"},
	{"Ctrl+R", "reload the scene from disk"},
	{"F1", "this list"},
	{"Left drag", "orbit the camera"},
	{"Middle drag, or Shift + left drag", "pan"},
	{"Wheel", "zoom"},
	{"Click a joint", "select it"},
	{"Drop files on the window", "open them as the scene"},
	{"Open dialog: double click, Enter", "open the picked files"},
	{"Open dialog: Escape", "close it"},
	{"M", "add a marker at the current time (dope sheet)"},
	{"[ / ]", "previous / next marker"},
	{"Ruler: click or drag; drag a range handle", "scrub; move the play range's end"},
	{"Ruler: wheel, or Ctrl + wheel on the dope sheet", "zoom the time axis"},
	{"Dope sheet: right or middle drag, Shift + wheel", "pan the time axis"},
	{"Dope sheet: click a cell; click + or double-click a name", "select the node and go to that frame; show its channels"},
	{"Fallback map: N / Shift+N", "next / previous difference"},
	{"Fallback map: Ctrl+wheel", "zoom (wheel scrolls, Shift+wheel sideways)"},
}

// HandleKey applies a shortcut and reports whether it did anything.
func (s *State) HandleKey(k Key, ctrl bool) bool {
	info := s.Info()
	switch {
	case ctrl && k == KeyO:
		s.Req.OpenDialog = true
	case ctrl && k == KeyR:
		s.Reload()
	case k == KeyNum1 || k == KeyNum3 || k == KeyNum7:
		s.Req.Preset = numpadPreset(k, ctrl)
	case ctrl:
		return false
	case k == KeySpace:
		s.Tr.Toggle(info)
	case k == KeyLeft:
		s.Tr.Step(-1, info)
	case k == KeyRight:
		s.Tr.Step(1, info)
	case k == KeyComma || k == KeyPeriod:
		s.StepKey(stepDir(k == KeyPeriod), ScopeSelected)
	case k == KeyShiftComma || k == KeyShiftPeriod:
		s.StepKey(stepDir(k == KeyShiftPeriod), ScopeAll)
	case k == KeyHome:
		s.Tr.First(info)
	case k == KeyEnd:
		s.Tr.Last(info)
	case k == KeyF && s.Scene != nil && s.Selected >= 0 && s.Selected < s.Scene.Skel.Len():
		s.Req.FrameSelection = true
	case k == KeyF || k == KeyShiftF:
		s.Req.FrameAll = true
	case k == KeyNum5:
		s.View.Camera.Ortho = !s.View.Camera.Ortho
	case k == KeyW:
		s.View.Wireframe = !s.View.Wireframe
	case k == KeyB:
		s.View.Rest = !s.View.Rest
	case k == KeyF12:
		s.Req.Screenshot = true
	case k == KeyF1:
		s.ShowShortcuts = !s.ShowShortcuts
	default:
		return false
	}
	return true
}

// numpadPreset is the view of numpad 1, 3 or 7; Ctrl gives the opposite side,
// as in Blender.
func numpadPreset(k Key, ctrl bool) ViewPreset {
	switch {
	case k == KeyNum1 && ctrl:
		return ViewBack
	case k == KeyNum1:
		return ViewFront
	case k == KeyNum3 && ctrl:
		return ViewLeft
	case k == KeyNum3:
		return ViewRight
	case k == KeyNum7 && ctrl:
		return ViewBottom
	}
	return ViewTop
}

func stepDir(next bool) int {
	if next {
		return 1
	}
	return -1
}
