package swg

import (
	"animscope/formats"
	"animscope/formats/iff"
)

// LODList is a decoded .lmg (FORM MLOD / FORM 0000, FORMAT.md §7.4): the .mgn path of
// each LOD, l0 first.
type LODList struct {
	Names   []string
	Offsets []int // of each NAME chunk
}

// DecodeLODList reads a .lmg from memory.
func DecodeLODList(file string, data []byte) (*LODList, []formats.Diagnostic, error) {
	c := iff.NewCursor(file, data)
	if _, err := c.EnterForm("MLOD"); err != nil {
		return nil, nil, err
	}
	vb, err := c.EnterForm("")
	if err != nil {
		return nil, nil, err
	}
	if vb.Name != "0000" {
		return nil, nil, c.Errf(vb.Off, "FORM MLOD: unknown version %s (only 0000 exists)", vb.Name)
	}
	info, err := c.Chunk("INFO")
	if err != nil {
		return nil, nil, err
	}
	n := int(info.I16())
	if err := done(info); err != nil {
		return nil, nil, err
	}
	if !fitsBytes(int64(n), c.Remaining()) {
		return nil, nil, c.Errf(info.Off, "MLOD INFO: LOD count %d is out of range", n)
	}
	l := &LODList{}
	for i := 0; i < n; i++ {
		ch, err := c.Chunk("NAME")
		if err != nil {
			return nil, nil, err
		}
		l.Names = append(l.Names, ch.CString())
		l.Offsets = append(l.Offsets, ch.Off)
		if err := done(ch); err != nil {
			return nil, nil, err
		}
	}
	var ds []formats.Diagnostic
	if !c.AtEnd() {
		ds = append(ds, formats.DiagWarnf(file, int64(c.Offset()), "FORM MLOD 0000: %d bytes after the %d names are ignored", c.Remaining(), n))
	}
	c.Exit()
	c.Exit()
	ds = append(ds, trailing(c)...)
	return l, ds, nil
}

// Appearance is a decoded .sat (FORM SMAT / FORM 0001–0003, FORMAT.md §7.4).
type Appearance struct {
	Version             string
	Meshes              []string // MSGN: .mgn or .lmg paths
	MeshOffset          int      // of the MSGN chunk
	Skeletons           []SkeletonRef
	SkeletonOffset      int // of the SKTI chunk
	CreateAnimationCtrl bool
	StateGraph          string // 0001/0002 INFO string
	LATX                [][2]string
}

// SkeletonRef is one SKTI entry.
type SkeletonRef struct {
	Path   string
	Attach string // "" for the primary skeleton
}

// DecodeAppearance reads a .sat from memory.
func DecodeAppearance(file string, data []byte) (*Appearance, []formats.Diagnostic, error) {
	c := iff.NewCursor(file, data)
	if _, err := c.EnterForm("SMAT"); err != nil {
		return nil, nil, err
	}
	vb, err := c.EnterForm("")
	if err != nil {
		return nil, nil, err
	}
	a := &Appearance{Version: vb.Name}
	if vb.Name != "0001" && vb.Name != "0002" && vb.Name != "0003" {
		return nil, nil, c.Errf(vb.Off, "FORM SMAT: unknown version %s (0001, 0002 and 0003 load)", vb.Name)
	}
	info, err := c.Chunk("INFO")
	if err != nil {
		return nil, nil, err
	}
	mc := int64(info.I32())
	sc := int64(info.I32())
	if vb.Name == "0003" {
		a.CreateAnimationCtrl = info.I8() != 0
	} else {
		a.StateGraph = info.CString()
	}
	if err := done(info); err != nil {
		return nil, nil, err
	}
	if rest := c.Remaining(); !fitsBytes(mc, rest) || !fitsBytes(sc, rest) {
		return nil, nil, c.Errf(info.Off, "SMAT INFO: mesh count %d / skeleton count %d out of range", mc, sc)
	}
	ch, err := c.Chunk("MSGN")
	if err != nil {
		return nil, nil, err
	}
	a.MeshOffset = ch.Off
	if !ch.Count("MSGN", mc, 1) {
		return nil, nil, ch.Err()
	}
	for i := int64(0); i < mc; i++ {
		a.Meshes = append(a.Meshes, ch.CString())
	}
	if err := done(ch); err != nil {
		return nil, nil, err
	}
	if ch, err = c.Chunk("SKTI"); err != nil {
		return nil, nil, err
	}
	a.SkeletonOffset = ch.Off
	if !ch.Count("SKTI", sc, 2) {
		return nil, nil, ch.Err()
	}
	for i := int64(0); i < sc; i++ {
		p := ch.CString()
		at := ch.CString()
		a.Skeletons = append(a.Skeletons, SkeletonRef{Path: p, Attach: at})
	}
	if err := done(ch); err != nil {
		return nil, nil, err
	}
	var ds []formats.Diagnostic
	if vb.Name == "0003" {
		if ch, err := c.TryChunk("LATX"); err != nil {
			return nil, nil, err
		} else if ch != nil {
			n := int64(ch.I16())
			if !ch.Count("LATX", n, 2) {
				return nil, nil, ch.Err()
			}
			for i := int64(0); i < n; i++ {
				a.LATX = append(a.LATX, [2]string{ch.CString(), ch.CString()})
			}
			if err := done(ch); err != nil {
				return nil, nil, err
			}
		}
		for _, tag := range []string{"SFSK", "APAG"} {
			if _, err := c.TryChunk(tag); err != nil {
				return nil, nil, err
			}
		}
	}
	if !c.AtEnd() {
		ds = append(ds, formats.DiagWarnf(file, int64(c.Offset()), "FORM SMAT %s: %d bytes of unknown blocks ignored", a.Version, c.Remaining()))
	}
	c.Exit()
	c.Exit()
	ds = append(ds, trailing(c)...)
	return a, ds, nil
}
