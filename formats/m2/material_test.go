package m2

import (
	"animscope/formats/m2/m2test"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/samples"

	"github.com/go-gl/mathgl/mgl32"
)

// m2patch appends records to an encoded pre-264 model and points header arrays at
// them: what the synthetic writer does not write (colour RGB keys, texture
// animations) is added this way, from the spec's layout (§3.1, §4.1).
type m2patch struct{ b []byte }

func (p *m2patch) u16(at int, v uint16) { binary.LittleEndian.PutUint16(p.b[at:], v) }
func (p *m2patch) u32(at int, v uint32) { binary.LittleEndian.PutUint32(p.b[at:], v) }
func (p *m2patch) at(field int) int     { return int(binary.LittleEndian.Uint32(p.b[field+4:])) }

// add appends data at a 4-aligned offset and returns it.
func (p *m2patch) add(data []byte) int {
	for len(p.b)%4 != 0 {
		p.b = append(p.b, 0)
	}
	off := len(p.b)
	p.b = append(p.b, data...)
	return off
}

// arr appends data and writes the M2Array {count, offset} at field.
func (p *m2patch) arr(field, count int, data []byte) int {
	off := p.add(data)
	p.u32(field, uint32(count))
	p.u32(field+4, uint32(off))
	return off
}

// track writes a pre-264 linear track at record offset at: no ranges (every
// sequence uses all keys), times on the shared timeline, values as float32s.
func (p *m2patch) track(at int, times []uint32, vals [][]float32) {
	p.u16(at, InterpLinear)
	p.u16(at+2, 0xFFFF) // global sequence −1
	var t, v []byte
	for _, x := range times {
		t = binary.LittleEndian.AppendUint32(t, x)
	}
	for _, x := range vals {
		for _, c := range x {
			v = binary.LittleEndian.AppendUint32(v, math.Float32bits(c))
		}
	}
	p.arr(at+12, len(times), t)
	p.arr(at+20, len(vals), v)
}

// texAnimModel is the synthetic model (version < 264) with colour 0's RGB keyed,
// one texture animation, and batch 1 animated through it.
func texAnimModel(t *testing.T, version uint32) *formats.Asset {
	t.Helper()
	data, _ := m2test.Synthetic(version, false)
	p := &m2patch{b: append([]byte(nil), data...)}
	// Sequence 0 runs from 3333 to 4333 ms on the shared timeline.
	p.track(p.at(0x54), []uint32{3333, 3833}, [][]float32{{1, 0.5, 0}, {0, 0.5, 1}})
	ta := p.arr(0x74, 1, make([]byte, 84))
	p.track(ta, []uint32{3333, 3833}, [][]float32{{0, 0, 0}, {0.5, 0.25, 0}})
	s := float32(math.Sqrt2 / 2) // 90° about Z, x y z w
	p.track(ta+28, []uint32{3333}, [][]float32{{0, 0, s, s}})
	p.track(ta+56, []uint32{3333}, [][]float32{{2, 2, 1}})
	p.arr(0xAC, 1, []byte{0, 0}) // texture-animation lookup: [0]
	view := p.at(0x4C)
	batch1 := p.at(view+32) + 24
	p.b[batch1] = 0       // not static: its texture animation applies
	p.u16(batch1+0x16, 0) // texture-animation combo 0
	a, err := decodeWith("tex.m2", "tex.m2", p.b, func(string) ([]byte, error) { return nil, formats.ErrRefNotFound })
	if err != nil {
		t.Fatalf("version %d: %v", version, err)
	}
	return &a.Asset
}

