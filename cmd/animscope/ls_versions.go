package main

import (
	"fmt"
	"io"

	"animscope/formats/printable"
	"animscope/formats/vfs"
)

// lsVersion is one archive's version of a file in `ls --versions --json`.
type lsVersion struct {
	// Archive is the archive as the mount lists it (ls --json's "archive").
	Archive string `json:"archive"`
	Size    int64  `json:"size"`
	Packed  int64  `json:"packed"`
	// Wins marks the version the mount serves (the last in load order).
	Wins bool `json:"wins"`
	// Deleted marks an MPQ deletion marker (the file is gone from there on).
	Deleted bool `json:"deleted,omitempty"`
	// File names this version wherever a FILE is taken: MOUNT:PATH@ARCHIVE.
	File string `json:"file"`
}

// versionsOf lists the versions of a listed file, in load order.
func versionsOf(mt *vfs.Mount, e vfs.Entry) []lsVersion {
	vs := mt.Versions(e.Path)
	out := make([]lsVersion, 0, len(vs))
	for _, v := range vs {
		out = append(out, lsVersion{Archive: v.Archive, Size: v.Size, Packed: v.Packed, Wins: v.Wins, Deleted: v.Deleted, File: mt.VersionName(v)})
	}
	return out
}

// printVersions is `ls --versions` as text: each file, then one line per
// version in load order (its number, size and archive), the winner marked.
func printVersions(w io.Writer, mt *vfs.Mount, matches []vfs.Entry) {
	for _, e := range matches {
		vs := mt.Versions(e.Path)
		n := "1 version"
		if len(vs) != 1 {
			n = fmt.Sprintf("%d versions", len(vs))
		}
		fmt.Fprintf(w, "%s: %s\n", printable.Name(e.Path), n)
		for i, v := range vs {
			mark := v.Mark()
			if mark != "" {
				mark = "  " + mark
			}
			fmt.Fprintf(w, "  %2d %12d  %s%s\n", i+1, v.Size, printable.Name(mt.ArchiveLabel(v.Entry)), mark)
		}
	}
}
