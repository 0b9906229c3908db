package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"animscope/formats"
	"animscope/viewer"
)

// runRender draws a scene off-screen to a PNG:
// `animscope render [--clip C] [--t T] [--size WxH] [--skin NAME] --out FILE.png [FILE...]`.
func runRender(args []string, stdout, stderr io.Writer) int {
	fs, f := newRenderFlags()
	o, clip, tStr, size, out, skin := &f.opt, f.clip, f.t, f.size, f.out, f.skin
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return exitFor("render", err, stderr)
	}
	opts, err := o.options()
	if err != nil {
		return exitFor("render", err, stderr)
	}
	if err := f.char.check(); err != nil {
		return exitFor("render", err, stderr)
	}
	if err := f.motion.check(); err != nil {
		return exitFor("render", err, stderr)
	}
	t, err := parseTime("t", *tStr)
	if err != nil {
		return exitFor("render", err, stderr)
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return exitFor("render", err, stderr)
	}
	if *out == "" {
		return exitFor("render", usagef("--out FILE.png|.jpg is required"), stderr)
	}
	if err := checkOutNotInput(*out, files); err != nil {
		return exitFor("render", err, stderr)
	}
	anim, err := parseRenderAnim(fs, f) // an animation --out, or a --background (render_anim.go)
	if err != nil {
		return exitFor("render", err, stderr)
	}
	if _, err := imageEncoder(*out); err != nil && anim == nil {
		return exitFor("render", err, stderr)
	}
	a, err := openScene(files, opts)
	if err != nil {
		return exitFor("render", err, stderr)
	}
	if *skin != "" {
		if a.Materials == nil {
			return exitFor("render", usagef("--skin %s: the scene has no textured materials", *skin), stderr)
		}
		if err := a.Materials.UseSkin(*skin); err != nil {
			return exitFor("render", skinUsage(*skin, err), stderr)
		}
	}
	if err := f.char.apply(a); err != nil { // --geosets, --texture (after --skin: they win)
		return exitFor("render", err, stderr)
	}
	// The scene's other files and its textures are inputs too (after --skin: the skin drawn).
	if err := checkOutNotInput(*out, sceneReads(a)); err != nil {
		return exitFor("render", err, stderr)
	}
	warnStandIn(a, stderr)
	_, idx, err := a.Clip(*clip)
	if err != nil {
		return exitFor("render", usagef("--clip: %v", err), stderr)
	}
	motion, err := f.motion.settings(a) // --ghosts, --trail
	if err != nil {
		return exitFor("render", err, stderr)
	}
	warnTextures(a, stderr)
	warnSlots(a, stderr)
	if anim != nil && (motion.Ghosts > 0 || len(motion.Trails) > 0) { // the animation writer draws no onion skin yet
		return exitFor("render", usagef("--ghosts and --trail draw on a still image (--out FILE.png|.jpg), not with an animation or --background"), stderr)
	}
	if !haveGL { // after the checks and the scene's warnings, as with no display
		return noGL(stderr, "render")
	}
	if anim != nil {
		return anim.run(a, files, opts, idx, w, h, t, stderr)
	}
	img, err := renderStill(a, files, opts, viewer.Shot{Clip: max(idx, 0), T: t, Motion: motion}, w, h)
	if err != nil {
		fmt.Fprintf(stderr, "animscope render: %v\n", err)
		return exitInvalid
	}
	if err := writeImage(*out, img); err != nil {
		fmt.Fprintf(stderr, "animscope render: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// openScene decodes the scene (the built-in demo with no file), turning a decoder
// panic into an error.
func openScene(files []string, opts formats.Options) (*formats.Asset, error) {
	return formats.Guard(strings.Join(files, ", "), func() (*formats.Asset, error) {
		return viewer.DefaultLoader(files, opts)
	})
}

func parseSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 1 || h < 1 || w > 16384 || h > 16384 {
		return 0, 0, usagef("--size %q: want WxH, each 1..16384", s)
	}
	return w, h, nil
}
