package m2

import "animscope/anim"

// TrackKeyTimes is KeyTimes of node's translation, rotation or scale track alone.
func (c *Clip) TrackKeyTimes(node int, kind anim.TrackKind, dst []float64) []float64 {
	return c.keyTimes(node, kind, dst)
}

var _ anim.TrackKeyTimesClip = (*Clip)(nil)
