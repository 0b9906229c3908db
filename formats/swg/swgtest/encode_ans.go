package swgtest

import (
	"fmt"
	"math"

	"animscope/formats/iff"
	"animscope/formats/swg"

	"github.com/go-gl/mathgl/mgl32"
)

// ValidateAnimation checks what the encoders need: known kind and version, the
// arrays the XFIN indices point into, and fields that fit their widths.
func ValidateAnimation(a *swg.Animation) error {
	switch {
	case a.Kind == "KFAT" && (a.Version == "0002" || a.Version == "0003"):
	case a.Kind == "CKAT" && a.Version == "0001":
	default:
		return fmt.Errorf("animation: cannot write %s %s", a.Kind, a.Version)
	}
	legacy := a.Kind == "KFAT" && a.Version == "0002"
	for _, x := range a.Xforms {
		if legacy {
			for k := 0; k < 3; k++ {
				n := len(a.StaticEuler)
				if x.RotAnimated(k) {
					n = len(a.Euler)
				}
				if x.RotIdx[k] < 0 || int(x.RotIdx[k]) >= n {
					return fmt.Errorf("animation: XFIN %q: %c rotation index %d out of range", x.Name, "xyz"[k], x.RotIdx[k])
				}
			}
		} else {
			n := len(a.StaticRot)
			if x.AnimatedRot {
				n = len(a.Rot)
			}
			if x.RotIndex < 0 || int(x.RotIndex) >= n {
				return fmt.Errorf("animation: XFIN %q: rotation index %d out of range", x.Name, x.RotIndex)
			}
		}
		for k := 0; k < 3; k++ {
			n := len(a.StaticTrans)
			if x.TransAnimated(k) {
				n = len(a.Trans)
			}
			if x.TransIdx[k] < 0 || int(x.TransIdx[k]) >= n {
				return fmt.Errorf("animation: XFIN %q: %c translation index %d out of range", x.Name, "xyz"[k], x.TransIdx[k])
			}
		}
	}
	chk := func(what string, frames []int32, n int) error {
		if len(frames) == 0 || len(frames) != n {
			return fmt.Errorf("animation: %s has %d frames for %d keys", what, len(frames), n)
		}
		if a.Kind == "CKAT" {
			for _, f := range frames {
				if f < math.MinInt16 || f > math.MaxInt16 {
					return fmt.Errorf("animation: %s frame %d does not fit CKAT's int16", what, f)
				}
			}
		}
		return nil
	}
	for i, q := range a.Rot {
		n := len(q.Keys)
		if a.Kind == "CKAT" {
			n = len(q.Words)
		}
		if err := chk(fmt.Sprintf("QCHN %d", i), q.Frames, n); err != nil {
			return err
		}
	}
	for i, s := range a.Trans {
		if err := chk(fmt.Sprintf("CHNL %d", i), s.Frames, len(s.Values)); err != nil {
			return err
		}
	}
	for i, s := range a.Euler {
		if err := chk(fmt.Sprintf("Euler CHNL %d", i), s.Frames, len(s.Values)); err != nil {
			return err
		}
	}
	if a.Kind == "CKAT" {
		if len(a.StaticPacked) != len(a.StaticRot) {
			return fmt.Errorf("animation: CKAT needs packed static rotations (%d for %d)", len(a.StaticPacked), len(a.StaticRot))
		}
		for _, v := range []int{len(a.Xforms), len(a.Rot), len(a.StaticRot), len(a.Trans), len(a.StaticTrans), int(a.FrameCount)} {
			if v > math.MaxInt16 || v < 0 {
				return fmt.Errorf("animation: a count (%d) does not fit CKAT's int16", v)
			}
		}
	}
	return nil
}

