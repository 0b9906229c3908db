package swg

// Declarative layouts of the SWG blocks this package reads: which forms and chunks
// a file holds, in which order, and the typed fields of every chunk. They are the
// one description of each chunk that the MIF writer (field names and types in its
// comments), the MIF checker (where a hand-written source departs from what the
// client reads) and the layout tests (every fixture and sample walks through these
// tables and consumes each chunk exactly) share. The decoders read the same fields
// with the cursor; TestLayoutsMatchDecoders holds the two together.

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
)

// Kind is a field's type on disk (little-endian, no padding).
type Kind uint8

// Field kinds. The names are MIF's type keywords.
const (
	KindI8 Kind = iota + 1
	KindU8
	KindI16
	KindU16
	KindI32
	KindU32
	KindF32
	KindF64
	KindCString
)

var kindNames = [...]string{"", "int8", "uint8", "int16", "uint16", "int32", "uint32", "float", "double", "cstring"}

// String is the MIF keyword of k.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Size is the size of a value of kind k in bytes (0 for a cstring, whose size is
// its length plus a terminator).
func (k Kind) Size() int {
	switch k {
	case KindI8, KindU8:
		return 1
	case KindI16, KindU16:
		return 2
	case KindI32, KindU32, KindF32:
		return 4
	case KindF64:
		return 8
	}
	return 0
}

// Signed reports whether k is a signed integer kind.
func (k Kind) Signed() bool { return k == KindI8 || k == KindI16 || k == KindI32 }

// Integer reports whether k is an integer kind.
func (k Kind) Integer() bool { return k >= KindI8 && k <= KindU32 }

// Field is one value of a chunk, or a repeated record (Kind 0, Record set).
type Field struct {
	Name string
	Kind Kind
	// Count names the field, earlier in this record or an enclosing one, that
	// holds the number of records; "" repeats the record until the chunk ends.
	Count  string
	Record []Field
}

// Elem is the record of a repeated field, for naming values: a record of one
// field named like the repeat itself (NAME: each "name" of one cstring "name")
// comes back with that field unnamed, so its values read "name[3]", not
// "name[3].name".
func (f Field) Elem() []Field {
	if len(f.Record) == 1 && f.Record[0].Record == nil && f.Record[0].Name == f.Name {
		return []Field{{Kind: f.Record[0].Kind}}
	}
	return f.Record
}

// ChunkLayout is the payload of one chunk.
type ChunkLayout struct {
	Tag    string
	Doc    string
	Fields []Field
}

// FormLayout is a FORM and the blocks it holds, in file order. When Versions is
// true the kids are alternatives (version forms): exactly one of them is present.
type FormLayout struct {
	Name     string
	Doc      string
	Versions bool
	Kids     []Block
}

// Block is one kid of a form: a chunk or a form, possibly optional or repeated.
type Block struct {
	Chunk    *ChunkLayout
	Form     *FormLayout
	Optional bool // may be absent
	Many     bool // may repeat
}

// ID is the block's form name or chunk tag.
func (b Block) ID() string {
	if b.Form != nil {
		return b.Form.Name
	}
	return b.Chunk.Tag
}

// IsForm reports whether the block is a form.
func (b Block) IsForm() bool { return b.Form != nil }

// Find returns the kid of f whose ID is id (a form when form is true), or nil.
func (f *FormLayout) Find(form bool, id string) *Block {
	if f == nil {
		return nil
	}
	for i := range f.Kids {
		if f.Kids[i].IsForm() == form && f.Kids[i].ID() == id {
			return &f.Kids[i]
		}
	}
	return nil
}

// TopLayout returns the layout of a file whose top form is name, or nil.
func TopLayout(name string) *FormLayout { return topLayouts[name] }

// ---- table helpers ----

func fld(name string, k Kind) Field { return Field{Name: name, Kind: k} }

// each repeats a record until the chunk ends.
func each(name string, rec ...Field) Field { return Field{Name: name, Record: rec} }

// times repeats a record count times, count naming an earlier field.
func times(name, count string, rec ...Field) Field {
	return Field{Name: name, Count: count, Record: rec}
}

