package viewer

import (
	"slices"

	"animscope/formats"
)

// Attachments: the viewer hangs item models at the scene's attachment points
// through the options the scene is opened with (formats.Options.Attach, what
// --attach sets), so that a reload or a change of reading keeps them.

// AttachmentPoints lists the scene's attachment points by name (nil when its
// family has none).
func (s *State) AttachmentPoints() []string {
	if s.Scene == nil {
		return nil
	}
	if ap, ok := s.Scene.Asset.Details.(formats.AttachmentPoints); ok {
		return ap.AttachmentPointNames()
	}
	return nil
}

// Attach reopens the scene with file hung at point; on failure the scene stays
// as it was, with the error in the diagnostics.
func (s *State) Attach(point, file string) bool {
	o := s.Opts
	o.Attach = append(slices.Clip(s.Opts.Attach), formats.AttachSpec{Point: point, Files: []string{file}})
	return s.SetOptions(o)
}

// Detach reopens the scene without its i-th attachment.
func (s *State) Detach(i int) bool {
	if i < 0 || i >= len(s.Opts.Attach) {
		return false
	}
	o := s.Opts
	o.Attach = slices.Delete(slices.Clone(s.Opts.Attach), i, i+1)
	return s.SetOptions(o)
}
