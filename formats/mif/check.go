package mif

import (
	"fmt"
	"strings"

	"animscope/formats"
	"animscope/formats/swg"
)

// Check reports where a MIF source departs from what the client reads, using the
// swg layout tables: required forms and chunks that are missing or out of place,
// blocks the client does not read there (a warning), and values whose type differs from the
// field the client reads (an error when the size or kind differs; a warning when
// only the sign differs, since the bytes are the same for small values). Counts
// are not compared with the records that follow (templates hold one example
// record under a zero count); the decoder reports those.
func Check(f *File) []formats.Diagnostic {
	c := checker{f: f}
	for _, n := range f.Top {
		if n.Kind != NodeForm {
			continue
		}
		if top := swg.TopLayout(n.ID); top != nil {
			c.form(n, top, n.ID)
		}
	}
	return c.out
}

type checker struct {
	f   *File
	out []formats.Diagnostic
}

func (c *checker) add(sev formats.Severity, p Pos, format string, args ...any) {
	c.out = append(c.out, formats.Diagnostic{Severity: sev, File: p.File, Offset: -1, Line: p.Line, Col: p.Col,
		Message: fmt.Sprintf(format, args...)})
}

func blockLabel(b *swg.Block) string {
	kind := "CHUNK"
	doc := ""
	if b.IsForm() {
		kind, doc = "FORM", b.Form.Doc
	} else {
		doc = b.Chunk.Doc
	}
	if doc != "" {
		return fmt.Sprintf("%s %q (%s)", kind, b.ID(), doc)
	}
	return fmt.Sprintf("%s %q", kind, b.ID())
}

func (c *checker) form(n *Node, lay *swg.FormLayout, path string) {
	var kids []*Node
	var refs []swg.KidRef
	for _, k := range n.Kids {
		if k.Kind == NodeRaw {
			continue // an included IFF: its bytes are not checked here
		}
		kids = append(kids, k)
		refs = append(refs, swg.KidRef{Form: k.Kind == NodeForm, ID: k.ID})
	}
	issues, matched := swg.CheckOrder(lay, refs)
	for _, is := range issues {
		switch {
		case is.Missing != nil && is.At < len(kids):
			c.add(formats.Error, kids[is.At].Pos, "%s: %s is missing before %s; the client requires it",
				path, blockLabel(is.Missing), kids[is.At])
		case is.Missing != nil:
			c.add(formats.Error, n.End, "%s: %s is missing at the end of FORM %q; the client requires it",
				path, blockLabel(is.Missing), n.ID)
		case lay.Versions:
			c.add(formats.Error, kids[is.At].Pos, "%s: %s is not a version the client reads (%s)", path, kids[is.At], versionList(lay))
		default:
			// The decoders skip what they do not know, with a warning; so does this.
			c.add(formats.Warning, kids[is.At].Pos, "%s: %s is not read by the client here, or is out of order", path, kids[is.At])
		}
	}
	for i, k := range kids {
		b := matched[i]
		if b == nil {
			continue
		}
		p := path + "/" + k.ID
		if b.IsForm() {
			c.form(k, b.Form, p)
		} else {
			c.chunk(k, b.Chunk, p)
		}
	}
}

func versionList(lay *swg.FormLayout) string {
	s := ""
	for i, k := range lay.Kids {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", k.ID())
	}
	return s
}

// kindOf is the layout kind a MIF value type writes (0: none).
func kindOf(t Type) swg.Kind {
	switch t {
	case TInt8:
		return swg.KindI8
	case TUint8:
		return swg.KindU8
	case TInt16:
		return swg.KindI16
	case TUint16:
		return swg.KindU16
	case TInt32:
		return swg.KindI32
	case TUint32, TLabelHash, TTag:
		return swg.KindU32
	case TFloat:
		return swg.KindF32
	case TDouble:
		return swg.KindF64
	case TCString:
		return swg.KindCString
	}
	return 0
}

type chunkCheck struct {
	c    *checker
	node *Node
	path string
	n    int // values in the chunk
	// last is the index of the value most recently matched to each field name
	// (one entry per name, not per value: a chunk may hold millions).
	last map[string]int
	i    int
	done bool // stop at the first shortfall or unknown bytes
}

