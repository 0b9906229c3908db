package main

import (
	"flag"
	"fmt"
	"io"

	"animscope/formats"
	"animscope/formats/printable"
)

// runValidate checks each FILE on its own. Errors (the file breaks a rule the engine
// or the format needs) give exit 1; warnings (readable but not canonical) are printed
// and leave the exit status at 0.
func runValidate(args []string, stdout, stderr io.Writer) int {
	if _, ok := batchMount("validate", args); ok {
		return runBatch("validate", args, stdout, stderr) // a folder or an archive: every model in it
	}
	if err := batchFlagsOffMount("validate", args, flagSetOf(newValidateFlags)()); err != nil {
		return exitFor("validate", err, stderr) // the first argument is no mount: why, before the flags
	}
	fs, opt := newValidateFlags()
	files, opts, err := parseFiles(fs, opt, args)
	if err != nil {
		return exitFor("validate", err, stderr)
	}
	opts.DeferMeshes = true // validation reads no vertex data
	status := exitOK
	for _, f := range files {
		errs, warns := validateFile(f, opts, stderr)
		f := printable.Name(f)
		switch {
		case errs > 0:
			status = exitInvalid
			fmt.Fprintf(stdout, "%s: invalid (%s, %s)\n", f, plural(errs, "error", "errors"), plural(warns, "warning", "warnings"))
		case warns > 0:
			fmt.Fprintf(stdout, "%s: valid, with %s\n", f, plural(warns, "warning", "warnings"))
		default:
			fmt.Fprintf(stdout, "%s: valid\n", f)
		}
	}
	return status
}

// newValidateFlags builds validate's flags (the command and its help use it).
func newValidateFlags() (*flag.FlagSet, *optionFlags) {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	opt := &optionFlags{}
	opt.register(fs)
	return fs, opt
}

func validateFile(name string, opts formats.Options, stderr io.Writer) (errs, warns int) {
	errs, warns = mifDepartures(name, opts, stderr) // a .mif source: where it departs from the client
	a, err := formats.OpenFile(name, opts)
	if err != nil {
		if e, w, _, ok := dataVerdict(name, nil, stderr); ok {
			return errs + e, warns + w
		}
		fmt.Fprintln(stderr, err)
		return errs + 1, warns
	}
	e, w := validateAsset(a, opts, stderr)
	return errs + e, warns + w
}

// validateAsset checks a decoded file (validateFile's verdict; batch validation
// of a mount calls it for each file it opens from the mount).
func validateAsset(a *formats.Part, opts formats.Options, stderr io.Writer) (errs, warns int) {
	if a.Archive != nil && a.Skeleton == nil {
		// A container of scenes (an NRes archive of models): check each of them too.
		for _, member := range a.Archive.Scenes() {
			e, w := validateFile(member, opts, stderr)
			errs += e
			warns += w
		}
	}
	// The same verdict every command gives when it opens the file.
	e, w := printDiagnostics(formats.Verdict(&a.Asset), stderr)
	return errs + e, warns + w
}

// printDiagnostics prints diags for validate (an error as it is, a warning after
// "warning: ") and counts them.
func printDiagnostics(diags []formats.Diagnostic, stderr io.Writer) (errs, warns int) {
	for _, d := range diags {
		if d.Severity == formats.Error {
			errs++
			fmt.Fprintln(stderr, d.String())
		} else {
			warns++
			fmt.Fprintf(stderr, "warning: %s\n", d.String())
		}
	}
	return errs, warns
}

// dataVerdict is validate's verdict on a file that no scene decoder opens but
// a data kind reads (formats.DataVerdict: a texture, an SWG shader template, a
// client database), with the kind. ok is false when no kind reads the file.
//
// data is the file's bytes when the caller has read them already (a batch over a
// mount: reading the member again by its "MOUNT:MEMBER" name would mount the
// archive again for every file); nil reads the file once by name.
func dataVerdict(name string, data []byte, stderr io.Writer) (errs, warns int, family string, ok bool) {
	if data == nil {
		var err error
		if data, err = formats.ReadData(name); err != nil {
			return 0, 0, "", false // unreadable (missing, a folder): the open error says so
		}
	}
	kind, d, err := formats.DataVerdict(&formats.Source{Name: name, Path: name, Data: data})
	if kind == "" {
		return 0, 0, "", false
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1, 0, kind, true
	}
	e, w := printDiagnostics(d.Diagnostics, stderr)
	return e, w, kind, true
}
