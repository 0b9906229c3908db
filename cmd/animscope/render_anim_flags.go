package main

import "flag"

// animFlags are render's flags for a clip as pictures (render_anim.go): they
// live beside the other render flags so that help and completion know them in
// every build.
type animFlags struct {
	frames, fps, orbit, background *string
}

func (a *animFlags) register(fs *flag.FlagSet) {
	a.frames = fs.String("frames", "", "with an animation --out: the range FROM:TO[:STEP] in the clip's unit, TO left out (default: the whole clip at --fps)")
	a.fps = fs.String("fps", "", "with an animation --out: frames per second (default: the clip's frame rate, 30 without one; at most 50 for a GIF; with a STEP, real time)")
	a.orbit = fs.String("orbit", "", "with an animation --out: the camera turns DEG degrees (counter-clockwise seen from above) about the up axis over the range (a turntable; 360 loops)")
	a.background = fs.String("background", "", "the background: transparent (PNG, GIF, WebM) or a colour #rrggbb (default: the view's grey)")
}
