package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// A tiny test family lets the command line be tested on its own: a file
// "TESTSCENE <shift>" gives a three-node chain and one clip whose node i moves
// along X by t·i and picks keys floor(t)+shift and floor(t)+shift+1.

type testClip struct{ shift int32 }

func (c testClip) Info() anim.ClipInfo {
	return anim.ClipInfo{Name: "walk", Unit: "frame", Duration: 4, UnitsPerSecond: 10, Frames: 4}
}

func (c testClip) Sample(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	c.sample(t, out, probes)
	return anim.IdentityAffine, false
}

// NewContext returns nil: sampling keeps no state between calls.
func (c testClip) NewContext() anim.Context { return nil }

func (c testClip) sample(t float64, out []anim.Transform, probes []anim.Probe) {
	fl := math.Floor(t)
	for i := range out {
		out[i] = anim.Transform{T: mgl32.Vec3{float32(t) * float32(i), 0, 0}, Q: mgl32.Quat{W: 1}, S: mgl32.Vec3{1, 1, 1}}
	}
	for i := range probes {
		probes[i].Reset(int32(fl), t < 0)
		probes[i].Add(anim.KeyUse{Channel: anim.ChannelOf("t"), K0: int32(fl) + c.shift, K1: int32(fl) + c.shift + 1, Alpha: float32(t - fl)})
	}
}

func init() {
	formats.Register(formats.Decoder{
		Name:  "testscene",
		Sniff: func(name string, head []byte) bool { return bytes.HasPrefix(head, []byte("TESTSCENE")) },
		Decode: func(src *formats.Source) (*formats.Part, error) {
			f := strings.Fields(string(src.Data))
			if len(f) != 2 {
				return nil, formats.FileErrorf(src.Name, 9, "want a shift after the magic")
			}
			shift, err := strconv.Atoi(f[1])
			if err != nil {
				return nil, formats.FileErrorf(src.Name, 10, "shift %q is not a number", f[1])
			}
			return &formats.Part{
				Asset: formats.Asset{
					Family:   "test",
					Skeleton: &anim.Skeleton{Names: []string{"root", "Mid", "tip"}, Parents: []int32{-1, 0, 1}},
					Clips:    []anim.Clip{testClip{int32(shift)}},
				},
			}, nil
		},
	})
}

func writeScene(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	good := writeScene(t, dir, "a.test", "TESTSCENE 0")
	bad := writeScene(t, dir, "bad.test", "TESTSCENE x")
	unknown := writeScene(t, dir, "what.bin", "\x00\x01garbage")
	tests := []struct {
		name    string
		args    []string
		want    int
		wantErr string
	}{
		{"sample ok", []string{"sample", good}, exitOK, ""},
		{"sample flags after file", []string{"sample", good, "--t", "1.5", "--json"}, exitOK, ""},
		{"sample no file", []string{"sample"}, exitUsage, "no FILE"},
		{"sample unknown flag", []string{"sample", "--bogus", good}, exitUsage, "bogus"},
		{"sample bad rounding", []string{"sample", "--rounding", "ceil", good}, exitUsage, "--rounding"},
		{"sample NaN t", []string{"sample", "--t", "NaN", good}, exitUsage, "--t"},
		{"sample Inf t", []string{"sample", "--t", "+Inf", good}, exitUsage, "--t"},
		{"sample weight out of range", []string{"sample", "--clip-b", "0", "--weight", "2", good}, exitUsage, "--weight"},
		{"sample weight without clip-b", []string{"sample", "--weight", "0.5", good}, exitUsage, "--clip-b"},
		{"sample no such clip", []string{"sample", "--clip", "run", good}, exitUsage, "run"},
		{"sample clip index out of range", []string{"sample", "--clip", "3", good}, exitUsage, "out of range"},
		{"sample missing file", []string{"sample", filepath.Join(dir, "nope.test")}, exitInvalid, "nope.test"},
		{"sample bad file", []string{"sample", bad}, exitInvalid, "bad.test: offset 0xa: shift"},
		{"sample unknown format", []string{"sample", unknown}, exitInvalid, "what.bin: offset 0x0: unknown file format"},
		{"inspect ok", []string{"inspect", good}, exitOK, ""},
		{"inspect json", []string{"inspect", "--json", good}, exitOK, ""},
		{"inspect bad", []string{"inspect", bad}, exitInvalid, "offset 0xa"},
		{"validate ok", []string{"validate", good}, exitOK, ""},
		{"validate bad", []string{"validate", good, bad}, exitInvalid, "bad.test: offset 0xa"},
		{"validate no file", []string{"validate"}, exitUsage, "no FILE"},
		{"diff one file", []string{"diff", good}, exitUsage, "exactly two"},
		{"diff bad rounding-b", []string{"diff", "--rounding-b", "up", good, good}, exitUsage, "--rounding-b"},
		{"diff identical", []string{"diff", good, good}, exitOK, ""},
	}
	for _, tc := range tests {
		code, _, stderr := runCLI(tc.args...)
		if code != tc.want {
			t.Errorf("%s: exit %d, want %d (stderr %q)", tc.name, code, tc.want, stderr)
		}
		if !strings.Contains(stderr, tc.wantErr) {
			t.Errorf("%s: stderr %q does not mention %q", tc.name, stderr, tc.wantErr)
		}
	}
}

