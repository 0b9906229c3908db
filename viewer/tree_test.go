package viewer

import (
	"fmt"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

func chainScene(t *testing.T, n int) *Scene {
	t.Helper()
	sk := &anim.Skeleton{Names: make([]string, n), Parents: make([]int32, n)}
	for i := range sk.Parents {
		sk.Parents[i] = int32(i - 1)
		sk.Names[i] = fmt.Sprint("n", i)
	}
	sc, err := NewScene(&formats.Asset{Skeleton: sk}, nil, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestTreeView(t *testing.T) {
	sc := chainScene(t, 10)
	var tv TreeView
	steps := []struct {
		what     string
		do       func()
		sel      int
		rows     int
		scrollTo int
	}{
		{"opens to the default depth", func() {}, -1, defaultOpenDepth + 1, -1},
		{"selecting a deep node opens its ancestors", func() {}, 9, 10, 9},
		{"same selection does not scroll again", func() {}, 9, 10, -1},
		{"closing the root hides the rest", func() { tv.Toggle(0) }, 9, 1, -1},
		{"reopening", func() { tv.Toggle(0) }, 9, 10, -1},
	}
	for _, st := range steps {
		st.do()
		tv.Sync(sc, st.sel)
		if len(tv.Rows) != st.rows || tv.ScrollTo != st.scrollTo {
			t.Errorf("%s: %d rows, scroll to %d; want %d rows, scroll to %d", st.what, len(tv.Rows), tv.ScrollTo, st.rows, st.scrollTo)
		}
		tv.ScrollTo = -1
	}
	for r, row := range tv.Rows {
		if int(row.Node) != r || int(row.Depth) != r {
			t.Errorf("row %d = %+v, want node %d at depth %d", r, row, r, r)
		}
	}
}

func BenchmarkTreeSync10k(b *testing.B) {
	sk := &anim.Skeleton{Names: make([]string, 10000), Parents: make([]int32, 10000)}
	for i := range sk.Parents {
		sk.Parents[i] = int32((i-1)/4) - int32(1-min(i, 1)) // a 4-ary tree, node 0 the root
		sk.Names[i] = fmt.Sprint("n", i)
	}
	sc, err := NewScene(&formats.Asset{Skeleton: sk}, nil, formats.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var tv TreeView
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		tv.Toggle(0)
		tv.Sync(sc, i%10000)
	}
}
