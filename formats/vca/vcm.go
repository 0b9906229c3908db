package vca

import (
	"fmt"
	"strings"
)

// MaxVCMDepth bounds the nesting of `{…}` blocks (the engine recurses without a
// bound; animscope refuses deeper files instead of exhausting the stack).
const MaxVCMDepth = 256

// Attr is one attribute of a VCM element. Values are always strings.
type Attr struct {
	Name  string
	Value string
	// NamePos and ValuePos are byte offsets of the name and of the value's first
	// character (inside the quotes or parentheses for QUOTED and PAREN values).
	NamePos, ValuePos int
	// Paren says the value was written in parentheses (its text is verbatim).
	Paren bool
}

// Node is one VCM element: a tag, attributes (a repeated name overwrites the
// earlier value, in the earlier place) and ordered children.
type Node struct {
	Tag      string
	Pos      int // offset of the '@'
	Attrs    []Attr
	Children []*Node
	index    map[string]int // name → position in Attrs, built once Attrs grows
}

// Attr returns the attribute called name.
func (n *Node) Attr(name string) (Attr, bool) {
	if n.index != nil {
		if i, ok := n.index[name]; ok {
			return n.Attrs[i], true
		}
		return Attr{}, false
	}
	for _, a := range n.Attrs {
		if a.Name == name {
			return a, true
		}
	}
	return Attr{}, false
}

// Get returns an attribute's value and whether it is present.
func (n *Node) Get(name string) (string, bool) {
	a, ok := n.Attr(name)
	return a.Value, ok
}

func (n *Node) set(a Attr) {
	i := -1
	if n.index != nil {
		if k, ok := n.index[a.Name]; ok {
			i = k
		}
	} else {
		for k := range n.Attrs {
			if n.Attrs[k].Name == a.Name {
				i = k
				break
			}
		}
	}
	if i >= 0 {
		n.Attrs[i].Value, n.Attrs[i].ValuePos, n.Attrs[i].Paren = a.Value, a.ValuePos, a.Paren
		return
	}
	n.Attrs = append(n.Attrs, a)
	switch {
	case n.index != nil:
		n.index[a.Name] = len(n.Attrs) - 1
	case len(n.Attrs) > 16:
		n.index = make(map[string]int, len(n.Attrs))
		for k, x := range n.Attrs {
			n.index[x.Name] = k
		}
	}
}

