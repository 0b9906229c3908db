package viewer

// treeRow is one visible line of the node tree.
type treeRow struct {
	Node, Depth int32
}

// TreeView is the node tree flattened into its visible rows, so that the panel can
// clip it like a list (a 10,000-node skeleton scrolls as fast as a 10-node one).
type TreeView struct {
	Rows []treeRow
	// ScrollTo is the row to bring into view (−1: none); the panel clears it.
	ScrollTo int
	closed   []bool
	gen      Revision
	lastSel  int
	stack    []treeRow
	dirty    bool
}

// defaultOpenDepth is how deep the tree starts open.
const defaultOpenDepth = 6

// Sync follows the scene and the selection: a new scene resets the open states; a
// new selection opens its ancestors and asks to scroll to it.
func (tv *TreeView) Sync(sc *Scene, sel int) {
	n := sc.Skel.Len()
	if tv.gen != sc.Gen || len(tv.closed) != n {
		tv.gen = sc.Gen
		tv.closed = make([]bool, n)
		for i := 0; i < n; i++ {
			d, p := 0, sc.Skel.Parents[i]
			for ; p >= 0 && d <= defaultOpenDepth; p = sc.Skel.Parents[p] {
				d++
			}
			tv.closed[i] = d >= defaultOpenDepth
		}
		tv.lastSel, tv.ScrollTo, tv.dirty = -2, -1, true
	}
	if sel != tv.lastSel {
		tv.lastSel = sel
		if sel >= 0 && sel < n {
			for p := sc.Skel.Parents[sel]; p >= 0; p = sc.Skel.Parents[p] {
				if tv.closed[p] {
					tv.closed[p] = false
					tv.dirty = true
				}
			}
		}
		tv.ScrollTo = -2 // resolved after the rows are rebuilt
	}
	if tv.dirty {
		tv.rebuild(sc)
	}
	if tv.ScrollTo == -2 {
		tv.ScrollTo = -1
		for r, row := range tv.Rows {
			if int(row.Node) == sel {
				tv.ScrollTo = r
				break
			}
		}
	}
}

// Toggle opens or closes a node.
func (tv *TreeView) Toggle(node int) {
	if node >= 0 && node < len(tv.closed) {
		tv.closed[node] = !tv.closed[node]
		tv.dirty = true
	}
}

// Open says whether a node is open.
func (tv *TreeView) Open(node int) bool {
	return node >= 0 && node < len(tv.closed) && !tv.closed[node]
}

func (tv *TreeView) rebuild(sc *Scene) {
	tv.dirty = false
	tv.Rows = tv.Rows[:0]
	st := tv.stack[:0]
	for k := len(sc.Roots) - 1; k >= 0; k-- {
		st = append(st, treeRow{sc.Roots[k], 0})
	}
	for len(st) > 0 {
		r := st[len(st)-1]
		st = st[:len(st)-1]
		tv.Rows = append(tv.Rows, r)
		if tv.closed[r.Node] {
			continue
		}
		ch := sc.Children[r.Node]
		for k := len(ch) - 1; k >= 0; k-- {
			st = append(st, treeRow{ch[k], r.Depth + 1})
		}
	}
	tv.stack = st
}
