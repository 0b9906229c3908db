package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/dds"
	"animscope/formats/dds/ddstest"
	"animscope/formats/mpq/mpqtest"
	"animscope/formats/samples"
)

// texImage is 8 x 4 with a distinct colour per pixel and varied alpha.
func texImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 4))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 37)
	}
	return img
}

// TestTextureCommand converts a BLP of each level to PNG: the PNG holds exactly
// the level blp decodes.
func TestTextureCommand(t *testing.T) {
	dir := t.TempDir()
	data, err := blptest.Encode(texImage(), blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8, Mips: true})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "t.blp")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tex, err := blp.Parse(in, data)
	if err != nil {
		t.Fatal(err)
	}
	for mip := 0; mip < 4; mip++ {
		out := filepath.Join(dir, "out.png")
		args := []string{"texture", in, "--out", out}
		if mip > 0 {
			args = append(args, "--mip", string(rune('0'+mip)))
		}
		if code, _, stderr := runCLI(args...); code != exitOK {
			t.Fatalf("mip %d: exit %d: %s", mip, code, stderr)
		}
		f, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(f))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := tex.Mip(mip)
		got, ok := img.(*image.NRGBA)
		if !ok || got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("mip %d: the PNG is not the decoded level (%T %v, want %v)", mip, img, img.Bounds(), want.Rect)
		}
		// A PNG converts too (one level).
		if mip == 0 {
			if code, _, stderr := runCLI("texture", out, "--out", filepath.Join(dir, "again.png")); code != exitOK {
				t.Errorf("PNG in: exit %d: %s", code, stderr)
			}
		}
	}
}

// TestTextureCommandDDS converts every level of a DXT5 DDS with mips (8 x 4 down
// to 1 x 1): the PNG holds exactly the level dds decodes; a level past the last
// is a usage error naming the range.
func TestTextureCommandDDS(t *testing.T) {
	dir := t.TempDir()
	f := ddstest.DXT5
	f.Mips = true
	data, err := ddstest.Encode(texImage(), f)
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "t.dds")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tex, err := dds.Parse(in, data)
	if err != nil {
		t.Fatal(err)
	}
	for mip := 0; mip < 4; mip++ {
		out := filepath.Join(dir, "out.png")
		if code, _, stderr := runCLI("texture", in, "--out", out, "--mip", string(rune('0'+mip))); code != exitOK {
			t.Fatalf("mip %d: exit %d: %s", mip, code, stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		want, _ := tex.Mip(mip)
		got, ok := img.(*image.NRGBA)
		if !ok || got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("mip %d: the PNG is not the decoded level (%T %v, want %v)", mip, img, img.Bounds(), want.Rect)
		}
	}
	if code, _, stderr := runCLI("texture", in, "--out", filepath.Join(dir, "x.png"), "--mip", "4"); code != exitUsage || !strings.Contains(stderr, "levels 0 to 3") {
		t.Errorf("--mip 4: exit %d, %q; want a usage error naming levels 0 to 3", code, stderr)
	}
}

func TestTextureUsageAndBadFiles(t *testing.T) {
	dir := t.TempDir()
	data, _ := blptest.Encode(texImage(), blptest.Format{Version: 2, Encoding: blp.DXT1, Mips: true})
	good := filepath.Join(dir, "good.blp")
	os.WriteFile(good, data, 0o644)
	bad := filepath.Join(dir, "bad.blp")
	os.WriteFile(bad, append([]byte("BLP2\x01\x00\x00\x00\x09"), make([]byte, 200)...), 0o644)
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("hello"), 0o644)
	out := filepath.Join(dir, "out.png")
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantErr  string
	}{
		{"no --out", []string{"texture", good}, exitUsage, "--out"},
		{"no file", []string{"texture", "--out", out}, exitUsage, "one texture"},
		{"two files", []string{"texture", "--out", out, good, good}, exitUsage, "one texture"},
		{"mip past the last", []string{"texture", "--mip", "4", "--out", out, good}, exitUsage, "levels 0 to 3"},
		{"negative mip", []string{"texture", "--mip", "-1", "--out", out, good}, exitUsage, "--mip"},
		{"out is the input", []string{"texture", "--out", good, good}, exitUsage, "input"},
		{"out is a folder", []string{"texture", "--out", dir, good}, exitUsage, "folder"},
		{"bad file", []string{"texture", "--out", out, bad}, exitInvalid, "bad.blp: offset 0x8: encoding 9"},
		{"missing file", []string{"texture", "--out", out, filepath.Join(dir, "nope.blp")}, exitInvalid, "nope.blp"},
		{"not a texture", []string{"texture", "--out", out, notes}, exitInvalid, "notes.txt: not a texture"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(tc.args...)
			if code != tc.wantCode || !strings.Contains(stderr, tc.wantErr) {
				t.Errorf("exit %d, stderr %q; want exit %d mentioning %q", code, stderr, tc.wantCode, tc.wantErr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written by a failing command", out)
			}
			if b, _ := os.ReadFile(good); !bytes.Equal(b, data) {
				t.Errorf("the input file was changed")
			}
		})
	}
}

