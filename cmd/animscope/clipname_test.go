package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"

	"animscope/formats/m2/m2test"
)

// frogLikeM2 writes a version-264 M2 whose sequences repeat id 0 variation 0
// three times, as Frog.m2 does (the project's own writer; no sample file).
func frogLikeM2(t *testing.T) string {
	t.Helper()
	m := m2test.NewModel(264)
	m.Seqs = append(m.Seqs[:2:2],
		m2test.Seq{ID: 0, Duration: 1000, Flags: 0x20, Next: -1},
		m2test.Seq{ID: 0, Duration: 1000, Flags: 0x20, Next: -1},
		m2test.Seq{ID: 0, Duration: 1000, Flags: 0x20, Next: -1})
	for i := range m.Seqs {
		m.Seqs[i].BoundsMin, m.Seqs[i].BoundsMax = [3]float32{-1, -1, -1}, [3]float32{1, 1, 1}
	}
	data, skin := m.Encode()
	dir := t.TempDir()
	p := filepath.Join(dir, "Frogish.m2")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Frogish00.skin"), skin, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestClipNamesUnique: every command names the clips alike and uniquely (inspect,
// sample --json, export's glTF animations), and --clip NAME picks the same clip
// in each.
func TestClipNamesUnique(t *testing.T) {
	file := frogLikeM2(t)
	want := []string{"Walk", "Stand.1", "Stand", "Stand.2", "Stand.3"}
	got := inspectClipNames(t, file)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("inspect clip names %v, want %v", got, want)
	}
	for i, name := range want {
		for _, sel := range []string{name, strings.ToLower(name)} {
			code, out, errs := runCLI("sample", "--json", "--clip", sel, file)
			var s struct {
				Clip struct {
					Index int    `json:"index"`
					Name  string `json:"name"`
				} `json:"clip"`
			}
			if code != exitOK || json.Unmarshal([]byte(out), &s) != nil || s.Clip.Index != i || s.Clip.Name != name {
				t.Errorf("sample --clip %s: exit %d, clip %+v (%s); want %d %q", sel, code, s.Clip, errs, i, name)
			}
			gl := filepath.Join(t.TempDir(), "one.glb")
			if code, _, errs := runCLI("export", "--clip", sel, "--out", gl, file); code != exitOK {
				t.Errorf("export --clip %s: exit %d: %s", sel, code, errs)
				continue
			}
			doc, err := gltf.Open(gl)
			if err != nil || len(doc.Animations) != 1 || doc.Animations[0].Name != name {
				t.Errorf("export --clip %s: %v, animations %v; want one named %q", sel, err, doc, name)
			}
		}
	}
	// The id.variation aliases follow the names: 0.2 is the second repeat.
	if code, out, _ := runCLI("sample", "--clip", "0.2", file); code != exitOK || !strings.Contains(out, `"Stand.2"`) {
		t.Errorf("sample --clip 0.2: exit %d\n%s", code, out)
	}
	gl := filepath.Join(t.TempDir(), "all.glb")
	if code, _, errs := runCLI("export", "--out", gl, file); code != exitOK {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	doc, err := gltf.Open(gl)
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, a := range doc.Animations {
		got = append(got, a.Name)
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("glTF animation names %v, want %v", got, want)
	}
	khronosValidate(t, gl)
	// The completion offers the same names.
	if got := completeWords([]string{"sample", file, "--clip", "Stand."}); strings.Join(got, ",") != "Stand.1,Stand.2,Stand.3" {
		t.Errorf("completion of --clip Stand.: %v", got)
	}
}

// TestBoundClipNamesUnique: two VCA tracks of one name (wave.vca in two folders,
// and WAVE.vca) are wave, wave.1, WAVE.2 in inspect, and --clip picks each.
func TestBoundClipNamesUnique(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, p := range []string{"a/wave.vca", "b/wave.vca", "b/WAVE.vca"} {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(corpusVCA), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, full)
	}
	got := inspectClipNames(t, files...)
	if strings.Join(got, ",") != "wave,wave.1,WAVE.2" {
		t.Fatalf("clip names %v, want wave, wave.1, WAVE.2", got)
	}
	for i, name := range got {
		code, out, errs := runCLI(append([]string{"sample", "--clip", name}, files...)...)
		if code != exitOK || !strings.Contains(out, `clip:   `+string(rune('0'+i))+` "`+name+`"`) {
			t.Errorf("sample --clip %s: exit %d %s\n%s", name, code, errs, out)
		}
	}
}

// inspectClipNames is the clip names `inspect --json FILE...` gives.
func inspectClipNames(t *testing.T, files ...string) []string {
	t.Helper()
	code, out, errs := runCLI(append([]string{"inspect", "--json"}, files...)...)
	if code != exitOK {
		t.Fatalf("inspect: exit %d: %s", code, errs)
	}
	var ins struct {
		Clips []struct {
			Name string `json:"name"`
		} `json:"clips"`
	}
	if err := json.Unmarshal([]byte(out), &ins); err != nil {
		t.Fatalf("inspect --json: %v\n%s", err, out)
	}
	var names []string
	for _, c := range ins.Clips {
		names = append(names, c.Name)
	}
	return names
}
