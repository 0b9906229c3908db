package vca

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/bin"
	"animscope/formats/samples"
)

// Seeds are the tests' own inputs; where the sample folder exists its files are
// added at run time too (never committed).

var vcaSeeds = []string{w1, w2, w3, w4, w6,
	"@configure fps 10 rotation-order zyx\n@move by y func (t)\n@color bone b by r func (0.5)",
	"@move bone b by x curve bezier {\n @key frame 0 value 0 lx -5 ly 0 rx 5 ry 0\n @key frame 20 value 90 lx -5 ly 0 rx 5 ry 0\n}",
	"@rotate bone b by z func (noise2d(t, t, 2) * rand(0, 5) + round(t, 2))",
	"@model bone b {\n@key frame 0 value x\n}\n@texture name $1 {\n@key frame 0 value y\n}\n@zoom zoom 1 func (2)",
}

var vcmSeeds = []string{
	"@bone name 'body' {\n @box from (-0.2,0,-0.125) to (0.2,0.5,0.15)\n @bone name 'head' move (0,0.5,0) rotate (0,45,0) {\n  @box from (-0.2,0,-0.2) to (0.2,0.4,0.2) origin (0,0,0) rotate (10,20,30)\n }\n}",
	"@box from (0,0,0) to (1,0.5,1) delete (top,north) texture 'x' {\n @part tags (east,west) texture y region (0,0,1,1)\n}\n@rect from (0,0.5,0.5) right (1,0,0) up (0,0,0.5) texture \"$2\" flip h\n@tri a (0,0,0) b (1,0,0) c (0,1,0) uv (0,0,1,0,1,1)",
	"@bone move (1,2,3) scale (2) rotate (0,0,0,1) {\n @bone name arm move (0,1,0) {\n  @rect from (0,0,0) right (1,0,0) up (0,1,0) flip v normal (0,0,1)\n }\n}",
}

var skeletonSeeds = []string{
	`{"root": {"nodes": [{"name": "body", "model": "nosuch", "nodes": [{"name": "head", "offset": [0, 0.4, 0]}]}]}}`,
	`{"root": {"name": "r", "offset": [1, 2, 3]}}`,
	`{"root": {"offset": [1, 2]}}`,
	`{"root": {"nodes": [{"name": 5}]}}`,
}

func addSampleFiles(f *testing.F, exts ...string) {
	dir := samples.Path("vca")
	if dir == "" {
		return
	}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return nil
		}
		for _, e := range exts {
			if filepath.Ext(p) == e {
				if data, err := os.ReadFile(p); err == nil {
					f.Add(data)
				}
			}
		}
		return nil
	})
}

// checkTextErr asserts err is a positioned error of a text file.
func checkTextErr(t *testing.T, err error) {
	t.Helper()
	var fe *formats.FileError
	if !errors.As(err, &fe) {
		t.Fatalf("error %v (%T) is not a *formats.FileError", err, err)
	}
	if fe.Line < 1 || fe.Col < 1 || fe.File == "" {
		t.Fatalf("error %v has no file, line and column", err)
	}
}

func FuzzVCMTokenizer(f *testing.F) {
	for _, s := range append(append([]string{}, vcaSeeds...), vcmSeeds...) {
		f.Add([]byte(s))
	}
	f.Add([]byte("@a x 'q\\u00e9\\101\\x4\\\n' y (a(b)c) # c\n@b { @c } }"))
	addSampleFiles(f, ".vcm")
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := ParseVCM(data, "track")
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 || se.Col < 1 || se.Pos < 0 || se.Pos > len(data) {
				t.Fatalf("error %v is not a positioned *SyntaxError", err)
			}
			if l, c := LineCol(data, se.Pos); l != se.Line || c != se.Col {
				t.Fatalf("error at %d:%d, offset %d is %d:%d", se.Line, se.Col, se.Pos, l, c)
			}
			return
		}
		var walk func(n *Node, depth int)
		walk = func(n *Node, depth int) {
			if depth > MaxVCMDepth+1 {
				t.Fatalf("tree deeper than %d", MaxVCMDepth)
			}
			for _, c := range n.Children {
				if c.Pos < 0 || c.Pos >= len(data) || data[c.Pos] != '@' {
					t.Fatalf("element %q at %d is not at an '@'", c.Tag, c.Pos)
				}
				walk(c, depth+1)
			}
		}
		walk(root, 0)
	})
}

var exprSeeds = []string{"-2^2", "2^3^2", "3 % 2^2", "t > 0.25 and 1 or -1", "sin(t * 2) * 30",
	"noise(t, 3) + noise2d(t, -t, 2)", "rand(0, 1)", "round(-2.5) + sign(t) + log(8, 2)", "min(1, t, 3)",
	"kl.value + (kr.value - kl.value) * t * t", "0x1p4 + 1e-3 + .5", "not nil == true", "(((1)))", "#t", "a.b.c(1)(2)"}

func FuzzExpr(f *testing.F) {
	for _, s := range exprSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, mode := range []exprMode{modeLine, modeCurve} {
			x, err := CompileExpr(src, mode)
			if err != nil {
				var ee *ExprError
				if !errors.As(err, &ee) || ee.Pos < 0 || ee.Pos > len(src) {
					t.Fatalf("%q: error %v is not a positioned *ExprError", src, err)
				}
				continue
			}
			for _, at := range []float64{0, 0.5, -3, 1e6} {
				var rng tw223
				rng.init(at)
				e := env{t: at, m: 1, intensity: 1, kl: [2]float64{0, 1}, kr: [2]float64{10, 2}, rng: &rng}
				x.eval(&e)
			}
		}
	})
}

