package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"animscope/formats"
	"animscope/viewer"
)

// GLFW and OpenGL need the main goroutine on the main OS thread.
func init() { runtime.LockOSThread() }

// runViewer opens the viewer window: `animscope [--watch] [FILE...]` or
// `animscope [--watch] --compare FILE_A FILE_B`, with the sampling options.
func runViewer(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("animscope", flag.ContinueOnError)
	var o optionFlags
	o.register(fs)
	watch := fs.Bool("watch", false, "reload the files when they change")
	compare := fs.Bool("compare", false, "show FILE_A and FILE_B side by side")
	roundingB := fs.String("rounding-b", "", "with --compare: B's --rounding (default: A's)")
	quatOrderB := fs.String("quat-order-b", "", "with --compare: B's --quat-order (default: A's)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return exitFor("viewer", err, stderr)
	}
	opts, err := o.options()
	if err != nil {
		return exitFor("viewer", err, stderr)
	}
	cfg := viewer.Config{Files: files, Watch: *watch, Opts: opts}
	if *roundingB != "" || *quatOrderB != "" {
		cfg.OptsB = opts
		for _, c := range []struct {
			name, v string
			dst     *string
		}{
			{"rounding", *roundingB, &cfg.OptsB.Rounding}, {"quat-order", *quatOrderB, &cfg.OptsB.QuatOrder},
		} {
			if c.v == "" {
				continue
			}
			if err := checkChoice(c.name, c.v); err != nil {
				return exitFor("viewer", usagef("--%s-b %q: want one of %s", c.name, c.v, strings.Join(formats.Choices[c.name], ", ")), stderr)
			}
			*c.dst = c.v
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
