package swg

import (
	"math"
	"path/filepath"
	"strings"

	"animscope/formats"
	"animscope/formats/bin"
	"animscope/formats/iff"

	"github.com/go-gl/mathgl/mgl32"
)

// Animation is a decoded .ans (FORMAT.md §5), with every key as stored in the file.
// KFAT 0003 and CKAT 0001 fill Rot/StaticRot; KFAT 0002 fills Euler/StaticEuler
// (angles in radians) and leaves the conversion to the clip.
type Animation struct {
	File    string
	Name    string // the file name without its extension
	Kind    string // "KFAT" or "CKAT"
	Version string // "0002", "0003" or "0001"

	FPS        float32
	FrameCount int32 // the index of the last frame
	// Declared counts from INFO.
	TransformCount, RotCount, StaticRotCount, TransCount, StaticTransCount int

	Xforms    []XformInfo
	Rot       []QuatChannel // AROT QCHN channels (KFAT 0003, CKAT)
	StaticRot []mgl32.Quat  // SROT (CKAT: expanded from StaticPacked)
	// StaticPacked holds CKAT's packed static rotations.
	StaticPacked []PackedQuat
	Trans        []ScalarChannel // ATRN CHNL channels
	StaticTrans  []float32       // STRN
	Euler        []ScalarChannel // KFAT 0002 AROT CHNL channels (radians)
	StaticEuler  []float32       // KFAT 0002 SROT angles (radians)

	Messages []Message
	Loco     *Locomotion

	badChunks map[int]bool // chunks (by offset) with an unusable value reported

	Diagnostics []formats.Diagnostic
}

// XformInfo is one XFIN: a joint name and where its rotation and translation
// come from.
type XformInfo struct {
	Name   string
	Offset int // of the XFIN chunk
	// AnimatedRot says RotIndex points into Rot (else into StaticRot). For KFAT
	// 0002 it is set when any bit of RotMask is.
	AnimatedRot bool
	RotIndex    int32
	// RotMask and RotIdx are KFAT 0002's per-axis Euler sources: bit 0x01/0x02/0x04
	// set means that axis's index points into Euler, else into StaticEuler.
	RotMask uint32
	RotIdx  [3]int32
	// TransMask bit 0x08/0x10/0x20 set means that axis's index points into Trans,
	// else into StaticTrans.
	TransMask uint32
	TransIdx  [3]int32
}

// Translation mask bits (KeyframeSkeletalAnimationTemplateDef.h).
const (
	MaskRotX   = 0x01
	MaskRotY   = 0x02
	MaskRotZ   = 0x04
	MaskTransX = 0x08
	MaskTransY = 0x10
	MaskTransZ = 0x20
)

// TransAnimated reports whether translation axis k (0..2) is animated.
func (x *XformInfo) TransAnimated(k int) bool { return x.TransMask&(MaskTransX<<k) != 0 }

// RotAnimated reports whether Euler axis k (0..2, KFAT 0002) is animated.
func (x *XformInfo) RotAnimated(k int) bool { return x.RotMask&(MaskRotX<<k) != 0 }

// PackedQuat is a CKAT packed quaternion with its three formats.
type PackedQuat struct {
	Formats [3]uint8
	Word    uint32
}

// QuatChannel is an animated rotation channel. Keys are decoded (CKAT: expanded);
// CKAT keeps the formats and packed words too.
type QuatChannel struct {
	Offset  int
	Frames  []int32
	Keys    []mgl32.Quat
	Formats [3]uint8
	Words   []uint32 // CKAT only
}

// ScalarChannel is an animated float channel (translation, or a KFAT 0002 Euler
// angle).
type ScalarChannel struct {
	Offset int
	Frames []int32
	Values []float32
}

// Message is one MSGS entry: a name signalled at frames.
type Message struct {
	Name   string
	Frames []int32
}

