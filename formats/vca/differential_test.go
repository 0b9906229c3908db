package vca

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/samples"

	"github.com/go-gl/mathgl/mgl32"
)

// ozzLikeTrack is the ozz-like benchmark's VoxelCore clip c (formats/ozzlike):
// fps 30, four linear lines of 31 keys per bone (move x, move y, rotate z,
// scale y) on bones j0..j(n−1).
func ozzLikeTrack(n, c int) string {
	value := func(i, k, salt int) float64 { return math.Sin(float64(i*131+k*17+c*7919+salt*31) * 0.618) }
	var sb strings.Builder
	sb.WriteString("@configure fps 30 frames 30\n")
	for i := 0; i < n; i++ {
		for _, l := range []struct {
			ch, axis string
			v        func(k int) float64
		}{
			{"move", "x", func(k int) float64 { return value(i, k, 2) }},
			{"move", "y", func(k int) float64 { return value(i, k, 3) }},
			{"rotate", "z", func(k int) float64 { return 90 * value(i, k, 1) }},
			{"scale", "y", func(k int) float64 { return 1 + 0.1*value(i, k, 4) }},
		} {
			fmt.Fprintf(&sb, "@%s bone j%d by %s curve linear {\n", l.ch, i, l.axis)
			for k := 0; k < 31; k++ {
				fmt.Fprintf(&sb, "  @key frame %d value %.6f\n", k, l.v(k))
			}
			sb.WriteString("}\n")
		}
	}
	return sb.String()
}

// mixedTrack shares frames and periods among some lines and not others, mixes
// every kind of line on one bone, and draws random numbers in frame expressions
// between lines that share theirs.
const mixedTrack = `@configure fps 24
@curve name ease func (kl.value + (kr.value - kl.value) * t * t)
@move bone a by x curve linear { 
  @key frame 0 value 0
  @key frame 10 value 1
  @key frame 20 value -1
}
@move bone a by y curve linear {
  @key frame 0 value 2
  @key frame 10 value 3
  @key frame 20 value 4
}
@move bone a by z curve const {
  @key frame 0 value 5
  @key frame 10 value 6
  @key frame 20 value 7
}
@rotate bone a by x curve bezier {
  @key frame 0 value 0 lx -3 ly 0 rx 3 ry 0
  @key frame 10 value 45 lx -3 ly 0 rx 3 ry 0
  @key frame 20 value 0 lx -3 ly 0 rx 3 ry 0
}
@rotate bone a by y curve .ease period 15 {
  @key frame 0 value 0
  @key frame 10 value 30
  @key frame 20 value 0
}
@rotate bone a by z curve linear period (7 + rand(0, 3)) {
  @key frame 0 value 0
  @key frame 10 value 30
  @key frame 20 value 0
}
@scale bone a by x curve linear period (7 + rand(0, 3)) {
  @key frame 0 value 1
  @key frame 10 value 2
  @key frame 20 value 1
}
@scale bone a by y func (1 + 0.1 * sin(t) + rand(0, 1))
@scale bone a by z curve linear {
  @key frame 0 value 1
  @key frame 10 value 2
  @key frame 20 value 1
}
@move bone b by x curve linear period 12 {
  @key frame 5 value 1
  @key frame 5 value 2
  @key frame 9 value 3
}
@move bone b by y curve linear period 12 {
  @key frame 5 value 1
  @key frame 5 value 2
  @key frame 9 value 3
}
@move bone b by w curve linear {
  @key frame 0 value 1
  @key frame 9 value 3
}
@rotate bone b by x curve const period 0 {
  @key frame 0 value 10
  @key frame 9 value 30
}
@rotate bone b by y curve linear {
  @key frame 3 value 1e300
  @key frame 9 value -1e300
}
@scale bone b by z curve linear {
  @key frame -1e309 value 0
  @key frame 1e309 value 1
}
@color bone a by r func (t > 1 and 1e300 or 0.5)
@show bone a func (t > 1 and 1e300 or 1)
@show bone b {
  @key frame 0 value on
  @key frame 6 value off
}
@color bone b by g curve linear {
  @key frame 0 value 0
  @key frame 6 value 1
}
@model bone a {
  @key frame 0 value x
  @key frame 6 value y
}
@texture name $0 {
  @key frame 0 value one
  @key frame 6 value two
}
@move by y curve linear {
  @key frame 0 value 0
  @key frame 10 value 1
  @key frame 20 value -1
}
@rotate by z func (t * 10)
@zoom zoom 1 curve linear {
  @key frame 0 value 1
  @key frame 10 value 2
}
@move bone nosuch by x curve linear {
  @key frame 0 value 0
  @key frame 10 value 1
}
`

