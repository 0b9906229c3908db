package swg_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"
	"animscope/formats/texture"
)

// TestShaderTemplateRoundTrip writes a template with swgtest in every layout the
// decoder reads (SSHT 0000 and 0001, bare or inside CSHD; TXM 0000, 0001 and
// 0002) and reads it back.
func TestShaderTemplateRoundTrip(t *testing.T) {
	for _, form := range []string{"SSHT", "CSHD"} {
		for _, version := range []string{"0000", "0001"} {
			for _, txm := range []string{"0000", "0001", "0002"} {
				name := form + "-" + version + "-txm" + txm
				t.Run(name, func(t *testing.T) {
					want := &swg.ShaderTemplate{File: name, Form: form, Version: version, Effect: "effect/a_alpha.eft",
						Materials: []swg.ShaderMaterial{{Tag: "MAIN", Ambient: [4]float32{1, 0.5, 0.25, 0.125}, Diffuse: [4]float32{1, 1, 1, 1},
							Emissive: [4]float32{0, 0, 0, 0}, Specular: [4]float32{1, 0.2, 0.3, 0.4}, Power: 12}},
						Textures: []swg.ShaderTexture{
							{Tag: "MAIN", Name: "texture/a.dds", AddressU: swg.AddressClamp, AddressV: swg.AddressMirror},
							{Tag: "NRML", Name: "texture/a_n.dds", AddressU: swg.AddressWrap, AddressV: swg.AddressBorder},
							{Tag: "ENVM", Placeholder: true, AddressU: swg.AddressWrap, AddressV: swg.AddressWrap},
						}}
					data, err := swgtest.EncodeShaderTemplate(want, txm)
					if err != nil {
						t.Fatal(err)
					}
					got, ds, err := swg.DecodeShaderTemplate(name, data)
					if err != nil {
						t.Fatal(err)
					}
					if len(ds) != 0 {
						t.Errorf("diagnostics: %v", ds)
					}
					off := 0
					for i := range got.Textures {
						if got.Textures[i].Offset <= off || got.Textures[i].Offset >= len(data) {
							t.Errorf("texture %d at 0x%x", i, got.Textures[i].Offset)
						}
						off = got.Textures[i].Offset
						got.Textures[i].Offset = 0
						if txm == "0000" {
							// TXM 0000 stores no address modes.
							want.Textures[i].AddressU, want.Textures[i].AddressV = swg.AddressInvalid, swg.AddressInvalid
						}
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("got  %+v\nwant %+v", got, want)
					}
					if m := got.Main(); m == nil || m.Name != "texture/a.dds" {
						t.Errorf("Main() = %+v", m)
					}
				})
			}
		}
	}
}

// TestShaderTagBytes: a tag is the client's uint32 written little-endian, so
// MAIN lies in the file as the bytes "NIAM" (and the MATS tag too).
func TestShaderTagBytes(t *testing.T) {
	data, err := swgtest.EncodeShaderTemplate(swgtest.TexturedShaders()[swgtest.CheckerShader], "0002")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("NIAM")); n < 3 { // MATS TAG, TXM DATA, TCSS
		t.Errorf(`"NIAM" occurs %d times, want at least 3`, n)
	}
	if bytes.Contains(data, []byte("MAIN")) {
		t.Errorf(`"MAIN" occurs in the file: the tag was written in reading order`)
	}
	// A TXM 0001 DATA chunk by hand: tag, placeholder 0, address U clamp (2), V
	// wrap (0), W, filters.
	raw := []byte("FORM\x00\x00\x00\x3cSSHTFORM\x00\x00\x00\x30" + "0001" +
		"FORM\x00\x00\x00\x24TXMSFORM\x00\x00\x00\x18TXM FORM\x00\x00\x00\x0c" + "0001" +
		"DATA\x00\x00\x00\x0bNIAM\x00\x02\x00\x00\x00\x00\x00")
	fixSizes(raw)
	st, _, err := swg.DecodeShaderTemplate("hand.sht", raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Textures) != 1 || st.Textures[0].Tag != "MAIN" || st.Textures[0].AddressU != swg.AddressClamp || st.Textures[0].AddressV != swg.AddressWrap || st.Textures[0].Name != "" {
		t.Errorf("got %+v", st.Textures)
	}
	if st.Main() != nil {
		t.Errorf("a MAIN texture without a name is not a texture to draw")
	}
}

// fixSizes rewrites the size fields of a hand-made file's nested FORMs (each
// FORM here contains everything after it) and of its last chunk.
func fixSizes(b []byte) {
	for i := 0; i+8 <= len(b); i++ {
		if string(b[i:i+4]) == "FORM" {
			n := len(b) - i - 8
			b[i+4], b[i+5], b[i+6], b[i+7] = byte(n>>24), byte(n>>16), byte(n>>8), byte(n)
		}
	}
	i := bytes.LastIndex(b, []byte("DATA"))
	n := len(b) - i - 8
	b[i+4], b[i+5], b[i+6], b[i+7] = byte(n>>24), byte(n>>16), byte(n>>8), byte(n)
}

