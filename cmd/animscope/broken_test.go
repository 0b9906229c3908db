package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"animscope/assets"
	"animscope/formats/m2/m2test"
	"animscope/formats/samples"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"

	"github.com/go-gl/mathgl/mgl32"
)

// Hand-broken files (issue 8): every valid fixture is truncated at each eighth of
// its length and has its header fields overwritten with 0xFF bytes; `validate` must
// exit 1 with an error naming the file and an offset, within 1 s and 256 MB.

// Every binary format is covered by a fixture written by the project's own
// encoders (no sample files needed): MSH (the demo), SKT, M2 at 256 and at 264 (with
// its NAME00.skin beside it), ANS (KFAT 0003 and CKAT 0001), MGN (with the skeleton
// it names) and VEC3. Each intact fixture must validate (exit 0) first, so that
// the failures come from the breakage alone.

// field is a byte range of a fixture's header that validation must not accept
// when it reads all ones.
type field struct {
	name     string
	off, len int
}

type fixture struct {
	name   string
	data   []byte
	fields []field
	skin   []byte // an M2 at 264: written beside every case as <base>00.skin
}

func sktFixture(t *testing.T) []byte {
	t.Helper()
	data, err := swgtest.EncodeSKTM(&swg.SkeletonTemplate{
		Version: "0002",
		Names:   []string{"root", "spine", "head"},
		Parents: []int32{-1, 0, 1},
		RPRE:    []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent()},
		RPST:    []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent()},
		BPTR:    []mgl32.Vec3{{0, 0, 0}, {0, 1, 0}, {0, 1, 0}},
		BPRO:    []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatIdent(), mgl32.QuatIdent()},
		JROR:    []uint32{0, 0, 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// ansFixture is a two-joint animation of kind KFAT 0003 or CKAT 0001: the root has
// an animated rotation and Y translation, the spine a static rotation.
func ansFixture(t *testing.T, kind, version string) []byte {
	t.Helper()
	ck := kind == "CKAT"
	frames := []int32{0, 4, 8}
	keys := []mgl32.Quat{mgl32.QuatIdent(), swg.AxisAngle(0.3, mgl32.Vec3{0, 0, 1}), swg.AxisAngle(0.6, mgl32.Vec3{0, 0, 1})}
	a := &swg.Animation{Kind: kind, Version: version, FPS: 30, FrameCount: 8}
	if ck {
		a.Rot = []swg.QuatChannel{swgtest.PackChannel(frames, keys)}
		p, r := swgtest.PackStatic(swg.AxisAngle(0.2, mgl32.Vec3{1, 0, 0}))
		a.StaticPacked, a.StaticRot = []swg.PackedQuat{p}, []mgl32.Quat{r}
	} else {
		a.Rot = []swg.QuatChannel{{Frames: frames, Keys: keys}}
		a.StaticRot = []mgl32.Quat{swg.AxisAngle(0.2, mgl32.Vec3{1, 0, 0})}
	}
	a.Trans = []swg.ScalarChannel{{Frames: frames, Values: []float32{0, 0.5, 1}}}
	a.StaticTrans = []float32{0, 0, 0, 0, 1, 0}
	a.Xforms = []swg.XformInfo{
		{Name: "root", AnimatedRot: true, RotIndex: 0, TransMask: swg.MaskTransY, TransIdx: [3]int32{0, 0, 1}},
		{Name: "spine", RotIndex: 0, TransIdx: [3]int32{2, 3, 4}},
	}
	if version != "0002" {
		a.Loco = &swg.Locomotion{AverageSpeed: 1, TFrames: []int32{0, 8}, T: []mgl32.Vec3{{0, 0, 0}, {0, 0, 1}},
			RFrames: []int32{0, 8}, R: []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatIdent()}}
	}
	data, err := swgtest.EncodeAnimation(a)
	if err != nil {
		t.Fatalf("%s %s: %v", kind, version, err)
	}
	return data
}

// mgnSkeleton is where mgnFixture's skeleton lies, relative to the asset root.
const mgnSkeleton = "appearance/skeleton/body.skt"

