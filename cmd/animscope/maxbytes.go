package main

import (
	"fmt"
	"strconv"
	"strings"

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
	mul := int64(1)
	switch strings.ToUpper(s[len(s)-1:]) {
	case "K":
		mul = 1 << 10
	case "M":
		mul = 1 << 20
	case "G":
		mul = 1 << 30
	}
	num := s
	if mul != 1 {
		num = s[:len(s)-1]
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > (1<<62)/mul {
		return 0, usagef("--max-bytes %q: want a size in bytes greater than 0 (K, M or G suffix allowed)", s)
	}
	return n * mul, nil
}
