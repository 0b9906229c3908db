package mif

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"animscope/formats"
)

// Pos is a place in a MIF source: 1-based line and column (columns count
// characters; a tab is one column).
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// errAt returns a *formats.FileError at p.
func errAt(p Pos, format string, args ...any) error {
	return formats.LineErrorf(p.File, p.Line, p.Col, format, args...)
}

type tokKind int

const (
	tEOF     tokKind = iota
	tIdent           // identifiers and keywords
	tString          // "..." (Str holds the bytes after escapes, Raw the text between the quotes)
	tInt             // integer literal
	tFloat           // floating-point literal
	tPunct           // one of [ ] ^ ; , : = ( ) . & ! ~ - + * / % < > | ? { } and >> << ^^
	tInclude         // #include
	tPragma          // #pragma
	tPound           // # (a line marker: # LINE "FILE" [FLAGS])
	tDefine          // #define NAME tokens… (Text: NAME, Body: the tokens)
	tUndef           // #undef NAME
)

type token struct {
	Kind tokKind
	Pos  Pos
	Text string // identifier or punctuation (a number's text is lit)
	lit  []byte // tInt, tFloat: the literal as written, in the source (not copied)
	Str  []byte // tString: the bytes after escapes
	Raw  string // tString: the text between the quotes, escapes not processed
	Int  int64
	F    float64
	Body []token // tDefine: the replacement
	// hidden: the token comes from an included file, whose text messages never
	// quote (a source could name a file the user did not mean to show).
	hidden bool
	// hide lists the macros this token came from (C's rule: a macro is not
	// expanded again inside its own replacement).
	hide []string
}

func (t token) describe() string {
	if t.hidden {
		return t.kindName() + " " + hiddenText
	}
	switch t.Kind {
	case tEOF:
		return "the end of the file"
	case tString:
		return fmt.Sprintf("string %q", t.Raw)
	case tInclude:
		return "#include"
	case tPragma:
		return "#pragma"
	case tPound:
		return "#"
	}
	return fmt.Sprintf("%q", t.text())
}

// text is the token as written.
func (t token) text() string {
	if t.lit != nil {
		return string(t.lit)
	}
	return t.Text
}

// kindName names what a token is without its text.
func (t token) kindName() string {
	switch t.Kind {
	case tEOF:
		return "the end of the file"
	case tIdent:
		return "a word"
	case tString:
		return "a string"
	case tInt, tFloat:
		return "a number"
	case tPunct:
		return "a punctuation mark"
	}
	return "a directive"
}

// hiddenText stands for the text of an included file in messages.
const hiddenText = "(in an included file: its text is not shown)"

// show returns s for a message, or hiddenText when s is the text of an included
// file.
func show(hidden bool, s string) string {
	if hidden {
		return hiddenText
	}
	return s
}

// maxTokenBytes bounds one token (a string literal or a number), so a hostile
// source cannot make the lexer hold one huge token.
const maxTokenBytes = 1 << 20

// lexer turns MIF source into tokens: mIFF's lexical rules (keywords, C-style
// numbers, "strings" with escapes, // comments), plus what the C preprocessor
// does before mIFF sees the text: /* */ comments, #include, and object-like
// #define / #undef (function-like macros and #if are not supported).
type lexer struct {
	file string
	src  []byte
	pos  int
	line int
	col  int
	// hidden: the source is an included file (see token.hidden).
	hidden bool
}

func newLexer(file string, src []byte) *lexer {
	return &lexer{file: file, src: src, line: 1, col: 1}
}

func (l *lexer) show(s string) string { return show(l.hidden, s) }

func (l *lexer) here() Pos { return Pos{File: l.file, Line: l.line, Col: l.col} }

// advance moves over one character (a whole UTF-8 sequence, or one invalid byte).
func (l *lexer) advance() {
	if l.pos >= len(l.src) {
		return
	}
	c := l.src[l.pos]
	if c == '\n' {
		l.line++
		l.col = 1
		l.pos++
		return
	}
	if c < utf8.RuneSelf {
		l.pos++
	} else {
		_, n := utf8.DecodeRune(l.src[l.pos:])
		l.pos += n
	}
	l.col++
}