// EncodeAnimation writes a as KFAT 0002/0003 or CKAT 0001 (by a.Kind and
// a.Version). The INFO counts are the lengths of the arrays; empty arrays are
// written as empty AROT/ATRN forms and SROT/STRN chunks, as the exporter does.
func EncodeAnimation(a *swg.Animation) ([]byte, error) {
	if err := ValidateAnimation(a); err != nil {
		return nil, err
	}
	var w iff.Writer
	legacy := a.Kind == "KFAT" && a.Version == "0002"
	ck := a.Kind == "CKAT"
	w.Form(a.Kind).Form(a.Version)
	w.Chunk("INFO").F32(a.FPS)
	rotN, srotN := len(a.Rot), len(a.StaticRot)
	if legacy {
		rotN, srotN = len(a.Euler), len(a.StaticEuler)
	}
	counts := []int{len(a.Xforms), rotN, srotN, len(a.Trans), len(a.StaticTrans)}
	if ck {
		w.I16(int16(a.FrameCount))
		for _, n := range counts {
			w.I16(int16(n))
		}
	} else {
		w.I32(a.FrameCount)
		for _, n := range counts {
			w.I32(int32(n))
		}
	}
	w.End()
	w.Form("XFRM")
	for _, x := range a.Xforms {
		w.Chunk("XFIN").CString(x.Name)
		switch {
		case legacy:
			w.U32(x.RotMask)
			for k := 0; k < 3; k++ {
				w.I32(x.RotIdx[k])
			}
		case ck:
			w.I8(boolByte(x.AnimatedRot)).I16(int16(x.RotIndex))
		default:
			w.I8(boolByte(x.AnimatedRot)).I32(x.RotIndex)
		}
		if ck {
			w.U8(uint8(x.TransMask))
			for k := 0; k < 3; k++ {
				w.I16(int16(x.TransIdx[k]))
			}
		} else {
			w.U32(x.TransMask)
			for k := 0; k < 3; k++ {
				w.I32(x.TransIdx[k])
			}
		}
		w.End()
	}
	w.End()
	w.Form("AROT")
	if legacy {
		for _, s := range a.Euler {
			writeScalar(&w, s, false)
		}
	} else {
		for _, q := range a.Rot {
			if ck {
				writePacked(&w, q)
			} else {
				w.Chunk("QCHN").I32(int32(len(q.Keys)))
				for k := range q.Keys {
					w.I32(q.Frames[k]).Quat(q.Keys[k])
				}
				w.End()
			}
		}
	}
	w.End()
	w.Chunk("SROT")
	switch {
	case legacy:
		for _, v := range a.StaticEuler {
			w.F32(v)
		}
	case ck:
		for _, p := range a.StaticPacked {
			w.U8(p.Formats[0]).U8(p.Formats[1]).U8(p.Formats[2]).U32(p.Word)
		}
	default:
		for _, q := range a.StaticRot {
			w.Quat(q)
		}
	}
	w.End()
	w.Form("ATRN")
	for _, s := range a.Trans {
		writeScalar(&w, s, ck)
	}
	w.End()
	writeEach(&w, "STRN", a.StaticTrans, w.F32)
	if len(a.Messages) > 0 {
		w.Form("MSGS")
		w.Chunk("INFO").I16(int16(len(a.Messages))).End()
		for _, m := range a.Messages {
			w.Chunk("MESG").I16(int16(len(m.Frames))).CString(m.Name)
			for _, f := range m.Frames {
				w.I16(int16(f))
			}
			w.End()
		}
		w.End()
	}
	if l := a.Loco; l != nil && !legacy {
		if len(l.T) > 0 {
			w.Chunk("LOCT").F32(l.AverageSpeed).I16(int16(len(l.T)))
			for k := range l.T {
				w.I16(int16(l.TFrames[k])).Vec3(l.T[k])
			}
			w.End()
		}
		if len(l.R) > 0 {
			if ck {
				q := swg.QuatChannel{Frames: l.RFrames, Formats: l.RFormats, Words: l.RWords}
				if len(l.RWords) != len(l.R) {
					q = PackChannel(l.RFrames, l.R)
				}
				writePacked(&w, q)
			} else {
				w.Chunk("LOCR").I16(int16(len(l.R)))
				for k := range l.R {
					w.I16(int16(l.RFrames[k])).Quat(l.R[k])
				}
				w.End()
			}
		}
	}
	return w.Bytes(), nil
}

