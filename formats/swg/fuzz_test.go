package swg_test

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/internal/fuzzseed"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"

	"github.com/go-gl/mathgl/mgl32"
)

func saneF(vs ...float32) bool {
	for _, v := range vs {
		if !(v > -1e4 && v < 1e4) {
			return false
		}
	}
	return true
}

func saneQ(qs []mgl32.Quat) bool {
	for _, q := range qs {
		if !saneF(q.W, q.V[0], q.V[1], q.V[2]) {
			return false
		}
	}
	return true
}

func saneAnim(a *swg.Animation) bool {
	if !saneQ(a.StaticRot) || !saneF(a.StaticTrans...) || !saneF(a.StaticEuler...) {
		return false
	}
	for _, c := range a.Rot {
		if !saneQ(c.Keys) {
			return false
		}
	}
	for _, c := range append(append([]swg.ScalarChannel(nil), a.Trans...), a.Euler...) {
		if !saneF(c.Values...) {
			return false
		}
		for _, f := range c.Frames {
			if f < -1e6 || f > 1e6 {
				return false
			}
		}
	}
	for _, c := range a.Rot {
		for _, f := range c.Frames {
			if f < -1e6 || f > 1e6 {
				return false
			}
		}
	}
	return true
}

func saneTemplate(t *swg.SkeletonTemplate) bool {
	for i := range t.Names {
		for _, q := range []mgl32.Quat{t.RPRE[i], t.RPST[i], t.BPRO[i]} {
			// a near-unit quaternion keeps the bind-pose matrices bounded
			if l := q.Len(); !(l > 0.9 && l < 1.1) {
				return false
			}
		}
		if !saneF(t.BPTR[i][0], t.BPTR[i][1], t.BPTR[i][2]) {
			return false
		}
	}
	return true
}

func fuzzDecode(t *testing.T, name string, data []byte, refs map[string][]byte) *formats.Part {
	a, err := swg.DecodeData(name, data, formats.Options{}, refs)
	if err != nil {
		if e := namedError(err, name, len(data)); e != nil {
			t.Fatal(e)
		}
		return nil
	}
	return a
}

func addSeeds(f *testing.F, names ...string) {
	files, _ := seedFiles(f)
	for _, n := range names {
		f.Add(files[n])
	}
}

func FuzzSKT(f *testing.F) {
	addSeeds(f, "sktm.skt", "slod.skt")
	f.Fuzz(func(t *testing.T, data []byte) {
		a := fuzzDecode(t, "f.skt", data, map[string][]byte{})
		if a == nil || a.Skeleton == nil {
			return
		}
		sf, err := swg.DecodeSkeletonFile("f.skt", data, "")
		if err != nil {
			t.Fatalf("DecodeData succeeded but DecodeSkeletonFile failed: %v", err)
		}
		t0 := sf.LODs[0]
		// decode → encode → decode is stable
		enc, err := swgtest.EncodeSKTM(t0)
		if err != nil {
			t.Fatalf("encode: %v", err)
		}
		sf2, err := swg.DecodeSkeletonFile("g.skt", enc, "")
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		t1 := sf2.LODs[0]
		t1.File, t1.Offset = t0.File, t0.Offset
		if !reflect.DeepEqual(bitsOf(t0), bitsOf(t1)) {
			t.Fatalf("decode → encode → decode changed the skeleton")
		}
		checkAsset(t, a, saneTemplate(t0))
	})
}

// bitsOf compares floats by their bits (NaN-safe).
func bitsOf(t *swg.SkeletonTemplate) []any {
	var out []any
	qb := func(qs []mgl32.Quat) (r []uint32) {
		for _, q := range qs {
			r = append(r, math.Float32bits(q.W), math.Float32bits(q.V[0]), math.Float32bits(q.V[1]), math.Float32bits(q.V[2]))
		}
		return
	}
	var tb []uint32
	for _, v := range t.BPTR {
		tb = append(tb, math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2]))
	}
	var mb []uint32
	for _, m := range t.BPMJ {
		for _, v := range m {
			mb = append(mb, math.Float32bits(v))
		}
	}
	return append(out, t.Version, t.Names, t.Parents, qb(t.RPRE), qb(t.RPST), tb, qb(t.BPRO), mb, t.JROR)
}