func (l *lexer) peekByte(off int) byte {
	if l.pos+off < len(l.src) {
		return l.src[l.pos+off]
	}
	return 0
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// skipSpace skips white space and comments.
func (l *lexer) skipSpace() error {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			l.advance()
		case c == '/' && l.peekByte(1) == '/':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.advance()
			}
		case c == '/' && l.peekByte(1) == '*':
			start := l.here()
			l.advance()
			l.advance()
			for {
				if l.pos >= len(l.src) {
					return errAt(start, "comment /* is not closed before the end of the file")
				}
				if l.src[l.pos] == '*' && l.peekByte(1) == '/' {
					l.advance()
					l.advance()
					break
				}
				l.advance()
			}
		default:
			return nil
		}
	}
	return nil
}

// next returns the next token.
func (l *lexer) next() (token, error) {
	t, err := l.lex()
	t.hidden = l.hidden
	return t, err
}

// lex reads the next token.
func (l *lexer) lex() (token, error) {
	for {
		if err := l.skipSpace(); err != nil {
			return token{}, err
		}
		if l.pos >= len(l.src) {
			return token{Kind: tEOF, Pos: l.here()}, nil
		}
		start := l.here()
		c := l.src[l.pos]
		switch {
		case c == '#':
			if l.matchWord("#define") || l.matchWord("#undef") {
				return l.lexDefine(start)
			}
			if l.matchWord("#include") {
				l.skip(len("#include"))
				return token{Kind: tInclude, Pos: start, Text: "#include"}, nil
			}
			if l.matchWord("#pragma") {
				l.skip(len("#pragma"))
				return token{Kind: tPragma, Pos: start, Text: "#pragma"}, nil
			}
			if isLetter(l.peekByte(1)) {
				end := l.pos + 1
				for end < len(l.src) && (isLetter(l.src[end]) || isDigit(l.src[end])) {
					end++
				}
				return token{}, errAt(start, "preprocessor directive %s is not supported (only #include, #pragma, #define and #undef)", l.show(string(l.src[l.pos:end])))
			}
			l.advance()
			return token{Kind: tPound, Pos: start, Text: "#"}, nil
		case c == '"':
			return l.lexString(start)
		case c == '\'':
			return token{}, errAt(start, "character literals are not part of MIF")
		case isLetter(c):
			s := l.pos
			for l.pos < len(l.src) && (isLetter(l.src[l.pos]) || isDigit(l.src[l.pos])) {
				l.advance()
				if l.pos-s > maxTokenBytes {
					return token{}, errAt(start, "identifier longer than %d bytes", maxTokenBytes)
				}
			}
			word := l.src[s:l.pos]
			if k, ok := keywords[string(word)]; ok {
				return token{Kind: tIdent, Pos: start, Text: k}, nil // no copy per statement
			}
			return token{Kind: tIdent, Pos: start, Text: string(word)}, nil
		case isDigit(c) || c == '.' && isDigit(l.peekByte(1)):
			return l.lexNumber(start)
		}
		for _, op := range []string{">>", "<<", "^^"} {
			if l.pos+1 < len(l.src) && string(l.src[l.pos:l.pos+2]) == op {
				l.skip(2)
				return token{Kind: tPunct, Pos: start, Text: op}, nil
			}
		}
		switch c {
		case '[', ']', '^', ';', ',', ':', '=', '(', ')', '.', '&', '!', '~', '-', '+', '*', '/', '%', '<', '>', '|', '?', '{', '}':
			l.advance()
			return token{Kind: tPunct, Pos: start, Text: string(c)}, nil
		}
		r, _ := utf8.DecodeRune(l.src[l.pos:])
		return token{}, errAt(start, "unexpected character %s", l.show(strconv.QuoteRune(r)))
	}
}

// keywords are the words a source repeats on every line, held once.
var keywords = func() map[string]string {
	m := map[string]string{}
	for _, w := range []string{"form", "FORM", "chunk", "CHUNK", "enum", "include", "includeIFF", "includeiff"} {
		m[w] = w
	}
	for w := range typeNames {
		m[w] = w
	}
	return m
}()

// matchWord reports whether the source at the cursor is w, not followed by a
// letter or digit.
func (l *lexer) matchWord(w string) bool {
	end := l.pos + len(w)
	if end > len(l.src) || string(l.src[l.pos:end]) != w {
		return false
	}
	return end == len(l.src) || !(isLetter(l.src[end]) || isDigit(l.src[end]))
}

func (l *lexer) skip(n int) {
	for i := 0; i < n; i++ {
		l.advance()
	}
}

