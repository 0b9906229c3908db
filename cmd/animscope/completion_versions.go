package main

import (
	"strings"

	"animscope/formats/vfs"
)

// completeVersion offers the versions of a file named MOUNT:MEMBER@ (the word
// being typed, with or without the start of an archive's name): each as
// MOUNT:MEMBER@ARCHIVE, in load order, MOUNT:MEMBER spelt as typed. nil when the word is no such name.
func completeVersion(cur string) []string {
	i := strings.LastIndex(cur, ":")
	if i <= 0 {
		return nil
	}
	j := strings.LastIndex(cur[i+1:], "@")
	if j < 0 {
		return nil
	}
	mt, err := vfs.Open(cur[:i])
	if err != nil {
		return nil
	}
	defer mt.Close()
	var out []string
	for _, v := range mt.Versions(cur[i+1 : i+1+j]) {
		if !v.Deleted {
			out = append(out, cur[:i+1+j+1]+mt.ArchiveLabel(v.Entry)) // the member as typed: shells match the prefix
		}
	}
	return filterPrefixFold(out, cur)
}

// filterPrefixFold keeps the names that start with prefix, ignoring case (the
// mount's paths and archive names do).
func filterPrefixFold(list []string, prefix string) []string {
	var out []string
	for _, s := range list {
		if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
			out = append(out, s)
		}
	}
	return out
}
