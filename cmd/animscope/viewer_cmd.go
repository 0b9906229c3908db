package main

import (
	"io"

	"animscope/formats"
)

// runViewer opens the viewer window: `animscope [--watch] [FILE...]` or
// `animscope [--watch] --compare FILE_A FILE_B`, with the sampling options.
func runViewer(args []string, stdout, stderr io.Writer) int {
	fs, f := newViewerFlags()
	o, watch, compare, readingsB := &f.opt, f.watch, f.compare, f.readingsB
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return exitFor("viewer", err, stderr)
	}
	opts, err := o.options()
	if err != nil {
		return exitFor("viewer", err, stderr)
	}
	cfg := viewerArgs{files: files, watch: *watch, opts: opts}
	if readingsB.given() {
		if cfg.optsB, err = readingsB.options(opts); err != nil {
			return exitFor("viewer", err, stderr)
		}
	}
	if *compare {
		if len(files) != 2 {
			return exitFor("viewer", usagef("--compare takes exactly two files, FILE_A and FILE_B"), stderr)
		}
		cfg.files = nil
		cfg.compareA, cfg.compareB = files[:1], files[1:]
	}
	return openViewer(cfg, stderr)
}

// viewerArgs is what the command line asks of the viewer window; openViewer (gl.go)
// opens it, or says that this build has none (nogl.go).
type viewerArgs struct {
	files              []string // one scene; empty: the demo
	compareA, compareB []string // both set: --compare
	watch              bool
	opts, optsB        formats.Options // optsB: B's reading (zero: opts)
}
