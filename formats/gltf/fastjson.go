package gltf

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"github.com/qmuntal/gltf"
)

// The JSON of the elements a large document holds by the hundred thousand
// (accessors, buffer views, nodes, meshes), written without reflection: the same
// bytes encoding/json's Encoder writes for each (qmuntal/gltf's MarshalJSON
// methods included, and the Encoder's newline), several times faster. An element
// with a field these do not write (extensions, extras, a sparse accessor, morph
// targets, a float that is not finite) reports false and goes through the
// Encoder. TestFastJSONIsEncodingJSON holds them to encoding/json's bytes.

// appendFloat appends f as encoding/json writes a float64 (false when f is not
// finite: encoding/json's error is left to encoding/json).
func appendFloat(b []byte, f float64) ([]byte, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' { // e-07 → e-7, as encoding/json does
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, true
}

func appendFloats(b []byte, fs []float64) ([]byte, bool) {
	b = append(b, '[')
	for i, f := range fs {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = appendFloat(b, f); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

func appendInts(b []byte, xs []int) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, ']')
}

// appendString appends s as a JSON string the way the Encoder writes it (HTML
// characters escaped): plain ASCII directly, anything else through json.Marshal.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// fields writes `"name":` with the comma the previous field needs.
type fields struct {
	b     []byte
	first bool
}

func (f *fields) key(name string) {
	if !f.first {
		f.b = append(f.b, ',')
	}
	f.first = false
	f.b = append(f.b, '"')
	f.b = append(f.b, name...)
	f.b = append(f.b, '"', ':')
}

func (f *fields) int(name string, v int) {
	f.key(name)
	f.b = strconv.AppendInt(f.b, int64(v), 10)
}

func (f *fields) floats(name string, v []float64) bool {
	f.key(name)
	var ok bool
	f.b, ok = appendFloats(f.b, v)
	return ok
}

// componentCode is ComponentType.MarshalJSON's number (0 for an unknown type).
func componentCode(c gltf.ComponentType) int {
	switch c {
	case gltf.ComponentByte:
		return 5120
	case gltf.ComponentUbyte:
		return 5121
	case gltf.ComponentShort:
		return 5122
	case gltf.ComponentUshort:
		return 5123
	case gltf.ComponentUint:
		return 5125
	case gltf.ComponentFloat:
		return 5126
	}
	return 0
}

// accessorTypeName is AccessorType.MarshalJSON's string ("" for an unknown type).
func accessorTypeName(t gltf.AccessorType) string {
	switch t {
	case gltf.AccessorScalar:
		return "SCALAR"
	case gltf.AccessorVec2:
		return "VEC2"
	case gltf.AccessorVec3:
		return "VEC3"
	case gltf.AccessorVec4:
		return "VEC4"
	case gltf.AccessorMat2:
		return "MAT2"
	case gltf.AccessorMat3:
		return "MAT3"
	case gltf.AccessorMat4:
		return "MAT4"
	}
	return ""
}

// primitiveModeCode is PrimitiveMode.MarshalJSON's number.
func primitiveModeCode(m gltf.PrimitiveMode) int {
	switch m {
	case gltf.PrimitivePoints:
		return 0
	case gltf.PrimitiveLines:
		return 1
	case gltf.PrimitiveLineLoop:
		return 2
	case gltf.PrimitiveLineStrip:
		return 3
	case gltf.PrimitiveTriangles:
		return 4
	case gltf.PrimitiveTriangleStrip:
		return 5
	case gltf.PrimitiveTriangleFan:
		return 6
	}
	return 0
}

func appendAccessor(b []byte, a *gltf.Accessor) ([]byte, bool) {
	if a == nil || a.Extensions != nil || a.Extras != nil || a.Sparse != nil {
		return b, false
	}
	f := fields{b: append(b, '{'), first: true}
	if a.Name != "" {
		f.key("name")
		f.b = appendString(f.b, a.Name)
	}
	if a.BufferView != nil {
		f.int("bufferView", *a.BufferView)
	}
	if a.ByteOffset != 0 {
		f.int("byteOffset", a.ByteOffset)
	}
	f.int("componentType", componentCode(a.ComponentType))
	if a.Normalized {
		f.key("normalized")
		f.b = append(f.b, "true"...)
	}
	f.int("count", a.Count)
	f.key("type")
	f.b = appendString(f.b, accessorTypeName(a.Type))
	if len(a.Max) > 0 && !f.floats("max", a.Max) {
		return b, false
	}
	if len(a.Min) > 0 && !f.floats("min", a.Min) {
		return b, false
	}
	return append(f.b, '}', '\n'), true
}

func appendBufferView(b []byte, v *gltf.BufferView) ([]byte, bool) {
	if v == nil || v.Extensions != nil || v.Extras != nil {
		return b, false
	}
	f := fields{b: append(b, '{'), first: true}
	f.int("buffer", v.Buffer)
	if v.ByteOffset != 0 {
		f.int("byteOffset", v.ByteOffset)
	}
	f.int("byteLength", v.ByteLength)
	if v.ByteStride != 0 {
		f.int("byteStride", v.ByteStride)
	}
	if v.Target != 0 {
		f.int("target", int(v.Target))
	}
	if v.Name != "" {
		f.key("name")
		f.b = appendString(f.b, v.Name)
	}
	return append(f.b, '}', '\n'), true
}

var (
	noMatrix   = [16]float64{}
	noRotation = [4]float64{}
	noScale    = [3]float64{}
)