// TestMaterialSampling: colour RGB, colour alpha and transparency, and the UV
// matrix T(t)·T(c)·R·S·T(−c) with worked numbers, at versions 256 and 260 (whose
// texture-animation rotations are float quaternions like 256's, not int16).
func TestMaterialSampling(t *testing.T) {
	for _, v := range []uint32{256, 260} {
		a := texAnimModel(t, v)
		det := a.Details.(*Details)
		if len(det.Materials) != 2 || len(det.TextureAnims) != 1 {
			t.Fatalf("v%d: %d materials, %d texture animations; want 2, 1", v, len(det.Materials), len(det.TextureAnims))
		}
		if got := det.TextureAnims[0]; got != (textureAnim{Translation: 2, Rotation: 1, Scale: 1}) {
			t.Errorf("v%d: texture animation %+v", v, got)
		}
		m0, m1 := det.Materials[0], det.Materials[1]
		if m0.TexAnims[0] != -1 || m1.TexAnims[0] != 0 || m1.Color != 0 || m1.Transparency != 0 || m1.Mode != "alpha" {
			t.Errorf("v%d: materials %+v %+v", v, m0, m1)
		}
		mats := a.Materials
		if mats == nil || len(mats.Materials()) != 2 {
			t.Fatalf("v%d: Materials capability %v", v, mats)
		}
		if fm := mats.Materials()[1]; fm.Mesh != 1 || fm.Blend != formats.BlendAlpha || fm.TextureRef != `TEST\SKIN.BLP` {
			t.Errorf("v%d: material 1 %+v", v, fm)
		}
		var st formats.MaterialState
		mats.SampleMaterial(a.Clips[0], 1, 250, 0, &st)
		// RGB halfway from (1, 0.5, 0) to (0, 0.5, 1); alpha: sequence 0's colour
		// alpha is 0 (transparency 1).
		if want := (mgl32.Vec4{0.5, 0.5, 0.5, 0}); st.Color != want {
			t.Errorf("v%d: colour %v, want %v", v, st.Color, want)
		}
		// At t = 250 the translation is (0.25, 0.125). (1, 0.5) - c = (0.5, 0),
		// scaled (1, 0), rotated 90° (0, 1), + c + t = (0.75, 1.625); the centre
		// maps to itself plus t.
		for _, tc := range []struct{ in, want mgl32.Vec3 }{
			{mgl32.Vec3{1, 0.5, 0}, mgl32.Vec3{0.75, 1.625, 0}},
			{mgl32.Vec3{0.5, 0.5, 0}, mgl32.Vec3{0.75, 0.625, 0}},
			{mgl32.Vec3{0, 0, 0}, mgl32.Vec3{1.75, -0.375, 0}},
		} {
			if got := st.UV.TransformPoint(tc.in); !vecNear(got, tc.want, 1e-6) {
				t.Errorf("v%d: UV·%v = %v, want %v", v, tc.in, got, tc.want)
			}
		}
		// Material 0 is static: identity UV, no colour; sequence 1's alpha is 1.
		mats.SampleMaterial(a.Clips[1], 0, 0, 0, &st)
		if st.UV != anim.IdentityAffine || st.Color != (mgl32.Vec4{1, 1, 1, 1}) {
			t.Errorf("v%d: static material: %v %v", v, st.UV, st.Color)
		}
		mats.SampleMaterial(a.Clips[1], 1, 0, 0, &st)
		if st.Color[3] != 1 {
			t.Errorf("v%d: sequence 1 alpha %v, want 1", v, st.Color[3])
		}
		clip := a.Clips[0]
		allocs := testing.AllocsPerRun(100, func() { mats.SampleMaterial(clip, 1, 250, 0, &st) })
		if allocs != 0 {
			t.Errorf("v%d: SampleMaterial allocates %v times", v, allocs)
		}
	}
}

// TestMaterialsSynthetic: render flags, texture flags and the batches' lookups.
func TestMaterialsSynthetic(t *testing.T) {
	for _, v := range m2test.SyntheticVersions {
		data, skin := m2test.Synthetic(v, true)
		a, err := decodeWith("Test.m2", "Test.m2", data, func(p string) ([]byte, error) { return skin, nil })
		if err != nil {
			t.Fatal(err)
		}
		det := a.Details.(*Details)
		if len(det.RenderFlags) != 1 || det.RenderFlags[0] != (renderFlag{Flags: 0, Blend: 2, Mode: "alpha"}) {
			t.Errorf("v%d: render flags %+v", v, det.RenderFlags)
		}
		if len(det.Materials) != 2 {
			t.Fatalf("v%d: %d materials, want 2", v, len(det.Materials))
		}
		for i, m := range det.Materials {
			if m.Batch != i || m.Mesh != i || m.RenderFlag != 0 || len(m.Textures) != 1 || m.Textures[0] != 0 || m.Flags != 0x10 {
				t.Errorf("v%d: material %d: %+v", v, i, m)
			}
		}
		if det.Materials[0].Color != -1 || det.Materials[1].Color != 0 {
			t.Errorf("v%d: colours %d, %d; want -1, 0", v, det.Materials[0].Color, det.Materials[1].Color)
		}
	}
}