// SyntaxError is a VCM or expression error at a byte offset of the text.
type SyntaxError struct {
	Pos       int
	Line, Col int
	Msg       string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// LineCol converts a byte offset of src to a 1-based line and column (in bytes).
func LineCol(src []byte, pos int) (line, col int) {
	if pos > len(src) {
		pos = len(src)
	}
	if pos < 0 {
		pos = 0
	}
	line = 1
	start := 0
	for i := 0; i < pos; i++ {
		if src[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return line, pos - start + 1
}

// lineIndex answers LineCol in O(log n) after one pass over the text.
type lineIndex struct {
	src    []byte
	starts []int // offset of each line's first byte
}

func newLineIndex(src []byte) *lineIndex {
	li := &lineIndex{src: src, starts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			li.starts = append(li.starts, i+1)
		}
	}
	return li
}

// pos returns the 1-based line and column of offset off.
func (li *lineIndex) pos(off int) (int, int) {
	if off > len(li.src) {
		off = len(li.src)
	}
	if off < 0 {
		off = 0
	}
	lo, hi := 0, len(li.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if li.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1, off - li.starts[lo] + 1
}

// isSpace is VCM whitespace: space, \n, \r, \t and \f exactly.
func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isIdentPart(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '-'
}

type vcmParser struct {
	src []byte
	pos int
}

type vcmAbort struct{ err *SyntaxError }

func (p *vcmParser) fail(pos int, format string, args ...any) {
	line, col := LineCol(p.src, pos)
	panic(vcmAbort{&SyntaxError{Pos: pos, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}})
}

// skipWS skips whitespace and `#` comments (recognised only here, at token
// boundaries).
func (p *vcmParser) skipWS() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if isSpace(c) {
			p.pos++
			continue
		}
		if c == '#' {
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
			continue
		}
		return
	}
}

// peek skips whitespace and returns the next character; end of input is the error
// "unexpected end".
func (p *vcmParser) peek() byte {
	p.skipWS()
	if p.pos >= len(p.src) {
		p.fail(p.pos, "unexpected end")
	}
	return p.src[p.pos]
}

func (p *vcmParser) name() (string, int) {
	c := p.peek()
	if !isIdentStart(c) {
		p.fail(p.pos, "identifier expected")
	}
	start := p.pos
	for p.pos < len(p.src) && isIdentPart(p.src[p.pos]) {
		p.pos++
	}
	return string(p.src[start:p.pos]), start
}

func (p *vcmParser) value() (string, int, bool) {
	c := p.peek()
	switch c {
	case '"', '\'':
		p.pos++
		start := p.pos
		return p.quoted(c), start, false
	case '(':
		p.pos++
		start := p.pos
		depth := 1
		for p.pos < len(p.src) {
			switch p.src[p.pos] {
			case '(':
				depth++
			case ')':
				depth--
				if depth == 0 {
					v := string(p.src[start:p.pos])
					p.pos++
					return v, start, true
				}
			}
			p.pos++
		}
		p.fail(p.pos, "')' expected")
	}
	start := p.pos
	for p.pos < len(p.src) && !isSpace(p.src[p.pos]) {
		p.pos++
	}
	return string(p.src[start:p.pos]), start, false
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// simpleInt reads digits of base (skipping '_' between them, as the engine does),
// at most maxLen positions.
func (p *vcmParser) simpleInt(base, maxLen int) int64 {
	start := p.pos
	if p.pos >= len(p.src) {
		p.fail(p.pos, "unexpected end")
	}
	d := hexVal(p.src[p.pos])
	if d < 0 || d >= base {
		p.fail(p.pos, "invalid number literal")
	}
	v := int64(d)
	p.pos++
	for p.pos < len(p.src) && p.pos-start < maxLen {
		for p.pos < len(p.src) && p.src[p.pos] == '_' {
			p.pos++
		}
		if p.pos >= len(p.src) {
			break
		}
		d = hexVal(p.src[p.pos])
		if d < 0 || d >= base {
			break
		}
		v = v*int64(base) + int64(d)
		if v > 1<<40 {
			v = 1 << 40 // keeps the arithmetic bounded; the byte cast below is what counts
		}
		p.pos++
	}
	return v
}

func appendUTF8(b []byte, cp int64) []byte {
	c := uint32(cp)
	switch {
	case c < 0x80:
		return append(b, byte(c))
	case c < 0x800:
		return append(b, byte(0xC0|c>>6), byte(0x80|c&0x3F))
	case c < 0x10000:
		return append(b, byte(0xE0|c>>12), byte(0x80|(c>>6)&0x3F), byte(0x80|c&0x3F))
	default:
		return append(b, byte(0xF0|(c>>18)&7), byte(0x80|(c>>12)&0x3F), byte(0x80|(c>>6)&0x3F), byte(0x80|c&0x3F))
	}
}

// quoted reads a quoted string after its opening quote, with C-like escapes.
func (p *vcmParser) quoted(q byte) string {
	var sb []byte
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == q {
			p.pos++
			return string(sb)
		}
		if c == '\\' {
			esc := p.pos
			p.pos++
			if p.pos >= len(p.src) {
				p.fail(p.pos, "unexpected end")
			}
			c = p.src[p.pos]
			p.pos++
			switch {
			case c >= '0' && c <= '7':
				p.pos--
				sb = append(sb, byte(p.simpleInt(8, 1<<30)))
				continue
			case c == 'u' || c == 'x':
				n := 2
				if c == 'u' {
					n = 4
				}
				sb = appendUTF8(sb, p.simpleInt(16, n))
				continue
			}
			switch c {
			case 'n':
				sb = append(sb, '\n')
			case 'r':
				sb = append(sb, '\r')
			case 'b':
				sb = append(sb, '\b')
			case 't':
				sb = append(sb, '\t')
			case 'f':
				sb = append(sb, '\f')
			case 'v':
				sb = append(sb, '\v')
			case '\'', '"', '\\', '/':
				sb = append(sb, c)
			case '\n':
			default:
				p.fail(esc, "'\\%c' is an illegal escape", c)
			}
			continue
		}
		if c == '\n' {
			p.fail(p.pos, "non-closed string literal")
		}
		sb = append(sb, c)
		p.pos++
	}
	p.fail(p.pos, "unexpected end")
	return ""
}

func (p *vcmParser) elements(parent *Node, depth int) {
	if depth > MaxVCMDepth {
		p.fail(p.pos, "blocks nested deeper than %d levels", MaxVCMDepth)
	}
	p.skipWS()
	for p.pos < len(p.src) {
		c := p.peek()
		if c == '}' {
			return
		}
		if c != '@' {
			p.fail(p.pos, "unexpected character in element")
		}
		at := p.pos
		p.pos++
		tag, _ := p.name()
		n := &Node{Tag: tag, Pos: at}
		parent.Children = append(parent.Children, n)
		p.skipWS()
		for p.pos < len(p.src) {
			c := p.src[p.pos]
			if c == '@' || c == '{' || c == '}' {
				break
			}
			an, apos := p.name()
			p.skipWS()
			v, vpos, paren := p.value()
			n.set(Attr{Name: an, Value: v, NamePos: apos, ValuePos: vpos, Paren: paren})
			p.skipWS()
		}
		if p.pos >= len(p.src) {
			return
		}
		if p.src[p.pos] == '{' {
			p.pos++
			p.elements(n, depth+1)
			if p.peek() != '}' {
				p.fail(p.pos, "'}' expected")
			}
			p.pos++
			p.skipWS()
		}
	}
}

// ParseVCM tokenizes VCM text into a synthetic root node with tag rootTag. A stray
// `}` at the top level silently ends parsing, as in the engine.
func ParseVCM(src []byte, rootTag string) (root *Node, err error) {
	p := &vcmParser{src: src}
	root = &Node{Tag: rootTag}
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(vcmAbort)
			if !ok {
				panic(r)
			}
			root, err = nil, a.err
		}
	}()
	p.elements(root, 0)
	return root, nil
}

// looksVCM reports whether text starts (after whitespace and comments) with '@'.
func looksVCM(head []byte) bool {
	p := &vcmParser{src: head}
	p.skipWS()
	return p.pos < len(head) && head[p.pos] == '@'
}

// onlyComments reports whether text holds nothing but whitespace and comments.
func onlyComments(head []byte) bool {
	p := &vcmParser{src: head}
	p.skipWS()
	return p.pos == len(head)
}

// firstTags returns the tags of the first few top-level elements found in head,
// without failing on a truncated head.
func firstTags(head []byte, max int) []string {
	var tags []string
	s := string(head)
	for i := 0; i < len(s) && len(tags) < max; i++ {
		if s[i] == '@' && (i == 0 || isSpace(s[i-1]) || s[i-1] == '{' || s[i-1] == '}') {
			j := i + 1
			for j < len(s) && isIdentPart(s[j]) {
				j++
			}
			if j > i+1 {
				tags = append(tags, strings.ToLower(s[i+1:j]))
			}
		}
	}
	return tags
}
