package gltf

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"animscope/formats"
	"animscope/formats/vca/vcatest"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// encoded is what the Encoder writes for v (the reference of the fast paths).
func encoded(t *testing.T, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// checkFast compares fast's bytes for v with the Encoder's: equal when fast takes
// v, and fast must take it when take says so.
func checkFast[T any](t *testing.T, what string, v T, fast func([]byte, T) ([]byte, bool), take bool) {
	t.Helper()
	got, ok := fast([]byte("prefix"), v)
	if !ok {
		if take {
			t.Errorf("%s: the fast path refused %+v", what, v)
		}
		if string(got) != "prefix" {
			t.Errorf("%s: a refusal left %q, want the buffer as it was", what, got)
		}
		return
	}
	if want := append([]byte("prefix"), encoded(t, v)...); !bytes.Equal(got, want) {
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
}

// TestFastJSONIsEncodingJSON: every accessor, buffer view, node, mesh, animation
// channel and sampler of real exports, and of random ones (every optional field
// present or not, floats of every magnitude, names that need escaping), is written exactly as
// encoding/json writes it; what the fast path cannot write it refuses.
func TestFastJSONIsEncodingJSON(t *testing.T) {
	flat, err := formats.OpenData("flat.vcm", vcatest.Bones(30), formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	scenes := map[string]*formats.Asset{"chain": chainScene(), "msh": mshScene(), "vca": vcaScene(), "swg": swgScene(), "static": staticScene(), "flat": flat}
	for name, a := range scenes {
		doc, err := Export(a, ExportOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range doc.Accessors {
			checkFast(t, name+" accessor", x, appendAccessor, x.Sparse == nil)
		}
		for _, x := range doc.BufferViews {
			checkFast(t, name+" buffer view", x, appendBufferView, true)
		}
		for _, x := range doc.Nodes {
			checkFast(t, name+" node", x, appendNode, true)
		}
		for _, x := range doc.Meshes {
			checkFast(t, name+" mesh", x, appendMesh, true)
		}
		for _, an := range doc.Animations {
			for _, x := range an.Channels {
				checkFast(t, name+" channel", x, appendChannel, true)
			}
			for _, x := range an.Samplers {
				checkFast(t, name+" sampler", x, appendSampler, true)
			}
		}
	}

	r := rand.New(rand.NewPCG(1, 2))
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1e-6, 9.99e-7, 1e-7, -3e-9, 1e20, 1e21, 1.5e300, math.MaxFloat64, math.SmallestNonzeroFloat64, 1.0 / 3, float64(float32(0.1))}
	f := func() float64 {
		if r.IntN(4) == 0 {
			return (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(60)-30))
		}
		return floats[r.IntN(len(floats))]
	}
	names := []string{"", "root", "a<b>&c", "quote\"back\\slash", "tab\tnew\nline", "ü飛", "\u2028", "bad\xff", "ctl\x01\x7f"}
	idx := func() *int {
		if r.IntN(2) == 0 {
			return nil
		}
		return gltf.Index(r.IntN(100000))
	}
	for i := 0; i < 3000; i++ {
		a := &gltf.Accessor{Name: names[r.IntN(len(names))], BufferView: idx(), ByteOffset: r.IntN(3) * 12,
			ComponentType: gltf.ComponentType(r.IntN(8)), Normalized: r.IntN(2) == 0, Count: r.IntN(1000),
			Type: gltf.AccessorType(r.IntN(8))}
		for k := r.IntN(4); k > 0; k-- {
			a.Max, a.Min = append(a.Max, f()), append(a.Min, f())
		}
		if r.IntN(5) == 0 {
			a.Min = nil
		}
		checkFast(t, "random accessor", a, appendAccessor, true)
		v := &gltf.BufferView{Buffer: r.IntN(3), ByteOffset: r.IntN(2) * 40, ByteLength: r.IntN(9999), ByteStride: r.IntN(2) * 16,
			Target: []gltf.Target{0, gltf.TargetArrayBuffer, gltf.TargetElementArrayBuffer}[r.IntN(3)], Name: names[r.IntN(len(names))]}
		checkFast(t, "random buffer view", v, appendBufferView, true)
		n := &gltf.Node{Name: names[r.IntN(len(names))], Camera: idx(), Skin: idx(), Mesh: idx(),
			Matrix: gltf.DefaultMatrix, Rotation: gltf.DefaultRotation, Scale: gltf.DefaultScale}
		switch r.IntN(4) {
		case 0:
			for k := range n.Matrix {
				n.Matrix[k] = f()
			}
		case 1:
			n.Matrix = [16]float64{}
		}
		if r.IntN(2) == 0 {
			n.Rotation = [4]float64{f(), f(), f(), f()}
		}
		if r.IntN(3) == 0 {
			n.Scale = [3]float64{f(), f(), f()}
		}
		if r.IntN(2) == 0 {
			n.Translation = [3]float64{f(), f(), f()}
		}
		for k := r.IntN(3); k > 0; k-- {
			n.Children = append(n.Children, r.IntN(1000))
			n.Weights = append(n.Weights, f())
		}
		checkFast(t, "random node", n, appendNode, true)
		m := &gltf.Mesh{Name: names[r.IntN(len(names))]}
		for k := r.IntN(3); k > 0; k-- {
			p := &gltf.Primitive{Indices: idx(), Material: idx(), Mode: gltf.PrimitiveMode(r.IntN(8))}
			if r.IntN(4) > 0 {
				p.Attributes = gltf.PrimitiveAttributes{}
				for _, key := range []string{"POSITION", "NORMAL", "TEXCOORD_0", "JOINTS_0", "WEIGHTS_0", "JOINTS_1"}[:r.IntN(7)] {
					p.Attributes[key] = r.IntN(5000)
				}
			}
			m.Primitives = append(m.Primitives, p)
		}
		if r.IntN(3) == 0 {
			m.Weights = []float64{f()}
		}
		checkFast(t, "random mesh", m, appendMesh, true)
		ch := &gltf.AnimationChannel{Sampler: r.IntN(100000), Target: gltf.AnimationChannelTarget{Node: idx(), Path: gltf.TRSProperty(r.IntN(6))}}
		checkFast(t, "random channel", ch, appendChannel, true)
		sa := &gltf.AnimationSampler{Input: r.IntN(100000), Output: r.IntN(100000), Interpolation: gltf.Interpolation(r.IntN(5))}
		checkFast(t, "random sampler", sa, appendSampler, true)
	}

	// Refused: fields the fast path does not write, and floats encoding/json rejects.
	checkFast(t, "extras", &gltf.Accessor{Extras: map[string]int{"x": 1}}, appendAccessor, false)
	checkFast(t, "sparse", &gltf.Accessor{Sparse: &gltf.Sparse{Count: 1}}, appendAccessor, false)
	checkFast(t, "extensions", &gltf.Node{Extensions: gltf.Extensions{"x": 1}}, appendNode, false)
	checkFast(t, "channel extras", &gltf.AnimationChannel{Target: gltf.AnimationChannelTarget{Extras: 1}}, appendChannel, false)
	checkFast(t, "sampler extensions", &gltf.AnimationSampler{Extensions: gltf.Extensions{"x": 1}}, appendSampler, false)
	checkFast(t, "targets", &gltf.Mesh{Primitives: []*gltf.Primitive{{Targets: []gltf.PrimitiveAttributes{{}}}}}, appendMesh, false)
	if _, ok := appendAccessor(nil, &gltf.Accessor{Max: []float64{math.NaN()}}); ok {
		t.Error("a NaN maximum: taken, want refused (encoding/json's error)")
	}
	if _, ok := appendNode(nil, &gltf.Node{Translation: [3]float64{math.Inf(1)}}); ok {
		t.Error("an infinite translation: taken, want refused")
	}
}

// TestWriteAccessorIsModeler: writeAccessor leaves the document modeler's
// WriteAccessor (and WritePosition) leaves, for every type it takes, on buffers
// of every alignment.
func TestWriteAccessorIsModeler(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	mine, ref := &gltf.Document{}, &gltf.Document{}
	f := func() float32 { return float32(r.NormFloat64()) }
	// Every other step through the loops a big-endian host takes (copyFloats
	// refuses there).
	native := hostLittleEndian
	defer func() { hostLittleEndian = native }()
	for i := 0; i < 200; i++ {
		hostLittleEndian = native && i%2 == 0
		n := r.IntN(7)
		var data any
		switch r.IntN(8) {
		case 0:
			d := make([][3]float32, n)
			for k := range d {
				d[k] = [3]float32{f(), f(), f()}
			}
			if r.IntN(2) == 0 {
				writePosition(mine, d)
				modeler.WritePosition(ref, d)
				continue
			}
			data = d
		case 1:
			d := make([][2]float32, n)
			for k := range d {
				d[k] = [2]float32{f(), f()}
			}
			data = d
		case 2:
			d := make([][4]float32, n)
			for k := range d {
				d[k] = [4]float32{f(), f(), f(), f()}
			}
			data = d
		case 3:
			d := make([][4]uint16, n)
			for k := range d {
				d[k] = [4]uint16{uint16(r.Uint32()), uint16(r.Uint32()), 7, 0xFFFF}
			}
			data = d
		case 4:
			d := make([]uint16, n)
			for k := range d {
				d[k] = uint16(r.Uint32())
			}
			data = d
		case 5:
			d := make([]uint32, n)
			for k := range d {
				d[k] = r.Uint32()
			}
			data = d
		case 6:
			d := make([]float32, n)
			for k := range d {
				d[k] = f()
			}
			data = d
		default:
			data = make([][3]uint8, n) // not a fast type: modeler writes it for both
		}
		target := []gltf.Target{gltf.TargetNone, gltf.TargetArrayBuffer, gltf.TargetElementArrayBuffer}[r.IntN(3)]
		write := writeAccessor
		if r.IntN(2) == 0 { // animation keys through writeVecsFrom
			switch d := data.(type) {
			case [][3]float32:
				write = func(doc *gltf.Document, target gltf.Target, _ any) int { return writeVecsFrom(doc, target, d, nil) }
			case [][4]float32:
				write = func(doc *gltf.Document, target gltf.Target, _ any) int { return writeVecsFrom(doc, target, d, nil) }
			}
		}
		if got, want := write(mine, target, data), modeler.WriteAccessor(ref, target, data); got != want {
			t.Fatalf("step %d (%T): accessor %d, want %d", i, data, got, want)
		}
	}
	if !reflect.DeepEqual(mine, ref) {
		t.Errorf("documents differ: %d/%d accessors, %d/%d buffer views, buffer %d/%d bytes",
			len(mine.Accessors), len(ref.Accessors), len(mine.BufferViews), len(ref.BufferViews),
			len(mine.Buffers[0].Data), len(ref.Buffers[0].Data))
	}
	if !bytes.Equal(mine.Buffers[0].Data, ref.Buffers[0].Data) {
		t.Error("buffer bytes differ")
	}
}