// mgnFixture is a SKMG 0004 mesh of three positions skinned to sktFixture's joints.
func mgnFixture(t *testing.T) []byte {
	t.Helper()
	m := &swg.MeshGen{Version: "0004", Skeletons: []string{mgnSkeleton}, XFNM: []string{"root", "spine", "head"},
		Positions:  []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
		Normals:    []mgl32.Vec3{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		WeightHead: []int32{1, 1, 2},
		Weights:    []swg.Weight{{Joint: 0, Weight: 1}, {Joint: 1, Weight: 1}, {Joint: 1, Weight: 0.5}, {Joint: 2, Weight: 0.5}},
		Shaders: []swg.PerShader{{Shader: "shader/test.sht", UVDims: []int32{2}, PIDX: []int32{0, 1, 2}, NIDX: []int32{0, 1, 2},
			UVs: [][]float32{{0, 0, 1, 0, 0, 1}}, Triangles: []uint32{0, 1, 2}}},
	}
	data, err := swgtest.EncodeMeshGen(m)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// vec3Fixture is a one-model VoxelCore VEC3 file: a quad (two triangles) with
// positions and UVs, 8-bit indices, one material "$0".
func vec3Fixture() []byte {
	var b bytes.Buffer
	w := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("\x00\x00VEC3\x00\x00")
	w([]int16{1, 0, 1, 1}) // version, reserved, materials, models
	w(int16(0))            // material flags
	w(int16(2))
	b.WriteString("$0")
	name := "quad"
	w(int16(len(name)))
	w([3]float32{0.5, 0, 0}) // origin
	w(int32(1))              // meshes
	w(int32(2))              // triangles
	w([]int16{0, 0, 2})      // material, flags, attributes
	w(uint8(0))              // position
	w(uint8(0))
	w(int32(4 * 12))
	w([12]float32{0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0})
	w(uint8(1)) // UV
	w(uint8(0))
	w(int32(4 * 8))
	w([8]float32{0, 0, 1, 0, 1, 1, 0, 1})
	for _, v := range []uint8{0, 1, 2, 0, 2, 3} {
		w([]uint8{v, v})
	}
	b.WriteString(name)
	return b.Bytes()
}

// m2Fields are the M2 header fields whose corruption is an error: magic, version,
// and the count and offset of the name, global sequences, sequences and bones
// (an array past the end of the file).
func m2Fields(version uint32) []field {
	bones := 0x34
	if version >= 264 {
		bones = 0x2C
	}
	return []field{{"magic", 0, 4}, {"version", 4, 4}, {"name count", 0x08, 4}, {"name offset", 0x0C, 4},
		{"global sequence count", 0x14, 4}, {"global sequence offset", 0x18, 4},
		{"sequence count", 0x1C, 4}, {"sequence offset", 0x20, 4}, {"bone count", bones, 4}, {"bone offset", bones + 4, 4}}
}

func brokenFixtures(t *testing.T) []fixture {
	demo := assets.DemoMSH
	dirOff := len(demo) - 64*int(binary.LittleEndian.Uint32(demo[8:12]))
	fx := []fixture{
		{"demo.msh", demo, []field{
			{"magic", 0, 4}, {"entry_count", 8, 4}, {"total_size", 12, 4},
			{"first entry size", dirOff + 0x0C, 4}, {"first entry data_offset", dirOff + 0x38, 4},
		}, nil},
		{"body.skt", sktFixture(t), []field{{"FORM tag", 0, 4}, {"FORM size", 4, 4}, {"SKTM tag", 8, 4}, {"version FORM size", 16, 4}}, nil},
	}
	m256, _ := m2test.Synthetic(256, false)
	m264, skin := m2test.Synthetic(264, true)
	fx = append(fx,
		fixture{"model256.m2", m256, m2Fields(256), nil},
		fixture{"model264.m2", m264, m2Fields(264), skin},
	)
	// FORM <kind> / FORM <version> / INFO: fps, then the frame count and five
	// counts (i32 in KFAT, i16 in CKAT).
	ansFields := func(word int) []field {
		fs := []field{{"FORM tag", 0, 4}, {"FORM size", 4, 4}, {"type", 8, 4}, {"version", 20, 4}, {"INFO size", 28, 4}}
		for i, n := range []string{"transform", "rotation channel", "static rotation", "translation channel", "static translation"} {
			fs = append(fs, field{n + " count", 32 + 4 + word*(i+1), word})
		}
		return fs
	}
	fx = append(fx,
		fixture{"walk_kfat.ans", ansFixture(t, "KFAT", "0003"), ansFields(4), nil},
		fixture{"walk_ckat.ans", ansFixture(t, "CKAT", "0001"), ansFields(2), nil},
	)
	// FORM SKMG / FORM 0004 / INFO: two maxima, then seven i32 counts.
	mgnFields := []field{{"FORM tag", 0, 4}, {"FORM size", 4, 4}, {"SKMG tag", 8, 4}, {"version", 20, 4}, {"INFO size", 28, 4}}
	for i, n := range []string{"skeleton name", "transform name", "position", "weight", "normal", "per-shader data", "blend target"} {
		mgnFields = append(mgnFields, field{n + " count", 40 + 4*i, 4})
	}
	fx = append(fx, fixture{"body.mgn", mgnFixture(t), mgnFields, nil})
	fx = append(fx, fixture{"quad.vec3", vec3Fixture(), []field{{"magic", 2, 4}, {"version", 8, 2}, {"material count", 12, 2},
		{"model count", 14, 2}, {"mesh count", 36, 4}, {"triangle count", 40, 4}}, nil})
	if dir := samples.Path("m2"); dir != "" {
		for _, n := range []string{"Rabbit.m2", "Frog.m2"} {
			if data, err := os.ReadFile(filepath.Join(dir, n)); err == nil {
				skin, _ := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(n, ".m2")+"00.skin")) // nil before 264
				fx = append(fx, fixture{n, data, []field{{"magic", 0, 4}, {"version", 4, 4}}, skin})
			}
		}
	}
	if dir := samples.Path("swg"); dir != "" {
		if data, err := os.ReadFile(filepath.Join(dir, "acklay_std_turn_right.ans")); err == nil {
			fx = append(fx, fixture{"turn.ans", data, []field{{"FORM tag", 0, 4}, {"FORM size", 4, 4}, {"type", 8, 4}}, nil})
		}
	}
	return fx
}