// Locomotion is the root motion of LOCT/LOCR (or CKAT's trailing QCHN).
type Locomotion struct {
	AverageSpeed float32
	TFrames      []int32
	T            []mgl32.Vec3
	RFrames      []int32
	R            []mgl32.Quat
	// RTag is "LOCR" (KFAT) or "QCHN" (CKAT) when there is a rotation part.
	RTag string
	// RFormats and RWords keep CKAT's packed rotation keys (nil for KFAT).
	RFormats [3]uint8
	RWords   []uint32
}

// maxKeys bounds one channel's key count (a sanity limit; counts are also checked
// against the chunk's bytes).
const maxKeys = 1 << 24

// DecodeAnimation reads a KFAT or CKAT .ans from memory.
func DecodeAnimation(file string, data []byte) (*Animation, error) {
	c := iff.NewCursor(file, data)
	b, ok, err := c.Peek()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, formats.FileErrorf(file, 0, "the file is empty")
	}
	a := &Animation{File: file, Name: clipName(file)}
	switch {
	case b.IsForm() && b.Name == "KFAT":
		err = a.readKFAT(c)
	case b.IsForm() && b.Name == "CKAT":
		err = a.readCKAT(c)
	case b.IsForm():
		return nil, formats.FileErrorf(file, int64(b.Off), "not a keyframe animation (FORM %s)", b.Name)
	default:
		return nil, formats.FileErrorf(file, int64(b.Off), "not an animation: found %s, expected FORM KFAT or FORM CKAT", b)
	}
	if err != nil {
		return nil, err
	}
	a.Diagnostics = append(a.Diagnostics, trailing(c)...)
	if err := a.check(); err != nil {
		return nil, err
	}
	return a, nil
}