// TestTextureRefusesSpecialFiles: a named pipe is neither read as the texture nor
// written as --out.
func TestTextureRefusesSpecialFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no named pipes")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	data, _ := blptest.Encode(texImage(), blptest.Format{Version: 2, Encoding: blp.DXT1})
	good := filepath.Join(dir, "good.blp")
	os.WriteFile(good, data, 0o644)
	if code, _, stderr := runCLI("texture", fifo, "--out", filepath.Join(dir, "o.png")); code != exitInvalid || !strings.Contains(stderr, "named pipe") {
		t.Errorf("pipe as input: exit %d, %q; want 1 naming the pipe", code, stderr)
	}
	if code, _, stderr := runCLI("texture", good, "--out", fifo); code != exitUsage || !strings.Contains(stderr, "pipe") {
		t.Errorf("pipe as --out: exit %d, %q; want 2 naming the pipe", code, stderr)
	}
}

// TestTextureSamples converts every sample BLP's largest and smallest levels.
func TestTextureSamples(t *testing.T) {
	dir := samples.Dir(t, "m2")
	paths, _ := filepath.Glob(filepath.Join(dir, "*.blp"))
	for _, p := range paths {
		out := filepath.Join(t.TempDir(), "o.png")
		for _, mip := range []string{"0", "6"} {
			if code, _, stderr := runCLI("texture", p, "--mip", mip, "--out", out); code != exitOK {
				t.Errorf("%s --mip %s: exit %d: %s", filepath.Base(p), mip, code, stderr)
			}
		}
	}
}

// TestTextureArchiveMember reads the texture from an MPQ as ARCHIVE:MEMBER.
func TestTextureArchiveMember(t *testing.T) {
	dir := t.TempDir()
	data, _ := blptest.Encode(texImage(), blptest.Format{Version: 2, Encoding: blp.DXT5, AlphaDepth: 8, Mips: true})
	arch, err := mpqtest.Build([]mpqtest.File{{Name: `Creature\Test\Skin.blp`, Data: data}}, mpqtest.Options{Listfile: true})
	if err != nil {
		t.Fatal(err)
	}
	mpq := filepath.Join(dir, "test.mpq")
	os.WriteFile(mpq, arch, 0o644)
	out := filepath.Join(dir, "out.png")
	if code, _, stderr := runCLI("texture", mpq+`:Creature\Test\Skin.blp`, "--out", out); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, _ := os.ReadFile(out)
	img, err := png.Decode(bytes.NewReader(f))
	tex, _ := blp.Parse("Skin.blp", data)
	want, _ := tex.Mip(0)
	if got, ok := img.(*image.NRGBA); err != nil || !ok || !bytes.Equal(got.Pix, want.Pix) {
		t.Errorf("the PNG is not the member's level 0 (%v)", err)
	}
	if code, _, stderr := runCLI("texture", mpq+":Creature/Test/Nope.blp", "--out", filepath.Join(dir, "o2.png")); code != exitInvalid || !strings.Contains(stderr, "Nope.blp") {
		t.Errorf("missing member: exit %d, %q; want 1 naming it", code, stderr)
	}
}