// diffSource is a track text the differential test samples.
type diffSource struct {
	name string
	src  []byte
}

func diffSources(t *testing.T) []diffSource {
	var out []diffSource
	add := func(name, src string) { out = append(out, diffSource{name, []byte(src)}) }
	for i, s := range vcaSeeds {
		add(fmt.Sprintf("seed%d", i), s)
	}
	add("mixed", mixedTrack)
	add("ozz64a", ozzLikeTrack(64, 0))
	add("ozz64b", ozzLikeTrack(64, 1))
	if data, err := os.ReadFile(filepath.Join("testdata", "wave.vca")); err == nil {
		add("wave", string(data))
	} else {
		t.Fatal(err)
	}
	corpus, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzVCA", "*"))
	for _, p := range corpus {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.TrimSpace(strings.TrimPrefix(string(data), "go test fuzz v1\n"))
		if !strings.HasPrefix(text, "[]byte(") || !strings.HasSuffix(text, ")") {
			continue
		}
		s, err := strconv.Unquote(text[len("[]byte(") : len(text)-1])
		if err != nil {
			continue
		}
		add("corpus/"+filepath.Base(p), s)
	}
	return out
}

// sampleTracks are the .vca files among the real samples.
func sampleTracks(t *testing.T) []diffSource {
	var out []diffSource
	filepath.Walk(samples.Dir(t, "vca"), func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() && filepath.Ext(p) == ".vca" {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, diffSource{"sample/" + filepath.Base(p), data})
		}
		return nil
	})
	if len(out) == 0 {
		t.Skip("no .vca file among the samples")
	}
	return out
}

// diffTimes are the times (seconds) sampled for c: random ones, every key
// exactly, just beside every key, before the first and after the last key,
// negative and non-finite ones.
func diffTimes(c *Clip, rng *rand.Rand) []float64 {
	ts := []float64{0, math.Copysign(0, -1), -1, -1e-9, -7.25, 1e6, -1e6, 1e300, math.Inf(1), math.Inf(-1), math.NaN(), 1e-300}
	fps := c.tr.FPS
	for _, l := range c.tr.Lines {
		for _, f := range l.frames {
			if fps > 0 {
				k := f / fps
				ts = append(ts, k, math.Nextafter(k, math.Inf(1)), math.Nextafter(k, math.Inf(-1)), k-1, k+1, k+0.5/fps)
			}
		}
		if len(ts) > 400 {
			break
		}
	}
	for i := 0; i < 200; i++ {
		ts = append(ts, rng.Float64()*4-1, rng.NormFloat64()*20)
	}
	return ts
}

func sameProbe(a, b *anim.Probe) bool { return a.Identical(b) }

func sameTransform(a, b anim.Transform) bool {
	for k := 0; k < 3; k++ {
		if math.Float32bits(a.T[k]) != math.Float32bits(b.T[k]) || math.Float32bits(a.S[k]) != math.Float32bits(b.S[k]) ||
			math.Float32bits(a.Q.V[k]) != math.Float32bits(b.Q.V[k]) {
			return false
		}
	}
	return math.Float32bits(a.Q.W) == math.Float32bits(b.Q.W)
}