// TestMaterialSamples checks the samples' textures against their provenance
// notes: the body skins are replaceable type 11, the environment maps are named.
func TestMaterialSamples(t *testing.T) {
	dir := samples.Dir(t, "m2")
	for _, tc := range []struct {
		file, named, skin string
		types             []uint32
	}{
		{"Rabbit2.m2", `Creature\Rabbit2\ArmorReflect5.blp`, "rabbitskin2_brown.blp", []uint32{11, 0}},
		{"Murloc2.m2", `Creature\Murloc2\ArmorReflect4.blp`, "murloc2_Blue.blp", []uint32{11, 0}},
		{"Rabbit.m2", "", "RabbitSkin.blp", []uint32{11}},
	} {
		a, err := formats.OpenFile(filepath.Join(dir, tc.file), formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		det := a.Details.(*Details)
		if len(det.Textures) != len(tc.types) {
			t.Fatalf("%s: %d textures, want %d", tc.file, len(det.Textures), len(tc.types))
		}
		for i, ty := range tc.types {
			tx := det.Textures[i]
			if tx.Type != ty || (ty == 0) != (tx.Name != "") || (ty == 11) != (tx.Replaceable == "creature skin 1") {
				t.Errorf("%s texture %d: %+v, want type %d", tc.file, i, tx, ty)
			}
			if ty == 0 && tx.Name != tc.named {
				t.Errorf("%s texture %d: %q, want %q", tc.file, i, tx.Name, tc.named)
			}
		}
		// The skins beside the model (PROVENANCE: the rabbitskin2_* and murloc2_*
		// files are Rabbit2's and Murloc2's creature skins; Rabbit.m2 uses
		// RabbitSkin.blp) come first, and the materials use the first.
		if len(det.Skins) < 2 || det.Skins[0] != tc.skin {
			t.Errorf("%s: skins %v, want %s first", tc.file, det.Skins, tc.skin)
		}
		for _, fm := range a.Materials.Materials() {
			if filepath.Base(fm.Texture) != tc.skin {
				t.Errorf("%s: material %+v: want the skin %s", tc.file, fm, tc.skin)
			}
		}
		for i, tx := range det.Textures {
			if tx.Type == 0 && filepath.Base(tx.File) != filepath.Base(strings.ReplaceAll(tx.Name, `\`, "/")) {
				t.Errorf("%s: texture %d %q found as %q, want the file beside the model", tc.file, i, tx.Name, tx.File)
			}
		}
		// Type 11 looks up texture 0 in the replaceable lookup.
		if len(det.ReplaceableLookup) < 12 || det.ReplaceableLookup[11] != 0 {
			t.Errorf("%s: replaceable lookup %v, want entry 11 = 0", tc.file, det.ReplaceableLookup)
		}
		if len(det.Materials) == 0 {
			t.Errorf("%s: no materials", tc.file)
		}
		for _, m := range det.Materials {
			if m.Mesh < 0 || m.Mesh >= len(a.Meshes) || m.RenderFlag < 0 || len(m.Textures) == 0 || m.Textures[0] != 0 {
				t.Errorf("%s: material %+v: want a mesh, a render flag and the skin (texture 0)", tc.file, m)
			}
		}
	}
}

// TestSkinCandidates ranks the .blp files beside a model: its name without the
// trailing number starts them; the model's number as a digit group (or, without
// a number, no digits) ranks first; named textures and other files are left out.
func TestSkinCandidates(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"Wolf3.m2", "wolfskin3_grey.blp", "WolfSkin.blp", "wolfskin3_black.BLP",
		"wolfskin12.blp", "Bear3.blp", "wolf3.txt", "WolfGlow.blp"} {
		os.WriteFile(filepath.Join(dir, f), nil, 0o644)
	}
	os.Mkdir(filepath.Join(dir, "wolfdir.blp"), 0o755)
	det := &Details{Textures: []textureInfo{{Type: 11}, {Type: 0, Name: `Creature\Wolf\WolfGlow.blp`}}}
	got := skinCandidates(filepath.Join(dir, "Wolf3.m2"), det)
	want := []string{"wolfskin3_black.BLP", "wolfskin3_grey.blp", "WolfSkin.blp", "wolfskin12.blp"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := skinCandidates(filepath.Join(dir, "Wolf3.m2"), &Details{Textures: []textureInfo{{Type: 0, Name: "a.blp"}}}); got != nil {
		t.Errorf("a model without replaceable textures: %v, want none", got)
	}
}

// mapTree is a formats.Tree held in memory.
type mapTree map[string][]byte

func (m mapTree) ReadFile(name string) ([]byte, error) {
	if b, ok := m[name]; ok {
		return b, nil
	}
	return nil, os.ErrNotExist
}
func (m mapTree) Exists(name string) bool { _, ok := m[name]; return ok }

// TestTexturesNotFromDiskForTreeModels: a model opened from a mounted archive has
// no folder on disk; its textures are not looked for there (a same-named path
// under the working directory is a decoy).
func TestTexturesNotFromDiskForTreeModels(t *testing.T) {
	data, _ := m2test.Synthetic(256, false)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "Creature", "Test"), 0o755)
	os.WriteFile(filepath.Join(dir, "Creature", "Test", "SKIN.BLP"), []byte("decoy"), 0o644)
	t.Chdir(dir)
	a, err := formats.OpenInTree(mapTree{"Creature/Test/Test.m2": data}, "Creature/Test/Test.m2", "x.mpq:Creature/Test/Test.m2", formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f := a.Details.(*Details).Textures[0].File; f != "" {
		t.Errorf("texture found on disk as %q for a model inside an archive", f)
	}
}

// BenchmarkSampleMaterial: one material's colour, alpha and UV matrix per frame.
func BenchmarkSampleMaterial(b *testing.B) {
	t := &testing.T{}
	a := texAnimModel(t, 256)
	clip := a.Clips[0]
	var st formats.MaterialState
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		a.Materials.SampleMaterial(clip, 1, float64(i%1000), 0, &st)
	}
}

// TestSlotsByType: slots are the materials' distinct replaceable types in type
// order, and filling one sets the texture of exactly its materials (slotMats,
// the index initSlots builds so that filling every slot is one pass; 20,000
// types in an 884 KB file took 3.3 s of validate as a search per material and
// per slot).
func TestSlotsByType(t *testing.T) {
	m := m2test.NewModel(256)
	types := []uint32{13, 11, 13, 12, 11, 13}
	m.Textures = make([]string, len(types))
	m.TextureTypes = types
	m.TexLookup = nil
	m.Batches = nil
	for i := range types {
		m.TexLookup = append(m.TexLookup, uint16(i))
		m.Batches = append(m.Batches, m2test.Batch{Sub: uint16(i % 2), Color: -1, TexCombo: uint16(i)})
	}
	a, _ := openTest(t, m)
	ts := a.Materials.(formats.TextureSlots)
	var got []int
	for _, s := range ts.TextureSlots() {
		got = append(got, s.Type)
	}
	if !slices.Equal(got, []int{11, 12, 13}) {
		t.Fatalf("slots %v, want [11 12 13]", got)
	}
	f := filepath.Join(t.TempDir(), "skin.blp")
	if err := os.WriteFile(f, []byte("BLP2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ts.FillSlot(13, f); err != nil {
		t.Fatal(err)
	}
	for i, mt := range a.Materials.Materials() {
		want := ""
		if mt.Slot == 13 {
			want = f
		}
		if mt.Texture != want {
			t.Errorf("material %d (slot %d): texture %q, want %q", i, mt.Slot, mt.Texture, want)
		}
	}
}
