package vca

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Limits on expressions. LuaJIT refuses more than 200 syntax levels ("chunk has too
// many syntax levels"); the length and node limits keep a hostile file from costing
// more than a moment at load or per frame.
const (
	MaxExprLen   = 64 << 10
	MaxExprDepth = 200
	MaxExprNodes = 20000
)

// blacklist is the engine's invalid-syntax check: any of these substrings rejects
// the whole text (so `blend` is rejected for containing `end`).
var blacklist = []string{"end", "'", "\"", "--", ".."}

// blacklisted returns the first blacklisted substring of src, or "".
func blacklisted(src string) string {
	for _, b := range blacklist {
		if strings.Contains(src, b) {
			return b
		}
	}
	return ""
}

// ExprError is an expression error at a byte offset of the expression text. Syntax
// errors fail the whole file in the engine (a load error); Semantic errors (unknown
// names, arithmetic on a boolean, a missing argument) are runtime errors there and
// make animscope ignore the line.
type ExprError struct {
	Pos      int
	Msg      string
	Semantic bool
}

func (e *ExprError) Error() string { return e.Msg }

// ---- values ----

type vkind uint8

const (
	kNum vkind = iota
	kBool
	kNil
)

type value struct {
	n float64
	k vkind
}

func (v value) truthy() bool { return !(v.k == kNil || (v.k == kBool && v.n == 0)) }

func boolV(b bool) value {
	if b {
		return value{1, kBool}
	}
	return value{0, kBool}
}

// env is what a compiled expression reads. err is set by a runtime error (an
// operand that is not a number); the caller then discards the result.
type env struct {
	t, m, intensity float64
	kl, kr          [2]float64 // frame, value
	rng             *tw223
	err             bool
}

type numFn func(e *env) float64
type valFn func(e *env) value

// ---- lexer ----

type tokKind uint8

const (
	tEOF tokKind = iota
	tNum
	tName
	tOp // operator or punctuation in s
)

type token struct {
	kind tokKind
	s    string
	num  float64
	pos  int
}

type exprErr struct{ e *ExprError }

type lexer struct {
	src string
	pos int
	tok token
}

func (lx *lexer) fail(pos int, format string, args ...any) {
	panic(exprErr{&ExprError{Pos: pos, Msg: fmt.Sprintf(format, args...)}})
}

func isLuaSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool { return isIdentStart(c) || isDigit(c) }

func (lx *lexer) next() {
	for lx.pos < len(lx.src) && isLuaSpace(lx.src[lx.pos]) {
		lx.pos++
	}
	start := lx.pos
	if lx.pos >= len(lx.src) {
		lx.tok = token{kind: tEOF, pos: start}
		return
	}
	c := lx.src[lx.pos]
	switch {
	case isIdentStart(c):
		for lx.pos < len(lx.src) && isAlnum(lx.src[lx.pos]) {
			lx.pos++
		}
		lx.tok = token{kind: tName, s: lx.src[start:lx.pos], pos: start}
		return
	case isDigit(c) || (c == '.' && lx.pos+1 < len(lx.src) && isDigit(lx.src[lx.pos+1])):
		// Lua reads a numeral greedily: alphanumerics, '.', and a sign after an
		// exponent letter; then converts the whole run (or fails).
		for lx.pos < len(lx.src) {
			ch := lx.src[lx.pos]
			if (ch == '+' || ch == '-') && lx.pos > start {
				p := lx.src[lx.pos-1]
				hex := len(lx.src) > start+1 && (lx.src[start+1] == 'x' || lx.src[start+1] == 'X') && lx.src[start] == '0'
				if (!hex && (p == 'e' || p == 'E')) || (hex && (p == 'p' || p == 'P')) {
					lx.pos++
					continue
				}
				break
			}
			if isAlnum(ch) || ch == '.' { // isIdentStart includes '_'
				lx.pos++
				continue
			}
			break
		}
		text := lx.src[start:lx.pos]
		v, ok := luaNumber(text)
		if !ok {
			lx.fail(start, "malformed number near '%s'", text)
		}
		lx.tok = token{kind: tNum, num: v, s: text, pos: start}
		return
	}
	two := ""
	if lx.pos+1 < len(lx.src) {
		two = lx.src[lx.pos : lx.pos+2]
	}
	switch two {
	case "==", "~=", "<=", ">=", "..":
		lx.pos += 2
		lx.tok = token{kind: tOp, s: two, pos: start}
		return
	}
	switch c {
	case '+', '-', '*', '/', '%', '^', '#', '<', '>', '(', ')', ',', '.', '=', '{', '}', '[', ']', ';', ':':
		lx.pos++
		lx.tok = token{kind: tOp, s: string(c), pos: start}
		return
	}
	lx.fail(start, "unexpected symbol near '%c'", c)
}

// luaNumber converts a Lua numeral (decimal with optional fraction and exponent, or
// 0x hex with optional fraction and p exponent). It never accepts inf or nan.
func luaNumber(s string) (float64, bool) {
	if s == "" {
		return 0, false
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		return hexNumber(s[2:])
	}
	// Validate the decimal form strictly, then let strconv convert.
	i, digits := 0, 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		ed := 0
		for i < len(s) && isDigit(s[i]) {
			i++
			ed++
		}
		if ed == 0 {
			return 0, false
		}
	}
	if i != len(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		// Out of range: strconv returns ±Inf or 0 with an error; Lua's strtod gives
		// the same values.
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return v, true
		}
		return 0, false
	}
	return v, true
}

