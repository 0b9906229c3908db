package main

import (
	"io"

	"animscope/formats"
	"animscope/viewer"
)

// runViewer opens the viewer window: `animscope [--watch] [FILE...]` or
// `animscope [--watch] --compare FILE_A FILE_B` (or scenes of several files:
// `--compare A... --file-b B --file-b B…`), with the sampling options.
func runViewer(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseViewerArgs(args)
	if err != nil {
		return exitFor("viewer", err, stderr)
	}
	return openViewer(cfg, stderr)
}

// parseViewerArgs reads the viewer's command line. --compare takes FILE_A and
// FILE_B (one file each), or no file (the demo on both sides, B under its
// READING-b); with --file-b, every FILE is scene A's and each --file-b one of
// scene B's (an SWG mesh and its clips on each side).
func parseViewerArgs(args []string) (viewerArgs, error) {
	fs, f := newViewerFlags()
	o, watch, compare, readingsB := &f.opt, f.watch, f.compare, f.readingsB
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return viewerArgs{}, err
	}
	opts, err := o.options()
	if err != nil {
		return viewerArgs{}, err
	}
	if err := f.char.check(); err != nil {
		return viewerArgs{}, err
	}
	cfg := viewerArgs{files: files, watch: *watch, opts: opts}
	// Every load, reloads too: without a flag, a character of a mount with the
	// tables is dressed at the default customisation, as render draws it.
	cfg.load = f.char.loader(viewer.DefaultLoader)
	if readingsB.given() {
		if !*compare { // as shot: B's reading has no scene B to apply to
			return viewerArgs{}, usagef("the READING-b flags need --compare")
		}
		if cfg.optsB, err = readingsB.options(opts); err != nil {
			return viewerArgs{}, err
		}
	}
	cfg.files, cfg.compareA, cfg.compareB, err = compareSides(*compare, files, f.filesB)
	if err != nil {
		return viewerArgs{}, err
	}
	cfg.compare = *compare
	return cfg, nil
}

// viewerArgs is what the command line asks of the viewer window; openViewer (gl.go)
// opens it, or says that this build has none (nogl.go).
type viewerArgs struct {
	files              []string // one scene; empty: the demo
	compare            bool     // --compare: compareA beside compareB (both empty: the demo twice)
	compareA, compareB []string
	watch              bool
	opts, optsB        formats.Options // optsB: B's reading (zero: opts)
	load               viewer.Loader   // nil: viewer.DefaultLoader
}

// compareSides splits the command line's files into one scene (no --compare) or
// the two sides of --compare: FILE_A FILE_B (one file each), no file (the demo on
// both sides: a and b empty), or, with --file-b, every FILE scene A's and each
// --file-b one of scene B's (an SWG mesh and its clips on each side). Each scene
// reads a file once; the two sides of a compare may share one. The viewer and
// `shot` read --compare this one way.
func compareSides(compare bool, files, filesB []string) (scene, a, b []string, err error) {
	switch {
	case len(filesB) > 0 && !compare:
		return nil, nil, nil, usagef("--file-b names scene B's files: it needs --compare")
	case len(filesB) > 0 && len(files) == 0:
		return nil, nil, nil, usagef("--compare with --file-b needs scene A's files (FILE...)")
	case len(filesB) > 0:
		a, b = files, filesB
	case compare && len(files) == 0: // the demo on both sides
	case compare:
		if len(files) != 2 {
			return nil, nil, nil, usagef("--compare takes exactly two files, FILE_A and FILE_B (scenes of several files: FILE... --file-b FILE --file-b FILE...)")
		}
		a, b = files[:1], files[1:]
	default:
		scene = files
	}
	for _, sc := range [][]string{scene, a, b} {
		if err := formats.CheckDistinct(sc); err != nil {
			return nil, nil, nil, usagef("%v", err)
		}
	}
	return scene, a, b, nil
}
