package anim

// TrackKind is the kind of a node's track: translation, rotation or scale (the
// graph editor's lanes). TrackAny is every kind together.
type TrackKind uint8

// The track kinds.
const (
	TrackAny TrackKind = iota
	TrackT
	TrackR
	TrackS
	NumTrackKinds
)

// TrackKindNames are the kinds' names, in TrackKind order.
var TrackKindNames = [NumTrackKinds]string{"any", "translation", "rotation", "scale"}

// TrackKeyTimesClip is implemented by clips that can list a node's key times for
// one kind of track (appended to dst, in any order). A KeyTimesClip without it
// keys every kind at its KeyTimes: MSH's one key sets translation, rotation and
// scale together.
type TrackKeyTimesClip interface {
	TrackKeyTimes(node int, kind TrackKind, dst []float64) []float64
}
