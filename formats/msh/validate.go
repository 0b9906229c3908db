package msh

import (
	"fmt"
	"math"
	"sort"

	"animscope/formats"
	"animscope/formats/nres"
)

// maxPerRule caps how many diagnostics one rule reports; the rest are counted in a
// last summary line.
const maxPerRule = 10

type report struct {
	file  string
	ds    []formats.Diagnostic
	count map[string]int
}

func (r *report) add(rule string, sev formats.Severity, off int64, format string, args ...any) {
	r.count[rule]++
	if r.count[rule] > maxPerRule {
		return
	}
	r.ds = append(r.ds, formats.Diagnostic{Severity: sev, File: r.file, Offset: off, Message: fmt.Sprintf(format, args...)})
}

func (r *report) finish() []formats.Diagnostic {
	rules := make([]string, 0, len(r.count))
	for k := range r.count {
		rules = append(rules, k)
	}
	sort.Strings(rules)
	for _, k := range rules {
		if n := r.count[k]; n > maxPerRule {
			r.ds = append(r.ds, formats.Diagnostic{Severity: formats.Warning, File: r.file, Offset: -1,
				Message: fmt.Sprintf("%d more findings of the rule %q were left out", n-maxPerRule, k)})
		}
	}
	return r.ds
}

// Validate runs the checks that Parse leaves out (it returns only diagnostics that
// are not already in File.Diagnostics; together the two lists cover §2.6 and every
// rule of §16):
//
//   - §16.1 track rules: times strictly increase within a track (error), a mapped
//     track has at least 2 keys (error); fb increases from node to node, each track
//     starts at time 0, frame_count = max end time + 1, map blocks have no gaps or
//     overlaps, parent links form no cycle (warnings);
//   - canonical-form deviations (warnings, §15): map entries above the fallback key,
//     map entries other than the canonical ones, tracks not back to back in node
//     order;
//   - §16.2 rules 8 (batches), 9 (slots) and 10 (triangle links).
func (f *File) Validate() []formats.Diagnostic {
	r := &report{file: f.Name, count: map[string]int{}}
	if f.NodeStride == NodeSize && f.Stream(ResNodes) != nil {
		f.validateTracks(r)
		f.validateParents(r)
	}
	f.validateGeometry(r)
	f.validateValues(r)
	return r.finish()
}

// validateValues rejects key and vertex values that are not finite or beyond
// ±formats.MaxMagnitude: sampling and export would produce NaN from them.
func (f *File) validateValues(r *report) {
	if e := f.Stream(ResKeys); e != nil {
		for k := 0; k < f.KeyCount; k++ {
			key := f.RawKey(k)
			for c, v := range key.Pos {
				if !formats.Usable(v) {
					r.add("key-finite", formats.Error, f.keyOff(k, 4*c), "key %d: position %c = %v is not a finite number within ±%g", k, "xyz"[c], v, formats.MaxMagnitude)
					break
				}
			}
			if !formats.Usable(key.Time) {
				r.add("key-finite", formats.Error, f.keyOff(k, 12), "key %d: time %v is not a finite number within ±%g", k, key.Time, formats.MaxMagnitude)
			}
		}
	}
	if e := f.Stream(ResPositions); e != nil {
		for v := 0; v < f.VertexCount; v++ {
			p := f.Vertex(v)
			for c, x := range p {
				if !formats.Usable(x) {
					r.add("vertex-finite", formats.Error, dataOff(e, 12*v+4*c), "vertex %d: position %c = %v is not a finite number within ±%g", v, "xyz"[c], x, formats.MaxMagnitude)
					break
				}
			}
		}
	}
}

func (f *File) keyOff(k, fld int) int64 { return dataOff(f.Stream(ResKeys), k*KeySize+fld) }

func (f *File) time(k int) float32 { return math.Float32frombits(le.Uint32(f.keys[k*KeySize+12:])) }

