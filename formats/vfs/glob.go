package vfs

import (
	"path"
	"strings"
	"unicode/utf8"
)

// globMatch reports whether name matches pattern, where '*' matches any run of
// characters but '/', and '?' any one character but '/' (path.Match's rules). It
// is path.Match without its allocations and per-call syntax checks, for searches
// over 100,000 names; a pattern with a character class ('[') uses path.Match,
// and so does a '?' against a name that is not ASCII: path.Match's '?' is one
// character, all the bytes of a UTF-8 sequence, or one byte that starts none
// (where a '*' stops inside a sequence), which a byte at a time cannot follow.
func globMatch(pattern, name string) bool {
	if strings.IndexByte(pattern, '[') >= 0 || strings.IndexByte(pattern, '\\') >= 0 ||
		strings.IndexByte(pattern, '?') >= 0 && !isASCII(name) {
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
		case p < len(pattern) && (pattern[p] == name[n] || pattern[p] == '?' && name[n] != '/'):
			p++
			n++
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

// isASCII reports whether s is ASCII only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
