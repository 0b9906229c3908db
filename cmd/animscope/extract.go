package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"animscope/formats/printable"
	"animscope/formats/vfs"
)

// extractFlags are extract's flags.
type extractFlags struct {
	out   *string
	quiet *bool
	mf    mountFlags
}

func newExtractFlags() (*flag.FlagSet, *extractFlags) {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	f := &extractFlags{}
	f.out = fs.String("out", "", "the folder to write into (created when missing)")
	f.quiet = fs.Bool("quiet", false, "print only errors and the summary")
	f.mf.register(fs)
	return fs, f
}

// runExtract writes the files of a mount that match PATTERN under DIR:
// `animscope extract [--listfile F] [--max-bytes N] [--quiet] MOUNT PATTERN --out DIR`. Nothing
// is written outside DIR: a member path with ".." or an absolute path is refused,
// and so is a folder on the way that is a symbolic link out of DIR. Only regular
// files are written, each through a temporary file renamed into place (an
// existing symbolic link or special file at the target is replaced, never
// written through).
func runExtract(args []string, stdout, stderr io.Writer) int {
	fs, f := newExtractFlags()
	out, quiet := f.out, f.quiet
	pos, err := parseInterleaved(fs, args)
	switch {
	case err != nil:
	case len(pos) != 2:
		err = usagef("want MOUNT PATTERN --out DIR")
	case *out == "":
		err = usagef("--out DIR is required")
	}
	if err != nil {
		return exitFor("extract", err, stderr)
	}
	mt, err := f.mf.open(pos[0])
	if err != nil {
		return exitFor("extract", err, stderr)
	}
	defer mt.Close()
	matches, err := mt.Match(pos[1])
	if err != nil {
		return exitFor("extract", usagef("%v", err), stderr)
	}
	if len(matches) == 0 {
		fmt.Fprintf(stderr, "%s: no file matches %q\n", pos[0], pos[1])
		return exitInvalid
	}
	guard := newInputGuard(mt, *f.mf.listfile)
	if err := guard.checkOut(*out, matches); err != nil {
		return exitFor("extract", err, stderr)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return exitFor("extract", err, stderr)
	}
	root, err := filepath.EvalSymlinks(*out)
	if err != nil {
		return exitFor("extract", err, stderr)
	}
	status, written, bytes := exitOK, 0, int64(0)
	for _, e := range matches {
		n, err := extractOne(mt, e, root, *out, guard)
		if err != nil {
			// An archive's error names the member already.
			if name := mt.MemberName(e); !strings.HasPrefix(err.Error(), name+":") {
				fmt.Fprintf(stderr, "%s: %v\n", printable.Name(name), err)
			} else {
				fmt.Fprintln(stderr, err)
			}
			status = exitInvalid
			continue
		}
		written++
		bytes += n
		if !*quiet {
			fmt.Fprintln(stdout, printable.Name(e.Path))
		}
	}
	fmt.Fprintf(stdout, "extracted %d of %s (%s) to %s\n", written, plural(len(matches), "file", "files"), plural(int(bytes), "byte", "bytes"), *out)
	return status
}