func hexNumber(s string) (float64, bool) {
	mant, exp, digits := 0.0, 0, 0
	i := 0
	for i < len(s) && hexVal(s[i]) >= 0 {
		mant = float64(mant*16) + float64(hexVal(s[i]))
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && hexVal(s[i]) >= 0 {
			mant = float64(mant*16) + float64(hexVal(s[i]))
			exp -= 4
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'p' || s[i] == 'P') {
		i++
		sign := 1
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			if s[i] == '-' {
				sign = -1
			}
			i++
		}
		e, ed := 0, 0
		for i < len(s) && isDigit(s[i]) {
			if e < 100000 {
				e = e*10 + int(s[i]-'0')
			}
			i++
			ed++
		}
		if ed == 0 {
			return 0, false
		}
		exp += sign * e
	}
	if i != len(s) {
		return 0, false
	}
	return math.Ldexp(mant, exp), true
}

// toNumber is Lua's tonumber on a string: surrounding whitespace allowed, an
// optional sign, decimal or hex; inf and nan are rejected.
func toNumber(s string) (float64, bool) {
	s = strings.TrimFunc(s, func(r rune) bool { return r < 128 && isLuaSpace(byte(r)) })
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" || s[0] == '-' || s[0] == '+' {
		return 0, false
	}
	v, ok := luaNumber(s)
	if !ok {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// ---- parser (Lua 5.1 subexpr) ----

type node struct {
	op   string // "num", "bool", "nil", "name", "field", "call", "neg", "not", "#", or a binary operator
	num  float64
	name string
	args []*node
	pos  int
}

// binary priorities: left, right (Lua 5.1 lparser.c).
var binPrio = map[string][2]int{
	"+": {6, 6}, "-": {6, 6}, "*": {7, 7}, "/": {7, 7}, "%": {7, 7},
	"^": {10, 9}, "..": {5, 4},
	"==": {3, 3}, "~=": {3, 3}, "<": {3, 3}, "<=": {3, 3}, ">": {3, 3}, ">=": {3, 3},
	"and": {2, 2}, "or": {1, 1},
}

const unaryPrio = 8

type parser struct {
	lx    lexer
	depth int
	nodes int
}

func (p *parser) mk(n *node) *node {
	p.nodes++
	if p.nodes > MaxExprNodes {
		p.lx.fail(n.pos, "expression has more than %d terms", MaxExprNodes)
	}
	return n
}

func (p *parser) enter(pos int) {
	p.depth++
	if p.depth > MaxExprDepth {
		p.lx.fail(pos, "expression nested deeper than %d levels", MaxExprDepth)
	}
}

func (p *parser) binop() string {
	t := p.lx.tok
	switch t.kind {
	case tOp:
		if _, ok := binPrio[t.s]; ok {
			return t.s
		}
	case tName:
		if t.s == "and" || t.s == "or" {
			return t.s
		}
	}
	return ""
}

func (p *parser) subexpr(limit int) *node {
	p.enter(p.lx.tok.pos)
	defer func() { p.depth-- }()
	var e *node
	t := p.lx.tok
	if (t.kind == tOp && (t.s == "-" || t.s == "#")) || (t.kind == tName && t.s == "not") {
		p.lx.next()
		arg := p.subexpr(unaryPrio)
		op := t.s
		if op == "-" {
			op = "neg"
		}
		e = p.mk(&node{op: op, args: []*node{arg}, pos: t.pos})
	} else {
		e = p.simple()
	}
	for {
		op := p.binop()
		if op == "" || binPrio[op][0] <= limit {
			break
		}
		pos := p.lx.tok.pos
		p.lx.next()
		r := p.subexpr(binPrio[op][1])
		e = p.mk(&node{op: op, args: []*node{e, r}, pos: pos})
	}
	return e
}

var keywords = map[string]bool{
	"and": true, "break": true, "do": true, "else": true, "elseif": true, "end": true,
	"false": true, "for": true, "function": true, "if": true, "in": true, "local": true,
	"nil": true, "not": true, "or": true, "repeat": true, "return": true, "then": true,
	"true": true, "until": true, "while": true, "goto": true,
}

func (p *parser) simple() *node {
	t := p.lx.tok
	switch t.kind {
	case tNum:
		p.lx.next()
		return p.mk(&node{op: "num", num: t.num, pos: t.pos})
	case tName:
		switch t.s {
		case "true", "false":
			p.lx.next()
			n := &node{op: "bool", pos: t.pos}
			if t.s == "true" {
				n.num = 1
			}
			return p.mk(n)
		case "nil":
			p.lx.next()
			return p.mk(&node{op: "nil", pos: t.pos})
		}
	}
	return p.primary()
}

func (p *parser) primary() *node {
	t := p.lx.tok
	var e *node
	switch {
	case t.kind == tName && !keywords[t.s]:
		p.lx.next()
		e = p.mk(&node{op: "name", name: t.s, pos: t.pos})
	case t.kind == tOp && t.s == "(":
		p.lx.next()
		e = p.expr()
		p.expect(")", t.pos)
		e = p.mk(&node{op: "paren", args: []*node{e}, pos: t.pos})
	default:
		p.unexpected()
	}
	for {
		t = p.lx.tok
		if t.kind != tOp {
			return e
		}
		switch t.s {
		case ".":
			p.lx.next()
			f := p.lx.tok
			if f.kind != tName || keywords[f.s] {
				p.lx.fail(f.pos, "<name> expected near '%s'", p.tokText())
			}
			p.lx.next()
			e = p.mk(&node{op: "field", name: f.s, args: []*node{e}, pos: t.pos})
		case "(":
			p.lx.next()
			call := &node{op: "call", args: []*node{e}, pos: t.pos}
			if !(p.lx.tok.kind == tOp && p.lx.tok.s == ")") {
				for {
					call.args = append(call.args, p.expr())
					if p.lx.tok.kind == tOp && p.lx.tok.s == "," {
						p.lx.next()
						continue
					}
					break
				}
			}
			p.expect(")", t.pos)
			e = p.mk(call)
		case "[", ":", "{":
			p.lx.fail(t.pos, "'%s' is not supported in an animation expression", t.s)
		default:
			return e
		}
	}
}

func (p *parser) expr() *node { return p.subexpr(0) }

func (p *parser) tokText() string {
	if p.lx.tok.kind == tEOF {
		return "<eof>"
	}
	if p.lx.tok.kind == tNum {
		return p.lx.tok.s
	}
	return p.lx.tok.s
}

func (p *parser) unexpected() {
	p.lx.fail(p.lx.tok.pos, "unexpected symbol near '%s'", p.tokText())
}

func (p *parser) expect(s string, openPos int) {
	if p.lx.tok.kind == tOp && p.lx.tok.s == s {
		p.lx.next()
		return
	}
	p.lx.fail(p.lx.tok.pos, "'%s' expected near '%s'", s, p.tokText())
}

// parseExpr parses a whole expression. It never panics on any input.
func parseExpr(src string) (n *node, err error) {
	if len(src) > MaxExprLen {
		return nil, &ExprError{Pos: 0, Msg: fmt.Sprintf("expression of %d bytes is longer than the %d-byte limit", len(src), MaxExprLen)}
	}
	p := &parser{lx: lexer{src: src}}
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(exprErr)
			if !ok {
				panic(r)
			}
			n, err = nil, a.e
		}
	}()
	p.lx.next()
	n = p.expr()
	if p.lx.tok.kind != tEOF {
		p.lx.fail(p.lx.tok.pos, "'<eof>' expected near '%s'", p.tokText())
	}
	return n, nil
}
