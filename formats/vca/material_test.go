package vca_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/vca"
	"animscope/formats/vca/vcatest"
)

func openPack(t testing.TB, withClip bool) (*formats.Asset, string) {
	t.Helper()
	dir := t.TempDir()
	entity, clip, err := vcatest.TexturedPack(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := []string{entity}
	if withClip {
		files = append(files, clip)
	}
	a, err := formats.Open(files, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Materials == nil {
		t.Fatal("no Materials capability")
	}
	return a, filepath.Join(dir, "content", "test")
}

// TestMaterialsFromModels: each mesh's texture name becomes a material: a name
// is found as textures/NAME.png in the pack, a slot ("$0") has no file.
func TestMaterialsFromModels(t *testing.T) {
	a, pack := openPack(t, false)
	ms := a.Materials.Materials()
	if len(ms) != 2 {
		t.Fatalf("materials = %d, want 2 (body, head)", len(ms))
	}
	for i, want := range []formats.Material{
		{Mesh: 0, TextureRef: "entities/checker", Texture: filepath.Join(pack, "textures", "entities", "checker.png")},
		{Mesh: 1, TextureRef: "$0"},
	} {
		got := ms[i]
		if got.Mesh != want.Mesh || got.TextureRef != want.TextureRef || got.Texture != want.Texture {
			t.Errorf("material %d = mesh %d %q %q, want mesh %d %q %q", i, got.Mesh, got.TextureRef, got.Texture, want.Mesh, want.TextureRef, want.Texture)
		}
		// v counts from the image's bottom row (FlipV).
		if got.Blend != formats.BlendAlphaKey || !got.TwoSided || !got.WrapU || !got.WrapV || !got.FlipV || !got.Nearest {
			t.Errorf("material %d: blend %v two-sided %v wrap %v %v flip %v, want alpha_key, two-sided, repeat, flipped", i, got.Blend, got.TwoSided, got.WrapU, got.WrapV, got.FlipV)
		}
	}
	if ts, ok := a.Materials.(formats.TextureSwitcher); !ok || ts.TextureChoices(1) != nil {
		t.Errorf("without a clip the slot has no choices")
	}
	for _, d := range a.Diagnostics {
		t.Errorf("unexpected diagnostic: %v", d)
	}
}

// TestTextureSwitch: swap.vca sets $0 to faces:a at frame 0 and faces:b from
// frame 30; at 60 fps frame = t·60, so the head shows a before t = 0.5 s and b
// from it (the last key ≤ frame, step).
func TestTextureSwitch(t *testing.T) {
	a, pack := openPack(t, true)
	ts, ok := a.Materials.(formats.TextureSwitcher)
	if !ok {
		t.Fatal("the scene's Materials is not a TextureSwitcher")
	}
	cs := ts.TextureChoices(1)
	want := []formats.TextureChoice{{Ref: "$0"},
		{Ref: "faces:a", Path: filepath.Join(pack, "textures", "faces", "a.png")},
		{Ref: "faces:b", Path: filepath.Join(pack, "textures", "faces", "b.png")}}
	if len(cs) != len(want) {
		t.Fatalf("choices = %v, want %v", cs, want)
	}
	for k := range want {
		if cs[k] != want[k] {
			t.Errorf("choice %d = %+v, want %+v", k, cs[k], want[k])
		}
	}
	if ts.TextureChoices(0) != nil {
		t.Errorf("the body's named texture has choices")
	}
	clip := a.Clips[0]
	// Two players' contexts, one following the table and one held at 0.75,
	// sample the same states as a fresh context and do not disturb each other.
	player, other := formats.NewMaterialContext(a.Materials), formats.NewMaterialContext(a.Materials)
	for _, tc := range []struct {
		t    float64
		want int
		// t = −1: frame = −60 % 1e9 = 1e9 − 60 (Lua's floored modulo), past the last key.
	}{{0, 1}, {0.25, 1}, {29.9 / 60, 1}, {0.5, 2}, {0.75, 2}, {1, 2}, {-1, 2}} {
		var st formats.MaterialState
		st.Texture = 99
		a.Materials.SampleMaterial(clip, 1, tc.t, tc.t*1000, &st)
		if st.Texture != tc.want {
			t.Errorf("t = %v: texture %d, want %d (%s)", tc.t, st.Texture, tc.want, want[tc.want].Ref)
		}
		var held, own formats.MaterialState
		formats.SampleMaterialWith(a.Materials, other, clip, 1, 0.75, 750, &held)
		formats.SampleMaterialWith(a.Materials, player, clip, 1, tc.t, tc.t*1000, &own)
		if own != st || held.Texture != 2 {
			t.Errorf("t = %v: with contexts %+v (held at 0.75: texture %d), want %+v (2)", tc.t, own, held.Texture, st)
		}
		if st.Color != [4]float32{1, 1, 1, 1} {
			t.Errorf("t = %v: colour %v, want white", tc.t, st.Color)
		}
		if st.UV != anim.IdentityAffine {
			t.Errorf("t = %v: UV %v, want identity", tc.t, st.UV)
		}
		a.Materials.SampleMaterial(clip, 0, tc.t, tc.t*1000, &st)
		if st.Texture != 0 {
			t.Errorf("t = %v: body texture %d, want 0", tc.t, st.Texture)
		}
	}
	var st formats.MaterialState // outside: the interface call makes it escape
	ctx := formats.NewMaterialContext(a.Materials)
	if ctx == nil {
		t.Fatal("the VoxelCore materials keep no sampling context")
	}
	if n := testing.AllocsPerRun(100, func() {
		formats.SampleMaterialWith(a.Materials, ctx, clip, 1, 0.1, 0, &st)
		formats.SampleMaterialWith(a.Materials, ctx, clip, 1, 0.6, 0, &st)
	}); n != 0 {
		t.Errorf("SampleMaterial allocates %v times per run, want 0", n)
	}
	var slots []vca.SlotTexture
	if d, ok := a.Details.(map[string]any); ok {
		slots, _ = d["slot_textures"].([]vca.SlotTexture)
	}
	if len(slots) != 2 || slots[0].Slot != "$0" || slots[0].Name != "faces:a" || slots[1].Name != "faces:b" || slots[1].Missing {
		t.Errorf("details slot_textures = %+v, want $0 → faces:a, faces:b", slots)
	}
}

// TestTextureMissing: a texture that is not found, or that a name would take
// out of the pack, is a warning naming it, and the material has no file (drawn
// untextured); so is a @texture value not found.
func TestTextureMissing(t *testing.T) {
	dir := t.TempDir()
	entity, clip, err := vcatest.TexturedPack(dir)
	if err != nil {
		t.Fatal(err)
	}
	pack := filepath.Join(dir, "content", "test")
	os.WriteFile(filepath.Join(pack, "models", "test-body.vcm"), []byte("@box from (0,0,0) to (1,1,1) texture \"entities/nosuch\"\n@box from (0,1,0) to (1,2,1) texture \"../../../x\"\n"), 0o644)
	os.WriteFile(clip, []byte("@texture name $0 {\n @key frame 0 value \"faces:gone\"\n @key frame 10 value \"faces:dir\"\n}\n"), 0o644)
	os.MkdirAll(filepath.Join(pack, "textures", "faces", "dir.png"), 0o755) // a folder, not a file
	a, err := formats.Open([]string{entity, clip}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, d := range a.Diagnostics {
		if d.Severity == formats.Warning {
			msgs = append(msgs, d.Message)
		}
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`texture "entities/nosuch" (textures/entities/nosuch.png)`, `texture "../../../x"`, "refused",
		`@texture $0 (line 2): texture "faces:gone" (textures/faces/gone.png)`, "drawn untextured",
		`@texture $0 (line 3): texture "faces:dir" (textures/faces/dir.png): ` + filepath.Join(pack, "textures", "faces", "dir.png") + " is not a regular file"} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings lack %q:\n%s", want, all)
		}
	}
	for _, m := range a.Materials.Materials() {
		if m.TextureRef != "$0" && m.Texture != "" {
			t.Errorf("material %q has file %q, want none", m.TextureRef, m.Texture)
		}
	}
	cs := a.Materials.(formats.TextureSwitcher).TextureChoices(2)
	if len(cs) != 3 || cs[1].Path != "" || cs[2].Path != "" {
		t.Errorf("choices = %+v, want the slot, faces:gone and faces:dir without a file", cs)
	}
	var st formats.MaterialState
	a.Materials.SampleMaterial(a.Clips[0], 2, 0, 0, &st)
	if st.Texture != 1 {
		t.Errorf("texture %d, want 1 (faces:gone, drawn untextured)", st.Texture)
	}
}

// TestTextureRef: a name is textures/NAME.png; an atlas-qualified name
// ATLAS:REGION is textures/ATLAS/REGION.png.
func TestTextureRef(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"entities/player", "textures/entities/player.png"},
		{"entities/tireman:face_0", "textures/entities/tireman/face_0.png"},
		{"blocks:grass", "textures/blocks/grass.png"},
	} {
		if got := vca.TextureRef(tc.name); got != tc.want {
			t.Errorf("TextureRef(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func BenchmarkSampleMaterialSlot(b *testing.B) {
	a, _ := openPack(b, true)
	clip := a.Clips[0]
	var st formats.MaterialState
	ctx := formats.NewMaterialContext(a.Materials)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		formats.SampleMaterialWith(a.Materials, ctx, clip, 1, float64(i%60)/60, 0, &st)
	}
}

// TestTextureNamesCapped: a model naming more than MaxTextures textures looks up
// the first MaxTextures and warns once about the rest.
func TestTextureNamesCapped(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := 0; i < vca.MaxTextures+50; i++ {
		fmt.Fprintf(&b, "@box from (%d,0,0) to (%d.5,1,1) texture \"x/t%d\"\n", i, i, i)
	}
	p := filepath.Join(dir, "many.vcm")
	os.WriteFile(p, []byte(b.String()), 0o644)
	a, err := formats.Open([]string{p}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	notFound, capped := 0, 0
	for _, d := range a.Diagnostics {
		switch {
		case strings.Contains(d.Message, "not found"):
			notFound++
		case strings.Contains(d.Message, "are not looked up"):
			capped++
		}
	}
	if notFound != vca.MaxTextures || capped != 1 || len(a.Materials.Materials()) != vca.MaxTextures+50 {
		t.Errorf("%d not-found warnings, %d cap warnings, %d materials; want %d, 1, %d", notFound, capped, len(a.Materials.Materials()), vca.MaxTextures, vca.MaxTextures+50)
	}
}

// TestColorTint: @color lines tint the materials (§3.10, documented effect): the
// bone's colour times the skeleton's (the object lineset's). body r = 0.5 and
// the skeleton's g = 0.5 give body (0.5, 0.5, 1, 1); head a = 0.25 gives head
// (1, 0.5, 1, 0.25), and the head's material blends by alpha.
func TestColorTint(t *testing.T) {
	dir := t.TempDir()
	entity, clip, err := vcatest.TexturedPack(dir)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(clip, []byte("@color bone body by r {\n @key frame 0 value 0.5\n}\n@color bone head by a {\n @key frame 0 value 0.25\n}\n@color by g {\n @key frame 0 value 0.5\n}\n"), 0o644)
	a, err := formats.Open([]string{entity, clip}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ms := a.Materials.Materials()
	if ms[0].Blend != formats.BlendAlphaKey || ms[1].Blend != formats.BlendAlpha {
		t.Errorf("blends %v %v, want alpha_key (body), alpha (head: its alpha is driven)", ms[0].Blend, ms[1].Blend)
	}
	var st formats.MaterialState
	for i, want := range [][4]float32{{0.5, 0.5, 1, 1}, {1, 0.5, 1, 0.25}} {
		a.Materials.SampleMaterial(a.Clips[0], i, 0.1, 0, &st)
		if st.Color != want {
			t.Errorf("material %d colour %v, want %v", i, st.Color, want)
		}
	}
	ctx := formats.NewMaterialContext(a.Materials)
	if n := testing.AllocsPerRun(50, func() {
		formats.SampleMaterialWith(a.Materials, ctx, a.Clips[0], 0, 0.2, 0, &st)
		formats.SampleMaterialWith(a.Materials, ctx, a.Clips[0], 1, 0.3, 0, &st)
	}); n != 0 {
		t.Errorf("SampleMaterial allocates %v times per run, want 0", n)
	}
}
