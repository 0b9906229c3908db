package gltf

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"testing"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// A small glTF evaluator for the tests: it reads a document back, samples its
// animation channels (LINEAR with slerp for rotations, STEP) and composes node
// matrices, independently of the exporter's code.

type evalChannel struct {
	node   int
	path   gltf.TRSProperty
	interp gltf.Interpolation
	in     []float32
	out3   [][3]float32
	out4   [][4]float32
}

type evaluator struct {
	doc      *gltf.Document
	parent   []int
	order    []int // parents before children
	anims    [][]evalChannel
	ibm      [][4][4]float32
	meshData []evalMesh
}

type evalMesh struct {
	pos     [][3]float32
	nrm     [][3]float32
	joints  [][4]uint16 // JOINTS_0 then JOINTS_1 per vertex: joints[2v], joints[2v+1]
	weights [][4]float32
	indices []uint32
}

func decodeGLB(t *testing.T, glb []byte) *gltf.Document {
	t.Helper()
	var doc gltf.Document
	if err := gltf.NewDecoder(bytes.NewReader(glb)).Decode(&doc); err != nil {
		t.Fatalf("reading the .glb back: %v", err)
	}
	return &doc
}

func newEvaluator(t *testing.T, doc *gltf.Document) *evaluator {
	t.Helper()
	ev := &evaluator{doc: doc, parent: make([]int, len(doc.Nodes))}
	for i := range ev.parent {
		ev.parent[i] = -1
	}
	for i, n := range doc.Nodes {
		for _, c := range n.Children {
			if ev.parent[c] != -1 {
				t.Fatalf("node %d has two parents", c)
			}
			ev.parent[c] = i
		}
	}
	done := make([]bool, len(doc.Nodes))
	var visit func(i int)
	visit = func(i int) {
		if done[i] {
			return
		}
		if p := ev.parent[i]; p >= 0 {
			visit(p)
		}
		done[i] = true
		ev.order = append(ev.order, i)
	}
	for i := range doc.Nodes {
		visit(i)
	}
	for _, an := range doc.Animations {
		var chs []evalChannel
		for _, ch := range an.Channels {
			s := an.Samplers[ch.Sampler]
			in, err := modeler.ReadAccessor(doc, doc.Accessors[s.Input], nil)
			if err != nil {
				t.Fatalf("animation %q input: %v", an.Name, err)
			}
			out, err := modeler.ReadAccessor(doc, doc.Accessors[s.Output], nil)
			if err != nil {
				t.Fatalf("animation %q output: %v", an.Name, err)
			}
			ec := evalChannel{node: *ch.Target.Node, path: ch.Target.Path, interp: s.Interpolation, in: in.([]float32)}
			switch v := out.(type) {
			case [][3]float32:
				ec.out3 = v
			case [][4]float32:
				ec.out4 = v
			default:
				t.Fatalf("animation %q: output of type %T", an.Name, out)
			}
			chs = append(chs, ec)
		}
		ev.anims = append(ev.anims, chs)
	}
	if len(doc.Skins) > 0 && doc.Skins[0].InverseBindMatrices != nil {
		ibm, err := modeler.ReadInverseBindMatrices(doc, doc.Accessors[*doc.Skins[0].InverseBindMatrices], nil)
		if err != nil {
			t.Fatalf("inverse bind matrices: %v", err)
		}
		ev.ibm = ibm
	}
	for _, m := range doc.Meshes {
		p := m.Primitives[0]
		var em evalMesh
		var err error
		if em.pos, err = modeler.ReadPosition(doc, doc.Accessors[p.Attributes[gltf.POSITION]], nil); err != nil {
			t.Fatal(err)
		}
		if a, ok := p.Attributes[gltf.NORMAL]; ok {
			if em.nrm, err = modeler.ReadNormal(doc, doc.Accessors[a], nil); err != nil {
				t.Fatal(err)
			}
		}
		j0, err := modeler.ReadJoints(doc, doc.Accessors[p.Attributes[gltf.JOINTS_0]], nil)
		if err != nil {
			t.Fatal(err)
		}
		w0, err := modeler.ReadWeights(doc, doc.Accessors[p.Attributes[gltf.WEIGHTS_0]], nil)
		if err != nil {
			t.Fatal(err)
		}
		j1, w1 := make([][4]uint16, len(j0)), make([][4]float32, len(w0))
		if a, ok := p.Attributes["JOINTS_1"]; ok {
			if j1, err = modeler.ReadJoints(doc, doc.Accessors[a], nil); err != nil {
				t.Fatal(err)
			}
			if w1, err = modeler.ReadWeights(doc, doc.Accessors[p.Attributes["WEIGHTS_1"]], nil); err != nil {
				t.Fatal(err)
			}
		}
		for v := range j0 {
			em.joints = append(em.joints, j0[v], j1[v])
			em.weights = append(em.weights, w0[v], w1[v])
		}
		if em.indices, err = modeler.ReadIndices(doc, doc.Accessors[*p.Indices], nil); err != nil {
			t.Fatal(err)
		}
		ev.meshData = append(ev.meshData, em)
	}
	return ev
}

