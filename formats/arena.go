package formats

import "unsafe"

// StringArena makes many small strings (the names of an archive's members)
// with few allocations: their bytes go into shared chunks, each string points
// into one, and nothing writes those bytes again. A table of 100,000 names
// then costs some dozens of allocations instead of 100,000, and the names
// live as long as any of them does (a mount keeps them all).
type StringArena struct{ chunk []byte }

const arenaChunk = 64 << 10

// Alloc returns room for a string of at most n bytes: an empty slice of
// capacity n to append into (appends stay inside). String makes the string.
func (a *StringArena) Alloc(n int) []byte {
	if cap(a.chunk)-len(a.chunk) < n {
		a.chunk = make([]byte, 0, max(arenaChunk, n))
	}
	start := len(a.chunk)
	return a.chunk[start : start : start+n]
}

// String makes b, written into the room the last Alloc gave, a string; b must
// not be written again.
func (a *StringArena) String(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	a.chunk = a.chunk[:len(a.chunk)+len(b)]
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Copy is the string of b's bytes, made in the arena.
func (a *StringArena) Copy(b []byte) string {
	return a.String(append(a.Alloc(len(b)), b...))
}
