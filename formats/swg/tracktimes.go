package swg

import "animscope/anim"

// TrackKeyTimes is KeyTimes of joint node's rotation or translation channels
// alone (an SWG animation keys no scale).
func (c *Clip) TrackKeyTimes(node int, kind anim.TrackKind, dst []float64) []float64 {
	return c.keyTimes(node, kind, dst)
}

var _ anim.TrackKeyTimesClip = (*Clip)(nil)