func (cc *chunkCheck) val(i int) Value { return cc.c.f.Value(cc.node, i) }

func (c *checker) chunk(n *Node, lay *swg.ChunkLayout, path string) {
	cc := &chunkCheck{c: c, node: n, path: path, n: n.NumValues(), last: map[string]int{}}
	for i := range cc.n {
		if c.f.Value(n, i).Type == TInclude {
			return // included bytes: the types are unknown
		}
	}
	cc.record(lay.Fields, nil, 0, true)
	if !cc.done && cc.i < cc.n {
		v := cc.val(cc.i)
		c.add(formats.Error, v.Pos, "%s: %d values after the last field the client reads (%s %s)",
			path, cc.n-cc.i, v.Type, describeValue(v))
	}
}

func describeValue(v Value) string {
	if v.Type >= TInt8 && v.Type <= TUint32 {
		return fmt.Sprint(v.Int)
	}
	return fmt.Sprintf("of %d bytes", len(v.Bytes))
}

// fieldPath names a field for messages ("key[3].frame"), built only when a
// message needs it: a chunk may hold millions of records.
type fieldPath struct {
	outer *fieldPath // the record field of the element this field is in; nil at the top
	k     int64      // that element's index
	name  string
}

func (p *fieldPath) String() string {
	s := p.name
	if p.outer != nil {
		s = fmt.Sprintf("%s[%d].%s", p.outer, p.k, p.name)
	}
	return strings.TrimSuffix(s, ".")
}

// record matches values against fields, the fields of element k of outer (nil:
// the chunk's own record, and top is true).
func (cc *chunkCheck) record(fields []swg.Field, outer *fieldPath, k int64, top bool) {
	for fi, f := range fields {
		if cc.done {
			return
		}
		name := &fieldPath{outer: outer, k: k, name: f.Name}
		if f.Record == nil {
			if cc.i >= cc.n {
				cc.c.add(formats.Error, cc.node.End, "%s: the chunk ends before %s (%s), which the client reads", cc.path, name, f.Kind)
				cc.done = true
				return
			}
			v := cc.val(cc.i)
			cc.i++
			cc.value(v, f, name)
			continue
		}
		last := top && fi == len(fields)-1
		if f.Count == "" || last {
			// Until the chunk ends (a trailing counted record is matched the same
			// way: templates give one example record under a zero count).
			for k := 0; cc.i < cc.n && !cc.done; k++ {
				before := cc.i
				cc.record(f.Elem(), name, int64(k), false)
				if cc.i == before {
					break
				}
			}
			continue
		}
		n := cc.count(f.Count)
		for k := int64(0); k < n && !cc.done; k++ {
			cc.record(f.Elem(), name, k, false)
		}
	}
}

// count is the value of the most recent integer value named by field (within
// the values matched so far).
func (cc *chunkCheck) count(field string) int64 {
	// The count field is the value most recently matched under that name.
	j, ok := cc.last[field]
	if !ok {
		return 0
	}
	v := cc.val(j).Int
	if rest := int64(cc.n - cc.i); v > rest {
		return rest
	}
	return max(v, 0)
}

func (cc *chunkCheck) value(v Value, f swg.Field, name *fieldPath) {
	cc.last[f.Name] = cc.i - 1
	got := kindOf(v.Type)
	want := f.Kind
	switch {
	case got == want:
	case got != 0 && got.Integer() && want.Integer() && got.Size() == want.Size():
		cc.c.add(formats.Warning, v.Pos, "%s: %s is %s in the client; this writes %s (same size, other sign)", cc.path, name, want, v.Type)
	default:
		size := func(k swg.Kind) string {
			if k == swg.KindCString {
				return "a 0-terminated string"
			}
			if k == 0 {
				return "other bytes"
			}
			return fmt.Sprintf("%d bytes", k.Size())
		}
		cc.c.add(formats.Error, v.Pos, "%s: %s is %s (%s) in the client; this writes %s (%s)", cc.path, name, want, size(want), v.Type, size(got))
	}
}
