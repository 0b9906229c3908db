package wowchar

import "image"

// Region is a part of the body texture.
type Region int

const (
	RegionBase Region = iota
	RegionArmUpper
	RegionArmLower
	RegionHand
	RegionFaceUpper
	RegionFaceLower
	RegionTorsoUpper
	RegionTorsoLower
	RegionPelvisUpper
	RegionPelvisLower
	RegionFoot
	numRegions
)

var regionNames = [numRegions]string{"base", "arm upper", "arm lower", "hand", "face upper", "face lower",
	"torso upper", "torso lower", "pelvis upper", "pelvis lower", "foot"}

func (r Region) String() string {
	if r < 0 || r >= numRegions {
		return "region?"
	}
	return regionNames[r]
}

// Frame is the side of the frame Regions335 is given in.
const Frame = 256

// Regions335 are the 3.3.5 client's regions of the body texture in a
// Frame x Frame texture (x, y, width, height as a rectangle).
var Regions335 = [numRegions]image.Rectangle{
	RegionBase:        image.Rect(0, 0, 256, 256),
	RegionArmUpper:    image.Rect(0, 0, 128, 64),
	RegionArmLower:    image.Rect(0, 64, 128, 128),
	RegionHand:        image.Rect(0, 128, 128, 160),
	RegionFaceUpper:   image.Rect(0, 160, 128, 192),
	RegionFaceLower:   image.Rect(0, 192, 128, 256),
	RegionTorsoUpper:  image.Rect(128, 0, 256, 64),
	RegionTorsoLower:  image.Rect(128, 64, 256, 96),
	RegionPelvisUpper: image.Rect(128, 96, 256, 160),
	RegionPelvisLower: image.Rect(128, 160, 256, 224),
	RegionFoot:        image.Rect(128, 224, 256, 256),
}

// Rect is region r in a body texture of w x h pixels (Regions335 scaled).
func (r Region) Rect(w, h int) image.Rectangle {
	f := Regions335[r]
	return image.Rect(f.Min.X*w/Frame, f.Min.Y*h/Frame, f.Max.X*w/Frame, f.Max.Y*h/Frame)
}