// sameState compares what evaluate leaves for SampleState (show, colour, model,
// textures, zoom) bit for bit.
func sameState(sc *scratch, ref *refScratch) string {
	for i := range sc.ls {
		a, b := &sc.ls[i], &ref.ls[i]
		for k := 0; k < 4; k++ {
			if math.Float64bits(a.color[k]) != math.Float64bits(b.color[k]) {
				return fmt.Sprintf("lineset %d colour %v, reference %v", i, a.color, b.color)
			}
		}
		if a.colorSet != b.colorSet || a.show != b.show || a.model != b.model || a.modelSet != b.modelSet {
			return fmt.Sprintf("lineset %d show/model %d %q, reference %d %q", i, a.show, a.model, b.show, b.model)
		}
		for k := 0; k < 9; k++ {
			want := [9]float64{b.t[0], b.t[1], b.t[2], b.r[0], b.r[1], b.r[2], b.s[0], b.s[1], b.s[2]}
			if math.Float64bits(sc.lsTrs(i)[k]) != math.Float64bits(want[k]) {
				return fmt.Sprintf("lineset %d trs %v, reference %v", i, *sc.lsTrs(i), want)
			}
		}
	}
	for i := range sc.tex {
		if sc.tex[i] != ref.tex[i] || sc.texSet[i] != ref.texSet[i] {
			return fmt.Sprintf("texture slot %d %q, reference %q", i, sc.tex[i], ref.tex[i])
		}
	}
	if math.Float64bits(sc.zoom) != math.Float64bits(ref.zoom) {
		return fmt.Sprintf("zoom %v, reference %v", sc.zoom, ref.zoom)
	}
	return ""
}

// diffClip samples c on the sampler and on the reference path at every time of
// diffTimes and fails at the first difference in any bit or probe record.
func diffClip(t *testing.T, name string, c *Clip, s *anim.Skeleton, rng *rand.Rand) int {
	t.Helper()
	n := s.Len()
	ctx := c.NewContext()
	ref := c.refNewScratch()
	checked := 0
	for ti, at := range diffTimes(c, rng) {
		// A pose for every node, for more nodes than the skeleton has, and for
		// fewer, holding stale transforms.
		no := []int{n, n + 1, n / 2, n}[ti%4]
		out, want, bare := make([]anim.Transform, no), make([]anim.Transform, no), make([]anim.Transform, no)
		for j := range out {
			stale := anim.Transform{T: mgl32.Vec3{7, 8, 9}, Q: mgl32.Quat{W: 0.5, V: mgl32.Vec3{0.5, 0.5, 0.5}}, S: mgl32.Vec3{2, 3, 4}}
			out[j], want[j], bare[j] = stale, stale, stale
		}
		// Probes for every node, for more nodes than the skeleton has, and for
		// fewer; both sides start from the same stale records.
		np := []int{n, n + 2, n / 2}[ti%3]
		probes, wantProbes := make([]anim.Probe, np), make([]anim.Probe, np)
		for j := range probes {
			stale := anim.Probe{Frame: 12345, Fallback: true}
			for k := 0; k < 5; k++ {
				stale.AddFrame(anim.KeyUse{K0: 7, K1: 8, Alpha: 0.5, Channel: 3}, 99)
			}
			// Deep copies: a plain copy would share stale's overflow block,
			// and both sides would write into one.
			probes[j].CopyFrom(&stale)
			wantProbes[j].CopyFrom(&stale)
		}
		root, _ := c.Sample(ctx, at, out, probes)
		wantRoot := c.refSample(ref, at, want, wantProbes)
		if msg := sameState(ctx.(*scratch), ref); msg != "" {
			t.Fatalf("%s at t=%v: %s", name, at, msg)
		}
		bareRoot, _ := c.Sample(ctx, at, bare, nil)
		for k := range root {
			if math.Float32bits(root[k]) != math.Float32bits(wantRoot[k]) || math.Float32bits(bareRoot[k]) != math.Float32bits(wantRoot[k]) {
				t.Fatalf("%s at t=%v: root %v (without probes %v), reference %v", name, at, root, bareRoot, wantRoot)
			}
		}
		for j := range out {
			if !sameTransform(out[j], want[j]) || !sameTransform(bare[j], want[j]) {
				t.Fatalf("%s at t=%v: node %d %+v (without probes %+v), reference %+v", name, at, j, out[j], bare[j], want[j])
			}
		}
		for j := range probes {
			if !sameProbe(&probes[j], &wantProbes[j]) {
				t.Fatalf("%s at t=%v (%d probes): node %d probe %d %v %+v, reference %d %v %+v", name, at, np, j, probes[j].Frame, probes[j].Fallback, probes[j].AppendKeys(nil), wantProbes[j].Frame, wantProbes[j].Fallback, wantProbes[j].AppendKeys(nil))
			}
		}
		checked++
	}
	return checked
}

