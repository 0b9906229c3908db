package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"
)

// khronosValidate runs the Khronos glTF validator on path (a .glb or .gltf, with the
// buffer it names beside it) and fails t on any error; it skips the check, with
// the reason, when ANIMSCOPE_NODE_MODULES does not hold gltf-validator.
func khronosValidate(t *testing.T, path string) {
	t.Helper()
	modules := os.Getenv("ANIMSCOPE_NODE_MODULES")
	if modules == "" {
		t.Logf("glTF validator skipped: ANIMSCOPE_NODE_MODULES is not set")
		return
	}
	if _, err := os.Stat(filepath.Join(modules, "gltf-validator", "package.json")); err != nil {
		t.Logf("glTF validator skipped: %v", err)
		return
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Logf("glTF validator skipped: node is not on PATH")
		return
	}
	script, _ := filepath.Abs(filepath.Join("..", "..", "formats", "gltf", "testdata", "validate.js"))
	cmd := exec.Command(node, script, path)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("glTF validator: %v: %s", err, stderr.String())
	}
	var rep struct {
		Issues struct {
			NumErrors int `json:"numErrors"`
			Messages  []struct {
				Code, Message, Pointer string
				Severity               int
			} `json:"messages"`
		} `json:"issues"`
		Info struct {
			Resources []struct {
				Pointer, Storage, URI string
			} `json:"resources"`
		} `json:"info"`
	}
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("validator report: %v: %s", err, out)
	}
	for _, m := range rep.Issues.Messages {
		if m.Severity == 0 {
			t.Errorf("%s: glTF validator error %s at %s: %s", path, m.Code, m.Pointer, m.Message)
		}
	}
	if rep.Issues.NumErrors != 0 {
		t.Errorf("%s: %d validator errors, want 0", path, rep.Issues.NumErrors)
	}
	t.Logf("%s: validator clean; resources %+v", filepath.Base(path), rep.Info.Resources)
}

// TestExportByExtension: --out FILE.glb writes binary glTF, FILE.gltf JSON with the
// buffer embedded (a data URI), FILE.gltf --separate JSON with FILE.bin beside it;
// all three hold the same document and pass the Khronos validator.
func TestExportByExtension(t *testing.T) {
	dir, demo := demoFile(t)
	glbPath := filepath.Join(dir, "demo out.glb")
	if code, _, errs := runCLI("export", "--out", glbPath, demo); code != exitOK {
		t.Fatalf("export .glb: exit %d: %s", code, errs)
	}
	glb, err := gltf.Open(glbPath)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(glbPath)
	if !bytes.HasPrefix(raw, []byte("glTF")) {
		t.Errorf(".glb does not start with the glTF magic: %q", raw[:4])
	}
	khronosValidate(t, glbPath)
	for _, tc := range []struct {
		name     string
		args     []string
		out, bin string
		wantURI  string
	}{
		{"embedded", nil, "demo out.gltf", "", "data:application/octet-stream;base64,"},
		{"separate", []string{"--separate"}, "demo out.gltf", "demo out.bin", "demo%20out.bin"},
		{"upper-case extension", []string{"--separate"}, "DEMO.GLTF", "DEMO.bin", "DEMO.bin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sub := t.TempDir()
			out := filepath.Join(sub, tc.out)
			args := append([]string{"export", "--out", out, demo}, tc.args...)
			if code, _, errs := runCLI(args...); code != exitOK {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			raw, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			var text struct {
				Buffers []struct {
					URI        string `json:"uri"`
					ByteLength int    `json:"byteLength"`
				} `json:"buffers"`
			}
			if err := json.Unmarshal(raw, &text); err != nil {
				t.Fatalf("%s is not JSON: %v", out, err)
			}
			if len(text.Buffers) != 1 || !strings.HasPrefix(text.Buffers[0].URI, tc.wantURI) {
				t.Fatalf("buffers %+v, want one with uri %q…", text.Buffers, tc.wantURI)
			}
			entries, _ := os.ReadDir(sub)
			wantFiles := 1
			if tc.bin != "" {
				wantFiles = 2
				st, err := os.Stat(filepath.Join(sub, tc.bin))
				if err != nil || int(st.Size()) != text.Buffers[0].ByteLength {
					t.Errorf("buffer file %s: %v (byteLength %d)", tc.bin, err, text.Buffers[0].ByteLength)
				}
			}
			if len(entries) != wantFiles {
				t.Errorf("%d files written, want %d", len(entries), wantFiles)
			}
			doc, err := gltf.Open(out)
			if err != nil {
				t.Fatalf("qmuntal/gltf cannot read %s: %v", out, err)
			}
			if len(doc.Nodes) != len(glb.Nodes) || len(doc.Animations) != len(glb.Animations) || len(doc.Accessors) != len(glb.Accessors) ||
				!bytes.Equal(doc.Buffers[0].Data, glb.Buffers[0].Data) {
				t.Errorf("the .gltf holds %d nodes, %d animations, %d accessors; the .glb %d, %d, %d (or the buffers differ)",
					len(doc.Nodes), len(doc.Animations), len(doc.Accessors), len(glb.Nodes), len(glb.Animations), len(glb.Accessors))
			}
			khronosValidate(t, out)
		})
	}
}

