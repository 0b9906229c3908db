package gltf

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"animscope/assets"
	"animscope/formats"
	"animscope/formats/samples"

	"animscope/formats/msh"
	"animscope/formats/msh/mshtest"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"

	_ "animscope/formats/m2"
	_ "animscope/formats/vca"

	"github.com/go-gl/mathgl/mgl32"
)

// Per-family tests on the real decoders: the built-in demo and MSH models written by
// the MSH encoder (always), and the real sample files when ../shared/samples is
// present.

func runFamilyCase(t *testing.T, name string, a *formats.Asset, opts ExportOptions, axes func(vec3) vec3) *evaluator {
	t.Helper()
	return runFamilyCaseMid(t, name, a, opts, axes, false)
}

// runFamilyCaseMid is runFamilyCase that, with mid, also compares every joint halfway
// between consecutive exported samples (for clips whose tracks are linear).
func runFamilyCaseMid(t *testing.T, name string, a *formats.Asset, opts ExportOptions, axes func(vec3) vec3, mid bool) *evaluator {
	t.Helper()
	tc := exportCase{name: name, scene: func() *formats.Asset { return a }, opts: opts, axes: axes}
	if mid {
		tc.linear = make([]bool, len(a.Clips))
		for i := range tc.linear {
			tc.linear[i] = true
		}
	}
	e, ev := checkExport(t, tc)
	t.Logf("%s: %d samples: max error joint %.3g, linear %.3g, vertex %.3g; %d midpoints: %.3g (joints %.3g, %s)",
		name, e.samples, e.joint, e.linear, e.vertex, e.mids, e.mid, e.midJoint, e.midWhere)
	for _, c := range []struct {
		what string
		got  float64
	}{{"joint position", e.joint}, {"joint linear part", e.linear}, {"skinned vertex", e.vertex}, {"midpoint", e.mid}} {
		if !(c.got <= tolerance) {
			t.Errorf("max %s error: got %.3g, want <= %g", c.what, c.got, tolerance)
		}
	}
	return ev
}

func TestExportDemo(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts formats.Options
	}{
		{"default readings", formats.Options{}},
		{"rounding floor", formats.Options{Readings: map[string]string{"rounding": "floor"}}},
		{"rounding half-away, quat order wxyz", formats.Options{Readings: map[string]string{"rounding": "half-away", "quat-order": "wxyz"}}},
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
	chain := mshtest.NewChain(7, 25)
	// One track ends early, so the node falls back to its last key for the last frames.
	chain.Nodes[4].Keys = chain.Nodes[4].Keys[:len(chain.Nodes[4].Keys)-2]
	for _, tc := range []struct {
		name  string
		model *msh.Model
		opts  ExportOptions
	}{
		{"chain", chain, ExportOptions{}},
		{"chain at 100 fps", chain, ExportOptions{FPS: 100}},
		{"worked example", mshtest.WorkedExample(), ExportOptions{}},
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
			runFamilyCaseMid(t, f, a, ExportOptions{}, axesZUp, true)
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
			runFamilyCaseMid(t, f, a, ExportOptions{}, axesSWG, true)
		})
	}
}

