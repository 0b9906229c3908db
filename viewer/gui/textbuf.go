package gui

import (
	"strconv"
	"unsafe"
)

// textBuf formats labels into a reused byte buffer, so that the per-frame panels
// (the dope sheet's ruler, the key table's cells) allocate nothing per row. The
// string it returns shares the buffer and is valid until the buffer is written
// again: ImGui copies a label the moment it is given one, so a label handed
// straight to an ImGui call is safe.
type textBuf struct{ b []byte }

func (t *textBuf) reset() *textBuf { t.b = t.b[:0]; return t }

func (t *textBuf) int(n int) *textBuf { t.b = strconv.AppendInt(t.b, int64(n), 10); return t }

// float appends v with prec decimals ('f' format).
func (t *textBuf) float(v float64, prec int) *textBuf {
	t.b = strconv.AppendFloat(t.b, v, 'f', prec, 64)
	return t
}

func (t *textBuf) str(s string) *textBuf { t.b = append(t.b, s...); return t }

// String is the buffer's text, sharing its bytes (see textBuf).
func (t *textBuf) String() string { return unsafe.String(unsafe.SliceData(t.b), len(t.b)) }

// intStrings caches the decimal text of small non-negative integers (frame and
// key indices), filled as they are first asked for.
type intStrings struct{ s []string }

// maxCachedInt bounds the cache; larger numbers go through a textBuf.
const maxCachedInt = 1 << 16

// get is n's text, or "" when n is outside the cache's range.
func (c *intStrings) get(n int) string {
	if n < 0 || n >= maxCachedInt {
		return ""
	}
	if n >= len(c.s) {
		c.s = append(c.s, make([]string, n+1-len(c.s))...)
	}
	if c.s[n] == "" {
		c.s[n] = strconv.Itoa(n)
	}
	return c.s[n]
}

// intText is n's text from the cache, or formatted into tb when it is not cached.
func (c *intStrings) intText(n int, tb *textBuf) string {
	if s := c.get(n); s != "" {
		return s
	}
	return tb.reset().int(n).String()
}
