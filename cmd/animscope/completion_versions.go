package main

import (
	"strings"

	"animscope/formats"
	"animscope/formats/vfs"
)

// completeVersion offers the versions of a file named MOUNT:MEMBER@ (the word
// being typed, with or without the start of an archive's name): each as
// MOUNT:MEMBER@ARCHIVE, in load order, MOUNT:MEMBER spelt as typed. nil when the word is no such name.
func completeVersion(cur string) []string {
	archive, member, ok := formats.SplitName(cur)
	if !ok {
		return nil
	}
	plain, _, ok := formats.CutVersion(member)
	if !ok {
		return nil
	}
	mt, err := vfs.Open(archive)
	if err != nil {
		return nil
	}
	defer mt.Close()
	typed := cur[:len(archive)+1+len(plain)+1] // MOUNT:MEMBER@ as typed: shells match the prefix
	var out []string
	for _, v := range mt.Versions(plain) {
		if !v.Deleted {
			out = append(out, typed+mt.ArchiveLabel(v.Entry))
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