func boolByte(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

func writeScalar(w *iff.Writer, s swg.ScalarChannel, short bool) {
	w.Chunk("CHNL")
	if short {
		w.I16(int16(len(s.Values)))
	} else {
		w.I32(int32(len(s.Values)))
	}
	for k := range s.Values {
		if short {
			w.I16(int16(s.Frames[k]))
		} else {
			w.I32(s.Frames[k])
		}
		w.F32(s.Values[k])
	}
	w.End()
}

func writePacked(w *iff.Writer, q swg.QuatChannel) {
	w.Chunk("QCHN").I16(int16(len(q.Words))).U8(q.Formats[0]).U8(q.Formats[1]).U8(q.Formats[2])
	for k := range q.Words {
		w.I16(int16(q.Frames[k])).U32(q.Words[k])
	}
	w.End()
}

// PackChannel compresses rotation keys as the exporter does: the optimal
// formats over all keys, then each key packed (w >= 0). Keys holds the
// expanded values, which is what the decoder will see.
func PackChannel(frames []int32, keys []mgl32.Quat) swg.QuatChannel {
	fx, fy, fz := swg.OptimalFormats(keys)
	q := swg.QuatChannel{Frames: frames, Formats: [3]uint8{fx, fy, fz}}
	for _, k := range keys {
		word := swg.CompressQuat(k, fx, fy, fz)
		q.Words = append(q.Words, word)
		e, _ := swg.ExpandQuat(word, fx, fy, fz)
		q.Keys = append(q.Keys, e)
	}
	return q
}

// PackStatic compresses one static rotation.
func PackStatic(r mgl32.Quat) (swg.PackedQuat, mgl32.Quat) {
	fx, fy, fz := swg.OptimalFormats([]mgl32.Quat{r})
	p := swg.PackedQuat{Formats: [3]uint8{fx, fy, fz}, Word: swg.CompressQuat(r, fx, fy, fz)}
	e, _ := swg.ExpandQuat(p.Word, fx, fy, fz)
	return p, e
}

// EncodeMeshGen writes m as FORM SKMG (m.Version 0002–0004; "" means 0004).
// Counts come from the array lengths; occlusion zones, blend targets and TRTS are
// not written.
func EncodeMeshGen(m *swg.MeshGen) ([]byte, error) {
	v := m.Version
	if v == "" {
		v = "0004"
	}
	if v != "0002" && v != "0003" && v != "0004" {
		return nil, fmt.Errorf("mesh: cannot write SKMG %s", v)
	}
	if len(m.WeightHead) != len(m.Positions) {
		return nil, fmt.Errorf("mesh: %d TWHD entries for %d positions", len(m.WeightHead), len(m.Positions))
	}
	total := 0
	for _, h := range m.WeightHead {
		total += int(h)
	}
	if total != len(m.Weights) {
		return nil, fmt.Errorf("mesh: TWHD adds up to %d, %d weights given", total, len(m.Weights))
	}
	for _, wt := range m.Weights {
		if wt.Joint < 0 || int(wt.Joint) >= len(m.XFNM) {
			return nil, fmt.Errorf("mesh: weight names transform %d of %d", wt.Joint, len(m.XFNM))
		}
	}
	for si, ps := range m.Shaders {
		for _, p := range ps.PIDX {
			if p < 0 || int(p) >= len(m.Positions) {
				return nil, fmt.Errorf("mesh: shader %d names position %d of %d", si, p, len(m.Positions))
			}
		}
		if ps.NIDX != nil && len(ps.NIDX) != len(ps.PIDX) {
			return nil, fmt.Errorf("mesh: shader %d has %d NIDX for %d vertices", si, len(ps.NIDX), len(ps.PIDX))
		}
		for _, t := range ps.Triangles {
			if int(t) >= len(ps.PIDX) {
				return nil, fmt.Errorf("mesh: shader %d triangle names vertex %d of %d", si, t, len(ps.PIDX))
			}
		}
		if len(ps.Triangles)%3 != 0 {
			return nil, fmt.Errorf("mesh: shader %d has %d triangle indices", si, len(ps.Triangles))
		}
	}
	var w iff.Writer
	w.Form("SKMG").Form(v)
	w.Chunk("INFO").I32(m.MaxTransformsPerVertex).I32(m.MaxTransformsPerShader)
	for _, n := range []int{len(m.Skeletons), len(m.XFNM), len(m.Positions), len(m.Weights), len(m.Normals), len(m.Shaders), 0} {
		w.I32(int32(n))
	}
	w.I16(0).I16(0).I16(0).I16(m.OcclusionLayer).End()
	writeEach(&w, "SKTM", m.Skeletons, w.CString)
	writeEach(&w, "XFNM", m.XFNM, w.CString)
	writeEach(&w, "POSN", m.Positions, w.Vec3)
	writeEach(&w, "TWHD", m.WeightHead, w.I32)
	w.Chunk("TWDT")
	for _, wt := range m.Weights {
		w.I32(wt.Joint).F32(wt.Weight)
	}
	w.End()
	if m.Normals != nil {
		writeEach(&w, "NORM", m.Normals, w.Vec3)
	}
	if v != "0002" && len(m.Hardpoints) > 0 {
		w.Form("HPTS")
		for _, dyn := range []bool{false, true} {
			var list []swg.Hardpoint
			for _, h := range m.Hardpoints {
				if h.Dynamic == dyn {
					list = append(list, h)
				}
			}
			if len(list) == 0 {
				continue
			}
			tag := "STAT"
			if dyn {
				tag = "DYN "
			}
			w.Chunk(tag).I16(int16(len(list)))
			for _, h := range list {
				w.CString(h.Name).CString(h.Parent).Quat(h.Rotation).Vec3(h.Position)
			}
			w.End()
		}
		w.End()
	}
	w.Chunk("FOZC").U16(0).End()
	for _, ps := range m.Shaders {
		w.Form("PSDT")
		w.Chunk("NAME").CString(ps.Shader).End()
		w.Chunk("PIDX").I32(int32(len(ps.PIDX)))
		for _, p := range ps.PIDX {
			w.I32(p)
		}
		w.End()
		if ps.NIDX != nil {
			writeEach(&w, "NIDX", ps.NIDX, w.I32)
		}
		if ps.Colors != nil {
			writeEach(&w, "VDCL", ps.Colors, w.U32)
		}
		if len(ps.UVDims) > 0 {
			w.Chunk("TXCI").I32(int32(len(ps.UVDims)))
			for _, d := range ps.UVDims {
				w.I32(d)
			}
			w.End()
			if len(ps.UVs) == len(ps.UVDims) {
				w.Form("TCSF")
				for _, uv := range ps.UVs {
					writeEach(&w, "TCSD", uv, w.F32)
				}
				w.End()
			}
		}
		w.Form("PRIM")
		w.Chunk("INFO").I32(1).End()
		w.Chunk("ITL ").I32(int32(len(ps.Triangles) / 3))
		for _, t := range ps.Triangles {
			w.I32(int32(t))
		}
		w.End()
		w.End()
		w.End()
	}
	return w.Bytes(), nil
}

// EncodeLODList writes a .lmg naming the given .mgn paths.
func EncodeLODList(names []string) []byte {
	var w iff.Writer
	w.Form("MLOD").Form("0000")
	w.Chunk("INFO").I16(int16(len(names))).End()
	for _, n := range names {
		w.Chunk("NAME").CString(n).End()
	}
	return w.Bytes()
}

// EncodeAppearance writes a .sat as SMAT 0003 (LATX and the flags are not
// written).
func EncodeAppearance(ap *swg.Appearance) []byte {
	var w iff.Writer
	w.Form("SMAT").Form("0003")
	w.Chunk("INFO").I32(int32(len(ap.Meshes))).I32(int32(len(ap.Skeletons))).I8(boolByte(ap.CreateAnimationCtrl)).End()
	writeEach(&w, "MSGN", ap.Meshes, w.CString)
	w.Chunk("SKTI")
	for _, s := range ap.Skeletons {
		w.CString(s.Path).CString(s.Attach)
	}
	w.End()
	if len(ap.LATX) > 0 {
		w.Chunk("LATX").I16(int16(len(ap.LATX)))
		for _, l := range ap.LATX {
			w.CString(l[0]).CString(l[1])
		}
		w.End()
	}
	return w.Bytes()
}
