package gltf

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"animscope/assets"
	"animscope/formats"
	"animscope/formats/m2/m2test"
	"animscope/formats/samples"
)

// twoPassSampleClip is sampleClip as first written: every clip sampled at its
// own times in full, and again at the denser times when a node needed helpers;
// the helpers are those of both passes.
func twoPassSampleClip(e *exporter, c *clipTrack) error {
	c.helper = make([]bool, len(e.slots))
	times, ups, err := e.sampleTimes(c)
	if err != nil {
		return err
	}
	st, err := e.sampleAt(c, times, ups, false)
	if err != nil || !st.helpers {
		return err
	}
	if dense := denser(times, ups); len(dense) <= e.opts.MaxSamples {
		_, err = e.sampleAt(c, dense, ups, false)
	}
	return err
}

// sampledExporter is Export up to the sampling of the clips.
func sampledExporter(t *testing.T, a *formats.Asset) *exporter {
	t.Helper()
	e := &exporter{a: a, sk: a.Skeleton, opts: ExportOptions{MaxSamples: DefaultMaxSamples, Name: "x"}}
	e.conv = conversionFor(a, 0)
	if err := e.pickClips(); err != nil {
		t.Fatal(err)
	}
	if err := e.bind(); err != nil {
		t.Fatal(err)
	}
	return e
}

func sameChannels3(a, b [][][3]float32) bool {
	if len(a) != len(b) {
		return false
	}
	for s := range a {
		if len(a[s]) != len(b[s]) {
			return false
		}
		for k := range a[s] {
			if !same3(&a[s][k], &b[s][k]) {
				return false
			}
		}
	}
	return true
}

func sameChannels4(a, b [][][4]float32) bool {
	if len(a) != len(b) {
		return false
	}
	for s := range a {
		if len(a[s]) != len(b[s]) {
			return false
		}
		for k := range a[s] {
			if !same4(&a[s][k], &b[s][k]) {
				return false
			}
		}
	}
	return true
}

// TestSampleClipIsTwoPass: sampleClip, which stops a clip's own-times pass at the
// first node that needs helpers and settles the others from the dense pass,
// gives every clip the channels, times and helpers of the two full passes, bit
// for bit: on the demo, M2 models with and without inheritance flags, and the
// real samples under both readings when they are present.
func TestSampleClipIsTwoPass(t *testing.T) {
	type scene struct {
		name string
		open func() (*formats.Asset, error)
	}
	scenes := []scene{{"demo", func() (*formats.Asset, error) {
		return formats.OpenData(assets.DemoName, assets.DemoMSH, formats.Options{})
	}}}
	dir := t.TempDir()
	for i, flags := range [][3]uint32{{0, 0, 0}, {0x7, 0, 0x5}} {
		m := m2test.NewModel(264)
		for b := range m.Bones {
			m.Bones[b].Flags |= flags[b]
		}
		data, skin := m.Encode()
		p := filepath.Join(dir, fmt.Sprintf("M%d.m2", i))
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("M%d00.skin", i)), skin, 0o644); err != nil {
			t.Fatal(err)
		}
		scenes = append(scenes, scene{p + " apply", func() (*formats.Asset, error) {
			return formats.Open([]string{p}, formats.Options{}.With("parent-flags", "apply"))
		}})
	}
	if d := samples.Path("m2"); d != "" {
		for _, f := range []string{"Murloc2.m2", "Frog.m2"} {
			p := filepath.Join(d, f)
			for _, pf := range []string{"ignore", "apply"} {
				scenes = append(scenes, scene{f + " " + pf, func() (*formats.Asset, error) {
					return formats.Open([]string{p}, formats.Options{}.With("parent-flags", pf))
				}})
			}
		}
	}
	settled, full := 0, 0
	for _, sc := range scenes {
		a, err := sc.open()
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
		e := sampledExporter(t, a)
		for _, c := range e.clips {
			got, want := *c, *c
			gerr, werr := e.sampleClip(&got), twoPassSampleClip(e, &want)
			if fmt.Sprint(gerr) != fmt.Sprint(werr) {
				t.Errorf("%s, clip %q: error %v, want %v", sc.name, c.name, gerr, werr)
				continue
			}
			switch got.passes {
			case 2:
				settled++
			case 4:
				full++
			}
			if len(got.secs) != len(want.secs) || len(got.times) != len(want.times) {
				t.Errorf("%s, clip %q: %d times, want %d", sc.name, c.name, len(got.times), len(want.times))
				continue
			}
			for k := range got.secs {
				if math.Float32bits(got.secs[k]) != math.Float32bits(want.secs[k]) || got.times[k] != want.times[k] {
					t.Errorf("%s, clip %q: time %d is %v, want %v", sc.name, c.name, k, got.times[k], want.times[k])
					break
				}
			}
			for s := range got.helper {
				if got.helper[s] != want.helper[s] {
					t.Errorf("%s, clip %q: slot %d helper %v, want %v", sc.name, c.name, s, got.helper[s], want.helper[s])
				}
			}
			if !sameChannels3(got.tr, want.tr) || !sameChannels4(got.rot, want.rot) || !sameChannels3(got.scl, want.scl) || !sameChannels4(got.vrot, want.vrot) {
				t.Errorf("%s, clip %q: the channels differ from the two full passes", sc.name, c.name)
			}
		}
	}
	t.Logf("%d clips settled from the dense pass, %d sampled in both passes in full", settled, full)
	if settled == 0 {
		t.Error("no clip was settled from its dense pass: the cases miss the shortcut")
	}
}
