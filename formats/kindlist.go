package formats

import (
	"sort"
	"sync"
)

// kindList holds one kind of entry that families add from init (archive and
// data kinds, texture kinds, slot names, source kinds, customisers; the
// decoders keep their own, tied to their readings), kept sorted by less. add
// replaces the slice (copy on write), so a reader holding the old one never
// sees it change, and the readers that run for every file of a batch neither
// copy nor sort.
type kindList[T any] struct {
	mu   sync.RWMutex
	list []T
	less func(a, b T) bool
}

func newKindList[T any](less func(a, b T) bool) *kindList[T] {
	return &kindList[T]{less: less}
}

// add inserts e in order (after the entries that sort equal to it).
func (r *kindList[T]) add(e T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	next := append(make([]T, 0, len(r.list)+1), r.list...)
	next = append(next, e)
	sort.SliceStable(next, func(i, j int) bool { return r.less(next[i], next[j]) })
	r.list = next
}

// all is the registry itself, in order: read it, never change it.
func (r *kindList[T]) all() []T {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.list
}