// checkFinite fails when a sampled pose has a non-finite number.
func checkFinite(t *testing.T, what string, xs []anim.Transform, root anim.Affine) {
	t.Helper()
	for i, x := range xs {
		for _, v := range []float32{x.T[0], x.T[1], x.T[2], x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2], x.S[0], x.S[1], x.S[2]} {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				t.Fatalf("%s: node %d has %v", what, i, x)
			}
		}
	}
	for _, v := range root {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			t.Fatalf("%s: root %v", what, root)
		}
	}
}

func FuzzVCA(f *testing.F) {
	for _, s := range vcaSeeds {
		f.Add([]byte(s))
	}
	if data, err := os.ReadFile(filepath.Join("testdata", "wave.vca")); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opt := range []formats.Options{{}, {Readings: map[string]string{"handles": "absolute", "unknown-bone": "root"}}} {
			tr, err := ParseTrack("fuzz.vca", data, opt)
			if err != nil {
				checkTextErr(t, err)
				return
			}
			for _, d := range tr.Diags {
				if d.Line < 1 || d.Col < 1 {
					t.Fatalf("diagnostic without a position: %v", d)
				}
			}
			s := standIn(tr)
			c, _ := (&Binder{Track: tr, Opts: opt}).BindClip(s)
			out := make([]anim.Transform, s.Len())
			probes := make([]anim.Probe, s.Len())
			model := make([]anim.Affine, s.Len())
			st := c.NewState()
			for _, at := range []float64{0, 0.25, 1, 7.25, -1, 1e6} {
				root, _ := c.Sample(nil, at, out, probes)
				checkFinite(t, "sample", out, root)
				anim.LocalToModel(s, out, &root, model)
				c.SampleState(nil, at, st)
			}
			_ = c.Info()
			c.KeyTimes(0, nil)
		}
	})
}

func FuzzSkeletonJSON(f *testing.F) {
	for _, s := range skeletonSeeds {
		f.Add([]byte(s))
	}
	addSampleFiles(f, ".json")
	f.Fuzz(func(t *testing.T, data []byte) {
		sk, err := ParseSkeletonJSON("fuzz.json", data)
		if err != nil {
			checkTextErr(t, err)
			return
		}
		if err := sk.Skeleton.Validate(); err != nil {
			t.Fatalf("invalid skeleton: %v", err)
		}
	})
}

func FuzzVCMModel(f *testing.F) {
	for _, s := range vcmSeeds {
		f.Add([]byte(s))
	}
	addSampleFiles(f, ".vcm")
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseVCMModel("fuzz.vcm", data)
		if err != nil {
			checkTextErr(t, err)
			return
		}
		if err := m.Skeleton.Validate(); err != nil {
			t.Fatalf("invalid skeleton: %v", err)
		}
		for _, me := range m.Meshes {
			if me.Node < 0 || me.Node >= m.Skeleton.Len() || len(me.Indices)%3 != 0 {
				t.Fatalf("bad mesh node %d, %d indices", me.Node, len(me.Indices))
			}
			for _, i := range me.Indices {
				if int(i) >= len(me.Positions) {
					t.Fatalf("index %d past %d positions", i, len(me.Positions))
				}
			}
		}
	})
}

func FuzzVEC3(f *testing.F) {
	f.Add(testVEC3(false, true))
	f.Add(testVEC3(true, false))
	addSampleFiles(f, ".vec3")
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ParseVEC3(data)
		if err != nil {
			var be *bin.Error
			if !errors.As(err, &be) || be.Offset < 0 || be.Offset > int64(len(data)) {
				t.Fatalf("error %v is not a *bin.Error with an offset inside the data", err)
			}
			return
		}
		if v.Size > len(data) {
			t.Fatalf("read %d of %d bytes", v.Size, len(data))
		}
	})
}

// testVEC3 writes a one-model VEC3 file: a quad (2 triangles) with positions, UVs
// and (optionally) one normal, 8- or 16-bit indices.
func testVEC3(index16, normals bool) []byte {
	var b bytes.Buffer
	w := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("\x00\x00VEC3\x00\x00")
	w(int16(1))
	w(int16(0))
	w(int16(1)) // materials
	w(int16(1)) // models
	w(int16(0))
	w(int16(2))
	b.WriteString("$0")
	name := "quad"
	w(int16(len(name)))
	w([3]float32{0.5, 0, 0}) // origin
	w(int32(1))              // meshes
	w(int32(2))              // triangles
	w(int16(0))
	flags := int16(0)
	if index16 {
		flags = vec3FlagIndex16
	}
	w(flags)
	nattr := 2
	if normals {
		nattr = 3
	}
	w(int16(nattr))
	w(uint8(vec3AttrPosition))
	w(uint8(0))
	w(int32(4 * 12))
	w([12]float32{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0})
	w(uint8(vec3AttrUV))
	w(uint8(0))
	w(int32(4 * 8))
	w([8]float32{0, 0, 1, 0, 1, 1, 0, 1})
	if normals {
		w(uint8(vec3AttrNormal))
		w(uint8(0))
		w(int32(12))
		w([3]float32{0, 0, 1})
	}
	for _, v := range []int{0, 1, 2, 0, 2, 3} {
		for a := 0; a < nattr; a++ {
			idx := v
			if a == 2 {
				idx = 0
			}
			if index16 {
				w(uint16(idx))
			} else {
				w(uint8(idx))
			}
		}
	}
	b.WriteString(name)
	return b.Bytes()
}
