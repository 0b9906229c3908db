package m2

import (
	"animscope/anim"
	"animscope/formats"
)

// The M2 reading (see formats.Reading): what bone flags 0x1, 0x2 and 0x4 (the
// bone ignores its parent's translation, scale or rotation) do. "ignore"
// composes every bone under its parent as FORMAT.md §6.1 writes it, as the
// viewers most people use do (WoW Model Viewer, wow.export); "apply" composes
// the flagged bones as the client does (anim.ParentFor): the parent's basis
// loses its scale, its rotation or both, and the translation is dropped or
// re-anchored so that the bone's pivot stays where the parent put it.
const (
	parentFlagsIgnore = "ignore"
	parentFlagsApply  = "apply"
)

var readings = []formats.Reading{
	{Name: "parent-flags", Choices: []string{parentFlagsIgnore, parentFlagsApply}, Default: parentFlagsIgnore,
		Help:    "bone flags 0x1/0x2/0x4 (ignore: composed as the viewers do; apply: the client's no-parent translation/scale/rotation)",
		Compare: true}, // --compare M.m2 M.m2 --parent-flags-b apply shows what the client rule changes
}

// inheritFlags gives, under the apply reading, each node's anim inheritance
// flags from its bone's flags; nil when the reading ignores them or no bone has
// one (the skeleton then composes exactly as without the reading).
func inheritFlags(o formats.Options, s *anim.Skeleton, bones []bone) []uint8 {
	if o.Value("parent-flags") != parentFlagsApply {
		return nil
	}
	var out []uint8
	for ni, fi := range s.FileIndex {
		f := uint8(bones[fi].flags & 0x7)
		if f == 0 {
			continue
		}
		if out == nil {
			out = make([]uint8, len(s.FileIndex))
		}
		out[ni] = f // anim's NoParentTranslation, NoParentScale, NoParentRotation
	}
	return out
}
