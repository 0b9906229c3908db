package msh_test

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/nres"
	"animscope/formats/texm/texmtest"
	"animscope/formats/texture"
)

func writeLib(t *testing.T, dir, name string, entries []nres.Entry) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, nres.Encode(0, entries), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func texmOf(t *testing.T, format uint32, mips int, head bool) []byte {
	t.Helper()
	img := mshtest.BodyTexture()
	if head {
		img = mshtest.HeadTexture()
	}
	d, err := texmtest.Encode(img, format, mips, nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func warnings(a *formats.Asset) string {
	var ws []string
	for _, d := range a.Diagnostics {
		if d.Severity == formats.Warning {
			ws = append(ws, d.Message)
		}
	}
	return strings.Join(ws, "\n")
}

// TestMaterialsThroughWear: batch material → WEAR row → MAT0 by name → phase 0 →
// Texm, all in the outer archive; the texture is read back as ARCHIVE:MEMBER.
func TestMaterialsThroughWear(t *testing.T) {
	data, err := mshtest.TexturedArchive()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	arch := filepath.Join(dir, "tank.rlb")
	os.WriteFile(arch, data, 0o644)
	for _, name := range []string{arch, arch + ":tank.msh", arch + ":TANK.MSH"} {
		a, err := formats.Open([]string{name}, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a.Materials == nil {
			t.Fatalf("%s: no materials", name)
		}
		if w := warnings(a); w != "" {
			t.Errorf("%s: unexpected warnings: %s", name, w)
		}
		for _, d := range a.Validate() {
			if strings.Contains(d.Message, "WEAR row") {
				t.Errorf("%s: validate: %s", name, d.Message)
			}
		}
		ms := a.Materials.Materials()
		want := []formats.Material{
			{Mesh: 0, TextureRef: "BODY.TEX", Texture: arch + ":BODY.TEX", Blend: formats.BlendOpaque, WrapU: true, WrapV: true},
			{Mesh: 1, TextureRef: "HEAD.TEX", Texture: arch + ":HEAD.TEX", Blend: formats.BlendAlphaKey, TwoSided: true, WrapU: true, WrapV: true},
		}
		if len(ms) != len(want) {
			t.Fatalf("%s: %d materials, want %d", name, len(ms), len(want))
		}
		for i := range want {
			if ms[i] != want[i] {
				t.Errorf("%s: material %d = %+v, want %+v", name, i, ms[i], want[i])
			}
		}
		d := a.Details.(*msh.Details)
		if d.Wear == nil || len(d.Materials) != 2 || d.Materials[1].Material != "HEAD" || d.Materials[1].Phases != 2 || d.Materials[0].File != arch+":BODY.TEX" {
			t.Errorf("%s: details wear %+v materials %+v", name, d.Wear, d.Materials)
		}
	}
	// The texture as the viewer reads it: 565 widens orange (240, 120, 32) to
	// (30<<3|30>>2, 30<<2|30>>4, 4<<3|4>>2) = (247, 121, 33); 4444 keeps the hole.
	tx, err := texture.Read(arch + ":body.tex")
	if err != nil {
		t.Fatal(err)
	}
	if tx.Format != "texm" || tx.Levels != 4 {
		t.Errorf("body: format %s, %d levels, want texm, 4", tx.Format, tx.Levels)
	}
	img, _ := tx.Mip(0)
	if got, want := img.NRGBAAt(2, 0), (color.NRGBA{247, 121, 33, 255}); got != want {
		t.Errorf("body texel (2, 0) = %v, want %v", got, want)
	}
	head, err := texture.Read(arch + ":HEAD.TEX")
	if err != nil {
		t.Fatal(err)
	}
	himg, _ := head.Mip(0)
	if got := himg.NRGBAAt(3, 3); got.A != 0 {
		t.Errorf("head texel (3, 3) = %v, want transparent", got)
	}
	if _, err := texture.Read(arch + ":NOSUCH.TEX"); err == nil || !strings.Contains(err.Error(), `no member "NOSUCH.TEX"`) {
		t.Errorf("missing member: %v", err)
	}
}

// TestMaterialsBesideTheArchive: the outer archive holds the model and its WEAR
// table; MAT0 and Texm come from Material.lib and Textures.lib beside it.
func TestMaterialsBesideTheArchive(t *testing.T) {
	model, err := mshtest.TexturedModel().Encode()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	arch := writeLib(t, dir, "units.rlb", []nres.Entry{mem(0, "tank.msh", model, 0), mem(nres.TypeWEAR, "tank.wea", []byte(mshtest.Wear), 0)})
	writeLib(t, dir, "Material.lib", []nres.Entry{mem(nres.TypeMAT0, "body", mshtest.MAT0("BODY.TEX"), 6), mem(nres.TypeMAT0, "HEAD", mshtest.MAT0("HEAD.TEX"), 6)})
	texLib := writeLib(t, dir, "Textures.lib", []nres.Entry{mem(nres.TypeTexm, "BODY.TEX", texmOf(t, 8888, 1, false), 0), mem(nres.TypeTexm, "HEAD.TEX", texmOf(t, 0, 1, true), 0)})
	a, err := formats.Open([]string{arch}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ms := a.Materials.Materials()
	if len(ms) != 2 || ms[0].Texture != texLib+":BODY.TEX" || ms[1].Texture != texLib+":HEAD.TEX" {
		t.Fatalf("materials %+v, want the textures of %s", ms, texLib)
	}
	// 8888 has alpha: alpha keyed; format 0 (palette) is opaque.
	if ms[0].Blend != formats.BlendAlphaKey || ms[1].Blend != formats.BlendOpaque {
		t.Errorf("blends %v %v, want alpha_key, opaque", ms[0].Blend, ms[1].Blend)
	}
	if w := warnings(a); w != "" {
		t.Errorf("unexpected warnings: %s", w)
	}
}

// TestMaterialsMissing: what a row names and the archives lack is a warning
// naming it; the row falls back to DEFAULT, then to the first material; a batch
// naming a row past the table, a missing texture: drawn untextured.
func TestMaterialsMissing(t *testing.T) {
	tm := mshtest.TexturedModel()
	tm.Nodes[1].Parts[0].Material = 5
	model, err := tm.Encode()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	arch := writeLib(t, dir, "units.rlb", []nres.Entry{
		mem(0, "tank.msh", model, 0), mem(nres.TypeWEAR, "tank.wea", []byte("2\n0 NOSUCH\n1 HEAD\n"), 0),
		mem(nres.TypeMAT0, "FIRST", mshtest.MAT0("GONE.TEX"), 6),
	})
	a, err := formats.Open([]string{arch}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := warnings(a)
	for _, want := range []string{`WEAR row 0 (NOSUCH): material "NOSUCH" is not found; using the first material; texture "GONE.TEX" is not found`,
		`mesh 1: a batch names (WEAR row 5 of 2): drawn untextured`} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings lack %q:\n%s", want, w)
		}
	}
	for _, m := range a.Materials.Materials() {
		if m.Texture != "" {
			t.Errorf("material %+v has a texture file", m)
		}
	}
	// validate says which batch word names a row past the table (§8.3): the
	// writer stores 5 at +2 and as the low byte of +4, batch 1.
	var vw []string
	for _, d := range a.Validate() {
		vw = append(vw, d.Message)
	}
	if want := "of 2 batches, 1 name a WEAR row past the table's 2 by the word at +2 (drawn; first: batch 1) and 1 by the low byte of +4 (first: batch 1)"; !strings.Contains(strings.Join(vw, "\n"), want) {
		t.Errorf("validate lacks %q: %q", want, vw)
	}
	// DEFAULT is preferred to the first material.
	arch2 := writeLib(t, dir, "units2.rlb", []nres.Entry{
		mem(0, "tank.msh", model, 0), mem(nres.TypeWEAR, "tank.wea", []byte("1\n0 NOSUCH\n"), 0),
		mem(nres.TypeMAT0, "FIRST", mshtest.MAT0(""), 6), mem(nres.TypeMAT0, "default", mshtest.MAT0("D.TEX"), 6),
		mem(nres.TypeTexm, "d.tex", texmOf(t, 565, 1, false), 0),
	})
	a, err = formats.Open([]string{arch2}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m := a.Materials.Materials()[0]; m.Texture != arch2+":d.tex" {
		t.Errorf("fallback material %+v, want DEFAULT's D.TEX", m)
	}
	// No WEAR table: no materials, no warnings (the demo and the other fixtures).
	plain, _ := mshtest.WorkedExample().Encode()
	a, err = formats.OpenData("w.msh", plain, formats.Options{})
	if err != nil || a.Materials != nil {
		t.Errorf("a model without WEAR: materials %v, %v", a.Materials, err)
	}
}

// TestParseWEARAndMAT0: the tables' layouts and their errors (file, line or
// offset, what).
func TestParseWEARAndMAT0(t *testing.T) {
	w, err := msh.ParseWEAR("t.wea", []byte("2\r\n7 BODY\r\n9   HEAD\r\n\r\nLIGHTMAPS\r\n1\r\n3 LM.A1\r\n"))
	if err != nil || len(w.Rows) != 2 || w.Rows[1] != (msh.WearRow{ID: 9, Name: "HEAD"}) || len(w.Lightmaps) != 1 || w.Lightmaps[0].Name != "LM.A1" {
		t.Errorf("WEAR = %+v, %v", w, err)
	}
	for _, tc := range []struct{ text, want string }{
		{"", "t.wea:1:1: the wear count is missing"},
		{"0\n", "t.wea:1:1: illegal wear length \"0\""},
		{"99999999\n", "illegal wear length"},
		{"2\n0 A\n", "t.wea:3:1: wear row 1 of 2 is missing"},
		{"1\nA B\n", "t.wea:2:1: wear row 0: id \"A\" is not a number"},
		{"1\n0 A B\n", "want \"id name\""},
		{"1\n0 A\n\nLIGHTMAPS\n-1\n", "t.wea:5:1: illegal lightmaps length"},
	} {
		if _, err := msh.ParseWEAR("t.wea", []byte(tc.text)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("WEAR %q: error %v, want %q", tc.text, err, tc.want)
		}
	}
	m, err := msh.ParseMAT0("m.lib", "HEAD", 3, 6, mshtest.MAT0("HEAD.TEX", ""))
	if err != nil || len(m.Phases) != 2 || m.Phases[0].Texture != "HEAD.TEX" || m.Phases[1].Texture != "" || m.Flags != 3 {
		t.Errorf("MAT0 = %+v, %v", m, err)
	}
	// Version 1: no meta fields, the phases start at 4; one animation block of one key.
	v1 := []byte{1, 0, 1, 0}
	ph := make([]byte, msh.Mat0PhaseSize)
	copy(ph[18:], "A.TEX")
	v1 = append(append(v1, ph...), 1, 0, 0, 0, 1, 0, 1, 0, 2, 0, 3, 0)
	if m, err := msh.ParseMAT0("m.lib", "A", 0, 1, v1); err != nil || m.Phases[0].Texture != "A.TEX" || m.AnimBlocks != 1 {
		t.Errorf("MAT0 v1 = %+v, %v", m, err)
	}
	long := append([]byte(nil), v1...)
	copy(long[4+18:4+34], "ABCDEFGHIJKLMNOP")
	for _, tc := range []struct {
		data    []byte
		version uint32
		want    string
	}{
		{[]byte{1}, 6, "offset 0x0: MAT0 \"X\": 1 bytes"},
		{[]byte{0, 0, 20, 0}, 6, "offset 0x2: MAT0 \"X\": 20 animation blocks"},
		{[]byte{0, 0, 0, 0}, 6, "version 6's header needs 14 bytes"},
		{[]byte{0xFF, 0xFF, 0, 0}, 1, "offset 0x4: MAT0 \"X\": 65535 phases need 2228190 bytes, 0 are left"},
		{long, 1, "offset 0x16: MAT0 \"X\": phase 0: the texture name has no NUL"},
		{v1[:len(v1)-1], 1, "animation block 0: 1 keys need 6 bytes, 5 are left"},
		{append(append([]byte(nil), v1...), 0), 1, "1 bytes after the last animation block"},
	} {
		if _, err := msh.ParseMAT0("m.lib", "X", 0, tc.version, tc.data); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("MAT0 % x: error %v, want %q", tc.data, err, tc.want)
		}
	}
}

func mem(typ uint32, name string, data []byte, attr2 uint32) nres.Entry {
	e := nres.Entry{Type: typ, Data: data, Attr2: attr2}
	e.SetName(name)
	return e
}

// TestMaterialsFollowTheSlot: the materials follow the slot the viewer switches
// to (Details.SlotMeshes): node "top" shows HEAD in slot (0, 0) and BODY in
// slot (0, 1).
func TestMaterialsFollowTheSlot(t *testing.T) {
	tm := mshtest.TexturedModel()
	alt := *tm.Nodes[1].Parts[0]
	alt.Material = 0
	tm.Nodes[1].Parts[1] = &alt
	model, err := tm.Encode()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	arch := writeLib(t, dir, "units.rlb", []nres.Entry{
		mem(0, "tank.msh", model, 0), mem(nres.TypeWEAR, "tank.wea", []byte(mshtest.Wear), 0),
		mem(nres.TypeMAT0, "BODY", mshtest.MAT0("BODY.TEX"), 6), mem(nres.TypeMAT0, "HEAD", mshtest.MAT0("HEAD.TEX"), 6),
	})
	a, err := formats.Open([]string{arch}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	refs := func() (out []string) {
		for _, m := range a.Materials.Materials() {
			out = append(out, m.TextureRef)
		}
		return out
	}
	if got := strings.Join(refs(), ","); got != "BODY.TEX,HEAD.TEX" {
		t.Errorf("slot (0, 0): %s, want BODY.TEX,HEAD.TEX", got)
	}
	if n := len(a.Slots.SlotMeshes(0, 1)); n != 1 {
		t.Fatalf("slot (0, 1): %d meshes, want 1 (top)", n)
	}
	if got := strings.Join(refs(), ","); got != "BODY.TEX" {
		t.Errorf("slot (0, 1): %s, want BODY.TEX (top's part there uses row 0)", got)
	}
	a.Slots.SlotMeshes(0, 0)
	if got := strings.Join(refs(), ","); got != "BODY.TEX,HEAD.TEX" {
		t.Errorf("back to slot (0, 0): %s", got)
	}
}

// TestMaterialsRowWarningsBounded: a table of 40 rows naming nothing the
// archives hold gives 32 row warnings and one that counts the rest; inspect's
// details still list every row.
func TestMaterialsRowWarningsBounded(t *testing.T) {
	model, err := mshtest.TexturedModel().Encode()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("40\n")
	for i := 0; i < 40; i++ {
		b.WriteString("0 M" + strings.Repeat("x", i) + "\n")
	}
	arch := writeLib(t, t.TempDir(), "units.rlb", []nres.Entry{mem(0, "tank.msh", model, 0), mem(nres.TypeWEAR, "tank.wea", []byte(b.String()), 0)})
	a, err := formats.Open([]string{arch}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows, more := 0, 0
	for _, d := range a.Diagnostics {
		if strings.HasPrefix(d.Message, "WEAR row ") {
			rows++
		}
		if strings.Contains(d.Message, "8 more WEAR rows name what is not found") {
			more++
		}
	}
	if rows != 32 || more != 1 || len(a.Details.(*msh.Details).Materials) != 40 {
		t.Errorf("%d row warnings, %d summaries, %d rows in details; want 32, 1, 40", rows, more, len(a.Details.(*msh.Details).Materials))
	}
}
