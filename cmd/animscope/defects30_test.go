package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/assets"
	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2/m2test"
)

// TestIssue30Wordings (issue 30, defects 10 and 11): messages say a thing once
// and as the other commands word it; what the command line cannot mean is a
// usage error (exit 2), not accepted in silence.
func TestIssue30Wordings(t *testing.T) {
	dir := t.TempDir()
	data, _ := m2test.Synthetic(256, false)
	texAt := binary.LittleEndian.Uint32(data[0x5C+4:])
	binary.LittleEndian.PutUint32(data[texAt:], 11) // texture 0: creature skin 1
	model := filepath.Join(dir, "Test.m2")
	if err := os.WriteFile(model, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tex, _ := blptest.Encode(image.NewNRGBA(image.Rect(0, 0, 4, 4)), blptest.Format{Version: 2, Encoding: blp.DXT1})
	skin := filepath.Join(dir, "TestSkin.blp")
	if err := os.WriteFile(skin, tex, 0o644); err != nil {
		t.Fatal(err)
	}
	demo := filepath.Join(dir, "demo.msh")
	if err := os.WriteFile(demo, assets.DemoMSH, 0o644); err != nil {
		t.Fatal(err)
	}
	png := filepath.Join(dir, "out.png")
	nope := filepath.Join(dir, "nope.mpq")
	tests := []struct {
		name    string
		args    []string
		code    int
		want    string // the whole first line of stderr
		notWant string
	}{
		{"ls of a missing archive", []string{"ls", nope}, exitInvalid, nope + ": no such file or directory", "stat "},
		{"inspect of a missing file (the wording ls follows)", []string{"inspect", nope}, exitInvalid, nope + ": no such file or directory", "stat "},
		{"render --skin that is not there", []string{"render", "--skin", "nope", "--out", png, model}, exitUsage,
			`animscope render: --skin nope: ` + model + `: names "nope", which is not a .blp file: refused (candidates: TestSkin.blp)`, "skin: "},
		{"export --skin that is not there", []string{"export", "--skin", "nope", "--out", filepath.Join(dir, "o.glb"), model}, exitUsage,
			`animscope export: --skin nope: ` + model + `: names "nope", which is not a .blp file: refused (candidates: TestSkin.blp)`, "skin: "},
		{"texture --mip past the last level", []string{"texture", "--mip", "9", "--out", png, skin}, exitUsage,
			"animscope texture: --mip 9: " + skin + " has one mip level, 0", "no such mip level"},
		{"version with an argument", []string{"version", "extra"}, exitUsage, `animscope version: version takes no argument (got "extra")`, ""},
		{"--version with an argument", []string{"--version", "extra"}, exitUsage, `animscope version: version takes no argument (got "extra")`, ""},
		{"a B reading without --compare", []string{"--rounding-b", "floor", demo}, exitUsage, "animscope viewer: the READING-b flags need --compare", ""},
		{"shot smaller than the least window", []string{"shot", "--size", "200x100", "--out", png, demo}, exitUsage,
			"animscope shot: --size 200x100: the window must be at least 640x400 (smaller, it is all menu bar and panel headers)", ""},
		{"shot one pixel short", []string{"shot", "--size", "640x399", "--out", png, demo}, exitUsage,
			"animscope shot: --size 640x399: the window must be at least 640x400 (smaller, it is all menu bar and panel headers)", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runCLI(tc.args...)
			var first string // the command's own line (warnings may come first)
			for _, l := range strings.Split(stderr, "\n") {
				if strings.HasPrefix(l, "animscope ") || first == "" {
					first = l
				}
				if strings.HasPrefix(l, "animscope ") {
					break
				}
			}
			if code != tc.code || first != tc.want {
				t.Errorf("exit %d, stderr %q; want exit %d, first line %q", code, stderr, tc.code, tc.want)
			}
			if tc.notWant != "" && strings.Contains(stderr, tc.notWant) {
				t.Errorf("stderr %q says %q", stderr, tc.notWant)
			}
		})
	}
	if code, stdout, stderr := runCLI("version"); code != exitOK || !strings.HasPrefix(stdout, "animscope ") {
		t.Errorf("version: exit %d, stdout %q, stderr %q; want exit 0 and the version line", code, stdout, stderr)
	}
}

// TestInspectFolderPlurals (issue 30, defect 15): `inspect FOLDER`'s per-file
// line counts in the right number ("1 clip", "1 mesh", "2 meshes").
func TestInspectFolderPlurals(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "demo.msh"), assets.DemoMSH, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("inspect", dir)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var line string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(l, "  msh, ") {
			line = l
		}
	}
	for _, bad := range []string{" 1 clips", " 1 meshes", " 1 nodes"} {
		if strings.Contains(line, bad) {
			t.Errorf("line %q says %q", line, bad)
		}
	}
	if !strings.HasSuffix(line, ", 1 clip") {
		t.Errorf("line %q, want it to end with \", 1 clip\" (an MSH model has one clip)", line)
	}
}

