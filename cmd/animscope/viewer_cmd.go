package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"

	"animscope/viewer"
)

// GLFW and OpenGL need the main goroutine on the main OS thread.
func init() { runtime.LockOSThread() }

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
	cfg := viewer.Config{Files: files, Watch: *watch, Opts: opts}
	if readingsB.given() {
		if cfg.OptsB, err = readingsB.options(opts); err != nil {
			return exitFor("viewer", err, stderr)
		}
	}
	if *compare {
		if len(files) != 2 {
			return exitFor("viewer", usagef("--compare takes exactly two files, FILE_A and FILE_B"), stderr)
		}
		cfg.Files = nil
		cfg.CompareA, cfg.CompareB = files[:1], files[1:]
	}
	if err := viewer.Run(cfg); err != nil {
		if errors.Is(err, viewer.ErrNoDisplay) {
			fmt.Fprintf(stderr, "animscope: %v\n", err)
			return exitInvalid
		}
		fmt.Fprintf(stderr, "animscope: %v\n", err)
		return exitInvalid
	}
	return exitOK
}
