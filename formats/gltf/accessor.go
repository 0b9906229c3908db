package gltf

import (
	"encoding/binary"
	"math"
	"unsafe"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// writeAccessor is modeler.WriteAccessor for the element types export writes by
// the hundred thousand (vertex attributes, indices, animation keys): the same
// padding, buffer view and accessor, without the library's per-call maps
// (qmuntal's SizeOfElement builds two maps on every call, which was 40% of a
// large export's time). Any other type goes to modeler. TestWriteAccessorIsModeler
// holds the documents equal.
func writeAccessor(doc *gltf.Document, target gltf.Target, data any) int {
	return writeAccessorFrom(doc, target, data, nil)
}

// writeAccessorFrom is writeAccessor taking the buffer view, the accessor and its
// view's index from slab (nil: allocated one by one).
func writeAccessorFrom(doc *gltf.Document, target gltf.Target, data any, slab *docSlab) int {
	var (
		comp  gltf.ComponentType
		typ   gltf.AccessorType
		n     int
		size  int // bytes of one element
		write func(b []byte)
	)
	le := binary.LittleEndian
	switch d := data.(type) {
	case [][3]float32:
		comp, typ, n, size = gltf.ComponentFloat, gltf.AccessorVec3, len(d), 12
		write = func(b []byte) {
			if copyFloats(b, unsafe.Pointer(unsafe.SliceData(d)), 12*len(d)) {
				return
			}
			for i, v := range d {
				le.PutUint32(b[i*12:], math.Float32bits(v[0]))
				le.PutUint32(b[i*12+4:], math.Float32bits(v[1]))
				le.PutUint32(b[i*12+8:], math.Float32bits(v[2]))
			}
		}
	case [][2]float32:
		comp, typ, n, size = gltf.ComponentFloat, gltf.AccessorVec2, len(d), 8
		write = func(b []byte) {
			for i, v := range d {
				le.PutUint32(b[i*8:], math.Float32bits(v[0]))
				le.PutUint32(b[i*8+4:], math.Float32bits(v[1]))
			}
		}
	case [][4]float32:
		comp, typ, n, size = gltf.ComponentFloat, gltf.AccessorVec4, len(d), 16
		write = func(b []byte) {
			if copyFloats(b, unsafe.Pointer(unsafe.SliceData(d)), 16*len(d)) {
				return
			}
			for i, v := range d {
				for k := range 4 {
					le.PutUint32(b[i*16+4*k:], math.Float32bits(v[k]))
				}
			}
		}
	case [][4]uint16:
		comp, typ, n, size = gltf.ComponentUshort, gltf.AccessorVec4, len(d), 8
		write = func(b []byte) {
			for i, v := range d {
				for k := range 4 {
					le.PutUint16(b[i*8+2*k:], v[k])
				}
			}
		}
	case []uint16:
		comp, typ, n, size = gltf.ComponentUshort, gltf.AccessorScalar, len(d), 2
		write = func(b []byte) {
			for i, v := range d {
				le.PutUint16(b[i*2:], v)
			}
		}
	case []uint32:
		comp, typ, n, size = gltf.ComponentUint, gltf.AccessorScalar, len(d), 4
		write = func(b []byte) {
			for i, v := range d {
				le.PutUint32(b[i*4:], v)
			}
		}
	case []float32:
		comp, typ, n, size = gltf.ComponentFloat, gltf.AccessorScalar, len(d), 4
		write = func(b []byte) {
			if copyFloats(b, unsafe.Pointer(unsafe.SliceData(d)), 4*len(d)) {
				return
			}
			for i, v := range d {
				le.PutUint32(b[i*4:], math.Float32bits(v))
			}
		}
	default:
		return modeler.WriteAccessor(doc, target, data)
	}
	return addAccessor(doc, target, comp, typ, n, size, write, slab)
}

// writeVecsFrom is writeAccessorFrom of animation keys without the interface
// (whose conversion allocates a slice header a channel): the same bytes, buffer
// view and accessor.
func writeVecsFrom[E [3]float32 | [4]float32](doc *gltf.Document, target gltf.Target, d []E, slab *docSlab) int {
	var e E
	size := int(unsafe.Sizeof(e))
	typ := gltf.AccessorVec3
	if size == 16 {
		typ = gltf.AccessorVec4
	}
	p := unsafe.Pointer(unsafe.SliceData(d))
	write := func(b []byte) {
		if copyFloats(b, p, size*len(d)) {
			return
		}
		for i, v := range unsafe.Slice((*float32)(p), len(d)*size/4) {
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
		}
	}
	return addAccessor(doc, target, gltf.ComponentFloat, typ, len(d), size, write, slab)
}

// addAccessor appends n elements of size bytes, written by write, to the last
// buffer (padded to 4 bytes first, as modeler does) in a buffer view of their own
// with an accessor over it, and returns the accessor's index.
func addAccessor(doc *gltf.Document, target gltf.Target, comp gltf.ComponentType, typ gltf.AccessorType, n, size int, write func([]byte), slab *docSlab) int {
	if len(doc.Buffers) == 0 {
		doc.Buffers = append(doc.Buffers, new(gltf.Buffer))
	}
	buf := doc.Buffers[len(doc.Buffers)-1]
	if pad := (4 - len(buf.Data)%4) % 4; pad > 0 { // modeler's ensurePadding
		buf.Data = append(buf.Data, make([]byte, pad)...)
		buf.ByteLength += pad
	}
	offset, bytes := len(buf.Data), n*size
	buf.ByteLength += bytes
	if cap(buf.Data)-offset >= bytes {
		// Reserved beforehand (writeAnimations): write overwrites every byte.
		buf.Data = buf.Data[:offset+bytes]
	} else {
		buf.Data = append(buf.Data, make([]byte, bytes)...)
	}
	write(buf.Data[offset:])
	bv := slab.bufferView()
	*bv = gltf.BufferView{Buffer: len(doc.Buffers) - 1, ByteLength: bytes, ByteOffset: offset, Target: target}
	doc.BufferViews = append(doc.BufferViews, bv)
	acc := slab.accessor()
	*acc = gltf.Accessor{BufferView: slab.index(len(doc.BufferViews) - 1), ComponentType: comp, Type: typ, Count: n}
	doc.Accessors = append(doc.Accessors, acc)
	return len(doc.Accessors) - 1
}

// docSlab hands out the small objects that animations add to the document by
// the hundred thousand (per channel an accessor, a buffer view, a sampler, a
// channel and two indices) from blocks: one allocation a block instead of one an
// object. A nil *docSlab allocates each on its own.
type docSlab struct {
	accessors []gltf.Accessor
	views     []gltf.BufferView
	samplers  []gltf.AnimationSampler
	channels  []gltf.AnimationChannel
	ints      []int
}

// slabBlock is the objects of one kind allocated at once when a slab runs out.
const slabBlock = 1024

// newDocSlab returns a slab holding, in one block each, the objects of
// accessors accessors (with their buffer views and indices) and channels
// animation channels (with their samplers and target indices).
func newDocSlab(accessors, channels int) *docSlab {
	return &docSlab{
		accessors: make([]gltf.Accessor, accessors),
		views:     make([]gltf.BufferView, accessors),
		samplers:  make([]gltf.AnimationSampler, channels),
		channels:  make([]gltf.AnimationChannel, channels),
		ints:      make([]int, accessors+channels),
	}
}

func take[T any](block *[]T) *T {
	if len(*block) == 0 {
		*block = make([]T, slabBlock)
	}
	p := &(*block)[0]
	*block = (*block)[1:]
	return p
}

func (s *docSlab) accessor() *gltf.Accessor {
	if s == nil {
		return new(gltf.Accessor)
	}
	return take(&s.accessors)
}

func (s *docSlab) bufferView() *gltf.BufferView {
	if s == nil {
		return new(gltf.BufferView)
	}
	return take(&s.views)
}

func (s *docSlab) sampler() *gltf.AnimationSampler {
	if s == nil {
		return new(gltf.AnimationSampler)
	}
	return take(&s.samplers)
}

func (s *docSlab) channel() *gltf.AnimationChannel {
	if s == nil {
		return new(gltf.AnimationChannel)
	}
	return take(&s.channels)
}

// index is gltf.Index(i).
func (s *docSlab) index(i int) *int {
	if s == nil {
		return gltf.Index(i)
	}
	p := take(&s.ints)
	*p = i
	return p
}

// hostLittleEndian: the host stores a float32 in the bytes glTF writes for it
// (little-endian IEEE 754).
var hostLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// copyFloats copies the n bytes of float32 values at p into b, on a
// little-endian host, where they are already the bytes PutUint32 of their bits
// would write (one memmove instead of a store a value); it reports false,
// copying nothing, on any other host.
func copyFloats(b []byte, p unsafe.Pointer, n int) bool {
	if !hostLittleEndian {
		return false
	}
	if n > 0 {
		copy(b[:n], unsafe.Slice((*byte)(p), n))
	}
	return true
}

// writePosition is modeler.WritePosition through writeAccessor: the accessor
// carries the per-axis minimum and maximum.
func writePosition(doc *gltf.Document, data [][3]float32) int {
	i := writeAccessor(doc, gltf.TargetArrayBuffer, data)
	lo := [3]float64{math.MaxFloat64, math.MaxFloat64, math.MaxFloat64}
	hi := [3]float64{-math.MaxFloat64, -math.MaxFloat64, -math.MaxFloat64}
	for _, v := range data {
		for k, x := range v {
			lo[k] = math.Min(lo[k], float64(x))
			hi[k] = math.Max(hi[k], float64(x))
		}
	}
	doc.Accessors[i].Min, doc.Accessors[i].Max = lo[:], hi[:]
	return i
}
