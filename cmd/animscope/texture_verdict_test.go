package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats/dds/ddstest"
	"animscope/formats/msh/mshtest"
	"animscope/formats/swg/swgtest"
)

// TestTextureVerdictAgrees: validate and inspect give a texture file the
// verdict `texture` gives it: a DDS, a PNG or a Texm member of an NRes archive
// that `texture` converts is valid (inspect describes it), one it refuses is
// invalid with the same message (file and offset), exit 1 from all three. They
// said "offset 0x0: unknown file format" (a Texm member: "bad magic") of every
// texture, even one `texture` converts. A file that is no texture keeps the
// scene decoders' error.
func TestTextureVerdictAgrees(t *testing.T) {
	dir := t.TempDir()
	good, err := ddstest.Encode(swgtest.CheckerImage(), ddstest.DXT1)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	arch, err := mshtest.TexturedArchive()
	if err != nil {
		t.Fatal(err)
	}
	// The same archive with BODY.TEX's mip count (offset 0xC of the Texm) at 1000.
	broken := append([]byte(nil), arch...)
	at := strings.Index(string(broken), "Texm")
	binary.LittleEndian.PutUint32(broken[at+12:], 1000)
	var pngData bytes.Buffer
	if err := png.Encode(&pngData, swgtest.StripesImage()); err != nil {
		t.Fatal(err)
	}
	var (
		ddsGood  = write("good.dds", good)
		ddsCut   = write("cut.dds", good[:300])
		pngGood  = write("good.png", pngData.Bytes())
		archGood = write("tank.rlb", arch) + ":BODY.TEX"
		archBad  = write("broken.rlb", broken) + ":BODY.TEX"
		notes    = write("notes.txt", []byte("hello"))
	)
	for _, tc := range []struct {
		file     string
		wantCode int
		wantErr  string // in every command's stderr ("" when valid)
		wantDesc string // inspect's format line when valid
	}{
		{ddsGood, exitOK, "", "texture (DDS DXT1, 32 x 32, 1 mip levels)"},
		{ddsCut, exitInvalid, ddsCut + ": offset 0x80: mip level 0 (32 x 32, 512 bytes of DXT1) runs past the end of the file (300 bytes)", ""},
		{pngGood, exitOK, "", "texture (png, 32 x 32, 1 level)"},
		{archGood, exitOK, "", "texture (Texm format 565, 8 x 8, 4 mip levels)"},
		{archBad, exitInvalid, archBad + ": offset 0xC: mip count 1000: want 1 to 32", ""},
		{notes, exitInvalid, notes + ": offset 0x0: unknown file format", ""},
	} {
		name := filepath.Base(tc.file)
		if tc.file != notes {
			code, _, stderr := runCLI("texture", tc.file, "--out", filepath.Join(dir, "out.png"))
			if code != tc.wantCode || !strings.Contains(stderr, tc.wantErr) {
				t.Errorf("texture %s: got exit %d, %q; want exit %d, %q", name, code, stderr, tc.wantCode, tc.wantErr)
			}
		}
		code, stdout, stderr := runCLI("validate", tc.file)
		want := tc.file + ": valid\n"
		if tc.wantCode != exitOK {
			want = tc.file + ": invalid (1 error, 0 warnings)\n"
		}
		if code != tc.wantCode || stdout != want || !strings.Contains(stderr, tc.wantErr) {
			t.Errorf("validate %s: got exit %d, %q, %q; want exit %d, %q, %q", name, code, stdout, stderr, tc.wantCode, want, tc.wantErr)
		}
		code, stdout, stderr = runCLI("inspect", tc.file)
		wantOut := "" // nothing on stdout for a file inspect refuses
		if tc.wantDesc != "" {
			wantOut = "files:   " + tc.file + "\nformat:  " + tc.wantDesc + "\n"
		}
		if code != tc.wantCode || !strings.Contains(stderr, tc.wantErr) || stdout != wantOut {
			t.Errorf("inspect %s: got exit %d, %q, %q; want exit %d, format %q, %q", name, code, stdout, stderr, tc.wantCode, tc.wantDesc, tc.wantErr)
		}
	}
	code, stdout, stderr := runCLI("inspect", "--json", archGood)
	var got inspectTextureOut
	if err := json.Unmarshal([]byte(stdout), &got); code != exitOK || err != nil {
		t.Fatalf("inspect --json: exit %d, %v, %s", code, err, stderr)
	}
	want := inspectTexture{Format: "texm", Width: 8, Height: 8, Levels: 4, Description: "Texm format 565, 8 x 8, 4 mip levels"}
	if got.Format != "texture" || got.Texture != want || len(got.Files) != 1 || got.Files[0] != archGood {
		t.Errorf("inspect --json: got %+v, want format texture, %+v", got, want)
	}
}

// inspectTextureOut is what inspect --json prints of a texture (the texture
// data kind's value under "texture"), as a reader of it decodes it.
type inspectTextureOut struct {
	Files       []string       `json:"files"`
	Format      string         `json:"format"`
	Texture     inspectTexture `json:"texture"`
	Diagnostics []inspectDiag  `json:"diagnostics"`
}

type inspectTexture struct {
	Format      string `json:"format"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Levels      int    `json:"levels"`
	Description string `json:"description"`
}