// lexNumber reads an integer (decimal, 0x hex, 0 octal, with optional u/l
// suffixes) or a float (digits '.' digits, optional exponent, optional f/l).
func (l *lexer) lexNumber(start Pos) (token, error) {
	s := l.pos
	hex := l.src[l.pos] == '0' && (l.peekByte(1) == 'x' || l.peekByte(1) == 'X')
	if hex {
		l.skip(2)
		for l.pos < len(l.src) && isHex(l.src[l.pos]) {
			l.advance()
		}
	} else {
		for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
			l.advance()
		}
	}
	isFloat := false
	if !hex && l.pos < len(l.src) && l.src[l.pos] == '.' && isDigit(l.peekByte(1)) {
		isFloat = true
		l.advance()
		for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
			l.advance()
		}
	}
	if !hex && l.pos < len(l.src) && (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') {
		// An exponent (an animscope extension; mIFF itself has none).
		k := 1
		if b := l.peekByte(1); b == '+' || b == '-' {
			k = 2
		}
		if isDigit(l.peekByte(k)) {
			isFloat = true
			l.skip(k)
			for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
				l.advance()
			}
		}
	}
	// The literal stays a slice of the source: converting every number of a large
	// source to a string would allocate once per value.
	lit := l.src[s:l.pos:l.pos]
	if l.pos-s > maxTokenBytes {
		return token{}, errAt(start, "number longer than %d bytes", maxTokenBytes)
	}
	if isFloat {
		if b := l.peekByte(0); b == 'f' || b == 'F' || b == 'l' || b == 'L' {
			l.advance()
		}
		f, err := strconv.ParseFloat(string(lit), 64)
		if err != nil {
			return token{}, errAt(start, "number %s is out of range", l.show(string(lit)))
		}
		return token{Kind: tFloat, Pos: start, lit: lit, F: f}, nil
	}
	for l.pos < len(l.src) && (l.src[l.pos] == 'u' || l.src[l.pos] == 'U' || l.src[l.pos] == 'l' || l.src[l.pos] == 'L') {
		l.advance()
	}
	if l.pos < len(l.src) && (isLetter(l.src[l.pos]) || isDigit(l.src[l.pos])) {
		return token{}, errAt(start, "malformed number %s", l.show(string(l.src[s:l.pos+1])))
	}
	var v uint64
	var err error
	switch {
	case hex:
		if len(lit) == 2 {
			return token{}, errAt(start, "malformed number %s", l.show(string(lit)))
		}
		v, err = strconv.ParseUint(string(lit[2:]), 16, 64)
	case len(lit) > 1 && lit[0] == '0':
		v, err = strconv.ParseUint(string(lit[1:]), 8, 64)
	default:
		v, err = strconv.ParseUint(string(lit), 10, 64)
	}
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return token{}, errAt(start, "number %s is too large", l.show(string(lit)))
		}
		return token{}, errAt(start, "malformed number %s", l.show(string(lit)))
	}
	if v > 1<<63-1 {
		return token{}, errAt(start, "number %s is too large (at most 9223372036854775807)", l.show(string(lit)))
	}
	return token{Kind: tInt, Pos: start, lit: lit, Int: int64(v)}, nil
}

