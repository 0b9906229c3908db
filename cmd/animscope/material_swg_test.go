package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/swg/swgtest"

	"github.com/qmuntal/gltf"
)

// TestSWGMaterialsCommands: the textured SWG box (skeleton and mesh, shaders
// under shader/, DDS textures under texture/). `inspect` lists the two
// materials with the files found (text and JSON) and warns about the missing
// shader; `export` embeds both textures; `texture` converts a level of a DDS.
func TestSWGMaterialsCommands(t *testing.T) {
	root := t.TempDir()
	mesh, err := swgtest.WriteTexturedScene(root)
	if err != nil {
		t.Fatal(err)
	}
	skt := filepath.Join(root, filepath.FromSlash(swgtest.TexturedSkeleton))
	checker := filepath.Join(root, "texture", "box_checker.dds")

	code, stdout, stderr := runCLI("inspect", skt, mesh)
	if code != exitOK {
		t.Fatalf("inspect: exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"materials: 2",
		`mesh   0 shader/box_checker.sht: "texture/box_checker.dds" (` + checker + `), opaque`,
		`mesh   1 shader/box_stripes.sht: "texture/box_stripes.dds" (`,
		`warning: ` + mesh + `: shader "shader/box_missing.sht" (mesh 2)`,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("inspect lacks %q:\n%s", want, stdout)
		}
	}
	code, stdout, stderr = runCLI("inspect", "--json", skt, mesh)
	if code != exitOK {
		t.Fatalf("inspect --json: exit %d: %s", code, stderr)
	}
	var out struct {
		Materials []inspectMaterial `json:"materials"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	want := []inspectMaterial{
		{Mesh: 0, TextureRef: swgtest.CheckerTexture, Texture: checker, Blend: "opaque", WrapU: true, WrapV: true},
		{Mesh: 1, TextureRef: swgtest.StripesTexture, Texture: filepath.Join(root, "texture", "box_stripes.dds"), Blend: "opaque"},
	}
	if len(out.Materials) != 2 || out.Materials[0] != want[0] || out.Materials[1] != want[1] {
		t.Errorf("inspect --json materials %+v, want %+v", out.Materials, want)
	}

	glb := filepath.Join(root, "box.glb")
	if code, _, stderr := runCLI("export", "--bind-pose", "--out", glb, skt, mesh); code != exitOK {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(glb)
	doc := new(gltf.Document)
	if err := gltf.NewDecoder(bytes.NewReader(b)).Decode(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Materials) != 2 || len(doc.Images) != 2 {
		t.Errorf("export: %d materials, %d images; want 2 each", len(doc.Materials), len(doc.Images))
	}

	png := filepath.Join(root, "checker.png")
	if code, _, stderr := runCLI("texture", checker, "--out", png, "--mip", "2"); code != exitOK {
		t.Fatalf("texture: exit %d: %s", code, stderr)
	}
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Errorf("texture wrote nothing: %v", err)
	}
}