// appendNode writes what Node.MarshalJSON writes: the transform's parts that
// differ from the defaults first (that method's wrapper declares them before
// the node's own fields), then the node's fields.
func appendNode(b []byte, n *gltf.Node) ([]byte, bool) {
	if n == nil || n.Extensions != nil || n.Extras != nil {
		return b, false
	}
	f := fields{b: append(b, '{'), first: true}
	if n.Matrix != gltf.DefaultMatrix && n.Matrix != noMatrix && !f.floats("matrix", n.Matrix[:]) {
		return b, false
	}
	if n.Rotation != gltf.DefaultRotation && n.Rotation != noRotation && !f.floats("rotation", n.Rotation[:]) {
		return b, false
	}
	if n.Scale != gltf.DefaultScale && n.Scale != noScale && !f.floats("scale", n.Scale[:]) {
		return b, false
	}
	if n.Translation != gltf.DefaultTranslation && !f.floats("translation", n.Translation[:]) {
		return b, false
	}
	if n.Name != "" {
		f.key("name")
		f.b = appendString(f.b, n.Name)
	}
	if n.Camera != nil {
		f.int("camera", *n.Camera)
	}
	if len(n.Children) > 0 {
		f.key("children")
		f.b = appendInts(f.b, n.Children)
	}
	if n.Skin != nil {
		f.int("skin", *n.Skin)
	}
	if n.Mesh != nil {
		f.int("mesh", *n.Mesh)
	}
	if len(n.Weights) > 0 && !f.floats("weights", n.Weights) {
		return b, false
	}
	return append(f.b, '}', '\n'), true
}

func appendMesh(b []byte, m *gltf.Mesh) ([]byte, bool) {
	if m == nil || m.Extensions != nil || m.Extras != nil {
		return b, false
	}
	f := fields{b: append(b, '{'), first: true}
	if m.Name != "" {
		f.key("name")
		f.b = appendString(f.b, m.Name)
	}
	f.key("primitives")
	if m.Primitives == nil {
		f.b = append(f.b, "null"...)
	} else {
		f.b = append(f.b, '[')
		for i, p := range m.Primitives {
			if i > 0 {
				f.b = append(f.b, ',')
			}
			var ok bool
			if f.b, ok = appendPrimitive(f.b, p); !ok {
				return b, false
			}
		}
		f.b = append(f.b, ']')
	}
	if len(m.Weights) > 0 && !f.floats("weights", m.Weights) {
		return b, false
	}
	return append(f.b, '}', '\n'), true
}

func appendPrimitive(b []byte, p *gltf.Primitive) ([]byte, bool) {
	if p == nil || p.Extensions != nil || p.Extras != nil || p.Targets != nil {
		return b, false
	}
	f := fields{b: append(b, '{'), first: true}
	f.key("attributes")
	if p.Attributes == nil {
		f.b = append(f.b, "null"...)
	} else {
		keys := make([]string, 0, len(p.Attributes))
		for k := range p.Attributes {
			keys = append(keys, k)
		}
		slices.Sort(keys) // encoding/json sorts a map's keys
		f.b = append(f.b, '{')
		for i, k := range keys {
			if i > 0 {
				f.b = append(f.b, ',')
			}
			f.b = appendString(f.b, k)
			f.b = append(f.b, ':')
			f.b = strconv.AppendInt(f.b, int64(p.Attributes[k]), 10)
		}
		f.b = append(f.b, '}')
	}
	if p.Indices != nil {
		f.int("indices", *p.Indices)
	}
	if p.Material != nil {
		f.int("material", *p.Material)
	}
	if p.Mode != 0 {
		f.int("mode", primitiveModeCode(p.Mode))
	}
	return append(f.b, '}'), true
}

// trsPathName is TRSProperty.MarshalJSON's string ("" for an unknown property).
func trsPathName(p gltf.TRSProperty) string {
	switch p {
	case gltf.TRSTranslation:
		return "translation"
	case gltf.TRSRotation:
		return "rotation"
	case gltf.TRSScale:
		return "scale"
	case gltf.TRSWeights:
		return "weights"
	}
	return ""
}

// interpolationName is Interpolation.MarshalJSON's string ("" for an unknown one).
func interpolationName(i gltf.Interpolation) string {
	switch i {
	case gltf.InterpolationLinear:
		return "LINEAR"
	case gltf.InterpolationStep:
		return "STEP"
	case gltf.InterpolationCubicSpline:
		return "CUBICSPLINE"
	}
	return ""
}

// appendChannel writes an animation channel (an animation of a large skeleton
// has hundreds of thousands).
func appendChannel(b []byte, c *gltf.AnimationChannel) ([]byte, bool) {
	if c == nil || c.Extensions != nil || c.Extras != nil || c.Target.Extensions != nil || c.Target.Extras != nil {
		return b, false
	}
	f := fields{b: append(b, '{'), first: true}
	f.int("sampler", c.Sampler)
	f.key("target")
	t := fields{b: append(f.b, '{'), first: true}
	if c.Target.Node != nil {
		t.int("node", *c.Target.Node)
	}
	t.key("path")
	t.b = appendString(t.b, trsPathName(c.Target.Path))
	return append(t.b, '}', '}', '\n'), true
}

// appendSampler writes an animation sampler; LINEAR, the zero value, is left
// out (the field's omitempty).
func appendSampler(b []byte, s *gltf.AnimationSampler) ([]byte, bool) {
	if s == nil || s.Extensions != nil || s.Extras != nil {
		return b, false
	}
	f := fields{b: append(b, '{'), first: true}
	f.int("input", s.Input)
	if s.Interpolation != 0 {
		f.key("interpolation")
		f.b = appendString(f.b, interpolationName(s.Interpolation))
	}
	f.int("output", s.Output)
	return append(f.b, '}', '\n'), true
}