// TestExportSWGSkinned exports a full SWG scene through the real decoder: a skeleton
// written by the SWG .skt writer over the joint names of the sample mesh and
// dinosaurid animation (there is no sample .skt; parents and constants are made up,
// with RPRE, RPST, BPRO and BPTR all in play), the sample .mgn (up to six
// influences per vertex) and the sample .ans, in both fidelities.
func TestExportSWGSkinned(t *testing.T) {
	dir := samples.Dir(t, "swg")
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	const meshFile, animFile = "binjinphant_mount_l3.mgn", "dinosaurid_emt_stand_trick_1.ans"
	mg, err := swg.DecodeMeshGen(meshFile, read(meshFile))
	if err != nil {
		t.Fatal(err)
	}
	an, err := swg.DecodeAnimation(animFile, read(animFile))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	seen := map[string]bool{}
	for _, n := range mg.XFNM {
		if !seen[strings.ToLower(n)] {
			seen[strings.ToLower(n)] = true
			names = append(names, n)
		}
	}
	for _, x := range an.Xforms {
		if !seen[strings.ToLower(x.Name)] {
			seen[strings.ToLower(x.Name)] = true
			names = append(names, x.Name)
		}
	}
	skt := &swg.SkeletonTemplate{Version: "0002"}
	deg := func(d float64, ax mgl32.Vec3) mgl32.Quat {
		return swg.AxisAngle(float32(d*math.Pi/180), ax.Normalize())
	}
	for i, n := range names {
		skt.Names = append(skt.Names, n)
		skt.Parents = append(skt.Parents, int32((i+1)/3-1))
		skt.RPRE = append(skt.RPRE, deg(float64(7*i%40), mgl32.Vec3{0, 0, 1}))
		skt.RPST = append(skt.RPST, deg(float64(-(11*i)%50), mgl32.Vec3{0, 1, 0}))
		skt.BPRO = append(skt.BPRO, deg(float64(13*i%60), mgl32.Vec3{1, 0.5, 0}))
		skt.BPTR = append(skt.BPTR, mgl32.Vec3{0.05 * float32(i%3), 0.3, 0.1 * float32(i%2)})
		skt.JROR = append(skt.JROR, 0)
	}
	sktData, err := swgtest.EncodeSKTM(skt)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	files := []string{filepath.Join(work, "made_up.skt"), filepath.Join(work, meshFile), filepath.Join(work, animFile)}
	for i, data := range [][]byte{sktData, read(meshFile), read(animFile)} {
		if err := os.WriteFile(files[i], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, fidelity := range []string{"file", "client"} {
		t.Run(fidelity, func(t *testing.T) {
			a, err := formats.Open(files, formats.Options{Readings: map[string]string{"fidelity": fidelity}})
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Meshes) == 0 || len(a.Clips) != 1 || !a.MirrorX {
				t.Fatalf("got %d meshes, %d clips, mirrored %v; want meshes, one clip, mirrored", len(a.Meshes), len(a.Clips), a.MirrorX)
			}
			ev := runFamilyCaseMid(t, "swg "+fidelity, a, ExportOptions{}, axesSWG, true)
			// formats/swg/FORMAT.md §7.3: the raw triangles of this mesh agree with its normals
			// under the component-wise cross product; mirrored into glTF and rewound
			// they must still face their normals.
			agree, total := windingAgreement(ev)
			if total == 0 || float64(agree) < 0.99*float64(total) {
				t.Errorf("got %d of %d triangles facing their normals, want at least 99%%", agree, total)
			}
			wide := false
			for _, m := range ev.doc.Meshes {
				_, ok := m.Primitives[0].Attributes["JOINTS_1"]
				wide = wide || ok
			}
			if !wide {
				t.Errorf("no mesh has JOINTS_1, want the sample's 5- and 6-influence vertices kept")
			}
		})
	}
}

// TestExportVCA exports VoxelCore scenes through the real decoder: the synthetic
// wave.vca of the VCA package (linear, bezier and custom curves, func lines, noise,
// a period, root motion) on its stand-in skeleton, and when the samples are present
// on the human.vcm model and the sample entities.
func TestExportVCA(t *testing.T) {
	wave := filepath.Join("..", "vca", "testdata", "wave.vca")
	type scene struct {
		name  string
		files []string
		opts  formats.Options
	}
	scenes := []scene{
		{"wave.vca alone", []string{wave}, formats.Options{}},
		{"wave.vca alone, absolute handles", []string{wave}, formats.Options{Readings: map[string]string{"handles": "absolute"}}},
	}
	if dir := samples.Path("vca"); dir != "" {
		res := filepath.Join(dir, "res")
		scenes = append(scenes,
			scene{"human.vcm + wave.vca", []string{filepath.Join(res, "models", "human.vcm"), wave}, formats.Options{}},
			scene{"human.vcm + wave.vca, unknown bones to root", []string{filepath.Join(res, "models", "human.vcm"), wave}, formats.Options{Readings: map[string]string{"unknown-bone": "root"}}},
		)
		for _, e := range []string{"player.json", "drop.json", "falling_block.json"} {
			scenes = append(scenes, scene{"entity " + e, []string{filepath.Join(res, "content", "base", "entities", e)}, formats.Options{}})
		}
	} else {
		t.Logf("VoxelCore samples absent: only wave.vca on its stand-in skeleton")
	}
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			a, err := formats.Open(sc.files, sc.opts)
			if err != nil {
				t.Fatal(err)
			}
			runFamilyCase(t, sc.name, a, ExportOptions{}, axesYUp)
		})
	}
}
