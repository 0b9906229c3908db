// Package printable makes names from files safe to print on a terminal. A member
// name in an archive, a node name in a model or a path in a table is whatever
// bytes the file holds: an ESC (0x1B) starts a terminal escape sequence, a BEL
// rings, a CR rewrites the line, a C1 control (U+0080–U+009F: U+009B is CSI)
// does what ESC does on some terminals. Text output writes every such character
// as an escape instead, in Go's spelling (\x1b, \a, \r, \u009b; a byte that is not
// UTF-8 as \xff), and leaves every other character, printable Unicode included,
// as it is: a name without control characters prints unchanged.
//
// JSON output needs nothing of this: encoding/json already writes every C0
// control as \u00XX, so a JSON stream holds none raw (Writer keeps its bytes).
package printable

import (
	"io"
	"strconv"
	"unicode/utf8"
)

// Name is s with every control character (C0, DEL, C1) and every byte that is
// not UTF-8 escaped; s itself when it has none. Line breaks and tabs are escaped
// too: a name is one line.
func Name(s string) string { return escape(s, false) }

// Text is s as Name writes it, except that line breaks and tabs stay: a message
// of several lines, whose names are escaped.
func Text(s string) string { return escape(s, true) }

// needs reports whether r is escaped (keep: '\n' and '\t' are not).
func needs(r rune, keep bool) bool {
	if keep && (r == '\n' || r == '\t') {
		return false
	}
	return r < 0x20 || (r >= 0x7f && r < 0xa0)
}

func escape(s string, keep bool) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || needs(r, keep) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s // the common case: nothing to escape, no copy
	}
	b := make([]byte, 0, len(s)+8)
	b = append(b, s[:i]...)
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, `\x`...)
			b = append(b, hex[s[i]>>4], hex[s[i]&15])
		case needs(r, keep):
			q := strconv.QuoteRuneToASCII(r) // '\x1b', '\a', '\u009b'
			b = append(b, q[1:len(q)-1]...)
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}

const hex = "0123456789abcdef"

// Writer passes text to w with control characters escaped as Text does (line
// breaks and tabs kept), so that a name inside any message (an error a decoder
// wrote, a diagnostic) cannot reach the terminal raw. With c1 false it escapes
// only C0 controls and leaves every other byte as it is: a JSON stream (stdout
// with --json) passes byte for byte, since encoding/json never writes a C0
// control raw. A write is escaped on its own (a character split between two
// writes is escaped byte by byte).
type Writer struct {
	W  io.Writer
	C1 bool // also escape DEL, C1 controls and bytes that are not UTF-8
}

func (w *Writer) Write(p []byte) (int, error) {
	if w.C1 {
		s := string(p)
		if e := Text(s); e != s {
			_, err := io.WriteString(w.W, e)
			return len(p), err
		}
		return w.W.Write(p)
	}
	clean := true
	for _, c := range p {
		if c < 0x20 && c != '\n' && c != '\t' {
			clean = false
			break
		}
	}
	if clean {
		return w.W.Write(p)
	}
	b := make([]byte, 0, len(p)+8)
	for _, c := range p {
		if c < 0x20 && c != '\n' && c != '\t' {
			q := strconv.QuoteRuneToASCII(rune(c))
			b = append(b, q[1:len(q)-1]...)
			continue
		}
		b = append(b, c)
	}
	_, err := w.W.Write(b)
	return len(p), err
}