// safeRel checks a member path for extraction and returns it in the local form.
func safeRel(p string) (string, error) {
	parts := strings.Split(strings.ReplaceAll(p, `\`, "/"), "/")
	var keep []string
	for _, part := range parts {
		switch part {
		case "", ".":
			continue
		case "..":
			return "", fmt.Errorf("its path %q climbs out of the output folder with ..: refused", p)
		}
		if strings.ContainsRune(part, 0) || (len(part) > 1 && part[1] == ':') {
			return "", fmt.Errorf("its path %q is not a relative path: refused", p)
		}
		keep = append(keep, part)
	}
	if len(keep) == 0 {
		return "", fmt.Errorf("its path %q is empty", p)
	}
	return filepath.Join(keep...), nil
}

// extractOne writes member e under root (the output folder with its symbolic
// links resolved). It does not use atomicfile: that follows a symbolic link at the
// target, and extract must replace such a link (it may lead out of the output
// folder), as it replaces a special file, never writing through either. Like
// atomicfile it names the path the user asked for in its errors (under out, the
// --out folder as given, never the temporary file or the resolved folder), gives a
// new file mode 0644 and keeps an existing regular file's permission bits.
func extractOne(mt *vfs.Mount, e vfs.Entry, root, out string, guard *inputGuard) (int64, error) {
	rel, err := safeRel(e.Path)
	if err != nil {
		return 0, err
	}
	shown := filepath.Join(out, rel) // the path the user asked for
	target := filepath.Join(root, rel)
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, writeError(shown, err)
	}
	// A folder on the way may be a symbolic link (made before, or by another
	// member): the real folder must still be inside the output folder.
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return 0, writeError(shown, err)
	}
	if r, err := filepath.Rel(root, realDir); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return 0, fmt.Errorf("%s leads outside the output folder through a symbolic link: refused", filepath.Dir(shown))
	}
	// Checked again here, where the folders on the way are real: checkOut ran
	// before any folder was made.
	if in, ok := guard.input(filepath.Join(realDir, filepath.Base(target))); ok {
		return 0, fmt.Errorf("%s is an input file (%s); it is never overwritten", shown, in)
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Lstat(target); err == nil && st.IsDir() {
		return 0, fmt.Errorf("%s is a folder", shown)
	} else if err == nil && st.Mode().IsRegular() {
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(realDir, ".animscope-extract-*")
	if err != nil {
		return 0, writeError(shown, err)
	}
	// The member streams into the file as it unpacks: its size never has to
	// fit in memory. An error of the file is a write error; any other is the
	// member's.
	fw := &fileWriter{f: tmp}
	n, rerr := mt.WriteTo(fw, e)
	werr := fw.err
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if rerr != nil && fw.err == nil {
		os.Remove(tmp.Name())
		return 0, rerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), mode)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), filepath.Join(realDir, filepath.Base(target)))
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return 0, writeError(shown, werr)
	}
	return n, nil
}

// fileWriter writes to a file and keeps the file's error apart from the
// reader's.
type fileWriter struct {
	f   *os.File
	err error
}

func (w *fileWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if err != nil && w.err == nil {
		w.err = err
	}
	return n, err
}

// writeError is err about path, the name the user asked for, as atomicfile
// reports it ("write out/x.m2: permission denied"): the names of temporary files
// and resolved folders inside err mean nothing to the user.
func writeError(path string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return &fs.PathError{Op: "write", Path: path, Err: err}
}

// inputGuard knows the files a command reads (the mount's archives and
// folders, a listfile), so that nothing it writes replaces one: extract's
// counterpart of checkOutNotInput, for an --out that is a folder.
type inputGuard struct {
	files   []fs.FileInfo
	names   []string // parallel to files
	folders []string // folder mounts, symbolic links resolved: every file in them is an input
}

func newInputGuard(mt *vfs.Mount, extra ...string) *inputGuard {
	g := &inputGuard{}
	files, folders := mt.Inputs()
	for _, p := range append(files, extra...) {
		if st, err := os.Stat(p); err == nil && p != "" {
			g.files, g.names = append(g.files, st), append(g.names, p)
		}
	}
	for _, d := range folders {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			if abs, err := filepath.Abs(r); err == nil {
				g.folders = append(g.folders, abs)
			}
		}
	}
	return g
}

// input reports whether writing path (its folder's symbolic links resolved)
// would replace an input file, and names that input. A symbolic link at path is
// replaced, never written through, so only a regular file there counts.
func (g *inputGuard) input(path string) (string, bool) {
	if g == nil {
		return "", false
	}
	st, err := os.Lstat(path)
	if err != nil || !st.Mode().IsRegular() {
		return "", false
	}
	for i, in := range g.files {
		if os.SameFile(st, in) {
			return g.names[i], true
		}
	}
	if abs, err := filepath.Abs(path); err == nil {
		for _, d := range g.folders {
			if r, err := filepath.Rel(d, abs); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				return path, true
			}
		}
	}
	return "", false
}

// checkOut refuses, before anything is written, an --out that is an input file
// or a folder in which a matched member would be written over an input (an
// archive extracted into its own folder holding a member of its own name, a
// folder mount extracted into itself).
func (g *inputGuard) checkOut(out string, matches []vfs.Entry) error {
	st, err := os.Stat(out)
	if err != nil {
		return nil // a new folder holds no input
	}
	if !st.IsDir() {
		for i, in := range g.files {
			if os.SameFile(st, in) {
				return usagef("--out %s is an input file (%s); it is never overwritten", out, g.names[i])
			}
		}
		return nil // not a folder: MkdirAll says so
	}
	root, err := filepath.EvalSymlinks(out)
	if err != nil {
		return nil
	}
	for _, e := range matches {
		rel, err := safeRel(e.Path)
		if err != nil {
			continue // refused when its turn comes
		}
		if in, ok := g.input(filepath.Join(root, rel)); ok {
			return usagef("--out %s: %s would be written over the input file %s; it is never overwritten", out, e.Path, in)
		}
	}
	return nil
}
