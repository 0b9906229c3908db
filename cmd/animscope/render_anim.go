package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"animscope/anim"
	"animscope/formats"
	"animscope/viewer/animout"
)

// renderAnim is a render whose --out is an animation (NAME.gif, a
// NAME_%04d.png sequence, NAME.mp4 or NAME.webm), or a still drawn over a
// --background.
type renderAnim struct {
	kind      animout.Kind
	out       string
	rng       animout.Range
	hasFrames bool
	fps       float64
	orbit     float64
	bg        animout.Background
}

// parseRenderAnim checks the animation flags against --out before anything is
// read; nil is a plain still (no animation, no --background).
func parseRenderAnim(fs *flag.FlagSet, f *renderFlags) (*renderAnim, error) {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	out := *f.out
	r := &renderAnim{kind: animout.KindOf(out), out: out}
	bg, err := animout.ParseBackground(*f.anim.background)
	if err != nil {
		return nil, usagef("--background %v", err)
	}
	r.bg = bg
	if r.kind == animout.KindNone {
		for _, name := range []string{"frames", "fps", "orbit"} {
			if set[name] {
				return nil, usagef("--%s needs an animation --out (NAME.gif, NAME_%%04d.png, NAME.mp4 or NAME.webm), not %s", name, out)
			}
		}
		if !bg.Set {
			return nil, nil
		}
		if _, err := imageEncoder(out); err != nil {
			return nil, err
		}
		if bg.Transparent && !isPNG(out) {
			return nil, usagef("--background transparent: %s is a JPEG, which has no alpha channel; write a .png", out)
		}
		return r, nil
	}
	if set["t"] {
		return nil, usagef("--t is a still's time; an animation takes --frames FROM:TO[:STEP]")
	}
	if set["frames"] {
		if r.rng, err = animout.ParseRange(*f.anim.frames); err != nil {
			return nil, usagef("--frames %v", err)
		}
		r.hasFrames = true
	}
	if set["fps"] {
		v, err := strconv.ParseFloat(*f.anim.fps, 64)
		if err != nil || !(v > 0) || math.IsInf(v, 0) {
			return nil, usagef("--fps %q: want a number above 0", *f.anim.fps)
		}
		r.fps = v
	}
	if set["orbit"] {
		v, err := strconv.ParseFloat(*f.anim.orbit, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 36000 {
			return nil, usagef("--orbit %q: want degrees, -36000 to 36000", *f.anim.orbit)
		}
		r.orbit = v
	}
	switch r.kind {
	case animout.KindPNGSeq:
		if err := animout.CheckPattern(out); err != nil {
			return nil, usagef("--out %v", err)
		}
	case animout.KindVideo:
		if err := animout.CheckVideo(out, bg); err != nil {
			return nil, usagef("--out %v", err)
		}
		// No ffmpeg is like no GL: this machine cannot do what was asked, found
		// before anything is read (status 2, as the build without GL).
		if _, err := animout.FFmpeg(); err != nil {
			return nil, usagef("--out %s: %v", out, err)
		}
	}
	return r, nil
}

func isPNG(out string) bool { return strings.EqualFold(filepath.Ext(out), ".png") }

// run draws and writes the frames of the scene's clip idx (−1: a scene
// without clips, timed in seconds).
func (r *renderAnim) run(a *formats.Asset, files []string, opts formats.Options, idx, w, h int, t float64, stderr io.Writer) int {
	if r.kind == animout.KindNone { // a still over a --background
		var img *image.RGBA
		err := renderFrames(a, files, opts, animout.Shot{Clip: max(idx, 0), Times: []float64{t}, W: w, H: h, Background: r.bg},
			func(_ int, i *image.RGBA) error { img = i; return nil })
		if err == nil {
			var pic image.Image = img
			if r.bg.Transparent {
				pic = &image.NRGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
			}
			err = writeImage(r.out, pic)
		}
		if err != nil {
			fmt.Fprintf(stderr, "animscope render: %v\n", err)
			return exitInvalid
		}
		return exitOK
	}
	info := anim.ClipInfo{Unit: "s", UnitsPerSecond: 1}
	if idx >= 0 && idx < len(a.Clips) {
		info = a.Clips[idx].Info()
	}
	req := animout.Request{Info: info, Range: r.rng, HasRange: r.hasFrames, FPS: r.fps, OrbitDeg: r.orbit}
	if r.kind == animout.KindGIF {
		req.MaxFPS = animout.GIFMaxFPS
	}
	plan, err := animout.NewPlan(req)
	if err != nil {
		return exitFor("render", usagef("--frames: %v", err), stderr)
	}
	if r.kind == animout.KindGIF && animout.GIFBytes(len(plan.Times), w, h) > animout.MaxGIFBytes {
		return exitFor("render", usagef("--out %s: %d frames of %dx%d are too many for a GIF (over %d MiB while encoding); choose fewer frames, a smaller --size, a PNG sequence or a video",
			r.out, len(plan.Times), w, h, animout.MaxGIFBytes>>20), stderr)
	}
	if r.kind == animout.KindPNGSeq {
		reads := append(sceneReads(a), files...)
		for k := range plan.Times {
			if err := checkOutNotInput(animout.FrameName(r.out, k), reads); err != nil {
				return exitFor("render", err, stderr)
			}
		}
	}
	wr, err := animout.NewWriter(r.out, w, h, plan, r.bg)
	if err != nil {
		fmt.Fprintf(stderr, "animscope render: %v\n", err)
		return exitInvalid
	}
	err = renderEncoded(a, files, opts, animout.Shot{Clip: max(idx, 0), Times: plan.Times, Turns: plan.Turns, W: w, H: h, Background: r.bg}, wr)
	if err == nil {
		err = wr.Close()
	} else {
		wr.Abort()
	}
	if err != nil {
		fmt.Fprintf(stderr, "animscope render: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// renderEncoded draws the frames on this (the GL) thread and encodes them on
// another goroutine, two frames in flight at most, so drawing and encoding
// overlap.
func renderEncoded(a *formats.Asset, files []string, opts formats.Options, sh animout.Shot, wr animout.Writer) error {
	frames := make(chan *image.RGBA, 2)
	var mu sync.Mutex
	var encErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		for img := range frames {
			mu.Lock()
			failed := encErr != nil
			mu.Unlock()
			if failed {
				continue
			}
			if err := wr.Frame(img); err != nil {
				mu.Lock()
				encErr = err
				mu.Unlock()
			}
		}
	}()
	errStop := errors.New("stopped")
	err := renderFrames(a, files, opts, sh, func(_ int, img *image.RGBA) error {
		mu.Lock()
		failed := encErr != nil
		mu.Unlock()
		if failed {
			return errStop
		}
		frames <- img
		return nil
	})
	close(frames)
	<-done
	if encErr != nil {
		return encErr
	}
	return err
}
