package vca

import "animscope/anim"

// TrackKeyTimes is KeyTimes of node's move, rotate or scale lines alone.
func (c *Clip) TrackKeyTimes(node int, kind anim.TrackKind, dst []float64) []float64 {
	return c.keyTimes(node, kind, dst)
}

// lineOfKind says whether a line of channel ch is of the kind asked: move is
// translation, rotate rotation, scale scale; TrackAny takes every line.
func lineOfKind(ch Channel, kind anim.TrackKind) bool {
	switch kind {
	case anim.TrackT:
		return ch == ChMove
	case anim.TrackR:
		return ch == ChRotate
	case anim.TrackS:
		return ch == ChScale
	}
	return true
}

var _ anim.TrackKeyTimesClip = (*Clip)(nil)
