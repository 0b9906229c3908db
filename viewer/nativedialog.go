package viewer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Native file dialogs: on a desktop, File > Open, Open as B, Browse and the
// screenshot's Save ask the desktop's own dialog, through the XDG desktop portal
// (org.freedesktop.portal.FileChooser over D-Bus, portal.go) or the zenity or
// kdialog program, and fall back to the built-in ImGui dialog. Which one is the
// file_dialog setting (settings.go) or ANIMSCOPE_FILE_DIALOG. Everything here is
// plain Go: the choice, the command lines and the reading of their answers are
// tested without a display (nativedialog_test.go).

// Dialog backends, and the values of the setting.
const (
	DialogAuto    = "auto"    // the portal, then kdialog on KDE, zenity, kdialog, then built-in
	DialogPortal  = "portal"  // the XDG desktop portal
	DialogZenity  = "zenity"  // GNOME's zenity
	DialogKdialog = "kdialog" // KDE's kdialog
	DialogBuiltin = "builtin" // the ImGui dialog
)

// DialogChoices are the setting's values in the menu's order.
var DialogChoices = []string{DialogAuto, DialogPortal, DialogZenity, DialogKdialog, DialogBuiltin}

// DialogEnvVar overrides the setting.
const DialogEnvVar = "ANIMSCOPE_FILE_DIALOG"

// dialogKind is what a dialog picks.
type dialogKind int

const (
	DialogOpenFiles  dialogKind = iota // one or more files (a scene)
	DialogOpenFolder                   // a folder (the asset browser's mount)
	DialogSaveFile                     // a file to write
)

// DialogFilter is a named set of glob patterns ("*.m2").
type DialogFilter struct {
	Name     string
	Patterns []string
}

// DialogRequest is one dialog to show.
type DialogRequest struct {
	Kind    dialogKind
	Title   string
	Dir     string // the folder it starts in ("" for the backend's choice)
	Name    string // DialogSaveFile: the name it proposes
	Filters []DialogFilter
}

// DialogResult is a dialog's answer: the paths picked (none when cancelled), or
// Builtin when the built-in dialog is to be shown instead (Err says why, when a
// native one failed).
type DialogResult struct {
	Paths     []string
	Cancelled bool
	Builtin   bool
	Err       error
	Backend   string
}

// DialogEnv is what the choice looks at, as functions so a test can fake them.
type DialogEnv struct {
	Getenv   func(string) string
	LookPath func(string) (string, error)
	// Portal says whether the desktop portal's FileChooser answers.
	Portal func() bool
}

// SystemDialogEnv looks at this process's environment, PATH and session bus.
func SystemDialogEnv() DialogEnv {
	return DialogEnv{Getenv: os.Getenv, LookPath: exec.LookPath, Portal: portalAvailable}
}

// DialogSetting is the setting in force: ANIMSCOPE_FILE_DIALOG when it names a
// choice, else the saved setting, else auto.
func DialogSetting(env DialogEnv, saved string) string {
	if v, ok := DialogFromEnv(env); ok {
		return v
	}
	if slices.Contains(DialogChoices, saved) {
		return saved
	}
	return DialogAuto
}

// DialogFromEnv is the choice ANIMSCOPE_FILE_DIALOG makes, if it names one.
func DialogFromEnv(env DialogEnv) (string, bool) {
	v := strings.ToLower(strings.TrimSpace(env.Getenv(DialogEnvVar)))
	return v, slices.Contains(DialogChoices, v)
}

// ChooseDialog is the backend a dialog uses under setting. Without a desktop
// (neither DISPLAY nor WAYLAND_DISPLAY) it is the built-in dialog whatever the
// setting. A named backend that is missing falls back to the built-in dialog;
// auto takes the portal, then kdialog on a KDE desktop, then zenity, then
// kdialog, then the built-in dialog.
func ChooseDialog(setting string, env DialogEnv) string {
	if env.Getenv("DISPLAY") == "" && env.Getenv("WAYLAND_DISPLAY") == "" {
		return DialogBuiltin
	}
	has := func(prog string) bool { _, err := env.LookPath(prog); return err == nil }
	switch setting {
	case DialogBuiltin:
		return DialogBuiltin
	case DialogPortal:
		if env.Portal() {
			return DialogPortal
		}
		return DialogBuiltin
	case DialogZenity, DialogKdialog:
		if has(setting) {
			return setting
		}
		return DialogBuiltin
	}
	if env.Portal() {
		return DialogPortal
	}
	kde := strings.Contains(strings.ToUpper(env.Getenv("XDG_CURRENT_DESKTOP")), "KDE")
	switch {
	case kde && has(DialogKdialog):
		return DialogKdialog
	case has(DialogZenity):
		return DialogZenity
	case has(DialogKdialog):
		return DialogKdialog
	}
	return DialogBuiltin
}