func clipName(file string) string {
	if _, member, ok := formats.SplitName(file); ok {
		file = member // ARCHIVE:MEMBER
	}
	base := filepath.Base(file)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

func (a *Animation) warn(off int, format string, args ...any) {
	a.Diagnostics = append(a.Diagnostics, formats.DiagWarnf(a.File, int64(off), format, args...))
}

func (a *Animation) readKFAT(c *iff.Cursor) error {
	if _, err := c.EnterForm("KFAT"); err != nil {
		return err
	}
	vb, err := c.EnterForm("")
	if err != nil {
		return err
	}
	a.Kind, a.Version = "KFAT", vb.Name
	if vb.Name != "0002" && vb.Name != "0003" {
		return c.Errf(vb.Off, "FORM KFAT: unknown version %s (0002 and 0003 load)", vb.Name)
	}
	legacy := vb.Name == "0002"
	info, err := c.Chunk("INFO")
	if err != nil {
		return err
	}
	a.FPS = info.F32()
	a.FrameCount = info.I32()
	counts := [4]int32{}
	tc := info.I32()
	for i := range counts {
		counts[i] = info.I32()
	}
	if err := done(info); err != nil {
		return err
	}
	if err := a.setCounts(c, info.Off, tc, counts); err != nil {
		return err
	}
	if err := a.readXFRM(c, func(ch *iff.Chunk, x *XformInfo) {
		if legacy {
			x.RotMask = ch.U32()
			for k := 0; k < 3; k++ {
				x.RotIdx[k] = ch.I32()
			}
			x.AnimatedRot = x.RotMask&(MaskRotX|MaskRotY|MaskRotZ) != 0
		} else {
			x.AnimatedRot = ch.I8() != 0
			x.RotIndex = ch.I32()
		}
		x.TransMask = ch.U32()
		for k := 0; k < 3; k++ {
			x.TransIdx[k] = ch.I32()
		}
	}); err != nil {
		return err
	}
	if err := a.countedForm(c, "AROT", "animated rotation channels", a.RotCount, func() error {
		if legacy {
			chn, err := a.readScalar(c, "CHNL", false)
			if err != nil {
				return err
			}
			a.Euler = append(a.Euler, chn)
			return nil
		}
		ch, err := c.Chunk("QCHN")
		if err != nil {
			return err
		}
		n := int64(ch.I32())
		if err := a.keyCount(ch, n, 20); err != nil {
			return err
		}
		q := QuatChannel{Offset: ch.Off, Frames: make([]int32, n), Keys: make([]mgl32.Quat, n)}
		for k := range q.Frames {
			q.Frames[k] = ch.I32()
			q.Keys[k] = ch.Quat()
			a.checkValues(ch, "key|rotation", k, q.Keys[k].W, q.Keys[k].V[0], q.Keys[k].V[1], q.Keys[k].V[2])
		}
		if err := done(ch); err != nil {
			return err
		}
		a.Rot = append(a.Rot, q)
		return nil
	}); err != nil {
		return err
	}
	if legacy {
		if err := a.countedChunk(c, "SROT", "static rotations", a.StaticRotCount, 4, func(ch *iff.Chunk) {
			a.StaticEuler = make([]float32, a.StaticRotCount)
			for i := range a.StaticEuler {
				a.StaticEuler[i] = ch.F32()
				a.checkValues(ch, "static rotation|", i, a.StaticEuler[i])
			}
		}); err != nil {
			return err
		}
	} else if err := a.countedChunk(c, "SROT", "static rotations", a.StaticRotCount, 16, func(ch *iff.Chunk) {
		a.StaticRot = make([]mgl32.Quat, a.StaticRotCount)
		for i := range a.StaticRot {
			a.StaticRot[i] = ch.Quat()
			q := a.StaticRot[i]
			a.checkValues(ch, "static rotation|", i, q.W, q.V[0], q.V[1], q.V[2])
		}
	}); err != nil {
		return err
	}
	if err := a.readTranslation(c, false); err != nil {
		return err
	}
	if err := a.readMSGS(c); err != nil {
		return err
	}
	if !legacy {
		if ch, err := c.TryChunk("LOCT"); err != nil {
			return err
		} else if ch != nil {
			if err := a.readLOCT(ch); err != nil {
				return err
			}
		}
		if ch, err := c.TryChunk("LOCR"); err != nil {
			return err
		} else if ch != nil {
			n := int64(ch.I16())
			if err := a.keyCount(ch, n, 18); err != nil {
				return err
			}
			if a.Loco == nil {
				a.Loco = &Locomotion{}
			}
			a.Loco.RTag = "LOCR"
			a.Loco.RFrames = make([]int32, n)
			a.Loco.R = make([]mgl32.Quat, n)
			for k := range a.Loco.R {
				a.Loco.RFrames[k] = int32(ch.I16())
				a.Loco.R[k] = ch.Quat()
				q := a.Loco.R[k]
				a.checkValues(ch, "key|rotation", k, q.W, q.V[0], q.V[1], q.V[2])
			}
			if err := done(ch); err != nil {
				return err
			}
		}
	}
	a.leftoverForm(c, "KFAT "+a.Version)
	c.Exit()
	c.Exit()
	return nil
}

func (a *Animation) readCKAT(c *iff.Cursor) error {
	if _, err := c.EnterForm("CKAT"); err != nil {
		return err
	}
	vb, err := c.EnterForm("")
	if err != nil {
		return err
	}
	a.Kind, a.Version = "CKAT", vb.Name
	if vb.Name == "0000" {
		return c.Errf(vb.Off, "FORM CKAT: version 0000 is stale and rejected by the client")
	}
	if vb.Name != "0001" {
		return c.Errf(vb.Off, "FORM CKAT: unknown version %s (only 0001 loads)", vb.Name)
	}
	info, err := c.Chunk("INFO")
	if err != nil {
		return err
	}
	a.FPS = info.F32()
	a.FrameCount = int32(info.I16())
	tc := int32(info.I16())
	var counts [4]int32
	for i := range counts {
		counts[i] = int32(info.I16())
	}
	if err := done(info); err != nil {
		return err
	}
	if err := a.setCounts(c, info.Off, tc, counts); err != nil {
		return err
	}
	if err := a.readXFRM(c, func(ch *iff.Chunk, x *XformInfo) {
		x.AnimatedRot = ch.I8() != 0
		x.RotIndex = int32(ch.I16())
		x.TransMask = uint32(ch.U8())
		for k := 0; k < 3; k++ {
			x.TransIdx[k] = int32(ch.I16())
		}
	}); err != nil {
		return err
	}
	if err := a.countedForm(c, "AROT", "animated rotation channels", a.RotCount, func() error {
		q, err := a.readPackedChannel(c)
		if err != nil {
			return err
		}
		a.Rot = append(a.Rot, q)
		return nil
	}); err != nil {
		return err
	}
	if err := a.countedChunk(c, "SROT", "static rotations", a.StaticRotCount, 7, func(ch *iff.Chunk) {
		a.StaticPacked = make([]PackedQuat, a.StaticRotCount)
		a.StaticRot = make([]mgl32.Quat, a.StaticRotCount)
		for i := range a.StaticPacked {
			off := ch.Offset()
			p := PackedQuat{Formats: [3]uint8{ch.U8(), ch.U8(), ch.U8()}, Word: ch.U32()}
			a.StaticPacked[i] = p
			a.StaticRot[i] = a.expand(off, p.Word, p.Formats)
		}
	}); err != nil {
		return err
	}
	if err := a.readTranslation(c, true); err != nil {
		return err
	}
	if err := a.readMSGS(c); err != nil {
		return err
	}
	if ch, err := c.TryChunk("LOCT"); err != nil {
		return err
	} else if ch != nil {
		if err := a.readLOCT(ch); err != nil {
			return err
		}
	}
	if is, err := c.Is(false, "QCHN"); err != nil {
		return err
	} else if is {
		q, err := a.readPackedChannel(c)
		if err != nil {
			return err
		}
		if a.Loco == nil {
			a.Loco = &Locomotion{}
		}
		a.Loco.RTag = "QCHN"
		a.Loco.RFrames, a.Loco.R = q.Frames, q.Keys
		a.Loco.RFormats, a.Loco.RWords = q.Formats, q.Words
	}
	a.leftoverForm(c, "CKAT "+a.Version)
	c.Exit()
	c.Exit()
	return nil
}

// fitsBytes reports whether n entries of at least one byte each fit in the rest
// bytes that follow (n ≥ 0), through the shared bounded-count check.
func fitsBytes(n int64, rest int) bool {
	return n >= 0 && rest >= 0 && bin.Fits(uint64(n), 1, uint64(rest))
}

// setCounts checks the INFO counts before anything is allocated from them.
func (a *Animation) setCounts(c *iff.Cursor, off int, tc int32, counts [4]int32) error {
	names := [4]string{"animated rotation channel", "static rotation", "animated translation channel", "static translation"}
	if tc < 0 {
		return c.Errf(off, "INFO: negative transform count %d", tc)
	}
	for i, n := range counts {
		if n < 0 {
			return c.Errf(off, "INFO: negative %s count %d", names[i], n)
		}
	}
	// Every entry takes at least one byte of what follows INFO.
	rest := c.Remaining()
	for i, n := range append([]int32{tc}, counts[:]...) {
		if !fitsBytes(int64(n), rest) {
			what := "transform"
			if i > 0 {
				what = names[i-1]
			}
			return c.Errf(off, "INFO: %d %ss cannot fit in the %d bytes that follow", n, what, rest)
		}
	}
	a.TransformCount = int(tc)
	a.RotCount, a.StaticRotCount, a.TransCount, a.StaticTransCount = int(counts[0]), int(counts[1]), int(counts[2]), int(counts[3])
	switch {
	case math.IsNaN(float64(a.FPS)) || math.IsInf(float64(a.FPS), 0):
		// Not a rate at all: an error of the file (inspect --json could not even
		// print it).
		a.Diagnostics = append(a.Diagnostics, formats.DiagErrorf(a.File, int64(off), "INFO: fps %g is not a finite number", a.FPS))
	case !(a.FPS > 0):
		a.warn(off, "INFO: fps %g is not a positive number: the viewer plays it at 30 fps", a.FPS)
	}
	if a.FrameCount < 0 {
		a.warn(off, "INFO: frameCount %d is negative", a.FrameCount)
	}
	return nil
}

func (a *Animation) readXFRM(c *iff.Cursor, fields func(*iff.Chunk, *XformInfo)) error {
	if _, err := c.EnterForm("XFRM"); err != nil {
		return err
	}
	a.Xforms = make([]XformInfo, 0, a.TransformCount)
	for i := 0; i < a.TransformCount; i++ {
		ch, err := c.Chunk("XFIN")
		if err != nil {
			return err
		}
		x := XformInfo{Offset: ch.Off}
		x.Name = ch.CString()
		fields(ch, &x)
		if err := ch.Err(); err != nil {
			return err
		}
		if err := ch.Leftover(); err != nil {
			a.Diagnostics = append(a.Diagnostics, warnOf(err))
		}
		a.Xforms = append(a.Xforms, x)
	}
	a.leftoverForm(c, "XFRM")
	c.Exit()
	return nil
}

func (a *Animation) leftoverForm(c *iff.Cursor, what string) {
	if !c.AtEnd() {
		a.warn(c.Offset(), "FORM %s: %d bytes after the declared entries are ignored", what, c.Remaining())
	}
}

// keyCount checks a channel's key count before allocating.
func (a *Animation) keyCount(ch *iff.Chunk, n int64, size int) error {
	if err := ch.Err(); err != nil {
		return err
	}
	if n < 1 {
		return formats.FileErrorf(a.File, int64(ch.Off), "CHUNK %s: key count %d: a channel needs at least one key", ch.Tag, n)
	}
	if n > maxKeys || !ch.Count(ch.Tag+" keys", n, size) {
		if ch.Err() == nil {
			ch.Fail("key count %d is too large", n)
		}
		return ch.Err()
	}
	return nil
}

// readScalar reads a CHNL: int32 (KFAT) or int16 (CKAT) counts and frames.
func (a *Animation) readScalar(c *iff.Cursor, tag string, short bool) (ScalarChannel, error) {
	ch, err := c.Chunk(tag)
	if err != nil {
		return ScalarChannel{}, err
	}
	var n int64
	size := 8
	if short {
		n, size = int64(ch.I16()), 6
	} else {
		n = int64(ch.I32())
	}
	if err := a.keyCount(ch, n, size); err != nil {
		return ScalarChannel{}, err
	}
	s := ScalarChannel{Offset: ch.Off, Frames: make([]int32, n), Values: make([]float32, n)}
	for k := range s.Frames {
		if short {
			s.Frames[k] = int32(ch.I16())
		} else {
			s.Frames[k] = ch.I32()
		}
		s.Values[k] = ch.F32()
		a.checkValues(ch, "key|value", k, s.Values[k])
	}
	return s, done(ch)
}

func (a *Animation) readTranslation(c *iff.Cursor, short bool) error {
	if err := a.countedForm(c, "ATRN", "animated translation channels", a.TransCount, func() error {
		ch, err := a.readScalar(c, "CHNL", short)
		if err != nil {
			return err
		}
		a.Trans = append(a.Trans, ch)
		return nil
	}); err != nil {
		return err
	}
	return a.countedChunk(c, "STRN", "static translations", a.StaticTransCount, 4, func(ch *iff.Chunk) {
		a.StaticTrans = make([]float32, a.StaticTransCount)
		for i := range a.StaticTrans {
			a.StaticTrans[i] = ch.F32()
			a.checkValues(ch, "static translation|", i, a.StaticTrans[i])
		}
	})
}

// countedForm reads the optional FORM tag holding the n channels INFO declares,
// calling read once for each; declared channels without the FORM are an error.
func (a *Animation) countedForm(c *iff.Cursor, tag, what string, n int, read func() error) error {
	ok, err := c.TryEnterForm(tag)
	if err != nil {
		return err
	}
	if !ok {
		if n > 0 {
			return c.Errf(c.Offset(), "INFO declares %d %s but FORM %s is missing", n, what, tag)
		}
		return nil
	}
	for i := 0; i < n; i++ {
		if err := read(); err != nil {
			return err
		}
	}
	a.leftoverForm(c, tag)
	c.Exit()
	return nil
}

// countedChunk reads the optional CHUNK tag of the n records of size bytes INFO
// declares: the count is checked against the chunk before read allocates, bytes
// left over are a warning, and declared records without the chunk are an error.
func (a *Animation) countedChunk(c *iff.Cursor, tag, what string, n, size int, read func(ch *iff.Chunk)) error {
	ch, err := c.TryChunk(tag)
	if err != nil {
		return err
	}
	if ch == nil {
		if n > 0 {
			return c.Errf(c.Offset(), "INFO declares %d %s but CHUNK %s is missing", n, what, tag)
		}
		return nil
	}
	if !ch.Count(tag, int64(n), size) {
		return ch.Err()
	}
	read(ch)
	if err := ch.Err(); err != nil {
		return err
	}
	if err := ch.Leftover(); err != nil {
		a.Diagnostics = append(a.Diagnostics, warnOf(err))
	}
	return nil
}

func (a *Animation) readMSGS(c *iff.Cursor) error {
	ok, err := c.TryEnterForm("MSGS")
	if err != nil || !ok {
		return err
	}
	info, err := c.Chunk("INFO")
	if err != nil {
		return err
	}
	n := int(info.I16())
	if err := done(info); err != nil {
		return err
	}
	if n >= 0 && !fitsBytes(int64(n), c.Remaining()) {
		return c.Errf(info.Off, "MSGS INFO: %d messages cannot fit in the %d bytes that follow", n, c.Remaining())
	}
	for i := 0; i < n; i++ {
		ch, err := c.Chunk("MESG")
		if err != nil {
			return err
		}
		sc := int64(ch.I16())
		name := ch.CString()
		if sc < 1 {
			a.warn(ch.Off, "MESG %q: signal count %d", name, sc)
		}
		if sc < 0 {
			sc = 0
		}
		if !ch.Count("MESG frames", sc, 2) {
			return ch.Err()
		}
		m := Message{Name: name, Frames: make([]int32, sc)}
		for k := range m.Frames {
			m.Frames[k] = int32(ch.I16())
		}
		if err := done(ch); err != nil {
			return err
		}
		a.Messages = append(a.Messages, m)
	}
	a.leftoverForm(c, "MSGS")
	c.Exit()
	return nil
}

func (a *Animation) readLOCT(ch *iff.Chunk) error {
	speed := ch.F32()
	n := int64(ch.I16())
	if err := a.keyCount(ch, n, 14); err != nil {
		return err
	}
	if a.Loco == nil {
		a.Loco = &Locomotion{}
	}
	a.Loco.AverageSpeed = speed
	a.Loco.TFrames = make([]int32, n)
	a.Loco.T = make([]mgl32.Vec3, n)
	for k := range a.Loco.T {
		a.Loco.TFrames[k] = int32(ch.I16())
		a.Loco.T[k] = ch.Vec3()
		a.checkValues(ch, "key|translation", k, a.Loco.T[k][:]...)
	}
	return done(ch)
}

// readPackedChannel reads a CKAT QCHN: int16 keyCount, three formats, keys of
// int16 frame and a packed word.
func (a *Animation) readPackedChannel(c *iff.Cursor) (QuatChannel, error) {
	ch, err := c.Chunk("QCHN")
	if err != nil {
		return QuatChannel{}, err
	}
	n := int64(ch.I16())
	f := [3]uint8{ch.U8(), ch.U8(), ch.U8()}
	if err := a.keyCount(ch, n, 6); err != nil {
		return QuatChannel{}, err
	}
	q := QuatChannel{Offset: ch.Off, Formats: f, Frames: make([]int32, n), Keys: make([]mgl32.Quat, n), Words: make([]uint32, n)}
	for k := range q.Frames {
		q.Frames[k] = int32(ch.I16())
		off := ch.Offset()
		q.Words[k] = ch.U32()
		q.Keys[k] = a.expand(off, q.Words[k], f)
	}
	if err := done(ch); err != nil {
		return QuatChannel{}, err
	}
	for k, b := range f {
		if !ValidFormat(b) {
			a.warn(ch.Off, "QCHN: %c format byte 0x%02X is never produced by the compressor (decoded like 0xFE)", "xyz"[k], b)
		}
	}
	return q, nil
}

func (a *Animation) expand(off int, word uint32, f [3]uint8) mgl32.Quat {
	q, clamped := ExpandQuat(word, f[0], f[1], f[2])
	if clamped {
		a.warn(off, "packed quaternion 0x%08X: x²+y²+z² > 1, w clamped to 0", word)
	}
	return q
}

// check validates every index of every XFIN against the arrays it points into,
// and warns about key frames that do not increase.
func (a *Animation) check() error {
	rangeErr := func(x *XformInfo, what string, idx int32, n int) error {
		return formats.FileErrorf(a.File, int64(x.Offset), "XFIN %q: %s index %d is out of range (%d entries)", x.Name, what, idx, n)
	}
	for i := range a.Xforms {
		x := &a.Xforms[i]
		if a.Kind == "KFAT" && a.Version == "0002" {
			for k := 0; k < 3; k++ {
				if x.RotAnimated(k) {
					if x.RotIdx[k] < 0 || int(x.RotIdx[k]) >= len(a.Euler) {
						return rangeErr(x, string("xyz"[k])+" rotation channel", x.RotIdx[k], len(a.Euler))
					}
				} else if x.RotIdx[k] < 0 || int(x.RotIdx[k]) >= len(a.StaticEuler) {
					return rangeErr(x, string("xyz"[k])+" static rotation", x.RotIdx[k], len(a.StaticEuler))
				}
			}
		} else if x.AnimatedRot {
			if x.RotIndex < 0 || int(x.RotIndex) >= len(a.Rot) {
				return rangeErr(x, "rotation channel", x.RotIndex, len(a.Rot))
			}
		} else if x.RotIndex < 0 || int(x.RotIndex) >= len(a.StaticRot) {
			return rangeErr(x, "static rotation", x.RotIndex, len(a.StaticRot))
		}
		for k := 0; k < 3; k++ {
			if x.TransAnimated(k) {
				if x.TransIdx[k] < 0 || int(x.TransIdx[k]) >= len(a.Trans) {
					return rangeErr(x, string("xyz"[k])+" translation channel", x.TransIdx[k], len(a.Trans))
				}
			} else if x.TransIdx[k] < 0 || int(x.TransIdx[k]) >= len(a.StaticTrans) {
				return rangeErr(x, string("xyz"[k])+" static translation", x.TransIdx[k], len(a.StaticTrans))
			}
		}
	}
	increasing := func(off int, frames []int32, what string) {
		for k := 1; k < len(frames); k++ {
			if frames[k] <= frames[k-1] {
				a.warn(off, "%s: key %d at frame %d does not come after frame %d", what, k, frames[k], frames[k-1])
				return
			}
		}
		if len(frames) > 0 && frames[0] > 0 {
			a.warn(off, "%s: the first key is at frame %d, not 0: the first value is held before it", what, frames[0])
		}
	}
	for _, q := range a.Rot {
		increasing(q.Offset, q.Frames, "QCHN")
	}
	for _, s := range a.Trans {
		increasing(s.Offset, s.Frames, "CHNL")
	}
	for _, s := range a.Euler {
		increasing(s.Offset, s.Frames, "CHNL")
	}
	return nil
}