// key finds the keys around time x: i0, i1 and the fraction.
func key(in []float32, x float32) (int, int, float64) {
	n := len(in)
	if x <= in[0] {
		return 0, 0, 0
	}
	if x >= in[n-1] {
		return n - 1, n - 1, 0
	}
	i := sort.Search(n, func(k int) bool { return in[k] > x }) - 1
	if in[i] == x {
		return i, i, 0
	}
	return i, i + 1, float64(x-in[i]) / float64(in[i+1]-in[i])
}

func slerp(a, b [4]float32, u float64) quat {
	qa, qb := quat64(a), quat64(b)
	d := qa.dot(qb)
	if d < 0 {
		qb, d = qb.neg(), -d
	}
	if d > 0.9999999 {
		return quat{qa[0] + (qb[0]-qa[0])*u, qa[1] + (qb[1]-qa[1])*u, qa[2] + (qb[2]-qa[2])*u, qa[3] + (qb[3]-qa[3])*u}.normalized()
	}
	th := math.Acos(d)
	w0, w1 := math.Sin((1-u)*th)/math.Sin(th), math.Sin(u*th)/math.Sin(th)
	return quat{w0*qa[0] + w1*qb[0], w0*qa[1] + w1*qb[1], w0*qa[2] + w1*qb[2], w0*qa[3] + w1*qb[3]}
}

// worlds returns every node's world matrix with animation anim (−1: none) at time x.
func (ev *evaluator) worlds(animIdx int, x float32) []affine {
	n := len(ev.doc.Nodes)
	tr := make([]vec3, n)
	rot := make([]quat, n)
	scl := make([]vec3, n)
	for i, nd := range ev.doc.Nodes {
		tr[i] = nd.TranslationOrDefault()
		rot[i] = nd.RotationOrDefault()
		scl[i] = nd.ScaleOrDefault()
	}
	if animIdx >= 0 {
		for _, ch := range ev.anims[animIdx] {
			i0, i1, u := key(ch.in, x)
			if ch.interp == gltf.InterpolationStep {
				i1, u = i0, 0
			}
			switch ch.path {
			case gltf.TRSTranslation, gltf.TRSScale:
				a, b := ch.out3[i0], ch.out3[i1]
				v := vec3{float64(a[0]) + (float64(b[0])-float64(a[0]))*u, float64(a[1]) + (float64(b[1])-float64(a[1]))*u, float64(a[2]) + (float64(b[2])-float64(a[2]))*u}
				if ch.path == gltf.TRSTranslation {
					tr[ch.node] = v
				} else {
					scl[ch.node] = v
				}
			case gltf.TRSRotation:
				if u == 0 {
					rot[ch.node] = quat64(ch.out4[i0])
				} else {
					rot[ch.node] = slerp(ch.out4[i0], ch.out4[i1], u)
				}
			}
		}
	}
	w := make([]affine, n)
	for _, i := range ev.order {
		r := unitRotation(rot[i])
		for a := 0; a < 3; a++ {
			for b := 0; b < 3; b++ {
				r[a][b] *= scl[i][b]
			}
		}
		l := affine{A: r, b: tr[i]}
		if p := ev.parent[i]; p >= 0 {
			l = w[p].mul(l)
		}
		w[i] = l
	}
	return w
}

// skinVertex is glTF skinning of vertex v of mesh m: Σ w·(world(joint)·IBM)·pos.
func (ev *evaluator) skinVertex(w []affine, m, v int) vec3 {
	md := &ev.meshData[m]
	p := vec3{float64(md.pos[v][0]), float64(md.pos[v][1]), float64(md.pos[v][2])}
	var out vec3
	for k := 0; k < 8; k++ {
		wt := float64(md.weights[2*v+k/4][k%4])
		if wt == 0 {
			continue
		}
		j := int(md.joints[2*v+k/4][k%4])
		ibm := mat4Affine(ev.ibm[j])
		jm := w[ev.doc.Skins[0].Joints[j]].mul(ibm)
		out = out.add(jm.point(p).scale(wt))
	}
	return out
}

// mat4Affine reads the gltf package's m[row][col].
func mat4Affine(m [4][4]float32) affine {
	var r affine
	for row := 0; row < 3; row++ {
		for c := 0; c < 3; c++ {
			r.A[row][c] = float64(m[row][c])
		}
		r.b[row] = float64(m[row][3])
	}
	return r
}

func (a affine) String() string { return fmt.Sprintf("%v|%v", a.A, a.b) }