// TestShaderTemplateBad: faults are errors naming the file and the offset.
func TestShaderTemplateBad(t *testing.T) {
	good, err := swgtest.EncodeShaderTemplate(swgtest.TexturedShaders()[swgtest.CheckerShader], "0001")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := swg.DecodeShaderTemplate("good.sht", good); err != nil {
		t.Fatalf("the unmodified fixture: %v", err)
	}
	replace := func(old, new string) []byte { return bytes.Replace(good, []byte(old), []byte(new), 1) }
	for _, tc := range []struct {
		name string
		data []byte
		msg  string
	}{
		{"empty", nil, "empty"},
		{"not a shader", replace("SSHT", "SKMG"), "not a shader template"},
		{"truncated", good[:len(good)-7], "runs past the end"},
		{"no DATA", replace("DATA", "DATB"), "CHUNK DATA is missing"},
	} {
		_, _, err := swg.DecodeShaderTemplate("bad.sht", tc.data)
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.File != "bad.sht" || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: got %v, want a FileError for bad.sht mentioning %q", tc.name, err, tc.msg)
		}
	}
	// Version and address faults, written on purpose.
	for _, tc := range []struct {
		name    string
		version string
		txm     string
		addr    uint8
		msg     string
	}{
		{"txm version", "0001", "0003", 0, "cannot write"},
		{"address mode", "0001", "0001", 9, "texture address mode 9"},
	} {
		st := &swg.ShaderTemplate{Version: tc.version, Textures: []swg.ShaderTexture{{Tag: "MAIN", Name: "texture/a.dds", AddressU: tc.addr}}}
		data, err := swgtest.EncodeShaderTemplate(st, tc.txm)
		if err != nil {
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("%s: writer: %v", tc.name, err)
			}
			// Write it as 0001 and patch the version form's name.
			data, _ = swgtest.EncodeShaderTemplate(st, "0001")
			data = bytes.Replace(data, []byte("TXM FORM"), []byte("TXM FORM"), 1)
			i := bytes.Index(data, []byte("TXM FORM")) + 12
			copy(data[i:], "0003")
			tc.msg = "TXM version 0003"
		}
		_, _, err = swg.DecodeShaderTemplate("bad.sht", data)
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.File != "bad.sht" || fe.Offset <= 0 || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: got %v, want an error at an offset mentioning %q", tc.name, err, tc.msg)
		}
	}
	// An SSHT version the client does not read.
	data := bytes.Replace(good, []byte("SSHTFORM"), []byte("SSHTFORM"), 1)
	i := bytes.Index(data, []byte("SSHTFORM")) + 12
	copy(data[i:], "0002")
	if _, _, err := swg.DecodeShaderTemplate("bad.sht", data); err == nil || !strings.Contains(err.Error(), "SSHT version 0002") {
		t.Errorf("SSHT 0002: got %v", err)
	}
}

// TestSceneMaterials: the box's meshes get the MAIN textures of the shaders
// they name, found through the resolver (mesh → shader/ → texture/ under the
// tree's root), with each texture's address modes; a missing shader is a
// warning naming it and leaves its mesh untextured. It holds for the mesh alone,
// for the skeleton and mesh given together (the materials come through Merge)
// and for a .sat naming both.
func TestSceneMaterials(t *testing.T) {
	root := t.TempDir()
	mesh, err := swgtest.WriteTexturedScene(root)
	if err != nil {
		t.Fatal(err)
	}
	sat := filepath.Join(root, "appearance", "box.sat")
	if err := swgtest.WriteFileAtomic(sat, swgtest.EncodeAppearance(&swg.Appearance{Version: "0003",
		Meshes: []string{swgtest.TexturedMesh}, Skeletons: []swg.SkeletonRef{{Path: swgtest.TexturedSkeleton}}})); err != nil {
		t.Fatal(err)
	}
	skt := filepath.Join(root, filepath.FromSlash(swgtest.TexturedSkeleton))
	for _, files := range [][]string{{mesh}, {skt, mesh}, {sat}} {
		scene, err := formats.Open(files, formats.Options{})
		if err != nil {
			t.Fatalf("%v: %v", files, err)
		}
		if scene.Materials == nil {
			t.Fatalf("%v: no Materials", files)
		}
		got := scene.Materials.Materials()
		want := []formats.Material{
			{Mesh: 0, TextureRef: swgtest.CheckerTexture, Texture: filepath.Join(root, "texture", "box_checker.dds"), WrapU: true, WrapV: true},
			{Mesh: 1, TextureRef: swgtest.StripesTexture, Texture: filepath.Join(root, "texture", "box_stripes.dds")},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%v: materials\n got %+v\nwant %+v", files, got, want)
		}
		if len(scene.Meshes) != 3 || scene.Meshes[got[1].Mesh].Name != swgtest.StripesShader {
			t.Errorf("%v: %d meshes", files, len(scene.Meshes))
		}
		missing := 0
		for _, d := range scene.Diagnostics {
			if strings.Contains(d.Message, swgtest.MissingShader) {
				missing++
				if d.Severity != formats.Warning || !strings.Contains(d.Message, "drawn untextured") {
					t.Errorf("%v: %v", files, d)
				}
			}
		}
		if missing != 1 || formats.HasErrors(scene.Diagnostics) {
			t.Errorf("%v: %d warnings about the missing shader; diagnostics %v", files, missing, scene.Diagnostics)
		}
		// The texture file is one `texture` reads, at every level.
		tex, err := texture.Read(got[0].Texture)
		if err != nil || tex.Format != "dds" || tex.Levels != 6 {
			t.Errorf("%v: texture.Read: %v %+v", files, err, tex)
		}
		var st formats.MaterialState
		scene.Materials.SampleMaterial(nil, 0, 0, 0, &st)
		if st.Color != [4]float32{1, 1, 1, 1} {
			t.Errorf("state colour %v", st.Color)
		}
	}
}

