package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"animscope/formats"
)

// usageError marks a wrong use of the command line (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// exitFor maps an error to the contract's exit status and prints it.
func exitFor(cmd string, err error, stderr io.Writer) int {
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "animscope %s: %s\n", cmd, ue.msg)
		fmt.Fprintf(stderr, "run 'animscope help' for usage\n")
		return exitUsage
	}
	fmt.Fprintln(stderr, err)
	return exitInvalid
}

// optionFlags registers the sampling options of the contract on fs.
type optionFlags struct {
	rounding, quatOrder, fidelity, handles, unknownBone, root string
}

func (o *optionFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&o.rounding, "rounding", "engine", "MSH frame-index rounding: engine|floor|half-away")
	fs.StringVar(&o.quatOrder, "quat-order", "xyzw", "MSH key quaternion order on disk: xyzw|wxyz")
	fs.StringVar(&o.fidelity, "fidelity", "file", "SWG key thinning: file|client")
	fs.StringVar(&o.handles, "handles", "relative", "VCA bezier handles: relative|absolute")
	fs.StringVar(&o.unknownBone, "unknown-bone", "warn", "VCA lines naming an unknown bone: warn|root")
	fs.StringVar(&o.root, "root", "", "asset root for files named inside other files")
}

func checkChoice(name, v string) error {
	for _, c := range formats.Choices[name] {
		if v == c {
			return nil
		}
	}
	return usagef("--%s %q: want one of %s", name, v, strings.Join(formats.Choices[name], ", "))
}

func (o *optionFlags) options() (formats.Options, error) {
	for _, c := range []struct{ name, v string }{
		{"rounding", o.rounding}, {"quat-order", o.quatOrder}, {"fidelity", o.fidelity},
		{"handles", o.handles}, {"unknown-bone", o.unknownBone},
	} {
		if err := checkChoice(c.name, c.v); err != nil {
			return formats.Options{}, err
		}
	}
	return formats.Options{Rounding: o.rounding, QuatOrder: o.quatOrder, Fidelity: o.fidelity,
		Handles: o.handles, UnknownBone: o.unknownBone, Root: o.root}, nil
}

// parseInterleaved parses flags that may come before, between or after the files.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, usagef("flags: %s", flagNames(fs))
			}
			return nil, usagef("%v", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return files, nil
		}
		if args[0] == "--" {
			return append(files, args[1:]...), nil
		}
		files = append(files, args[0])
		args = args[1:]
	}
}

func flagNames(fs *flag.FlagSet) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
	return strings.Join(names, " ")
}

// parseFiles parses a command's flags and files, requires at least one file and
// checks the sampling options.
func parseFiles(fs *flag.FlagSet, opt *optionFlags, args []string) ([]string, formats.Options, error) {
	files, err := parseInterleaved(fs, args)
	if err == nil && len(files) == 0 {
		err = usagef("no FILE given")
	}
	if err != nil {
		return nil, formats.Options{}, err
	}
	opts, err := opt.options()
	return files, opts, err
}

// writeJSON prints v as indented JSON (exit 1 if it cannot be written).
func writeJSON(v any, stdout, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(stderr, err)
		return exitInvalid
	}
	return exitOK
}

// parseTime parses a finite time value (MSH rejects a non-finite t as a usage error).
func parseTime(name, s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, usagef("--%s %q: want a finite number", name, s)
	}
	return v, nil
}

// num formats a float32 as its shortest JSON number (null when not finite).
type f32 float32

func (v f32) MarshalJSON() ([]byte, error) {
	f := float64(v)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 32), nil
}

// f64 formats a float64 as its shortest JSON number (null when not finite).
type f64 float64

func (v f64) MarshalJSON() ([]byte, error) {
	f := float64(v)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

func fmtF32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }
