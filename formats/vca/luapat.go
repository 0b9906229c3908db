package vca

import (
	"errors"
	"fmt"
)

// luaFind is Lua 5.1's string.find(s, pattern) returning the 1-based start of the
// first match, or 0 when there is none. The engine maps `by` onto an axis with it
// (("xyz"):find(by)), so `by .` is axis 1. A malformed pattern is an error, as in
// Lua. Patterns longer than maxPattern are refused (the subjects are 3 or 4 bytes
// long, so no real file needs more).
func luaFind(s, p string) (int, error) {
	if len(p) > maxPattern {
		return 0, fmt.Errorf("pattern of %d bytes is longer than %d", len(p), maxPattern)
	}
	m := &matchState{src: s, pat: p}
	init := 0
	anchor := len(p) > 0 && p[0] == '^'
	pi := 0
	if anchor {
		pi = 1
	}
	for {
		m.level = 0
		m.steps = 0
		e, err := m.match(init, pi)
		if err != nil {
			return 0, err
		}
		if e >= 0 {
			return init + 1, nil
		}
		init++
		if anchor || init > len(s) {
			return 0, nil
		}
	}
}

const (
	maxPattern  = 256
	maxCaptures = 32
	maxSteps    = 1 << 20
	capUnfin    = -1
	capPosition = -2
)

type matchState struct {
	src, pat string
	level    int
	capStart [maxCaptures]int
	capLen   [maxCaptures]int
	steps    int
	depth    int
}

var errPattern = errors.New("malformed pattern")

func (m *matchState) classEnd(p int) (int, error) {
	if p >= len(m.pat) {
		return 0, errPattern
	}
	c := m.pat[p]
	p++
	if c == '%' {
		if p >= len(m.pat) {
			return 0, errors.New("malformed pattern (ends with '%')")
		}
		return p + 1, nil
	}
	if c == '[' {
		if p < len(m.pat) && m.pat[p] == '^' {
			p++
		}
		for {
			if p >= len(m.pat) {
				return 0, errors.New("malformed pattern (missing ']')")
			}
			c := m.pat[p]
			p++
			if c == '%' {
				if p >= len(m.pat) {
					return 0, errors.New("malformed pattern (missing ']')")
				}
				p++
			}
			if p < len(m.pat) && m.pat[p] == ']' {
				return p + 1, nil
			}
			if p >= len(m.pat) {
				return 0, errors.New("malformed pattern (missing ']')")
			}
		}
	}
	return p, nil
}

func singleClass(c byte, cl byte) bool {
	var res bool
	lower := cl | 0x20
	switch lower {
	case 'a':
		res = isIdentStart(c) && c != '_'
	case 'c':
		res = c < 32 || c == 127
	case 'd':
		res = isDigit(c)
	case 'l':
		res = c >= 'a' && c <= 'z'
	case 'p':
		res = c > 32 && c < 127 && !isAlnum(c) || c == '_'
	case 's':
		res = c == ' ' || (c >= '\t' && c <= '\r')
	case 'u':
		res = c >= 'A' && c <= 'Z'
	case 'w':
		res = isAlnum(c) && c != '_'
	case 'x':
		res = hexVal(c) >= 0
	case 'z':
		res = c == 0
	default:
		return cl == c
	}
	if cl >= 'A' && cl <= 'Z' {
		return !res
	}
	return res
}

func (m *matchState) matchClass(c byte, p, ep int) bool {
	// p points at '[', ep−1 at ']'
	sig := true
	p++
	if m.pat[p] == '^' {
		sig = false
		p++
	}
	for p < ep-1 {
		if m.pat[p] == '%' {
			p++
			if singleClass(c, m.pat[p]) {
				return sig
			}
			p++
		} else if p+2 < ep-1 && m.pat[p+1] == '-' {
			if m.pat[p] <= c && c <= m.pat[p+2] {
				return sig
			}
			p += 3
		} else {
			if m.pat[p] == c {
				return sig
			}
			p++
		}
	}
	return !sig
}

func (m *matchState) singleMatch(s, p, ep int) bool {
	if s >= len(m.src) {
		return false
	}
	c := m.src[s]
	switch m.pat[p] {
	case '.':
		return true
	case '%':
		return singleClass(c, m.pat[p+1])
	case '[':
		return m.matchClass(c, p, ep)
	}
	return m.pat[p] == c
}

// match returns the end of the match of pattern[p:] at src[s:], or −1.
func (m *matchState) match(s, p int) (int, error) {
	m.depth++
	defer func() { m.depth-- }()
	if m.depth > 2*maxPattern {
		return -1, errors.New("pattern too complex")
	}
	for {
		m.steps++
		if m.steps > maxSteps {
			return -1, errors.New("pattern too complex")
		}
		if p >= len(m.pat) {
			return s, nil
		}
		switch m.pat[p] {
		case '(':
			if p+1 < len(m.pat) && m.pat[p+1] == ')' {
				return m.startCapture(s, p+2, capPosition)
			}
			return m.startCapture(s, p+1, capUnfin)
		case ')':
			return m.endCapture(s, p+1)
		case '%':
			if p+1 < len(m.pat) {
				switch m.pat[p+1] {
				case 'b':
					return m.matchBalance(s, p+2)
				case 'f':
					p += 2
					if p >= len(m.pat) || m.pat[p] != '[' {
						return -1, errors.New("missing '[' after '%f' in pattern")
					}
					ep, err := m.classEnd(p)
					if err != nil {
						return -1, err
					}
					var prev byte
					if s > 0 {
						prev = m.src[s-1]
					}
					var cur byte
					if s < len(m.src) {
						cur = m.src[s]
					}
					if !m.matchClass(prev, p, ep) && m.matchClass(cur, p, ep) {
						p = ep
						continue
					}
					return -1, nil
				default:
					if isDigit(m.pat[p+1]) {
						l := int(m.pat[p+1] - '1')
						if l < 0 || l >= m.level || m.capLen[l] == capUnfin {
							return -1, errors.New("invalid capture index")
						}
						n := m.capLen[l]
						if n < 0 {
							n = 0
						}
						if len(m.src)-s >= n && m.src[m.capStart[l]:m.capStart[l]+n] == m.src[s:s+n] {
							s += n
							p += 2
							continue
						}
						return -1, nil
					}
				}
			}
		case '$':
			if p+1 == len(m.pat) {
				if s == len(m.src) {
					return s, nil
				}
				return -1, nil
			}
		}
		ep, err := m.classEnd(p)
		if err != nil {
			return -1, err
		}
		matched := m.singleMatch(s, p, ep)
		var next byte
		if ep < len(m.pat) {
			next = m.pat[ep]
		}
		switch next {
		case '?':
			if matched {
				r, err := m.match(s+1, ep+1)
				if err != nil || r >= 0 {
					return r, err
				}
			}
			p = ep + 1
			continue
		case '*':
			return m.maxExpand(s, p, ep)
		case '+':
			if !matched {
				return -1, nil
			}
			return m.maxExpand(s+1, p, ep)
		case '-':
			return m.minExpand(s, p, ep)
		}
		if !matched {
			return -1, nil
		}
		s++
		p = ep
	}
}

func (m *matchState) maxExpand(s, p, ep int) (int, error) {
	i := 0
	for m.singleMatch(s+i, p, ep) {
		i++
	}
	for i >= 0 {
		r, err := m.match(s+i, ep+1)
		if err != nil || r >= 0 {
			return r, err
		}
		i--
	}
	return -1, nil
}

func (m *matchState) minExpand(s, p, ep int) (int, error) {
	for {
		r, err := m.match(s, ep+1)
		if err != nil || r >= 0 {
			return r, err
		}
		if m.singleMatch(s, p, ep) {
			s++
		} else {
			return -1, nil
		}
	}
}

func (m *matchState) startCapture(s, p, what int) (int, error) {
	if m.level >= maxCaptures {
		return -1, errors.New("too many captures")
	}
	m.capStart[m.level] = s
	m.capLen[m.level] = what
	m.level++
	r, err := m.match(s, p)
	if err != nil || r < 0 {
		m.level--
	}
	return r, err
}

func (m *matchState) endCapture(s, p int) (int, error) {
	l := -1
	for i := m.level - 1; i >= 0; i-- {
		if m.capLen[i] == capUnfin {
			l = i
			break
		}
	}
	if l < 0 {
		return -1, errors.New("invalid pattern capture")
	}
	m.capLen[l] = s - m.capStart[l]
	r, err := m.match(s, p)
	if err != nil || r < 0 {
		m.capLen[l] = capUnfin
	}
	return r, err
}

func (m *matchState) matchBalance(s, p int) (int, error) {
	if p+1 >= len(m.pat) {
		return -1, errors.New("unbalanced pattern")
	}
	if s >= len(m.src) || m.src[s] != m.pat[p] {
		return -1, nil
	}
	b, e := m.pat[p], m.pat[p+1]
	cont := 1
	for i := s + 1; i < len(m.src); i++ {
		if m.src[i] == e {
			cont--
			if cont == 0 {
				return m.match(i+1, p+2)
			}
		} else if m.src[i] == b {
			cont++
		}
	}
	return -1, nil
}