// zenityArgs is zenity's command line for r (after the program name). Paths
// come back one a line (--separator is a newline).
func zenityArgs(r DialogRequest) []string {
	args := []string{"--file-selection", "--title=" + r.Title}
	switch r.Kind {
	case DialogOpenFiles:
		args = append(args, "--multiple", "--separator=\n")
	case DialogOpenFolder:
		args = append(args, "--directory")
	case DialogSaveFile:
		args = append(args, "--save")
	}
	switch {
	case r.Kind == DialogSaveFile && r.Dir != "":
		args = append(args, "--filename="+filepath.Join(r.Dir, r.Name))
	case r.Dir != "":
		args = append(args, "--filename="+strings.TrimSuffix(r.Dir, "/")+"/")
	}
	if r.Kind != DialogOpenFolder {
		for _, f := range r.Filters {
			args = append(args, "--file-filter="+f.Name+" | "+strings.Join(f.Patterns, " "))
		}
	}
	return args
}

// kdialogArgs is kdialog's command line for r. Paths come back one a line
// (--separate-output).
func kdialogArgs(r DialogRequest) []string {
	start := r.Dir
	if start == "" {
		start = "."
	}
	// KDE's filter syntax: "PATTERNS|NAME", one filter a line.
	var filters []string
	for _, f := range r.Filters {
		filters = append(filters, strings.Join(f.Patterns, " ")+"|"+f.Name)
	}
	filter := strings.Join(filters, "\n")
	switch r.Kind {
	case DialogOpenFolder:
		return []string{"--title", r.Title, "--getexistingdirectory", start}
	case DialogSaveFile:
		return []string{"--title", r.Title, "--getsavefilename", filepath.Join(start, r.Name), filter}
	}
	return []string{"--title", r.Title, "--getopenfilename", start, filter, "--multiple", "--separate-output"}
}

// dialogPaths reads a dialog program's answer: one path a line; empty lines
// (the trailing newline) are dropped.
func dialogPaths(out []byte) []string {
	var paths []string
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSuffix(l, "\r"); l != "" {
			paths = append(paths, l)
		}
	}
	return paths
}

// RunDialog shows r with backend: the portal or a dialog program. Exit status 1
// of zenity and kdialog is a cancel; another failure is an error, and then the
// result asks for the built-in dialog.
func RunDialog(ctx context.Context, backend string, r DialogRequest, env DialogEnv) DialogResult {
	res := DialogResult{Backend: backend}
	switch backend {
	case DialogPortal:
		res.Paths, res.Cancelled, res.Err = portalDialog(ctx, r)
	case DialogZenity, DialogKdialog:
		args := zenityArgs(r)
		if backend == DialogKdialog {
			args = kdialogArgs(r)
		}
		prog, err := env.LookPath(backend)
		if err != nil {
			res.Err = err
			break
		}
		out, err := exec.CommandContext(ctx, prog, args...).Output()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit) && exit.ExitCode() == 1:
			res.Cancelled = true
		case err != nil:
			res.Err = fmt.Errorf("%s: %w", backend, err)
		default:
			res.Paths = dialogPaths(out)
			res.Cancelled = len(res.Paths) == 0
		}
	default:
		res.Builtin = true
	}
	if res.Err != nil {
		res.Builtin = true
	}
	return res
}

// OpenFilters are the open dialog's filters: the types the decoders read, then
// every file.
func OpenFilters() []DialogFilter {
	var pats []string
	for _, e := range supportedExtensions() {
		pats = append(pats, "*"+e)
	}
	return []DialogFilter{{Name: "Supported types", Patterns: pats}, {Name: "All files", Patterns: []string{"*"}}}
}