func (f *File) validateTracks(r *report) {
	type block struct{ start, node int }
	var blocks []block
	prevFb := -1
	maxEnd := float32(math.Inf(-1))
	F := int(f.Frames)
	// Work budgets: canonical files scan each map word and each key once; files
	// whose blocks or tracks overlap could ask for nodes × frames work, so the scans
	// stop (with a warning) past a multiple of the streams' sizes.
	mapBudget := 4*f.WordCount + 1<<16
	keyBudget := 4*f.KeyCount + 1<<16
	stopped := false
	for i := range f.Nodes {
		if f.bad[i] {
			continue
		}
		if mapBudget < 0 || keyBudget < 0 {
			if !stopped {
				r.add("budget", formats.Warning, f.nodeOff(i, 0), "node %d: the track checks stop here: the nodes' map blocks or tracks overlap so much that checking them all would take too long", i)
				stopped = true
			}
			continue
		}
		nd := &f.Nodes[i]
		fb := int(nd.Fallback)
		mapped := nd.MapStart != NoIndex
		if fb <= prevFb {
			r.add("fb-increase", formats.Warning, f.nodeOff(i, 6), "node %d: fallback key %d does not increase from the previous node's %d", i, fb, prevFb)
		}
		lo := fb
		if mapped {
			ms := int(nd.MapStart)
			blocks = append(blocks, block{ms, i})
			mapBudget -= 2 * F
			above := -1
			for fr := 0; fr < F; fr++ {
				v := int(f.MapWord(ms + fr))
				if v < lo {
					lo = v
				}
				if v > fb && above < 0 {
					above = fr
				}
			}
			if above >= 0 {
				r.add("map-above-fb", formats.Warning, dataOff(f.Stream(ResFrameMap), 2*(ms+above)),
					"node %d: map value %d at frame %d is above the fallback key %d (canonical data stores exactly %d)",
					i, f.MapWord(ms+above), above, fb, fb)
			}
			if lo == fb {
				r.add("track-2-keys", formats.Error, f.nodeOff(i, 4), "node %d: a mapped track needs at least 2 keys, but its map names no key below the fallback key %d", i, fb)
			}
		}
		increasing := true
		keyBudget -= fb - lo + 1
		for k := lo; k < fb; k++ {
			if !(f.time(k+1) > f.time(k)) {
				r.add("times-increase", formats.Error, f.keyOff(k+1, 12), "node %d: key %d time %v does not increase from key %d time %v",
					i, k+1, f.time(k+1), k, f.time(k))
				increasing = false
				break
			}
		}
		for k := lo; k <= fb; k++ {
			if t := float64(f.time(k)); !(t >= 0 && t == math.Trunc(t)) {
				r.add("whole-times", formats.Warning, f.keyOff(k, 12), "node %d: key %d time %v is not a whole frame number (canonical data uses 0, 1, 2, …)", i, k, f.time(k))
				break
			}
		}
		if t := f.time(lo); t != 0 {
			r.add("track-time0", formats.Warning, f.keyOff(lo, 12), "node %d: its track starts at key %d with time %v, expected 0", i, lo, t)
		}
		if lo != prevFb+1 && fb > prevFb {
			r.add("pool-order", formats.Warning, f.nodeOff(i, 6), "node %d: its track starts at key %d, not right after the previous track's fallback key %d (canonical key pool order)", i, lo, prevFb)
		}
		if mapped && increasing && lo < fb {
			k := lo // times increase, so the canonical key only moves forward
			for fr := 0; fr < F; fr++ {
				want := fb
				ff := float32(fr)
				if ff >= f.time(lo) && ff < f.time(fb) {
					for k < fb-1 && f.time(k+1) <= ff {
						k++
					}
					want = k
				}
				if got := int(f.MapWord(int(nd.MapStart) + fr)); got != want && got <= fb {
					r.add("map-canonical", formats.Warning, dataOff(f.Stream(ResFrameMap), 2*(int(nd.MapStart)+fr)),
						"node %d: map value %d at frame %d, canonical data stores %d", i, got, fr, want)
					break
				}
			}
		}
		if t := f.time(fb); t > maxEnd {
			maxEnd = t
		}
		prevFb = max(prevFb, fb)
	}
	if e := f.Stream(ResFrameMap); e != nil && !math.IsInf(float64(maxEnd), -1) && float64(f.Frames) != float64(maxEnd)+1 {
		r.add("frame-count", formats.Warning, e.DirOffset+nres.FieldAttr2, "frame_count %d, but the largest track end time is %v (expected %v)", f.Frames, maxEnd, float64(maxEnd)+1)
	}
	sort.SliceStable(blocks, func(a, b int) bool { return blocks[a].start < blocks[b].start })
	next := 0
	for _, b := range blocks {
		switch {
		case b.start > next:
			r.add("map-blocks", formats.Warning, f.nodeOff(b.node, 4), "node %d: map block starts at word %d, leaving a gap after word %d", b.node, b.start, next)
		case b.start < next:
			r.add("map-blocks", formats.Warning, f.nodeOff(b.node, 4), "node %d: map block at word %d overlaps the previous block (which ends at word %d)", b.node, b.start, next)
		}
		next = max(next, b.start+F)
	}
	if e := f.Stream(ResFrameMap); e != nil && next < f.WordCount {
		r.add("map-blocks", formats.Warning, dataOff(e, 2*next), "Res19: words %d..%d belong to no node's map block", next, f.WordCount-1)
	}
}