// TestSceneMaterialsMissingTexture: a shader whose texture is not there is a
// warning naming the texture; the mesh keeps a material without a file (drawn
// untextured) and the scene opens.
func TestSceneMaterialsMissingTexture(t *testing.T) {
	root := t.TempDir()
	mesh, err := swgtest.WriteTexturedScene(root)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, filepath.FromSlash(swgtest.StripesTexture))); err != nil {
		t.Fatal(err)
	}
	scene, err := formats.Open([]string{mesh}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mats := scene.Materials.Materials()
	if len(mats) != 2 || mats[1].Texture != "" || mats[1].TextureRef != swgtest.StripesTexture || mats[0].Texture == "" {
		t.Errorf("materials %+v", mats)
	}
	found := false
	for _, d := range scene.Diagnostics {
		if strings.Contains(d.Message, `texture "`+swgtest.StripesTexture+`"`) && d.Severity == formats.Warning {
			found = true
		}
	}
	if !found {
		t.Errorf("no warning naming %s: %v", swgtest.StripesTexture, scene.Diagnostics)
	}
}

// TestShaderReferenceTypes: a shader reference must name a .sht and a texture
// reference a .dds; anything else is refused (a warning, the mesh untextured),
// and a reference that climbs out of the root is refused too.
func TestShaderReferenceTypes(t *testing.T) {
	root := t.TempDir()
	_, m := swgtest.TexturedBox()
	m.Shaders[0].Shader = "shader/box_checker.txt"
	m.Shaders[1].Shader = "../../outside.sht"
	st := swgtest.TexturedShaders()[swgtest.CheckerShader]
	st.Textures[0].Name = "texture/box_checker.png"
	files := map[string][]byte{
		"appearance/mesh/odd.mgn": mustEncodeMesh(t, m),
		"shader/box_checker.txt":  mustEncodeShader(t, st),
		"shader/box_missing.sht":  mustEncodeShader(t, st),
		"texture/box_checker.png": []byte("not read"),
	}
	writeFiles(t, root, files)
	scene, err := formats.Open([]string{filepath.Join(root, "appearance", "mesh", "odd.mgn")}, formats.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, d := range scene.Diagnostics {
		msgs = append(msgs, d.Message)
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`"shader/box_checker.txt" is not a .sht file: refused`, `climbs out of the asset root`, `"texture/box_checker.png" is not a .dds file: refused`} {
		if !strings.Contains(all, want) {
			t.Errorf("no diagnostic %q in\n%s", want, all)
		}
	}
	for _, m := range scene.Materials.Materials() {
		if m.Texture != "" {
			t.Errorf("material %+v has a texture", m)
		}
	}
}

func mustEncodeShader(t testing.TB, st *swg.ShaderTemplate) []byte {
	t.Helper()
	b, err := swgtest.EncodeShaderTemplate(st, "0002")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSceneMaterialsCorruptShader: a shader template that is not one (or is cut
// short) is a warning naming it with the offset; its part draws untextured and
// the other parts keep their textures.
func TestSceneMaterialsCorruptShader(t *testing.T) {
	for _, tc := range []struct {
		name string
		data func(good []byte) []byte
		msg  string
	}{
		{"garbage", func([]byte) []byte { return []byte("this is not a shader") }, "box_checker.sht: offset 0x0"},
		{"cut short", func(b []byte) []byte { return b[:len(b)-9] }, "runs past the end"},
	} {
		root := t.TempDir()
		mesh, err := swgtest.WriteTexturedScene(root)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(root, filepath.FromSlash(swgtest.CheckerShader))
		good, _ := os.ReadFile(p)
		if err := os.WriteFile(p, tc.data(good), 0o644); err != nil {
			t.Fatal(err)
		}
		scene, err := formats.Open([]string{mesh}, formats.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		mats := scene.Materials.Materials()
		if len(mats) != 1 || mats[0].Mesh != 1 || mats[0].Texture == "" {
			t.Errorf("%s: materials %+v, want the stripes' only", tc.name, mats)
		}
		found := false
		for _, d := range scene.Diagnostics {
			if d.Severity == formats.Warning && strings.Contains(d.Message, `shader "`+swgtest.CheckerShader+`"`) && strings.Contains(d.Message, tc.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no warning naming the shader with %q: %v", tc.name, tc.msg, scene.Diagnostics)
		}
	}
}
