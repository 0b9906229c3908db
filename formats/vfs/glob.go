package vfs

import (
	"path"
	"strings"
	"unicode/utf8"
)

// globMatch reports whether name matches pattern, where '*' matches any run of
// characters but '/', and '?' any one character but '/' (path.Match's rules: a
// character of several UTF-8 bytes is one). It
// is path.Match without its allocations and per-call syntax checks, for searches
// over 100,000 names; a pattern with a character class ('[') uses path.Match.
func globMatch(pattern, name string) bool {
	if strings.IndexByte(pattern, '[') >= 0 || strings.IndexByte(pattern, '\\') >= 0 {
		ok, _ := path.Match(pattern, name)
		return ok
	}
	// The classic backtracking wildcard match: remember the last '*' and the
	// name position it was tried at; on a mismatch let that '*' take one more
	// character (never a '/').
	p, n := 0, 0
	star, mark := -1, 0
	for n < len(name) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, n
			p++
		case p < len(pattern) && pattern[p] == name[n]:
			p++
			n++
		case p < len(pattern) && pattern[p] == '?' && name[n] != '/':
			// One character: all the bytes of a UTF-8 sequence (one byte
			// that starts none), as path.Match reads it.
			p++
			n += charWidth(name[n:])
		case star >= 0 && name[mark] != '/':
			mark++
			p, n = star+1, mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// charWidth is how many bytes the character at the start of s takes.
func charWidth(s string) int {
	if s[0] < utf8.RuneSelf {
		return 1
	}
	_, w := utf8.DecodeRuneInString(s)
	return w
}