// TestSampleMatchesReference: the sampler gives the reference path's bits and
// probes on the ozz-like clips, the package's test tracks, the fuzz corpus and
// the real samples when present, under every reading and channel mode.
func TestSampleMatchesReference(t *testing.T) {
	total := diffAll(t, diffSources(t))
	c, s := benchScene(t)
	rng := rand.New(rand.NewSource(2))
	total += diffClip(t, "benchScene", c, s, rng)
	// Fewer bones than the skeleton drives, and probes for fewer nodes.
	tr := mustTrack(t, ozzLikeTrack(10, 0), formats.Options{})
	short := testSkeleton("j0", "j1", "j2")
	c, _ = (&Binder{Track: tr}).BindClip(short)
	total += diffClip(t, "ozz10-on-3", c, short, rng)
	if total < 1000 {
		t.Fatalf("only %d samples compared", total)
	}
}

// TestSamplesMatchReference is TestSampleMatchesReference on the real samples'
// tracks (skipped without them).
func TestSamplesMatchReference(t *testing.T) {
	diffAll(t, sampleTracks(t))
}

// diffAll runs diffClip on every source that loads, under both readings, with
// the default intensity and channels and with others; it returns how many
// times it compared.
func diffAll(t *testing.T, sources []diffSource) int {
	rng := rand.New(rand.NewSource(1))
	opts := []formats.Options{{}, {Readings: map[string]string{"handles": "absolute", "unknown-bone": "root"}}}
	total := 0
	for _, src := range sources {
		for oi, opt := range opts {
			tr, err := ParseTrack(src.name+".vca", src.src, opt)
			if err != nil {
				if strings.HasPrefix(src.name, "corpus/") || strings.HasPrefix(src.name, "sample/") {
					continue // the corpus holds files that fail to load
				}
				t.Fatalf("%s: %v", src.name, err)
			}
			s := standIn(tr)
			c, _ := (&Binder{Track: tr, Opts: opt}).BindClip(s)
			total += diffClip(t, fmt.Sprintf("%s/opt%d", src.name, oi), c, s, rng)
			c.Intensity, c.EngineChannels = 0.37, true
			total += diffClip(t, fmt.Sprintf("%s/opt%d/intensity", src.name, oi), c, s, rng)
		}
	}
	return total
}

// TestOzzLikeSampleAllocatesNothing: a frame of the ozz-like clip, with and
// without probes, allocates nothing.
func TestOzzLikeSampleAllocatesNothing(t *testing.T) {
	tr := mustTrack(t, ozzLikeTrack(64, 0), formats.Options{})
	s := standIn(tr)
	c, _ := (&Binder{Track: tr}).BindClip(s)
	ctx := c.NewContext()
	pose := anim.NewPose(s.Len())
	for _, probes := range [][]anim.Probe{nil, pose.Probes} {
		at := 0.0
		allocs := testing.AllocsPerRun(200, func() {
			c.Sample(ctx, at, pose.Local, probes)
			at += 1.0 / 60
		})
		if allocs != 0 {
			t.Errorf("Sample (probes %v) allocates %v times per frame, want 0", probes != nil, allocs)
		}
	}
}