// TestOutputExtensionRefused: an extension export or render cannot write is a
// usage error (exit 2) and nothing is written.
func TestOutputExtensionRefused(t *testing.T) {
	dir, demo := demoFile(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "--out", filepath.Join(dir, "x.obj"), demo}, "want a .glb or .gltf file"},
		{[]string{"export", "--out", filepath.Join(dir, "x"), demo}, "want a .glb or .gltf file"},
		{[]string{"export", "--separate", "--out", filepath.Join(dir, "x.glb"), demo}, "--separate: only a .gltf"},
		{[]string{"render", "--out", filepath.Join(dir, "x.bmp"), demo}, "want a .png, .jpg or .jpeg file"},
		{[]string{"render", "--out", filepath.Join(dir, "x.tga")}, "want a .png, .jpg or .jpeg file"},
	} {
		code, _, errs := runCLI(tc.args...)
		if code != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errs, tc.want)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the folder, want only the input", len(entries))
	}
}

// TestOutputErrorsNameUserPath: an output that cannot be written is reported by the
// path the user gave, never by the temporary file's name.
func TestOutputErrorsNameUserPath(t *testing.T) {
	dir, demo := demoFile(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"export", "--out", filepath.Join(dir, "no", "x.glb"), demo}, "write " + filepath.Join(dir, "no", "x.glb") + ": no such file or directory"},
		{[]string{"export", "--out", filepath.Join(dir, "no", "x.gltf"), demo}, "write " + filepath.Join(dir, "no", "x.gltf") + ": no such file or directory"},
		{[]string{"export", "--separate", "--out", filepath.Join(dir, "no", "x.gltf"), demo}, "write " + filepath.Join(dir, "no", "x.bin") + ": no such file or directory"},
	} {
		code, _, errs := runCLI(tc.args...)
		if code != exitInvalid || !strings.Contains(errs, tc.want) || strings.Contains(errs, ".tmp") {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", tc.args, code, errs, tc.want)
		}
	}
	// render's writer, the same atomic write under it.
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	err := writeImage(filepath.Join(dir, "no", "y.png"), img)
	if err == nil || err.Error() != "write "+filepath.Join(dir, "no", "y.png")+": no such file or directory" {
		t.Errorf("writeImage into a missing folder: %v", err)
	}
}

// TestWriteImageJPEG: a .jpg/.jpeg --out is JPEG that image/jpeg decodes (the render
// command's writer; TestRenderJPEG runs the command itself under a display).
func TestWriteImageJPEG(t *testing.T) {
	dir := t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 16, 8))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	img.Set(0, 0, color.RGBA{255, 0, 0, 255})
	for _, name := range []string{"a.jpg", "b.JPEG", "c.png"} {
		p := filepath.Join(dir, name)
		if err := writeImage(p, img); err != nil {
			t.Fatal(err)
		}
		f, _ := os.Open(p)
		_, format, err := image.Decode(f)
		f.Close()
		want := "jpeg"
		if strings.HasSuffix(name, ".png") {
			want = "png"
		}
		if err != nil || format != want {
			t.Errorf("%s: decoded as %q (%v), want %s", name, format, err, want)
		}
	}
	f, _ := os.Open(filepath.Join(dir, "a.jpg"))
	defer f.Close()
	if got, err := jpeg.Decode(f); err != nil || got.Bounds().Dx() != 16 || got.Bounds().Dy() != 8 {
		t.Errorf("jpeg.Decode: %v, %v", err, got)
	}
}