func vec3(prefix string) []Field {
	return []Field{fld(prefix+"x", KindF32), fld(prefix+"y", KindF32), fld(prefix+"z", KindF32)}
}

func quat(prefix string) []Field {
	return []Field{fld(prefix+"w", KindF32), fld(prefix+"x", KindF32), fld(prefix+"y", KindF32), fld(prefix+"z", KindF32)}
}

func cat(parts ...[]Field) []Field {
	var out []Field
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func chunk(tag, doc string, fields ...Field) Block {
	return Block{Chunk: &ChunkLayout{Tag: tag, Doc: doc, Fields: fields}}
}

func form(name, doc string, kids ...Block) Block {
	return Block{Form: &FormLayout{Name: name, Doc: doc, Kids: kids}}
}

func versions(name, doc string, kids ...Block) *FormLayout {
	return &FormLayout{Name: name, Doc: doc, Versions: true, Kids: kids}
}

func opt(b Block) Block  { b.Optional = true; return b }
func many(b Block) Block { b.Many = true; return b }

// ---- skeletons (.skt) ----

func sktmVersion(ver string, bpmj bool) Block {
	kids := []Block{
		chunk("INFO", "joint count", fld("jointCount", KindI32)),
		chunk("NAME", "joint names", each("name", fld("name", KindCString))),
		chunk("PRNT", "parent index per joint (-1 = root)", each("parent", fld("parent", KindI32))),
		chunk("RPRE", "pre-multiply rotation per joint", each("rpre", quat("")...)),
		chunk("RPST", "post-multiply rotation per joint", each("rpst", quat("")...)),
		chunk("BPTR", "bind-pose translation per joint", each("bptr", vec3("")...)),
		chunk("BPRO", "bind-pose rotation per joint", each("bpro", quat("")...)),
	}
	if bpmj {
		kids = append(kids, chunk("BPMJ", "bind-pose model-to-joint 3x4 matrix per joint (read and discarded by the client)",
			each("bpmj", fld("m00", KindF32), fld("m01", KindF32), fld("m02", KindF32), fld("m03", KindF32),
				fld("m10", KindF32), fld("m11", KindF32), fld("m12", KindF32), fld("m13", KindF32),
				fld("m20", KindF32), fld("m21", KindF32), fld("m22", KindF32), fld("m23", KindF32))))
	}
	kids = append(kids, chunk("JROR", "joint rotation order per joint (unused at run time)", each("jror", fld("order", KindU32))))
	return form(ver, "SKTM version "+ver, kids...)
}

var sktmLayout = versions("SKTM", "basic skeleton template", sktmVersion("0001", true), sktmVersion("0002", false))

var slodLayout = versions("SLOD", "skeleton LODs",
	form("0000", "SLOD version 0000",
		chunk("INFO", "LOD count", fld("lodCount", KindI16)),
		opt(many(Block{Form: sktmLayout})),
		opt(many(chunk("NAME", "path of another .skt", fld("path", KindCString)))),
	))

// ---- animations (.ans) ----

func msgsForm() Block {
	return opt(form("MSGS", "animation messages",
		chunk("INFO", "message count", fld("messageCount", KindI16)),
		opt(many(chunk("MESG", "one message", fld("signalCount", KindI16), fld("name", KindCString),
			times("frame", "signalCount", fld("frame", KindI16))))),
	))
}

func loctChunk() Block {
	return opt(chunk("LOCT", "locomotion translation", fld("averageSpeed", KindF32), fld("keyCount", KindI16),
		times("key", "keyCount", cat([]Field{fld("frame", KindI16)}, vec3(""))...)))
}

func ckatQCHN(doc string) Block {
	return chunk("QCHN", doc, fld("keyCount", KindI16),
		fld("xFormat", KindU8), fld("yFormat", KindU8), fld("zFormat", KindU8),
		times("key", "keyCount", fld("frame", KindI16), fld("packedQuat", KindU32)))
}

var kfatInfo = chunk("INFO", "animation header", fld("fps", KindF32), fld("frameCount", KindI32),
	fld("transformCount", KindI32), fld("rotationChannelCount", KindI32), fld("staticRotationCount", KindI32),
	fld("translationChannelCount", KindI32), fld("staticTranslationCount", KindI32))

var kfatChnl = chunk("CHNL", "scalar channel", fld("keyCount", KindI32),
	times("key", "keyCount", fld("frame", KindI32), fld("value", KindF32)))

var kfatLayout = versions("KFAT", "keyframe animation",
	form("0003", "KFAT version 0003 (quaternion keys)",
		kfatInfo,
		form("XFRM", "transform infos", opt(many(chunk("XFIN", "one joint's sources",
			fld("name", KindCString), fld("hasAnimatedRotation", KindI8), fld("rotationIndex", KindI32),
			fld("translationMask", KindU32), fld("xTranslationIndex", KindI32), fld("yTranslationIndex", KindI32),
			fld("zTranslationIndex", KindI32))))),
		opt(form("AROT", "animated rotation channels", opt(many(chunk("QCHN", "quaternion channel",
			fld("keyCount", KindI32), times("key", "keyCount", cat([]Field{fld("frame", KindI32)}, quat(""))...)))))),
		opt(chunk("SROT", "static rotations", each("rotation", quat("")...))),
		opt(form("ATRN", "animated translation channels", opt(many(kfatChnl)))),
		opt(chunk("STRN", "static translations", each("value", fld("value", KindF32)))),
		msgsForm(),
		loctChunk(),
		opt(chunk("LOCR", "locomotion rotation", fld("keyCount", KindI16),
			times("key", "keyCount", cat([]Field{fld("frame", KindI16)}, quat(""))...))),
	),
	form("0002", "KFAT version 0002 (Euler angles)",
		kfatInfo,
		form("XFRM", "transform infos", opt(many(chunk("XFIN", "one joint's sources",
			fld("name", KindCString), fld("rotationMask", KindU32), fld("xRotationIndex", KindI32),
			fld("yRotationIndex", KindI32), fld("zRotationIndex", KindI32), fld("translationMask", KindU32),
			fld("xTranslationIndex", KindI32), fld("yTranslationIndex", KindI32), fld("zTranslationIndex", KindI32))))),
		opt(form("AROT", "animated angle channels (radians)", opt(many(kfatChnl)))),
		opt(chunk("SROT", "static angles (radians)", each("angle", fld("angle", KindF32)))),
		opt(form("ATRN", "animated translation channels", opt(many(kfatChnl)))),
		opt(chunk("STRN", "static translations", each("value", fld("value", KindF32)))),
		msgsForm(),
		loctChunk(),
	))

var ckatLayout = versions("CKAT", "compressed keyframe animation",
	form("0001", "CKAT version 0001",
		chunk("INFO", "animation header", fld("fps", KindF32), fld("frameCount", KindI16),
			fld("transformCount", KindI16), fld("rotationChannelCount", KindI16), fld("staticRotationCount", KindI16),
			fld("translationChannelCount", KindI16), fld("staticTranslationCount", KindI16)),
		form("XFRM", "transform infos", opt(many(chunk("XFIN", "one joint's sources",
			fld("name", KindCString), fld("hasAnimatedRotation", KindI8), fld("rotationIndex", KindI16),
			fld("translationMask", KindU8), fld("xTranslationIndex", KindI16), fld("yTranslationIndex", KindI16),
			fld("zTranslationIndex", KindI16))))),
		opt(form("AROT", "animated rotation channels", opt(many(ckatQCHN("compressed quaternion channel"))))),
		opt(chunk("SROT", "static rotations", each("rotation", fld("xFormat", KindU8), fld("yFormat", KindU8),
			fld("zFormat", KindU8), fld("packedQuat", KindU32)))),
		opt(form("ATRN", "animated translation channels", opt(many(chunk("CHNL", "scalar channel", fld("keyCount", KindI16),
			times("key", "keyCount", fld("frame", KindI16), fld("value", KindF32))))))),
		opt(chunk("STRN", "static translations", each("value", fld("value", KindF32)))),
		msgsForm(),
		loctChunk(),
		opt(ckatQCHN("locomotion rotation channel")),
	))

var pxatLayout = &FormLayout{Name: "PXAT", Doc: "proxy animation", Kids: []Block{
	opt(chunk("INFO", "path of the animation", fld("path", KindCString))),
	opt(many(form("0000", "PXAT version 0000", chunk("INFO", "path of the animation", fld("path", KindCString))))),
}}

// ---- meshes (.mgn) ----

func hardpoint() []Field {
	return cat([]Field{fld("name", KindCString), fld("parent", KindCString)}, quat("r"), vec3("p"))
}

func skmgVersion(ver string, hpts, dot3 bool) Block {
	kids := []Block{
		chunk("INFO", "mesh header", fld("maxTransformsPerVertex", KindI32), fld("maxTransformsPerShader", KindI32),
			fld("skeletonNameCount", KindI32), fld("transformNameCount", KindI32), fld("positionCount", KindI32),
			fld("weightCount", KindI32), fld("normalCount", KindI32), fld("perShaderDataCount", KindI32),
			fld("blendTargetCount", KindI32), fld("occlusionZoneCount", KindI16),
			fld("occlusionZoneCombinationCount", KindI16), fld("zonesThisOccludesCount", KindI16),
			fld("occlusionLayer", KindI16)),
		chunk("SKTM", "skeleton template paths", each("skeleton", fld("path", KindCString))),
		chunk("XFNM", "transform names", each("transform", fld("name", KindCString))),
		chunk("POSN", "positions", each("position", vec3("")...)),
		chunk("TWHD", "weight count per position", each("weights", fld("count", KindI32))),
		chunk("TWDT", "weights", each("weight", fld("transform", KindI32), fld("weight", KindF32))),
		opt(chunk("NORM", "normals", each("normal", vec3("")...))),
	}
	if dot3 {
		kids = append(kids, opt(chunk("DOT3", "per-pixel lighting vectors", fld("count", KindI32),
			times("dot3", "count", cat(vec3(""), []Field{fld("flip", KindF32)})...))))
	}
	if hpts {
		kids = append(kids, opt(form("HPTS", "hardpoints",
			opt(chunk("STAT", "static hardpoints", fld("count", KindI16), times("hardpoint", "count", hardpoint()...))),
			opt(chunk("DYN ", "dynamic hardpoints", fld("count", KindI16), times("hardpoint", "count", hardpoint()...))),
		)))
	}
	blt := []Block{
		chunk("INFO", "blend target header", fld("positionCount", KindI32), fld("normalCount", KindI32), fld("variable", KindCString)),
		opt(chunk("POSN", "position deltas", each("delta", cat([]Field{fld("index", KindI32)}, vec3(""))...))),
		opt(chunk("NORM", "normal deltas", each("delta", cat([]Field{fld("index", KindI32)}, vec3(""))...))),
	}
	if dot3 {
		blt = append(blt, opt(chunk("DOT3", "dot3 deltas", fld("count", KindI32),
			times("delta", "count", cat([]Field{fld("index", KindI32)}, vec3(""))...))))
	}
	if hpts {
		blt = append(blt, opt(chunk("HPTS", "hardpoint deltas", fld("count", KindI16),
			times("delta", "count", cat([]Field{fld("dynamicHardpoint", KindI16)}, vec3("p"), quat("r"))...))))
	}
	kids = append(kids,
		opt(form("BLTS", "blend targets", opt(many(form("BLT ", "one blend target", blt...))))),
		opt(chunk("OZN ", "occlusion zone names", each("zone", fld("name", KindCString)))),
		opt(chunk("FOZC", "fully occluded zone combination", fld("count", KindU16), times("zone", "count", fld("zone", KindI16)))),
		opt(chunk("OZC ", "occlusion zone combinations", each("combination", fld("count", KindI16), times("zone", "count", fld("zone", KindI16))))),
		opt(chunk("ZTO ", "zones this mesh occludes", each("zone", fld("zone", KindI16)))),
	)
	psdt := []Block{
		chunk("NAME", "shader template", fld("shader", KindCString)),
		chunk("PIDX", "position index per vertex", fld("vertexCount", KindI32), times("vertex", "vertexCount", fld("position", KindI32))),
		opt(chunk("NIDX", "normal index per vertex", each("vertex", fld("normal", KindI32)))),
	}
	if dot3 {
		psdt = append(psdt, opt(chunk("DOT3", "dot3 index per vertex", each("vertex", fld("dot3", KindI32)))))
	}
	psdt = append(psdt,
		opt(chunk("VDCL", "vertex colour (a, r, g, b)", each("color", fld("a", KindU8), fld("r", KindU8), fld("g", KindU8), fld("b", KindU8)))),
		opt(chunk("TXCI", "texture coordinate sets", fld("setCount", KindI32), times("set", "setCount", fld("dimension", KindI32)))),
		opt(form("TCSF", "texture coordinates", opt(many(chunk("TCSD", "one set, per vertex", each("value", fld("value", KindF32))))))),
		form("PRIM", "primitives",
			chunk("INFO", "primitive count", fld("primitiveCount", KindI32)),
			opt(many(chunk("ITL ", "indexed triangle list", fld("triangleCount", KindI32),
				times("triangle", "triangleCount", fld("a", KindI32), fld("b", KindI32), fld("c", KindI32))))),
			opt(many(chunk("OITL", "occluded indexed triangle list", fld("triangleCount", KindI32),
				times("triangle", "triangleCount", fld("zoneCombination", KindI16), fld("a", KindI32), fld("b", KindI32), fld("c", KindI32))))),
		),
	)
	kids = append(kids,
		opt(many(form("PSDT", "per-shader data", psdt...))),
		opt(form("TRTS", "texture renderers",
			chunk("INFO", "counts", fld("headerCount", KindI32), fld("entryCount", KindI32)),
			opt(many(chunk("TRT ", "one texture renderer", fld("name", KindCString), fld("count", KindI32),
				times("shader", "count", fld("shaderIndex", KindI32), fld("tag", KindU32))))),
		)),
	)
	return form(ver, "SKMG version "+ver, kids...)
}

var skmgLayout = versions("SKMG", "skeletal mesh generator",
	skmgVersion("0002", false, false), skmgVersion("0003", true, false), skmgVersion("0004", true, true))

// ---- LOD lists (.lmg) and appearances (.sat) ----

var mlodLayout = versions("MLOD", "mesh LOD list",
	form("0000", "MLOD version 0000",
		chunk("INFO", "LOD count", fld("lodCount", KindI16)),
		opt(many(chunk("NAME", "path of one LOD's mesh", fld("path", KindCString)))),
	))

func smatVersion(ver string) Block {
	info := chunk("INFO", "appearance header", fld("meshCount", KindI32), fld("skeletonCount", KindI32), fld("stateGraph", KindCString))
	if ver == "0003" {
		info = chunk("INFO", "appearance header", fld("meshCount", KindI32), fld("skeletonCount", KindI32), fld("createAnimationController", KindI8))
	}
	kids := []Block{
		info,
		chunk("MSGN", "mesh paths", each("mesh", fld("path", KindCString))),
		chunk("SKTI", "skeletons", each("skeleton", fld("path", KindCString), fld("attachment", KindCString))),
	}
	if ver == "0003" {
		kids = append(kids,
			opt(chunk("LATX", "logical animation tables", fld("count", KindI16), times("entry", "count", fld("skeleton", KindCString), fld("table", KindCString)))),
			opt(chunk("SFSK", "flag", fld("value", KindU8))),
			opt(chunk("APAG", "flag", fld("value", KindU8))),
		)
	}
	return form(ver, "SMAT version "+ver, kids...)
}

var smatLayout = versions("SMAT", "skeletal appearance", smatVersion("0001"), smatVersion("0002"), smatVersion("0003"))

var topLayouts = map[string]*FormLayout{
	"SLOD": slodLayout, "SKTM": sktmLayout, "KFAT": kfatLayout, "CKAT": ckatLayout, "PXAT": pxatLayout,
	"SKMG": skmgLayout, "MLOD": mlodLayout, "SMAT": smatLayout,
}

// FieldValue is one value read through a layout.
type FieldValue struct {
	Name string // the field's name, with record indices: "key[3].frame"
	Kind Kind
	Off  int    // offset in the payload
	Raw  []byte // the bytes on disk (a cstring without its terminator)
}

// maxCountDepth bounds record nesting (the tables nest two levels).
const maxCountDepth = 8

// ReadFields reads payload through fields and returns every value in order. A
// count that does not fit the bytes left, a cstring without a terminator, or bytes
// left over at the end are errors naming the payload offset.
func ReadFields(fields []Field, payload []byte) ([]FieldValue, error) {
	r := fieldReader{data: payload}
	if err := r.record(fields, "", nil, 0); err != nil {
		return nil, err
	}
	if r.pos != len(payload) {
		return nil, fmt.Errorf("payload offset %d: %d bytes left over after the last field", r.pos, len(payload)-r.pos)
	}
	return r.out, nil
}

type fieldReader struct {
	data []byte
	pos  int
	out  []FieldValue
}

type countScope struct {
	vals   map[string]int64
	parent *countScope
}

func (s *countScope) lookup(name string) (int64, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.vals[name]; ok {
			return v, true
		}
	}
	return 0, false
}

