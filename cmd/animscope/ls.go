package main

import (
	"flag"
	"fmt"
	"io"

	"animscope/formats"
	"animscope/formats/printable"
	"animscope/formats/vfs"
)

// mountFlags are the flags of the commands that read a mount.
type mountFlags struct {
	listfile *string
	maxBytes *string
}

func (m *mountFlags) register(fs *flag.FlagSet) {
	m.listfile = fs.String("listfile", "", "a listfile naming MPQ members that the archives' own (listfile) lacks")
	m.maxBytes = fs.String("max-bytes", "", maxBytesUsage)
}

// open mounts path (a folder, an archive, a game data folder) and applies the
// user's listfile.
func (m *mountFlags) open(path string) (*vfs.Mount, error) {
	limit, err := parseMaxBytes(*m.maxBytes)
	if err != nil {
		return nil, err
	}
	mt, err := vfs.Open(path)
	if err != nil {
		return nil, namedPathError(path, err)
	}
	if limit > 0 {
		mt.SetMaxBytes(limit)
	}
	if *m.listfile != "" {
		data, err := formats.ReadFile(*m.listfile)
		if err != nil {
			mt.Close()
			return nil, err
		}
		mt.AddListfile(data)
	}
	return mt, nil
}

type lsEntry struct {
	Path    string `json:"path"`
	Size    int64  `json:"size"`
	Packed  int64  `json:"packed"`
	Archive string `json:"archive"`
	Named   bool   `json:"named"`
	// Versions (ls --versions) are the archives that hold the file, in load order.
	Versions []lsVersion `json:"versions,omitempty"`
}

type lsReport struct {
	Mount  string    `json:"mount"`
	Layers []string  `json:"layers"`
	Files  []lsEntry `json:"files"`
}

// lsFlags are ls's flags.
type lsFlags struct {
	asJSON   *bool
	versions *bool
	mf       mountFlags
}

func newLsFlags() (*flag.FlagSet, *lsFlags) {
	fs := flag.NewFlagSet("ls", flag.ContinueOnError)
	f := &lsFlags{}
	f.asJSON = fs.Bool("json", false, "print one JSON object")
	f.versions = fs.Bool("versions", false, "list every archive that holds a version of each file, in load order, the winner marked")
	f.mf.register(fs)
	return fs, f
}

// runLs lists the files of a mount that match PATTERN (all without one):
// `animscope ls [--json] [--versions] [--listfile F] MOUNT [PATTERN]`.
func runLs(args []string, stdout, stderr io.Writer) int {
	fs, f := newLsFlags()
	asJSON, mf := f.asJSON, &f.mf
	pos, err := parseInterleaved(fs, args)
	if err == nil && (len(pos) < 1 || len(pos) > 2) {
		err = usagef("want MOUNT [PATTERN]")
	}
	if err != nil {
		return exitFor("ls", err, stderr)
	}
	mt, err := mf.open(pos[0])
	if err != nil {
		return exitFor("ls", err, stderr)
	}
	defer mt.Close()
	pattern := ""
	if len(pos) == 2 {
		pattern = pos[1]
	}
	matches, err := mt.Match(pattern)
	if err != nil {
		return exitFor("ls", usagef("%v", err), stderr)
	}
	if *asJSON {
		rep := lsReport{Mount: pos[0], Files: make([]lsEntry, 0, len(matches))}
		for _, l := range mt.Layers() {
			rep.Layers = append(rep.Layers, l[0]+" "+l[1])
		}
		for _, e := range matches {
			le := lsEntry{Path: e.Path, Size: e.Size, Packed: e.Packed, Archive: e.Archive, Named: e.Named}
			if *f.versions {
				le.Versions = versionsOf(mt, e)
			}
			rep.Files = append(rep.Files, le)
		}
		if code := writeJSON(rep, stdout, stderr); code != exitOK {
			return code
		}
	} else if *f.versions {
		printVersions(stdout, mt, matches)
	} else {
		for _, e := range matches {
			fmt.Fprintf(stdout, "%12d  %s\n", e.Size, printable.Name(e.Path))
		}
	}
	if len(matches) == 0 && pattern != "" {
		fmt.Fprintf(stderr, "%s: no file matches %q\n", pos[0], pattern)
		return exitInvalid
	}
	return exitOK
}
