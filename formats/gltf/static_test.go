package gltf

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/samples"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
)

// animationSpan is the first and last key time over every sampler of an animation.
func animationSpan(t *testing.T, doc *gltf.Document, an *gltf.Animation) (lo, hi float64) {
	t.Helper()
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, s := range an.Samplers {
		acc := doc.Accessors[s.Input]
		if len(acc.Min) != 1 || len(acc.Max) != 1 {
			t.Fatalf("animation %q: input accessor %d has min %v, max %v; want one value each", an.Name, s.Input, acc.Min, acc.Max)
		}
		lo, hi = math.Min(lo, acc.Min[0]), math.Max(hi, acc.Max[0])
	}
	return lo, hi
}

// staticScene is chainScene with a clip of 3333 ms in which no node moves (as
// Tombstone03's "Stand"): every node has one key.
func staticScene() *formats.Asset {
	a := chainScene()
	a.Clips = append(a.Clips, &keyClip{name: "Stand", unit: "ms", ups: 1000, duration: 3333, step: 1000.0 / 30,
		keys: [][]tkey{
			{{t: 0, T: v3(0, 0, 0), Q: mgl32.QuatIdent(), S: one}},
			{{t: 0, Q: rot(40, v3(1, 0, 0)), S: v3(1, 1.5, 1)}},
			{{t: 0, Q: rot(10, v3(0, 1, 0)), S: one}},
		}})
	return a
}

// TestExportKeepsClipDuration: every exported animation lasts as long as its clip,
// also when nothing in it moves (a clip whose channels are all constant used to
// come out 0 s long), and the validator finds no error, warning or unused accessor.
func TestExportKeepsClipDuration(t *testing.T) {
	type scene struct {
		name string
		a    func(t *testing.T) *formats.Asset
	}
	scenes := []scene{{"synthetic static clip", func(*testing.T) *formats.Asset { return staticScene() }}}
	if dir := samples.Path("m2"); dir != "" {
		scenes = append(scenes, scene{"Tombstone03.m2", func(t *testing.T) *formats.Asset {
			a, err := formats.Open([]string{filepath.Join(dir, "Tombstone03.m2")}, formats.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return a
		}})
	}
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			a := sc.a(t)
			doc, err := Export(a, ExportOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for i, an := range doc.Animations {
				info := a.Clips[i].Info()
				want := float64(float32(info.Duration / info.UnitsPerSecond))
				lo, hi := animationSpan(t, doc, an)
				if lo != 0 || hi != want {
					t.Errorf("animation %q: got keys from %g s to %g s, want 0 to %g s", an.Name, lo, hi, want)
				}
			}
			glb, err := EncodeBytes(doc)
			if err != nil {
				t.Fatal(err)
			}
			rep, reason := runValidator(t, "static", glb)
			if reason != "" {
				t.Logf("glTF validator skipped: %s", reason)
				return
			}
			for _, m := range rep.Issues.Messages {
				// An unused accessor is what a 0 s clip left behind (its sample times).
				if m.Severity <= 1 || m.Code == "UNUSED_OBJECT" && strings.HasPrefix(m.Pointer, "/accessors/") {
					t.Errorf("glTF validator %s at %s: %s", m.Code, m.Pointer, m.Message)
				}
			}
		})
	}
}