// minSize is the smallest size of one record (a cstring takes at least 1 byte).
func minSize(fields []Field) int {
	n := 0
	for _, f := range fields {
		switch {
		case f.Record != nil:
		case f.Kind == KindCString:
			n++
		default:
			n += f.Kind.Size()
		}
	}
	return n
}

func (r *fieldReader) record(fields []Field, prefix string, parent *countScope, depth int) error {
	if depth > maxCountDepth {
		return fmt.Errorf("records nest more than %d levels", maxCountDepth)
	}
	scope := &countScope{vals: map[string]int64{}, parent: parent}
	for _, f := range fields {
		name := prefix + f.Name
		if f.Record == nil {
			v, err := r.value(f, name)
			if err != nil {
				return err
			}
			if f.Kind.Integer() {
				scope.vals[f.Name] = intOf(f.Kind, v.Raw)
			}
			continue
		}
		size := minSize(f.Record)
		if f.Count == "" {
			if size == 0 {
				return fmt.Errorf("field %s: a record repeated to the end of the chunk has no size", name)
			}
			for i := 0; r.pos < len(r.data); i++ {
				if err := r.record(f.Elem(), fmt.Sprintf("%s[%d].", name, i), scope, depth+1); err != nil {
					return err
				}
			}
			continue
		}
		n, ok := scope.lookup(f.Count)
		if !ok {
			return fmt.Errorf("field %s: count %s is not an earlier field", name, f.Count)
		}
		if n < 0 || (size > 0 && n > int64((len(r.data)-r.pos)/size)) {
			return fmt.Errorf("payload offset %d: %s count %d does not fit the %d bytes left", r.pos, name, n, len(r.data)-r.pos)
		}
		for i := int64(0); i < n; i++ {
			if err := r.record(f.Elem(), fmt.Sprintf("%s[%d].", name, i), scope, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *fieldReader) value(f Field, name string) (FieldValue, error) {
	v := FieldValue{Name: strings.TrimSuffix(name, "."), Kind: f.Kind, Off: r.pos}
	if f.Kind == KindCString {
		i := bytes.IndexByte(r.data[r.pos:], 0)
		if i < 0 {
			return v, fmt.Errorf("payload offset %d: %s: string has no 0 terminator", r.pos, v.Name)
		}
		v.Raw = r.data[r.pos : r.pos+i]
		r.pos += i + 1
	} else {
		n := f.Kind.Size()
		if len(r.data)-r.pos < n {
			return v, fmt.Errorf("payload offset %d: %s (%s) needs %d bytes, %d remain", r.pos, v.Name, f.Kind, n, len(r.data)-r.pos)
		}
		v.Raw = r.data[r.pos : r.pos+n]
		r.pos += n
	}
	r.out = append(r.out, v)
	return v, nil
}

// intOf decodes a little-endian integer of kind k.
func intOf(k Kind, b []byte) int64 {
	switch k {
	case KindI8:
		return int64(int8(b[0]))
	case KindU8:
		return int64(b[0])
	case KindI16:
		return int64(int16(binary.LittleEndian.Uint16(b)))
	case KindU16:
		return int64(binary.LittleEndian.Uint16(b))
	case KindI32:
		return int64(int32(binary.LittleEndian.Uint32(b)))
	case KindU32:
		return int64(binary.LittleEndian.Uint32(b))
	}
	return 0
}