func FuzzANS(f *testing.F) {
	addSeeds(f, "kfat3.ans", "kfat2.ans", "ckat.ans")
	f.Fuzz(func(t *testing.T, data []byte) {
		as := fuzzDecode(t, "f.ans", data, map[string][]byte{})
		if as == nil {
			return
		}
		a, err := swg.DecodeAnimation("f.ans", data)
		if err != nil {
			t.Fatalf("DecodeData succeeded but DecodeAnimation failed: %v", err)
		}
		if enc, err := swgtest.EncodeAnimation(a); err == nil {
			b, err := swg.DecodeAnimation("f.ans", enc)
			if err != nil {
				t.Fatalf("re-decode: %v", err)
			}
			enc2, err := swgtest.EncodeAnimation(b)
			if err != nil || !bytes.Equal(enc, enc2) {
				t.Fatalf("decode → encode → decode → encode is not stable (%v)", err)
			}
		}
		checkAsset(t, as, saneAnim(a))
		for _, fid := range []string{swg.FidelityFile, swg.FidelityClient} {
			c := swg.AnimationAsset(a, fid)
			checkAsset(t, c, saneAnim(a))
		}
	})
}

func FuzzMGN(f *testing.F) {
	addSeeds(f, "m.mgn")
	f.Fuzz(func(t *testing.T, data []byte) {
		as := fuzzDecode(t, "f.mgn", data, map[string][]byte{})
		if as == nil {
			return
		}
		m, err := swg.DecodeMeshGen("f.mgn", data)
		if err != nil {
			t.Fatalf("DecodeData succeeded but DecodeMeshGen failed: %v", err)
		}
		if enc, err := swgtest.EncodeMeshGen(m); err == nil {
			m2, err := swg.DecodeMeshGen("f.mgn", enc)
			if err != nil {
				t.Fatalf("re-decode: %v", err)
			}
			enc2, err := swgtest.EncodeMeshGen(m2)
			if err != nil || !bytes.Equal(enc, enc2) {
				t.Fatalf("decode → encode → decode → encode is not stable (%v)", err)
			}
		}
		checkAsset(t, as, true)
	})
}

func FuzzLMG(f *testing.F) {
	addSeeds(f, "m.lmg")
	_, refs := seedFiles(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		as := fuzzDecode(t, "f.lmg", data, refs)
		if as == nil {
			return
		}
		if l, _, err := swg.DecodeLODList("f.lmg", data); err == nil {
			l2, _, err := swg.DecodeLODList("g.lmg", swgtest.EncodeLODList(l.Names))
			if err != nil || !reflect.DeepEqual(l.Names, l2.Names) {
				t.Fatalf("decode → encode → decode changed the LOD list (%v)", err)
			}
		}
		checkAsset(t, as, true)
	})
}

func FuzzSAT(f *testing.F) {
	addSeeds(f, "m.sat")
	_, refs := seedFiles(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		as := fuzzDecode(t, "f.sat", data, refs)
		if as == nil {
			return
		}
		if ap, _, err := swg.DecodeAppearance("f.sat", data); err == nil {
			ap2, _, err := swg.DecodeAppearance("g.sat", swgtest.EncodeAppearance(ap))
			if err != nil || !reflect.DeepEqual(ap.Meshes, ap2.Meshes) || !reflect.DeepEqual(ap.Skeletons, ap2.Skeletons) {
				t.Fatalf("decode → encode → decode changed the appearance (%v)", err)
			}
		}
		checkAsset(t, as, true)
	})
}

// shaderSeeds are swgtest's shader templates in each layout.
func shaderSeeds(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, st := range swgtest.TexturedShaders() {
		for _, txm := range []string{"0000", "0001", "0002"} {
			b, err := swgtest.EncodeShaderTemplate(st, txm)
			if err != nil {
				t.Fatal(err)
			}
			out["seed-"+strings.ToLower(st.Form)+"-txm"+txm] = b
		}
	}
	return out
}

// FuzzSHT: any input either fails with a FileError naming the file at an offset
// inside it, or decodes, and then a MAIN texture found has a name.
func FuzzSHT(f *testing.F) {
	for _, b := range shaderSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, _, err := swg.DecodeShaderTemplate("f.sht", data)
		if err != nil {
			var fe *formats.FileError
			if !errors.As(err, &fe) || fe.File != "f.sht" || fe.Offset < 0 || fe.Offset > int64(len(data)) {
				t.Fatalf("error without file and offset: %v", err)
			}
			return
		}
		if m := st.Main(); m != nil && (m.Name == "" || m.Placeholder) {
			t.Fatalf("Main() = %+v", m)
		}
	})
}

// TestWriteShaderFuzzSeeds (re)writes FuzzSHT's seeds; it does nothing without
// -write-seeds.
func TestWriteShaderFuzzSeeds(t *testing.T) {
	fuzzseed.Skip(t)
	for name, b := range shaderSeeds(t) {
		fuzzseed.Write(t, "FuzzSHT", name, b)
	}
}