func TestSampleJSON(t *testing.T) {
	dir := t.TempDir()
	good := writeScene(t, dir, "a.test", "TESTSCENE 0")
	code, out, stderr := runCLI("sample", "--json", "--t", "2.25", good)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Files  []string `json:"files"`
		Format string   `json:"format"`
		Clip   struct {
			Index    int     `json:"index"`
			Name     string  `json:"name"`
			Unit     string  `json:"unit"`
			Duration float64 `json:"duration"`
		} `json:"clip"`
		T     float64 `json:"t"`
		Nodes []struct {
			Index  int `json:"index"`
			Parent int `json:"parent"`
			Local  struct {
				T []float64 `json:"t"`
				R []float64 `json:"r"`
				S []float64 `json:"s"`
			} `json:"local"`
			Model []float64 `json:"model"`
			Probe struct {
				Frame    int  `json:"frame"`
				Fallback bool `json:"fallback"`
				Keys     []struct {
					Channel string  `json:"channel"`
					K0      int     `json:"k0"`
					K1      int     `json:"k1"`
					Alpha   float64 `json:"alpha"`
				} `json:"keys"`
			} `json:"probe"`
			ProbeB *json.RawMessage `json:"probe_b"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if got.Format != "test" || got.Clip.Name != "walk" || got.Clip.Unit != "frame" || got.Clip.Duration != 4 || got.T != 2.25 {
		t.Errorf("header = %+v %+v t=%v, want format test, clip walk/frame/4, t 2.25", got.Format, got.Clip, got.T)
	}
	if len(got.Nodes) != 3 {
		t.Fatalf("%d nodes, want 3", len(got.Nodes))
	}
	n := got.Nodes[2]
	// Node 2 moves 2·2.25 = 4.5 along X; its parent chain adds 0 + 2.25.
	if n.Parent != 1 || n.Local.T[0] != 4.5 || len(n.Model) != 16 || n.Model[12] != 6.75 || n.Model[15] != 1 {
		t.Errorf("node 2 = parent %d, local.t %v, model %v; want parent 1, t.x 4.5, model translation x 6.75", n.Parent, n.Local.T, n.Model)
	}
	if len(n.Local.R) != 4 || n.Local.R[0] != 1 {
		t.Errorf("local.r = %v, want [1 0 0 0] (w first)", n.Local.R)
	}
	if n.Probe.Frame != 2 || n.Probe.Fallback || len(n.Probe.Keys) != 1 || n.Probe.Keys[0].K0 != 2 || n.Probe.Keys[0].K1 != 3 || n.Probe.Keys[0].Alpha != 0.25 {
		t.Errorf("probe = %+v, want frame 2, mapped, t 2→3 @0.25", n.Probe)
	}
	if n.ProbeB != nil {
		t.Errorf("probe_b present without --clip-b")
	}

	code, out, stderr = runCLI("sample", "--json", "--t", "1", "--clip-b", "walk", "--t-b", "3", "--weight", "0.5", good)
	if code != exitOK {
		t.Fatalf("blend: exit %d: %s", code, stderr)
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Nodes[1].ProbeB == nil || got.Nodes[1].Local.T[0] != 2 {
		t.Errorf("blend node 1: probe_b %v, local.t %v; want probe_b and t.x = (1+3)/2 = 2", got.Nodes[1].ProbeB, got.Nodes[1].Local.T)
	}
	if !strings.Contains(out, `"clip_b"`) || !strings.Contains(out, `"weight": 0.5`) {
		t.Errorf("blend output lacks clip_b or weight:\n%s", out)
	}
}

func TestDiff(t *testing.T) {
	dir := t.TempDir()
	a := writeScene(t, dir, "a.test", "TESTSCENE 0")
	b := writeScene(t, dir, "b.test", "TESTSCENE 1")
	code, out, stderr := runCLI("diff", "--json", a, b)
	if code != exitInvalid {
		t.Fatalf("diff of differing files: exit %d, want 1 (%s)", code, stderr)
	}
	var got diffOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	// Duration 4, frame step 1: t = 0..4, five times; every node differs in its key.
	if got.Match != "name" || got.Times != 5 || got.DifferingNodes != 3 || got.Differences != 15 || got.Identical {
		t.Errorf("diff = match %s, times %d, nodes %d, differences %d, identical %v; want name, 5, 3, 15, false",
			got.Match, got.Times, got.DifferingNodes, got.Differences, got.Identical)
	}
	if len(got.Nodes) > 0 && (got.Nodes[0].First != 0 || got.Nodes[0].Frames[0].What[0] != "key") {
		t.Errorf("first difference = t %v what %v, want t 0 key", got.Nodes[0].First, got.Nodes[0].Frames[0].What)
	}
	code, out, _ = runCLI("diff", a, b)
	if code != exitInvalid || !strings.Contains(out, "3 nodes differ, 15 differences") {
		t.Errorf("text diff: exit %d, output:\n%s", code, out)
	}
}
