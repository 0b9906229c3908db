package m2

import (
	"fmt"
	"path/filepath"
	"strings"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

func init() {
	formats.Register(formats.Decoder{
		Name:       "m2",
		Extensions: []string{".m2"},
		Sniff:      Sniff,
		Decode:     Decode,
		Readings:   readings,
	})
}

// Sniff reports whether head starts with the "MD20" magic, or with "MD21" (the
// chunked files of later versions, which Decode refuses by version).
func Sniff(_ string, head []byte) bool {
	return len(head) >= 4 && (string(head[:4]) == "MD20" || string(head[:4]) == "MD21")
}

// Version range this package reads.
const (
	minVersion = 256
	maxVersion = 272
)

// Sequence flags (FORMAT.md §4.2).
const (
	seqInline = 0x20 // keys are in the .m2 (264: otherwise in <name><id>-<sub>.anim)
	seqAlias  = 0x40 // follow the alias target
)

// Bone flags (FORMAT.md §4.3).
const (
	boneSpherical    = 0x8
	boneCylindricalX = 0x10
	boneCylindricalY = 0x20
	boneCylindricalZ = 0x40
)

// Billboard modes returned by Details.BillboardModes, per skeleton node (the
// Asset's Billboards capability, set when any bone has one).
const (
	BillboardNone         = anim.BillboardNone
	BillboardSpherical    = anim.BillboardSpherical    // flag 0x8: the bone's X axis faces the camera
	BillboardCylindricalX = anim.BillboardCylindricalX // flag 0x10: turns about its X axis only
	BillboardCylindricalY = anim.BillboardCylindricalY // flag 0x20: turns about its Y axis only
	BillboardCylindricalZ = anim.BillboardCylindricalZ // flag 0x40: turns about its Z axis only
)

// Decode is the registered decoder: it reads src.Data as an M2 and, at 264, the
// view 0 skin <base>00.skin beside the file (and any <base><id>-<sub>.anim that an
// external sequence needs).
func Decode(src *formats.Source) (*formats.Part, error) {
	a, err := decodeWithOpts(src.Name, src.Path, src.Data, src.ReadCompanion, src.Opts)
	if err != nil {
		return nil, err
	}
	if src.Member != "" || src.Tree != nil {
		a.Read = nil // read from the archive, not files on disk
	}
	// Textures are looked for on disk only: a model from a mounted archive
	// (src.Tree) or an NRes member has no folder there.
	if det, ok := a.Details.(*Details); ok && src.Member == "" && src.Tree == nil && src.Path != "" {
		findTextures(&a.Asset, det, src.Path, src.Opts.Root)
	} else if ok && src.Tree != nil {
		findTexturesInTree(&a.Asset, det, src)
	}
	return a, nil
}

// Companion files (.skin, .anim) come through src.ReadCompanion: on disk through
// formats.ReadCompanion (confined to the model's folder, regular files only, under
// the read cap), and for a model opened from an archive from the same archive.

// decoder holds the state of one decode.
type decoder struct {
	m2      blob
	path    string
	read    func(path string) ([]byte, error)
	opts    formats.Options // the readings (readings.go)
	version uint32
	pre     bool // version < 264: shared timeline with ranges, 68-byte sequences
	tbc     bool // version >= 260: int16 quaternions, 112-byte bones, 48-byte submeshes
	budget  int64
	globals []uint32
	nSeq    int
	seqBlob []*blob // 264: where sequence s keeps its inner arrays (nil: nowhere)
	diags   []formats.Diagnostic
	details *Details
	// companions are the .skin and .anim files read (formats.Asset.Read).
	companions []string
	alphas     []meshAlpha // per mesh

	// For materials (material.go): what meshes read of view 0 and the alpha tracks.
	view         viewRef
	colorAlpha   []*scalarTrack
	transpTracks []*scalarTrack
}

func (d *decoder) warnf(b *blob, off int64, format string, args ...any) {
	d.diags = append(d.diags, formats.DiagWarnf(b.name, off, format, args...))
}

// spend takes n decoded elements from the allocation budget. The budget (half the
// bytes read, plus 64 Ki) bounds what aliasing arrays can make a small file
// allocate; real files use a small fraction of it.
func (d *decoder) spend(b *blob, off int64, n uint64, what string) error {
	if n > uint64(d.budget) {
		return b.errf(off, "%s: %d more elements pass the decoding limit for a file of this size (%d left); arrays overlap too much", what, n, d.budget)
	}
	d.budget -= int64(n)
	return nil
}

func (d *decoder) addBudget(n int) { d.budget += int64(n / 2) }

// header field offsets for one era.
type layout struct {
	size                                            int64
	globals, seqs, seqLookup, bones, keyBoneLookup  int64
	vertices, views, colors, textures, transparency int64
	texAnims, renderFlags, boneLookup, texLookup    int64
	bounds, collision                               int64
	attachments, events, lights, cameras, ribbons   int64
	particles, replaceable                          int64
	// skinHeader is the .skin header's size (magic and view arrays).
	skinHeader int
	// record sizes
	seqSize, boneSize, trackSize, colorSize, transpSize, texAnimSize   int
	attachSize, eventSize, lightSize, cameraSize, ribbonSize, partSize int
}

var layoutPre = layout{
	size: 0x144, globals: 0x14, seqs: 0x1C, seqLookup: 0x24, bones: 0x34, keyBoneLookup: 0x3C,
	vertices: 0x44, views: 0x4C, colors: 0x54, textures: 0x5C, transparency: 0x64,
	texAnims: 0x74, renderFlags: 0x84, boneLookup: 0x8C, texLookup: 0x94,
	bounds: 0xB4, collision: 0xD0,
	attachments: 0x104, events: 0x114, lights: 0x11C, cameras: 0x124, ribbons: 0x134, particles: 0x13C, replaceable: 0x7C,
	seqSize: 68, boneSize: 108, trackSize: 28, colorSize: 56, transpSize: 28, texAnimSize: 84,
	attachSize: 48, eventSize: 44, lightSize: 212, cameraSize: 124, ribbonSize: 220, partSize: 504,
}

var layout264 = layout{
	size: 0x130, globals: 0x14, seqs: 0x1C, seqLookup: 0x24, bones: 0x2C, keyBoneLookup: 0x34,
	vertices: 0x3C, views: 0x44, colors: 0x48, textures: 0x50, transparency: 0x58,
	texAnims: 0x60, renderFlags: 0x70, boneLookup: 0x78, texLookup: 0x80,
	bounds: 0xA0, collision: 0xBC,
	attachments: 0xF0, events: 0x100, lights: 0x108, cameras: 0x110, ribbons: 0x120, particles: 0x128, replaceable: 0x68,
	seqSize: 64, boneSize: 88, trackSize: 20, colorSize: 40, transpSize: 20, texAnimSize: 60,
	attachSize: 40, eventSize: 36, lightSize: 156, cameraSize: 100, ribbonSize: 176, partSize: 476,
	skinHeader: 48,
}

// bone is one file bone.
type bone struct {
	keyBone int32
	flags   uint32
	parent  int16
	pivot   mgl32.Vec3
	t, s    *vecTrack
	r       *quatTrack
	off     int64
}

func decodeWith(name, path string, data []byte, read func(string) ([]byte, error)) (*formats.Part, error) {
	return decodeWithOpts(name, path, data, read, formats.Options{})
}

func decodeWithOpts(name, path string, data []byte, read func(string) ([]byte, error), opts formats.Options) (*formats.Part, error) {
	d := &decoder{m2: blob{name: name, data: data}, path: path, read: read, opts: opts}
	d.addBudget(len(data))
	d.budget += 1 << 16
	a, err := d.decode()
	if err != nil {
		return nil, err
	}
	return a, nil
}

func (d *decoder) decode() (*formats.Part, error) {
	b := &d.m2
	if len(b.data) >= 4 && string(b.data[:4]) == "MD21" {
		if v := md21Version(b.data); v != 0 {
			return nil, b.errf(0, "a chunked MD21 model (version %d, Legion and later) is not supported: animscope reads MD20 models of versions 256–272", v)
		}
		return nil, b.errf(0, "a chunked MD21 model is not supported: animscope reads MD20 models of versions 256–272")
	}
	if err := b.need(0, 8, "header (magic and version)"); err != nil {
		return nil, err
	}
	if string(b.data[:4]) != "MD20" {
		return nil, b.errf(0, "magic %q is not \"MD20\"", b.data[:4])
	}
	d.version = b.u32(4)
	if d.version < minVersion || d.version > maxVersion {
		return nil, b.errf(4, "version %d is outside the supported 256–272", d.version)
	}
	d.pre, d.tbc = d.version < 264, d.version >= 260
	lay := layoutFor(d.version)
	if err := b.need(0, int(lay.size), fmt.Sprintf("version %d header", d.version)); err != nil {
		return nil, err
	}
	det := &Details{Version: d.version, Flags: b.u32(0x10)}
	d.details = det
	var err error
	if det.Name, err = b.str(0x08, "model name"); err != nil {
		return nil, err
	}
	if d.tbc && det.Flags&0x8 != 0 {
		if err := b.need(lay.size, 8, "optional texture-combiner-combo array"); err != nil {
			return nil, err
		}
		if _, err := b.arr(lay.size, "texture-combiner combos", 2); err != nil {
			return nil, err
		}
		if err := d.combos(lay); err != nil {
			return nil, err
		}
	}

	// Global sequences.
	ga, err := b.arr(lay.globals, "global sequences", 4)
	if err != nil {
		return nil, err
	}
	d.globals = make([]uint32, ga.count)
	for i := range d.globals {
		d.globals[i] = b.u32(ga.at(i))
	}
	det.GlobalSequences = d.globals

	// Sequences.
	seqs, err := d.sequences(lay)
	if err != nil {
		return nil, err
	}
	d.nSeq = len(seqs)
	if !d.pre {
		d.loadAnims(seqs)
	}

	// Bones.
	bones, err := d.bones(lay)
	if err != nil {
		return nil, err
	}
	skel, node, err := d.skeleton(lay, bones)
	if err != nil {
		return nil, err
	}
	skel.Inherit = inheritFlags(d.opts, skel, bones)

	// Everything else the header points at is checked against the file size.
	if err := d.counts(lay); err != nil {
		return nil, err
	}
	if err := d.recordArrays(lay); err != nil {
		return nil, err
	}
	if err := d.textures(lay); err != nil {
		return nil, err
	}
	if err := d.attachments(lay, len(bones)); err != nil {
		return nil, err
	}

	// Vertices and view 0.
	meshes, err := d.meshes(lay, len(bones), node)
	if err != nil {
		return nil, err
	}
	if err := d.materials(lay); err != nil {
		return nil, err
	}
	det.placeCharacter(b.name, d.path, meshes) // geoset.go: a character's default geosets

	m := &model{pre: d.pre, globals: d.globals, nodes: make([]nodeTracks, len(bones)), alphas: d.alphas}
	for fi, bn := range bones {
		m.nodes[node[fi]] = nodeTracks{t: bn.t, r: bn.r, s: bn.s}
	}
	clips := make([]anim.Clip, len(seqs))
	packs := packSequences(m, seqs)
	for i := range seqs {
		c := newClip(m, seqs, i)
		if packs != nil {
			c.pack = packs[c.src]
		}
		clips[i] = c
	}
	a := &formats.Part{
		Asset: formats.Asset{
			Files:              []string{b.name},
			Read:               d.companions,
			Family:             formats.FamilyM2,
			Skeleton:           skel,
			Meshes:             meshes,
			Clips:              clips,
			ConjugatedRotation: false,
			UpAxis:             formats.UpZ,
			Diagnostics:        d.diags,
			Details:            det,
		},
	}
	for _, m := range det.billboard {
		if m != BillboardNone {
			a.Billboards = det
			break
		}
	}
	if len(det.Materials) > 0 {
		a.Materials = newMaterialSet(det)
	}
	return a, nil
}

// sequences reads the sequence records and resolves aliases.
func (d *decoder) sequences(lay *layout) ([]Sequence, error) {
	b := &d.m2
	sa, err := b.arr(lay.seqs, "sequences", lay.seqSize)
	if err != nil {
		return nil, err
	}
	seqs := make([]Sequence, sa.count)
	for i := range seqs {
		o := sa.at(i)
		s := &seqs[i]
		s.Index = i
		s.ID, s.Variation = b.u16(o), b.u16(o+2)
		x := o + 4 // first field after start/end (pre) or duration (264)
		if d.pre {
			s.Start, s.End = b.u32(o+4), b.u32(o+8)
			if s.End < s.Start {
				return nil, b.errf(int64(o+8), "sequence %d: end %d ms is before start %d ms", i, s.End, s.Start)
			}
			s.Duration = s.End - s.Start
			x = o + 8
		} else {
			s.Duration = b.u32(o + 4)
		}
		s.Speed = b.f32(x + 4)
		s.Flags = b.u32(x + 8)
		s.Frequency = b.i16(x + 12)
		s.ReplayMin, s.ReplayMax = b.u32(x+16), b.u32(x+20)
		s.BlendTime = b.u32(x + 24)
		for c := 0; c < 3; c++ {
			s.Bounds.Min[c] = b.f32(x + 28 + 4*c)
			s.Bounds.Max[c] = b.f32(x + 40 + 4*c)
		}
		s.Bounds.Radius = b.f32(x + 52)
		d.cleanBox(int64(x+28), fmt.Sprintf("sequence %d bounds", i), &s.Bounds)
		if !finite(s.Speed) {
			d.warnf(b, int64(x+4), "sequence %d: movement speed %v is not finite; shown as 0", i, s.Speed)
			s.Speed = 0
		}
		s.Next = b.i16(x + 56)
		s.AliasNext = b.u16(x + 58)
		s.Name = ClipName(s.ID, s.Variation)
		s.resolved = i
	}
	uniqueVariations(seqs)
	for i := range seqs {
		if seqs[i].Flags&seqAlias == 0 {
			continue
		}
		j, steps := i, 0
		for seqs[j].Flags&seqAlias != 0 {
			nx := int(seqs[j].AliasNext)
			if nx >= len(seqs) || steps > len(seqs) {
				j = -1
				break
			}
			j = nx
			steps++
		}
		if j < 0 {
			d.warnf(b, int64(sa.at(i)), "sequence %d: alias chain does not end at a non-alias sequence; the sequence samples its own keys", i)
			continue
		}
		seqs[i].resolved = j
		seqs[i].AliasOf = j
	}
	for i := range seqs {
		if seqs[i].Flags&seqAlias == 0 {
			seqs[i].AliasOf = -1
		} else if seqs[i].resolved == i {
			seqs[i].AliasOf = -1
		}
	}
	d.details.Sequences = seqs
	return seqs, nil
}

// loadAnims decides, at 264, where each sequence keeps its inner arrays: in the
// .m2 (flag 0x20), in <base><id:04d>-<sub:02d>.anim beside it, or nowhere (alias
// sequences without 0x20 share their target's arrays; a missing .anim gives empty
// tracks and a warning, FORMAT.md §5.4).
func (d *decoder) loadAnims(seqs []Sequence) {
	d.seqBlob = make([]*blob, len(seqs))
	dir, base := filepath.Dir(d.path), strings.TrimSuffix(filepath.Base(d.path), filepath.Ext(d.path))
	// Sequences that repeat an id and variation name the same .anim: it is
	// read once (100 such sequences of a 7 KB model read a 10 MB .anim 100
	// times, 1 GB, and each read added to the decoding budget).
	read := map[string]*blob{}
	for i := range seqs {
		s := &seqs[i]
		switch {
		case s.Flags&seqInline != 0:
			d.seqBlob[i] = &d.m2
		case s.Flags&seqAlias != 0:
		default:
			p := filepath.Join(dir, fmt.Sprintf("%s%04d-%02d.anim", base, s.ID, s.Variation))
			if ab, ok := read[p]; ok {
				d.seqBlob[i] = ab
				s.AnimFile = filepath.Base(p)
				continue
			}
			data, err := d.read(p)
			if err != nil {
				d.warnf(&d.m2, -1, "sequence %d (%s) keeps its keys in %s, which cannot be read (%v): its tracks are empty",
					i, s.Name, filepath.Base(p), err)
				continue
			}
			d.addBudget(len(data))
			d.companions = append(d.companions, p)
			d.seqBlob[i] = &blob{name: p, data: data}
			read[p] = d.seqBlob[i]
			s.AnimFile = filepath.Base(p)
		}
	}
}

// blobFor is where the inner arrays of outer entry s live at 264.
func (d *decoder) blobFor(s int) *blob {
	if s < len(d.seqBlob) {
		return d.seqBlob[s]
	}
	return &d.m2
}

// bones reads the bone records and their tracks.
func (d *decoder) bones(lay *layout) ([]bone, error) {
	b := &d.m2
	size := lay.boneSize
	tOff, rOff, sOff, pOff := 0x0C, 0x28, 0x44, 0x60
	switch {
	case !d.pre:
		tOff, rOff, sOff, pOff = 0x10, 0x24, 0x38, 0x4C
	case d.tbc:
		size = 112
		tOff, rOff, sOff, pOff = 0x10, 0x2C, 0x48, 0x64
	}
	ba, err := b.arr(lay.bones, "bones", size)
	if err != nil {
		return nil, err
	}
	if ba.count > 1<<15 {
		return nil, b.errf(lay.bones, "bones: %d bones is more than an i16 parent index can address", ba.count)
	}
	bones := make([]bone, ba.count)
	for i := range bones {
		o := ba.at(i)
		bn := &bones[i]
		bn.off = int64(o)
		bn.keyBone = b.i32(o)
		bn.flags = b.u32(o + 4)
		bn.parent = b.i16(o + 8)
		bn.pivot = mgl32.Vec3{b.f32(o + pOff), b.f32(o + pOff + 4), b.f32(o + pOff + 8)}
		if !finite(bn.pivot[:]...) {
			return nil, b.errf(int64(o+pOff), "bone %d: pivot %v is not a finite coordinate", i, bn.pivot)
		}
		what := fmt.Sprintf("bone %d ", i)
		if bn.t, err = d.vecTrack(int64(o+tOff), what+"translation"); err != nil {
			return nil, err
		}
		if bn.r, err = d.quatTrack(int64(o+rOff), what+"rotation"); err != nil {
			return nil, err
		}
		if bn.s, err = d.vecTrack(int64(o+sOff), what+"scale"); err != nil {
			return nil, err
		}
	}
	return bones, nil
}

// skeleton checks the parents, orders the bones parents-first and builds the
// anim skeleton. node[f] is file bone f's node index.
func (d *decoder) skeleton(lay *layout, bones []bone) (*anim.Skeleton, []int32, error) {
	b := &d.m2
	n := len(bones)
	for i := range bones {
		p := int(bones[i].parent)
		if p < -1 || p >= n {
			return nil, nil, b.errf(bones[i].off+8, "bone %d: parent %d is out of range (%d bones)", i, p, n)
		}
	}
	node := make([]int32, n)
	for i := range node {
		node[i] = -1
	}
	visiting := make([]bool, n)
	order := make([]int32, 0, n)
	var chain []int
	for i := range bones {
		chain = chain[:0]
		for j := i; j >= 0 && node[j] < 0; j = int(bones[j].parent) {
			if visiting[j] {
				return nil, nil, b.errf(bones[j].off+8, "bone %d: its parent chain loops back to it (a cycle)", j)
			}
			visiting[j] = true
			chain = append(chain, j)
		}
		for k := len(chain) - 1; k >= 0; k-- {
			node[chain[k]] = int32(len(order))
			order = append(order, int32(chain[k]))
		}
	}
	s := &anim.Skeleton{
		Names:     make([]string, n),
		Parents:   make([]int32, n),
		FileIndex: order,
		Offset:    make([]mgl32.Vec3, n),
		Pivot:     make([]mgl32.Vec3, n),
	}
	det := d.details
	det.Bones = make([]boneInfo, n)
	det.billboard = make([]uint8, n)
	for ni, fi := range order {
		bn := &bones[fi]
		kb := keyBoneName(bn.keyBone)
		name := fmt.Sprintf("Bone%d", fi)
		if kb != "" {
			name += "_" + kb
		}
		s.Names[ni] = name
		s.Parents[ni] = -1
		if bn.parent >= 0 {
			s.Parents[ni] = node[bn.parent]
		}
		s.Offset[ni], s.Pivot[ni] = bn.pivot, bn.pivot
		det.billboard[ni] = billboardMode(bn.flags)
	}
	for fi := range bones {
		bn := &bones[fi]
		det.Bones[fi] = boneInfo{
			Index: fi, Node: int(node[fi]), Parent: int(bn.parent), Flags: bn.flags,
			KeyBone: bn.keyBone, KeyBoneName: keyBoneName(bn.keyBone), Pivot: bn.pivot,
			Billboard: billboardName(billboardMode(bn.flags)),
			Animated:  bn.t != nil || bn.r != nil || bn.s != nil,
		}
		for _, tr := range []struct {
			k  *keys
			ch string
		}{{keysOf(bn.t), "t"}, {keysOfQ(bn.r), "r"}, {keysOf(bn.s), "s"}} {
			if tr.k == nil {
				continue
			}
			det.Bones[fi].Tracks = append(det.Bones[fi].Tracks, trackInfo{
				Channel: tr.ch, Interpolation: tr.k.interp, GlobalSequence: tr.k.global, Keys: len(tr.k.times),
			})
		}
	}
	// The key-bone lookup is only counted (and checked).
	kl, err := b.arr(lay.keyBoneLookup, "key-bone lookup", 2)
	if err != nil {
		return nil, nil, err
	}
	det.KeyBoneLookup = int(kl.count)
	return s, node, nil
}

func keysOf(t *vecTrack) *keys {
	if t == nil {
		return nil
	}
	return &t.keys
}

func keysOfQ(t *quatTrack) *keys {
	if t == nil {
		return nil
	}
	return &t.keys
}

func billboardMode(flags uint32) uint8 {
	switch {
	case flags&boneSpherical != 0:
		return BillboardSpherical
	case flags&boneCylindricalX != 0:
		return BillboardCylindricalX
	case flags&boneCylindricalY != 0:
		return BillboardCylindricalY
	case flags&boneCylindricalZ != 0:
		return BillboardCylindricalZ
	}
	return BillboardNone
}

func billboardName(m uint8) string {
	return [...]string{"", "spherical", "cylindrical-x", "cylindrical-y", "cylindrical-z"}[m]
}

// counts checks the arrays animscope parses for counts only, and records them.
func (d *decoder) counts(lay *layout) error {
	b := &d.m2
	det := d.details
	var err error
	arr := func(field int64, what string, size int) int {
		if err != nil {
			return 0
		}
		var a m2array
		a, err = b.arr(field, what, size)
		return int(a.count)
	}
	sk := &det.Skipped
	sk.Colors = arr(lay.colors, "colours", lay.colorSize)
	sk.Transparency = arr(lay.transparency, "transparency", lay.transpSize)
	sk.TextureAnimations = arr(lay.texAnims, "texture animations", lay.texAnimSize)
	sk.Attachments = arr(lay.attachments, "attachments", lay.attachSize)
	sk.Events = arr(lay.events, "events", lay.eventSize)
	sk.Lights = arr(lay.lights, "lights", lay.lightSize)
	sk.Cameras = arr(lay.cameras, "cameras", lay.cameraSize)
	sk.Ribbons = arr(lay.ribbons, "ribbon emitters", lay.ribbonSize)
	sk.Particles = arr(lay.particles, "particle emitters", lay.partSize)
	arr(lay.seqLookup, "sequence lookup", 2)
	arr(lay.renderFlags, "render flags", 4)
	arr(lay.boneLookup, "bone lookup", 2)
	arr(lay.texLookup, "texture lookup", 2)
	arr(lay.texLookup+8, "texture-unit lookup", 2)
	arr(lay.texLookup+16, "transparency lookup", 2)
	arr(lay.texLookup+24, "texture-animation lookup", 2)
	arr(lay.attachments+8, "attachment lookup", 2)
	arr(lay.cameras+8, "camera lookup", 2)
	arr(lay.collision+28, "collision triangles", 2)
	arr(lay.collision+36, "collision vertices", 12)
	arr(lay.collision+44, "collision normals", 12)
	arr(lay.replaceable, "replaceable-texture lookup", 2)
	if d.pre {
		arr(0x2C, "playable-animation lookup", 4)
		arr(0x6C, "texture flipbooks", 4)
	}
	for c := 0; c < 3; c++ {
		det.Bounds.Min[c] = b.f32(int(lay.bounds) + 4*c)
		det.Bounds.Max[c] = b.f32(int(lay.bounds) + 12 + 4*c)
		det.Collision.Min[c] = b.f32(int(lay.collision) + 4*c)
		det.Collision.Max[c] = b.f32(int(lay.collision) + 12 + 4*c)
	}
	det.Bounds.Radius = b.f32(int(lay.bounds) + 24)
	det.Collision.Radius = b.f32(int(lay.collision) + 24)
	d.cleanBox(lay.bounds, "bounding box", &det.Bounds)
	d.cleanBox(lay.collision, "collision box", &det.Collision)
	return err
}

// textures reads the texture records (type, flags and file name only).
func (d *decoder) textures(lay *layout) error {
	b := &d.m2
	ta, err := b.arr(lay.textures, "textures", 16)
	if err != nil {
		return err
	}
	d.details.Textures = make([]textureInfo, ta.count)
	for i := range d.details.Textures {
		o := ta.at(i)
		name, err := b.str(int64(o+8), fmt.Sprintf("texture %d file name", i))
		if err != nil {
			return err
		}
		d.details.Textures[i] = textureInfo{Type: b.u32(o), Flags: b.u32(o + 4), Name: name}
	}
	return nil
}

// cleanBox replaces a box holding a non-finite number by zeros, with a warning, so
// that Details stays JSON-marshalable.
func (d *decoder) cleanBox(off int64, what string, bx *box) {
	if finite(bx.Min[0], bx.Min[1], bx.Min[2], bx.Max[0], bx.Max[1], bx.Max[2], bx.Radius) {
		return
	}
	d.warnf(&d.m2, off, "%s holds a number that is not finite (or beyond ±%g); shown as zeros", what, maxMagnitude)
	*bx = box{}
}