// TestMIFRefusesOtherFormats (issue 30, defect 9): `mif` of a file that is not
// an IFF says what it is instead of reading its bytes as garbage chunks.
func TestMIFRefusesOtherFormats(t *testing.T) {
	dir := t.TempDir()
	m2, _ := m2test.Frog().Encode()
	tex, _ := blptest.Encode(image.NewNRGBA(image.Rect(0, 0, 4, 4)), blptest.Format{Version: 2, Encoding: blp.DXT1})
	files := []struct {
		name string
		data []byte
		want string
	}{
		{"Frog.m2", m2, "not an SWG IFF file (MD20: an M2 model)"},
		{"skin.blp", tex, "not an SWG IFF file (BLP2: a BLP texture)"},
		{"demo.msh", assets.DemoMSH, "not an SWG IFF file (NRes: an MSH model)"},
		{"notes.txt", []byte("# notes\n"), `not an SWG IFF file (it starts with "# no")`},
		{"tiny", []byte{1}, "not an SWG IFF file"},
	}
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := os.WriteFile(p, f.data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runCLI("mif", p)
		if want := p + ": offset 0x0: " + f.want + "\n"; code != exitInvalid || stderr != want || stdout != "" {
			t.Errorf("mif %s: exit %d, stdout %q, stderr %q; want exit 1, stderr %q", f.name, code, stdout, stderr, want)
		}
	}
	missing := filepath.Join(dir, "nope.iff")
	if code, _, stderr := runCLI("mif", missing); code != exitInvalid || stderr != missing+": no such file or directory\n" {
		t.Errorf("mif of a missing file: exit %d, stderr %q; want exit 1, %q", code, stderr, missing+": no such file or directory")
	}
}

// TestSampleTextWordsPerFamily (issue 30, defect 3): `sample`'s text says
// "mapped"/"fallback" and "frame N" only where the family's sampler has them:
// an M2 node line holds its keys (its probe frame is the time in ms, already on
// the line), an MSH line the frame, the branch and the keys. The JSON is the
// contract and keeps every field.
func TestSampleTextWordsPerFamily(t *testing.T) {
	dir := t.TempDir()
	m2, _ := m2test.Frog().Encode()
	frog := filepath.Join(dir, "Frog.m2")
	demo := filepath.Join(dir, "demo.msh")
	for p, d := range map[string][]byte{frog: m2, demo: assets.DemoMSH} {
		if err := os.WriteFile(p, d, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	nodeLines := func(stdout string) []string {
		var out []string
		for _, l := range strings.Split(stdout, "\n") {
			if strings.Contains(l, " parent ") {
				out = append(out, l)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name      string
		args      []string
		want      []string // in every node line
		notWanted []string
	}{
		{"M2 at t = -5", []string{"sample", "--t", "-5", frog}, nil, []string{"mapped", "fallback", "frame "}},
		{"M2 blended", []string{"sample", "--t", "100", "--clip-b", "1", "--t-b", "50", "--weight", "0.5", frog}, nil, []string{"mapped", "fallback", "frame "}},
		{"MSH", []string{"sample", "--t", "3", demo}, []string{"frame "}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			lines := nodeLines(stdout)
			if len(lines) == 0 {
				t.Fatalf("no node line in %q", stdout)
			}
			keyed := 0
			for _, l := range lines {
				for _, w := range tc.want {
					if !strings.Contains(l, w) {
						t.Errorf("line %q lacks %q", l, w)
					}
				}
				for _, w := range tc.notWanted {
					if strings.Contains(l, w) {
						t.Errorf("line %q says %q", l, w)
					}
				}
				if strings.Contains(l, ":") { // a key record, "r:0" or "trs:0→1@0.6"
					keyed++
				}
				if strings.HasSuffix(l, "  ") {
					t.Errorf("line %q ends in blanks", l)
				}
			}
			if keyed == 0 {
				t.Errorf("no node line names a key: %q", stdout)
			}
			if strings.Contains(tc.name, "MSH") && !strings.Contains(stdout, " mapped ") {
				t.Errorf("MSH text lacks the branch: %q", stdout)
			}
		})
	}
	// The JSON keeps the probe frame and branch for M2 too.
	code, stdout, _ := runCLI("sample", "--json", "--t", "-5", frog)
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(stdout)); code != exitOK || err != nil ||
		!strings.Contains(compact.String(), `"probe":{"frame":-5,"fallback":false,`) {
		t.Errorf("sample --json of M2 at -5: exit %d (%v), want probes with frame -5 and fallback false: %.300s", code, err, compact.String())
	}
}