// validateParents warns about cycles in the parent links (only possible through
// parent values that Parse already reported as errors).
func (f *File) validateParents(r *report) {
	state := make([]uint8, len(f.Nodes)) // 0 new, 1 on the current path, 2 done
	for i := range f.Nodes {
		j := i
		var path []int
		for j >= 0 && j < len(f.Nodes) && state[j] == 0 {
			state[j] = 1
			path = append(path, j)
			p := f.Nodes[j].Parent
			if p == NoIndex {
				break
			}
			j = int(p)
			if j < len(f.Nodes) && state[j] == 1 {
				r.add("parent-cycle", formats.Warning, f.nodeOff(j, 2), "node %d: the parent links form a cycle through it", j)
				break
			}
		}
		for _, k := range path {
			state[k] = 2
		}
	}
}

// indexMax is the largest Res6 value in [start, start+n), or −1 for n = 0. It uses
// per-block maxima so that many batches over the same indices cost
// O(n/256 + 512) each, not O(n).
func (f *File) indexMax(start, n int) int {
	const blk = 256
	if f.blockMax == nil {
		f.blockMax = make([]uint16, (f.IndexCount+blk-1)/blk)
		for i := 0; i < f.IndexCount; i++ {
			f.blockMax[i/blk] = max(f.blockMax[i/blk], f.Index(i))
		}
	}
	mx, i, end := -1, start, start+n
	for i < end {
		if i%blk == 0 && i+blk <= end {
			mx = max(mx, int(f.blockMax[i/blk]))
			i += blk
			continue
		}
		mx = max(mx, int(f.Index(i)))
		i++
	}
	return mx
}

func (f *File) validateGeometry(r *report) {
	if e := f.Stream(ResBatches); e != nil {
		for i := range f.Batches {
			b := &f.Batches[i]
			off := dataOff(e, i*batchSize)
			if !inRange(uint64(b.IndexStart), uint64(b.IndexCount), f.IndexCount) {
				r.add("batch-range", formats.Error, off+10, "batch %d: indices %d..%d are past the %d Res6 indices", i, b.IndexStart, uint64(b.IndexStart)+uint64(b.IndexCount), f.IndexCount)
				continue
			}
			if b.IndexCount%3 != 0 {
				r.add("batch-tri", formats.Warning, off+8, "batch %d: index count %d is not a multiple of 3", i, b.IndexCount)
			}
			mx := f.indexMax(int(b.IndexStart), int(b.IndexCount))
			if mx >= 0 && uint64(b.BaseVertex)+uint64(mx) >= uint64(f.VertexCount) {
				r.add("batch-vertex", formats.Error, off+16, "batch %d: base vertex %d + index %d is past the %d vertices", i, b.BaseVertex, mx, f.VertexCount)
			}
		}
	}
	if e := f.Stream(ResHeader); e != nil {
		for i := range f.Slots {
			s := &f.Slots[i]
			off := dataOff(e, HeaderSize+i*slotSize)
			if f.Stream(ResTriangles) != nil && !inRange(uint64(s.TriStart), uint64(s.TriCount), len(f.Tris)) {
				r.add("slot-tris", formats.Error, off, "slot %d: triangles %d..%d are past the %d Res7 descriptors", i, s.TriStart, int(s.TriStart)+int(s.TriCount), len(f.Tris))
			}
			if !inRange(uint64(s.BatchStart), uint64(s.BatchCount), len(f.Batches)) {
				r.add("slot-batches", formats.Error, off+4, "slot %d: batches %d..%d are past the %d Res13 batches", i, s.BatchStart, int(s.BatchStart)+int(s.BatchCount), len(f.Batches))
			}
			fl := append(append(append(s.Min[:0:0], s.Min[:]...), s.Max[:]...), s.Center[:]...)
			fl = append(fl, s.Radius)
			for k, v := range fl {
				if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
					r.add("slot-finite", formats.Error, off+8+int64(4*k), "slot %d: bound value %d is not finite (%v)", i, k, v)
					break
				}
			}
		}
	}
	if e := f.Stream(ResTriangles); e != nil {
		for i := range f.Tris {
			for k, l := range f.Tris[i].Links {
				if l != NoIndex && int(l) >= len(f.Tris) {
					r.add("tri-links", formats.Error, dataOff(e, i*triSize+2+2*k), "triangle %d: link%d = %d is neither 0xFFFF nor below the %d triangles", i, k, l, len(f.Tris))
				}
			}
		}
	}
}
