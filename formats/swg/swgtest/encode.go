package swgtest

import (
	"fmt"

	"animscope/formats/atomicfile"
	"animscope/formats/iff"
	"animscope/formats/swg"
)

// The project's writers (FORMAT.md §3.3 writer notes, §5, §7): big-endian block
// sizes, little-endian payloads, no padding. They validate before writing.

// ValidateTemplate checks that every per-joint slice has one entry per joint and
// that parents come first.
func ValidateTemplate(t *swg.SkeletonTemplate) error {
	n := len(t.Names)
	for _, c := range []struct {
		what string
		got  int
	}{{"PRNT", len(t.Parents)}, {"RPRE", len(t.RPRE)}, {"RPST", len(t.RPST)}, {"BPTR", len(t.BPTR)}, {"BPRO", len(t.BPRO)}} {
		if c.got != n {
			return fmt.Errorf("skeleton: %d %s entries for %d joints", c.got, c.what, n)
		}
	}
	if t.JROR != nil && len(t.JROR) != n {
		return fmt.Errorf("skeleton: %d JROR entries for %d joints", len(t.JROR), n)
	}
	for i, p := range t.Parents {
		if p < -1 || int(p) >= i {
			return fmt.Errorf("skeleton: joint %d (%q) has parent %d, which does not come before it", i, t.Names[i], p)
		}
	}
	if t.Version != "" && t.Version != "0001" && t.Version != "0002" {
		return fmt.Errorf("skeleton: unknown SKTM version %q", t.Version)
	}
	return nil
}

// writeEach writes CHUNK tag holding every element of xs, each written by put.
func writeEach[T any, R any](w *iff.Writer, tag string, xs []T, put func(T) R) {
	w.Chunk(tag)
	for _, x := range xs {
		put(x)
	}
	w.End()
}

// writeSKTM appends FORM SKTM to w. Version "0001" writes BPMJ, taken from
// t.BPMJ or, when that is nil, computed from the bind pose (§4.3).
func writeSKTM(w *iff.Writer, t *swg.SkeletonTemplate) {
	v := t.Version
	if v == "" {
		v = "0002"
	}
	n := len(t.Names)
	w.Form("SKTM").Form(v)
	w.Chunk("INFO").I32(int32(n)).End()
	writeEach(w, "NAME", t.Names, w.CString)
	writeEach(w, "PRNT", t.Parents, w.I32)
	writeEach(w, "RPRE", t.RPRE, w.Quat)
	writeEach(w, "RPST", t.RPST, w.Quat)
	writeEach(w, "BPTR", t.BPTR, w.Vec3)
	writeEach(w, "BPRO", t.BPRO, w.Quat)
	if v == "0001" {
		w.Chunk("BPMJ")
		if t.BPMJ != nil && len(t.BPMJ) == n {
			for _, m := range t.BPMJ {
				for _, f := range m {
					w.F32(f)
				}
			}
		} else {
			for _, m := range swg.ModelToJoint(t) {
				// column-major Affine → 3×4 row-major
				for r := 0; r < 3; r++ {
					w.F32(m[r]).F32(m[3+r]).F32(m[6+r]).F32(m[9+r])
				}
			}
		}
		w.End()
	}
	w.Chunk("JROR")
	for i := 0; i < n; i++ {
		var o uint32
		if i < len(t.JROR) {
			o = t.JROR[i]
		}
		w.U32(o)
	}
	w.End()
	w.End().End()
}

// EncodeSKTM writes a bare FORM SKTM skeleton.
func EncodeSKTM(t *swg.SkeletonTemplate) ([]byte, error) {
	if err := ValidateTemplate(t); err != nil {
		return nil, err
	}
	var w iff.Writer
	writeSKTM(&w, t)
	return w.Bytes(), nil
}

// SLODEntry is one LOD of a SLOD: an inline skeleton, or (when Name is set) a
// NAME chunk naming another .skt.
type SLODEntry struct {
	T    *swg.SkeletonTemplate
	Name string
}

// EncodeSLOD writes FORM SLOD / FORM 0000 with INFO lodCount and the entries.
func EncodeSLOD(lods []SLODEntry) ([]byte, error) {
	for i, l := range lods {
		if l.Name == "" {
			if l.T == nil {
				return nil, fmt.Errorf("SLOD entry %d has neither a skeleton nor a name", i)
			}
			if err := ValidateTemplate(l.T); err != nil {
				return nil, fmt.Errorf("SLOD entry %d: %v", i, err)
			}
		}
	}
	var w iff.Writer
	w.Form("SLOD").Form("0000")
	w.Chunk("INFO").I16(int16(len(lods))).End()
	for _, l := range lods {
		if l.Name != "" {
			w.Chunk("NAME").CString(l.Name).End()
		} else {
			writeSKTM(&w, l.T)
		}
	}
	return w.Bytes(), nil
}

// WriteFileAtomic replaces path with data atomically (atomicfile.Write).
func WriteFileAtomic(path string, data []byte) error { return atomicfile.Write(path, data) }
