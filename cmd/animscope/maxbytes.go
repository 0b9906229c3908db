package main

import (
	"fmt"
	"strings"

	"animscope/formats"
	"animscope/formats/vfs"
)

// maxBytesUsage is --max-bytes's help: the one bound on what a command unpacks
// from a mount's archives, all members together (a decompression bomb of a few
// hundred bytes may claim 512 MiB; N of them N times that).
var maxBytesUsage = fmt.Sprintf("the most bytes unpacked from archive members, all together (K, M or G suffix; default %dM or %d× the archives' size if more)",
	vfs.MinMaxBytes>>20, vfs.MaxBytesRatio)

// parseMaxBytes reads --max-bytes: a size in bytes with an optional K, M or G
// suffix (powers of 1024); "" is the default (0).
func parseMaxBytes(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, ok := formats.ParseByteSize(s)
	if !ok {
		return 0, usagef("--max-bytes %q: want a size in bytes greater than 0 (K, M or G suffix allowed)", s)
	}
	return n, nil
}
