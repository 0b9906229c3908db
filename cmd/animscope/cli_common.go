package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"slices"
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
	if errors.As(err, new(helpRequest)) {
		return exitOK
	}
	var ue usageError
	if errors.Is(err, formats.ErrNamedTwice) || errors.Is(err, formats.ErrAttachPoint) {
		ue = usageError{err.Error()} // a scene's FILE list names one file twice; --attach names no point of the scene
	}
	if ue.msg != "" || errors.As(err, &ue) {
		if cmd == "" {
			fmt.Fprintf(stderr, "animscope: %s\n", ue.msg)
		} else {
			fmt.Fprintf(stderr, "animscope %s: %s\n", cmd, ue.msg)
		}
		fmt.Fprintf(stderr, "run 'animscope help' for usage\n")
		return exitUsage
	}
	fmt.Fprintln(stderr, err)
	return exitInvalid
}

// optionFlags are the readings every decoder declares (formats.Readings), one
// flag each, plus --root; the flags, their help and their checks all come from the
// declarations, so a format's new reading needs no change here.
type optionFlags struct {
	values map[string]*string // reading name → flag value
	root   string
	attach *attachList // --attach, on the commands that register it (attach_flags.go)
}

func (o *optionFlags) register(fs *flag.FlagSet) {
	o.values = map[string]*string{}
	for _, r := range formats.Readings() {
		o.values[r.Name] = fs.String(r.Name, r.Default, readingUsage(r))
	}
	fs.StringVar(&o.root, "root", "", "asset root for files named inside other files")
}

// readingUsage is a reading's one-line flag help: "MSH frame-index rounding …:
// engine|floor|half-away".
func readingUsage(r formats.Reading) string {
	return fmt.Sprintf("%s %s: %s", r.FamilyLabel(), r.Help, strings.Join(r.Choices, "|"))
}

// options is the Options the flags choose (a usage error for a value that is not
// one of its reading's choices).
func (o *optionFlags) options() (formats.Options, error) {
	opts := formats.Options{Root: o.root, Readings: map[string]string{}}
	for name, v := range o.values {
		opts.Readings[name] = *v
	}
	if err := opts.Check(); err != nil {
		return formats.Options{}, usagef("%v", err)
	}
	if o.attach != nil {
		opts.Attach = *o.attach
	}
	return opts, nil
}

// readingFlagsB registers --NAME-b for every reading that may differ between A
// and B (Reading.Compare): scene B's reading of the same or another file.
type readingFlagsB map[string]*string

func registerReadingsB(fs *flag.FlagSet, prefix string) readingFlagsB {
	b := readingFlagsB{}
	for _, r := range formats.Readings() {
		if r.Compare {
			b[r.Name] = fs.String(r.Name+"-b", "", fmt.Sprintf("%sB's --%s (default: A's)", prefix, r.Name))
		}
	}
	return b
}

// given reports whether any --NAME-b was set.
func (b readingFlagsB) given() bool {
	for _, v := range b {
		if *v != "" {
			return true
		}
	}
	return false
}

// options is A's options with the readings --NAME-b sets for B.
func (b readingFlagsB) options(a formats.Options) (formats.Options, error) {
	for _, name := range slices.Sorted(maps.Keys(b)) {
		v := *b[name]
		if v == "" {
			continue
		}
		r, _ := formats.LookupReading(name)
		if err := r.Check(v); err != nil {
			return formats.Options{}, usagef("--%s-b %v", name, err)
		}
		a.Set(name, v)
	}
	return a, nil
}

// parseInterleaved parses flags that may come before, between or after the files.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, helpRequest{}
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

// skinUsage is the usage error of a --skin NAME the scene's materials refused:
// "--skin NAME: why", without the "skin: " or "skin \"NAME\": " the materials
// start their message with.
func skinUsage(name string, err error) error {
	msg := err.Error()
	for _, p := range []string{"skin: ", fmt.Sprintf("skin %q: ", name)} {
		msg = strings.TrimPrefix(msg, p)
	}
	return usagef("--skin %s: %s", name, msg)
}

// namedPathError words a failed open of path as inspect does ("PATH: no such
// file or directory"), not as the os package does ("stat PATH: …").
func namedPathError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return fmt.Errorf("%s: %v", path, pe.Err)
	}
	return err
}
