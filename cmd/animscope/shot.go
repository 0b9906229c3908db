package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"animscope/formats"
	"animscope/viewer"
)

// shotFlags are shot's flags.
type shotFlags struct {
	opt                                           optionFlags
	readingsB                                     readingFlagsB
	filesB                                        fileList
	compare                                       *bool
	clip, t, size, out, panel, sel, clipB, beside *string
	weight, scale                                 *float64
	char                                          characterFlags
	motion                                        motionFlags
}

func newShotFlags() (*flag.FlagSet, *shotFlags) {
	fs := flag.NewFlagSet("shot", flag.ContinueOnError)
	f := &shotFlags{}
	f.opt.register(fs)
	f.opt.registerAttach(fs)
	f.compare = fs.Bool("compare", false, "show FILE_A and FILE_B side by side (no FILE: the demo against itself)")
	f.readingsB = registerReadingsB(fs, "with --compare: ")
	fs.Var(&f.filesB, "file-b", "with --compare: a file of scene B, once per file (a model, then its clips); the FILEs are then all scene A's")
	f.clip = fs.String("clip", "", "clip index (0-based) or name (default: the first clip)")
	f.t = fs.String("t", "0", "time in the clip's native unit")
	f.size = fs.String("size", "1280x800", fmt.Sprintf("window size WxH (the picture's size in pixels), at least %dx%d", minShotW, minShotH))
	f.out = fs.String("out", "", "the image to write: .png, or .jpg/.jpeg for JPEG")
	f.panel = fs.String("panel", "", "bring this panel forward (a bottom panel gets half the window): "+panelList())
	f.beside = fs.String("beside", "", "show this bottom panel to the right of the tabs (the bottom area split in two)")
	f.sel = fs.String("select", "", "select this node (a name, or its number in the file)")
	f.clipB = fs.String("clip-b", "", "blend this clip (index or name) into --clip")
	f.weight = fs.Float64("weight", 0.5, "with --clip-b: the blend weight, 0 is --clip, 1 is --clip-b")
	f.scale = fs.Float64("scale", 1, "content scale, 1 to 4 (2: every size doubled, as on a HiDPI screen)")
	f.char.register(fs)
	f.motion.register(fs)
	return fs, f
}

func panelList() string {
	s := ""
	for i, id := range viewer.PanelIDs {
		if i > 0 {
			s += ", "
		}
		s += id
	}
	return s
}

// shotArgs is what shootWindow (gl.go) draws: the gui's WindowShot without the
// gui package, which a build without GL has not.
type shotArgs struct {
	files, compareA, compareB []string
	compare                   bool
	opts, optsB               formats.Options
	load                      viewer.Loader
	w, h                      int
	clip                      int
	t                         float64
	sel                       int
	blend                     bool
	clipB                     int
	weight, scale             float32
	panel, beside             string
	motion                    viewer.MotionSettings
}

// minShotW and minShotH are the smallest window `shot` draws: the menu bar,
// the side and bottom panels and a 3D view all still show at 640x400 (the
// size the tests draw); below it the picture is mostly headers.
const minShotW, minShotH = 640, 400

