package gltf

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"animscope/assets"
	"animscope/formats"
	"animscope/internal/samples"

	"animscope/formats/msh"

	_ "animscope/formats/m2"
	_ "animscope/formats/swg"
)

// Per-family tests on the real decoders: the built-in demo and MSH models written by
// the MSH encoder (always), and the real sample files when ../shared/samples is
// present.

func runFamilyCase(t *testing.T, name string, a *formats.Asset, opts ExportOptions, axes func(vec3) vec3) {
	t.Helper()
	e, _ := checkExport(t, exportCase{name: name, scene: func() *formats.Asset { return a }, opts: opts, axes: axes})
	t.Logf("%s: %d samples: max error joint %.3g, linear %.3g, vertex %.3g", name, e.samples, e.joint, e.linear, e.vertex)
	for _, c := range []struct {
		what string
		got  float64
	}{{"joint position", e.joint}, {"joint linear part", e.linear}, {"skinned vertex", e.vertex}} {
		if !(c.got <= tolerance) {
			t.Errorf("max %s error: got %.3g, want <= %g", c.what, c.got, tolerance)
		}
	}
}

func TestExportDemo(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts formats.Options
	}{
		{"default readings", formats.Options{}},
		{"rounding floor", formats.Options{Rounding: "floor"}},
		{"rounding half-away, quat order wxyz", formats.Options{Rounding: "half-away", QuatOrder: "wxyz"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := formats.OpenData(assets.DemoName, assets.DemoMSH, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := a.Family, formats.FamilyMSH; got != want {
				t.Fatalf("demo family: got %q, want %q", got, want)
			}
			runFamilyCase(t, "demo", a, ExportOptions{}, axesZUp)
		})
	}
}

// TestExportMSHModels exports MSH models written by the MSH encoder: a chain whose
// int16 keys are not unit length and whose short tracks fall back, and the spec's
// worked example.
func TestExportMSHModels(t *testing.T) {
	chain := msh.NewChain(7, 25)
	// One track ends early, so the node falls back to its last key for the last frames.
	chain.Nodes[4].Keys = chain.Nodes[4].Keys[:len(chain.Nodes[4].Keys)-2]
	for _, tc := range []struct {
		name  string
		model *msh.Model
		opts  ExportOptions
	}{
		{"chain", chain, ExportOptions{}},
		{"chain at 100 fps", chain, ExportOptions{FPS: 100}},
		{"worked example", msh.WorkedExample(), ExportOptions{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := tc.model.Encode()
			if err != nil {
				t.Fatal(err)
			}
			a, err := formats.OpenData("model.msh", data, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			runFamilyCase(t, tc.name, a, tc.opts, axesZUp)
		})
	}
}

func sampleFiles(t *testing.T, sub, ext string) (string, []string) {
	t.Helper()
	dir := samples.Dir(t, sub)
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range ents {
		if strings.EqualFold(filepath.Ext(e.Name()), ext) {
			files = append(files, e.Name())
		}
	}
	sort.Strings(files)
	return dir, files
}

// TestExportM2Samples exports every clip of every sample M2 model.
func TestExportM2Samples(t *testing.T) {
	dir, files := sampleFiles(t, "m2", ".m2")
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			a, err := formats.Open([]string{filepath.Join(dir, f)}, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			runFamilyCase(t, f, a, ExportOptions{}, axesZUp)
		})
	}
}

// TestExportSWGSamples exports each sample animation on the stand-in skeleton the
// decoder gives an .ans opened alone (there is no sample .skt).
func TestExportSWGSamples(t *testing.T) {
	dir, files := sampleFiles(t, "swg", ".ans")
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			a, err := formats.Open([]string{filepath.Join(dir, f)}, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			runFamilyCase(t, f, a, ExportOptions{}, axesSWG)
		})
	}
}