// lexString reads a "string" and decodes mIFF's escapes: \a \b \f \n \r \t \v
// \' \" \\ \?, up to three octal digits, and \x with up to three hex digits (a
// value above 255 is an error). The escape letter is case-insensitive, as in
// mIFF, and \f gives 0x07 exactly as mIFF writes it.
func (l *lexer) lexString(start Pos) (token, error) {
	l.advance() // opening quote
	rawStart := l.pos
	// Until the first escape, the string's bytes are the source's: Str is then a
	// slice of it, not a copy (sources repeat short strings by the million).
	var out []byte
	escaped := false
	for {
		if l.pos >= len(l.src) {
			return token{}, errAt(start, "string is not closed before the end of the file")
		}
		if l.pos-rawStart > maxTokenBytes {
			return token{}, errAt(start, "string longer than %d bytes", maxTokenBytes)
		}
		c := l.src[l.pos]
		if c == '"' {
			if !escaped {
				out = l.src[rawStart:l.pos:l.pos]
			}
			raw := string(l.src[rawStart:l.pos])
			l.advance()
			return token{Kind: tString, Pos: start, Text: raw, Str: out, Raw: raw}, nil
		}
		if !escaped && c != '\\' {
			if c < utf8.RuneSelf && c != '\n' {
				l.pos++
				l.col++
			} else {
				l.advance()
			}
			continue
		}
		if !escaped {
			escaped = true
			out = append([]byte(nil), l.src[rawStart:l.pos]...)
		}
		if c != '\\' {
			n := 1
			if c >= utf8.RuneSelf {
				_, n = utf8.DecodeRune(l.src[l.pos:])
			}
			out = append(out, l.src[l.pos:l.pos+n]...)
			l.advance()
			continue
		}
		esc := l.here()
		l.advance()
		if l.pos >= len(l.src) {
			return token{}, errAt(start, "string is not closed before the end of the file")
		}
		e := l.src[l.pos]
		if e >= 'A' && e <= 'Z' {
			e += 'a' - 'A'
		}
		switch e {
		case 'a', 'f':
			out = append(out, 7)
		case 'b':
			out = append(out, 8)
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'v':
			out = append(out, '\v')
		case '\'', '"', '\\', '?':
			out = append(out, l.src[l.pos])
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := 0
			for k := 0; k < 3 && l.pos < len(l.src) && l.src[l.pos] >= '0' && l.src[l.pos] <= '7'; k++ {
				v = v*8 + int(l.src[l.pos]-'0')
				l.advance()
			}
			if v > 255 {
				return token{}, errAt(esc, "octal escape is above 255")
			}
			out = append(out, byte(v))
			continue
		case 'x':
			l.advance()
			v, k := 0, 0
			for ; k < 3 && l.pos < len(l.src) && isHex(l.src[l.pos]); k++ {
				d := l.src[l.pos]
				switch {
				case isDigit(d):
					v = v*16 + int(d-'0')
				case d >= 'a':
					v = v*16 + int(d-'a'+10)
				default:
					v = v*16 + int(d-'A'+10)
				}
				l.advance()
			}
			if k == 0 {
				return token{}, errAt(esc, "\\x escape has no hex digits")
			}
			if v > 255 {
				return token{}, errAt(esc, "hex escape is above 255")
			}
			out = append(out, byte(v))
			continue
		case '8', '9':
			return token{}, errAt(esc, "escape %s is not octal", l.show(`\`+string(rune(e))))
		default:
			r, _ := utf8.DecodeRune(l.src[l.pos:])
			return token{}, errAt(esc, "unknown escape %s", l.show(`\`+string(r)))
		}
		l.advance()
	}
}

// lexDefine reads "#define NAME tokens" or "#undef NAME" up to the end of the line.
func (l *lexer) lexDefine(start Pos) (token, error) {
	undef := l.matchWord("#undef")
	if undef {
		l.skip(len("#undef"))
	} else {
		l.skip(len("#define"))
	}
	end := l.pos
	for end < len(l.src) && l.src[end] != '\n' {
		end++
	}
	// The rest of the line, lexed on its own (a comment or string cannot run past it).
	sub := &lexer{file: l.file, src: l.src[:end], pos: l.pos, line: l.line, col: l.col, hidden: l.hidden}
	name, err := sub.next()
	if err != nil {
		return token{}, err
	}
	if name.Kind != tIdent {
		return token{}, errAt(start, "%s needs a macro name", map[bool]string{true: "#undef", false: "#define"}[undef])
	}
	t := token{Kind: tDefine, Pos: start, Text: name.Text}
	if undef {
		t.Kind = tUndef
	} else if sub.pos < len(sub.src) && sub.src[sub.pos] == '(' {
		return token{}, errAt(start, "#define %s(…): function-like macros are not supported", l.show(name.Text))
	}
	for {
		b, err := sub.next()
		if err != nil {
			return token{}, err
		}
		if b.Kind == tEOF {
			break
		}
		switch b.Kind {
		case tInclude, tPragma, tDefine, tUndef, tPound:
			return token{}, errAt(b.Pos, "a directive inside #define %s", l.show(name.Text))
		}
		if undef {
			return token{}, errAt(b.Pos, "#undef %s takes nothing more", l.show(name.Text))
		}
		if len(t.Body) >= maxMacroTokens {
			return token{}, errAt(start, "#define %s has more than %d tokens", l.show(name.Text), maxMacroTokens)
		}
		t.Body = append(t.Body, b)
	}
	for l.pos < end {
		l.advance()
	}
	return t, nil
}

// maxMacroTokens bounds one macro's replacement.
const maxMacroTokens = 4096