// runShot draws the whole viewer window (panels and 3D view) off-screen to an
// image: `animscope shot [--size WxH] [--panel ID] [--clip C] [--t T]
// [--select NODE] [--clip-b C --weight W] [--compare [--file-b FILE …]] --out FILE.png
// [FILE...]`; --compare's files as the viewer reads them (compareSides).
func runShot(args []string, stdout, stderr io.Writer) int {
	fs, f := newShotFlags()
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return exitFor("shot", err, stderr)
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	sa := shotArgs{files: files, compare: *f.compare, sel: -1, panel: *f.panel}
	if sa.opts, err = f.opt.options(); err != nil {
		return exitFor("shot", err, stderr)
	}
	sa.optsB = sa.opts
	if f.readingsB.given() {
		if !sa.compare {
			return exitFor("shot", usagef("the READING-b flags need --compare"), stderr)
		}
		if sa.optsB, err = f.readingsB.options(sa.opts); err != nil {
			return exitFor("shot", err, stderr)
		}
	}
	if sa.files, sa.compareA, sa.compareB, err = compareSides(sa.compare, files, f.filesB); err != nil {
		return exitFor("shot", err, stderr)
	}
	if err := f.char.check(); err != nil {
		return exitFor("shot", err, stderr)
	}
	if err := f.motion.check(); err != nil {
		return exitFor("shot", err, stderr)
	}
	if sa.t, err = parseTime("t", *f.t); err != nil {
		return exitFor("shot", err, stderr)
	}
	if sa.w, sa.h, err = parseSize(*f.size); err != nil {
		return exitFor("shot", err, stderr)
	}
	if sa.w < minShotW || sa.h < minShotH {
		return exitFor("shot", usagef("--size %s: the window must be at least %dx%d (smaller, it is all menu bar and panel headers)", *f.size, minShotW, minShotH), stderr)
	}
	if sa.panel != "" && !viewer.IsPanel(sa.panel) {
		return exitFor("shot", usagef("--panel %q: want one of %s", sa.panel, panelList()), stderr)
	}
	sa.beside = *f.beside
	if sa.beside != "" && !slices.Contains(viewer.BottomPanels, sa.beside) {
		return exitFor("shot", usagef("--beside %q: want a bottom panel: %s", sa.beside, strings.Join(viewer.BottomPanels, ", ")), stderr)
	}
	if !set["clip-b"] && set["weight"] {
		return exitFor("shot", usagef("--weight needs --clip-b"), stderr)
	}
	if w := *f.weight; math.IsNaN(w) || w < 0 || w > 1 {
		return exitFor("shot", usagef("--weight %v: want a number from 0 to 1", w), stderr)
	}
	sa.weight = float32(*f.weight)
	if sc := *f.scale; !(sc >= 1 && sc <= 4) {
		return exitFor("shot", usagef("--scale %v: want a number from 1 to 4", sc), stderr)
	}
	sa.scale = float32(*f.scale)
	if *f.out == "" {
		return exitFor("shot", usagef("--out FILE.png|.jpg is required"), stderr)
	}
	if err := checkOutNotInput(*f.out, files); err != nil {
		return exitFor("shot", err, stderr)
	}
	if _, err := imageEncoder(*f.out); err != nil {
		return exitFor("shot", err, stderr)
	}
	// The scenes are decoded here, so that a bad file, a clip or a node that is not
	// there reads as in render; the window opens these decoded assets.
	var a, b *formats.Asset
	if sa.compare {
		if a, err = openScene(sa.compareA, sa.opts); err != nil {
			return exitFor("shot", err, stderr)
		}
		if b, err = openScene(sa.compareB, sa.optsB); err != nil {
			return exitFor("shot", err, stderr)
		}
		sa.load = preloaded(a, b)
	} else {
		if a, err = openScene(files, sa.opts); err != nil {
			return exitFor("shot", err, stderr)
		}
		sa.load = preloaded(a)
	}
	// The scenes' other files and their textures are inputs too: never written.
	for _, sc := range []*formats.Asset{a, b} {
		if sc == nil {
			continue
		}
		if err := f.char.apply(sc); err != nil {
			return exitFor("shot", err, stderr)
		}
		viewer.FindCharacter = f.char.viewerCharacter // the Character panel's
		if err := checkOutNotInput(*f.out, sceneReads(sc)); err != nil {
			return exitFor("shot", err, stderr)
		}
	}
	warnStandIn(a, stderr)
	warnTextures(a, stderr)
	warnSlots(a, stderr)
	if b != nil {
		warnStandIn(b, stderr)
		warnTextures(b, stderr)
		warnSlots(b, stderr)
	}
	_, idx, err := a.Clip(*f.clip)
	if err != nil {
		return exitFor("shot", usagef("--clip: %v", err), stderr)
	}
	sa.clip = max(idx, 0)
	if sa.motion, err = f.motion.settings(a); err != nil { // --ghosts, --trail
		return exitFor("shot", err, stderr)
	}
	if set["clip-b"] {
		_, ib, err := a.Clip(*f.clipB)
		if err != nil || ib < 0 {
			if err == nil {
				err = fmt.Errorf("the scene has no clips to blend")
			}
			return exitFor("shot", usagef("--clip-b: %v", err), stderr)
		}
		sa.blend, sa.clipB = true, ib
	}
	if *f.sel != "" {
		if sa.sel, err = findNode(a, *f.sel); err != nil {
			return exitFor("shot", usagef("--select: %v", err), stderr)
		}
	}
	if !haveGL { // after the checks and the scene's warnings, as render does
		return noGL(stderr, "shot")
	}
	img, err := shootWindow(sa)
	if err != nil {
		fmt.Fprintf(stderr, "animscope shot: %v\n", err)
		return exitInvalid
	}
	if err := writeImage(*f.out, img); err != nil {
		fmt.Fprintf(stderr, "animscope shot: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// findNode is the node sel names: a name (any case), or a number in the file.
func findNode(a *formats.Asset, sel string) (int, error) {
	sk := a.Skeleton
	if sk == nil {
		return 0, fmt.Errorf("the scene has no nodes")
	}
	if i := sk.Find(sel); i >= 0 {
		return i, nil
	}
	if n, err := strconv.Atoi(sel); err == nil {
		for i := 0; i < sk.Len(); i++ {
			if sk.FileIndexOf(i) == n {
				return i, nil
			}
		}
		return 0, fmt.Errorf("no node number %d (the scene has %d nodes)", n, sk.Len())
	}
	return 0, fmt.Errorf("no node named %q", sel)
}

// preloaded is a loader that gives the window the assets already decoded, in
// the order it opens them (A, then B in compare mode); a later load (none in a
// shot) decodes as usual.
func preloaded(assets ...*formats.Asset) viewer.Loader {
	return func(files []string, opts formats.Options) (*formats.Asset, error) {
		if len(assets) > 0 {
			a := assets[0]
			assets = assets[1:]
			return a, nil
		}
		return viewer.DefaultLoader(files, opts)
	}
}
