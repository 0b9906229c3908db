package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"animscope/formats/swg/swgtest"
)

// TestShaderVerdictAgrees: validate and inspect read an SWG shader template as
// the meshes that name it do: valid (inspect lists its form, effect and
// textures), or invalid with the message a mesh naming it warns with (file and
// offset). They said "offset 0x0: unknown file format" of every .sht.
func TestShaderVerdictAgrees(t *testing.T) {
	root := t.TempDir()
	mesh, err := swgtest.WriteTexturedScene(root)
	if err != nil {
		t.Fatal(err)
	}
	checker := filepath.Join(root, filepath.FromSlash(swgtest.CheckerShader))
	stripes := filepath.Join(root, filepath.FromSlash(swgtest.StripesShader))
	good, err := os.ReadFile(stripes)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(root, "shader", "cut.sht")
	if err := os.WriteFile(cut, good[:100], 0o644); err != nil {
		t.Fatal(err)
	}
	cutErr := cut + ": offset 0x0: FORM CSHD: size 330 runs past the end of the file (92 bytes remain)"
	for _, tc := range []struct {
		file     string
		wantCode int
		wantOut  string // validate's line
		wantErr  string
		wantDesc string // inspect's format line
	}{
		{checker, exitOK, checker + ": valid\n", "", "format:  swg shader template (FORM SSHT, SSHT 0001)\neffect:  \"effect/a_simple.eft\"\nmain:    \"texture/box_checker.dds\"\ntextures: 3\n  MAIN texture/box_checker.dds\n  NRML texture/box_checker_n.dds\n  ENVM (placeholder)\ndiagnostics: 0\n"},
		{stripes, exitOK, stripes + ": valid\n", "", "format:  swg shader template (FORM CSHD, SSHT 0001)\n"},
		{cut, exitInvalid, cut + ": invalid (1 error, 0 warnings)\n", cutErr + "\n", ""},
	} {
		code, stdout, stderr := runCLI("validate", tc.file)
		if code != tc.wantCode || stdout != tc.wantOut || stderr != tc.wantErr {
			t.Errorf("validate %s: got exit %d, %q, %q; want exit %d, %q, %q", filepath.Base(tc.file), code, stdout, stderr, tc.wantCode, tc.wantOut, tc.wantErr)
		}
		code, stdout, stderr = runCLI("inspect", tc.file)
		if code != tc.wantCode || !strings.Contains(stdout, tc.wantDesc) || !strings.Contains(stderr, tc.wantErr) {
			t.Errorf("inspect %s: got exit %d, %q, %q; want exit %d, %q, %q", filepath.Base(tc.file), code, stdout, stderr, tc.wantCode, tc.wantDesc, tc.wantErr)
		}
	}
	code, stdout, stderr := runCLI("inspect", "--json", checker)
	var got inspectShaderOut
	if err := json.Unmarshal([]byte(stdout), &got); code != exitOK || err != nil {
		t.Fatalf("inspect --json: exit %d, %v, %s", code, err, stderr)
	}
	want := inspectShader{Form: "SSHT", Version: "0001", Effect: "effect/a_simple.eft", Main: "texture/box_checker.dds",
		Textures: []string{"MAIN texture/box_checker.dds", "NRML texture/box_checker_n.dds", "ENVM (placeholder)"}}
	if got.Format != "swg-shader" || !reflect.DeepEqual(got.Shader, want) {
		t.Errorf("inspect --json: got %+v, want format swg-shader, %+v", got, want)
	}
	// The mesh that names the cut template warns with the same message.
	if err := os.WriteFile(stripes, good[:100], 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, stderr = runCLI("validate", mesh)
	if want := strings.TrimPrefix(cutErr, cut+": "); !strings.Contains(stderr, want) {
		t.Errorf("validate of the mesh: got %q, want a warning with %q", stderr, want)
	}
}

// inspectShaderOut is what inspect --json prints of a shader template (the
// swg-shader data kind's value under "shader"), as a reader of it decodes it.
type inspectShaderOut struct {
	Files       []string      `json:"files"`
	Format      string        `json:"format"`
	Shader      inspectShader `json:"shader"`
	Diagnostics []inspectDiag `json:"diagnostics"`
}

type inspectShader struct {
	Form     string   `json:"form"`
	Version  string   `json:"version"`
	Effect   string   `json:"effect,omitempty"`
	Main     string   `json:"main,omitempty"`
	Textures []string `json:"textures"`
}
