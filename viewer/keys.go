package viewer

// Key is a keyboard shortcut, independent of the window library.
type Key int

// The viewer's shortcuts.
const (
	KeyNone  Key = iota
	KeySpace     // play/pause
	KeyLeft      // one frame back
	KeyRight     // one frame forward
	KeyHome      // first frame
	KeyEnd       // last frame
	KeyF         // frame all
	KeyW         // wireframe
	KeyB         // bind (rest) pose
	KeyO         // with Ctrl: open
	KeyR         // with Ctrl: reload
)

// HandleKey applies a shortcut and reports whether it did anything.
func (s *State) HandleKey(k Key, ctrl bool) bool {
	info := s.Info()
	switch {
	case ctrl && k == KeyO:
		s.Req.OpenDialog = true
	case ctrl && k == KeyR:
		s.Reload()
	case ctrl:
		return false
	case k == KeySpace:
		s.Tr.Toggle(info)
	case k == KeyLeft:
		s.Tr.Step(-1, info)
	case k == KeyRight:
		s.Tr.Step(1, info)
	case k == KeyHome:
		s.Tr.First(info)
	case k == KeyEnd:
		s.Tr.Last(info)
	case k == KeyF:
		s.Req.FrameAll = true
	case k == KeyW:
		s.View.Wireframe = !s.View.Wireframe
	case k == KeyB:
		s.View.Rest = !s.View.Rest
	default:
		return false
	}
	return true
}