func TestBrokenFilesFailValidate(t *testing.T) {
	dir := t.TempDir()
	// The skeleton the MGN fixture names, inside the asset root.
	if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(mgnSkeleton)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, mgnSkeleton), sktFixture(t), 0o644); err != nil {
		t.Fatal(err)
	}
	type broken struct {
		name string
		data []byte
		skin []byte
	}
	write := func(name string, data, skin []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if skin != nil {
			if err := os.WriteFile(strings.TrimSuffix(p, filepath.Ext(p))+"00.skin", skin, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return p
	}
	var cases []broken
	perFormat := map[string]int{}
	for _, f := range brokenFixtures(t) {
		ext := filepath.Ext(f.name)
		base := strings.TrimSuffix(f.name, ext)
		// The intact fixture validates: what fails below fails for the breakage.
		if code, _, stderr := runCLI("validate", write(f.name, f.data, f.skin)); code != 0 {
			t.Errorf("intact %s: validate exit %d, want 0 (stderr %q)", f.name, code, stderr)
		}
		for k := 0; k < 8; k++ {
			cases = append(cases, broken{base + "_cut" + string(rune('0'+k)) + ext, f.data[:len(f.data)*k/8], f.skin})
		}
		for _, fl := range f.fields {
			b := append([]byte(nil), f.data...)
			for i := fl.off; i < fl.off+fl.len && i < len(b); i++ {
				b[i] = 0xFF
			}
			cases = append(cases, broken{base + "_" + strings.ReplaceAll(fl.name, " ", "_") + ext, b, f.skin})
		}
		perFormat[f.name] = 8 + len(f.fields)
	}
	for _, c := range cases {
		p := write(c.name, c.data, c.skin)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		code, _, stderr := runCLI("validate", p)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if code != exitInvalid {
			t.Errorf("%s: validate exit %d, want 1 (stderr %q)", c.name, code, stderr)
		}
		if !strings.Contains(stderr, p) || !strings.Contains(stderr, "offset 0x") {
			t.Errorf("%s: error %q does not name the file and an offset", c.name, strings.TrimSpace(stderr))
		}
		if took > time.Second {
			t.Errorf("%s: validate took %v, want at most 1 s", c.name, took)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
			t.Errorf("%s: validate allocated %d MB, want at most 256 MB", c.name, alloc>>20)
		}
	}
	t.Logf("%d broken files checked: %v", len(cases), perFormat)
}
