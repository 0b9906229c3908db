package all

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"animscope/anim"
	"animscope/formats"
)

// TestSharedClipConcurrent: a clip is immutable and shared, and the sampling state
// is a per-player context, so 8 goroutines sampling one clip, each with its own
// context, get the serial results (transforms, probes and root). It runs over the
// committed seeds of every family that decode to a scene with clips (at most three
// scenes per family); make test runs it under -race.
func TestSharedClipConcurrent(t *testing.T) {
	const players = 8
	times := []float64{0, 0.5, 1, 7.25, 33, 16.7, 2, 250, -1}
	perFamily := map[string]int{}
	for _, s := range corpusSeeds(t) {
		a, err := openQuietly(s.name, s.data)
		if err != nil || a == nil || a.Skeleton == nil || len(a.Clips) == 0 || perFamily[a.Family] >= 3 {
			continue
		}
		perFamily[a.Family]++
		n := a.Skeleton.Len()
		for ci, c := range a.Clips {
			// Serial results, each time with a fresh context.
			want := make([][]anim.Transform, len(times))
			wantP := make([][]anim.Probe, len(times))
			wantRoot := make([]anim.Affine, len(times))
			wantMoved := make([]bool, len(times))
			for k, tm := range times {
				want[k], wantP[k] = make([]anim.Transform, n), make([]anim.Probe, n)
				wantRoot[k], wantMoved[k] = c.Sample(c.NewContext(), tm, want[k], wantP[k])
			}
			var wg sync.WaitGroup
			errs := make(chan string, players)
			for g := 0; g < players; g++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ctx := c.NewContext()
					out, probes := make([]anim.Transform, n), make([]anim.Probe, n)
					for r := 0; r < 4*len(times); r++ {
						k := (r*3 + g) % len(times)
						root, moved := c.Sample(ctx, times[k], out, probes)
						if moved != wantMoved[k] || root != wantRoot[k] {
							errs <- fmt.Sprintf("%s clip %d goroutine %d t=%v: root %v (%v), want %v (%v)", s.name, ci, g, times[k], root, moved, wantRoot[k], wantMoved[k])
							return
						}
						for i := range out {
							if !sameBits(out[i], want[k][i]) || fmt.Sprint(probes[i].AppendKeys(nil)) != fmt.Sprint(wantP[k][i].AppendKeys(nil)) {
								errs <- fmt.Sprintf("%s clip %d goroutine %d t=%v node %d: %v %v, want %v %v", s.name, ci, g, times[k], i, out[i], probes[i].AppendKeys(nil), want[k][i], wantP[k][i].AppendKeys(nil))
								return
							}
						}
					}
				}()
			}
			wg.Wait()
			close(errs)
			for e := range errs {
				t.Error(e)
			}
		}
	}
	var fams []string
	for f := range perFamily {
		fams = append(fams, f)
	}
	sort.Strings(fams)
	t.Logf("families sampled concurrently: %s", strings.Join(fams, ", "))
	if len(fams) == 0 {
		t.Skip("no committed seed decodes to a scene with clips")
	}
}

// openQuietly is formats.OpenData that turns a decoder panic into an error (the
// seeds include hostile inputs; TestSeedsBoundedAndNoPanic reports those).
func openQuietly(name string, data []byte) (a *formats.Asset, err error) {
	defer func() {
		if r := recover(); r != nil {
			a, err = nil, fmt.Errorf("panic: %v", r)
		}
	}()
	return formats.OpenData(name, data, formats.Options{})
}

// sameBits compares two transforms bit for bit (NaN equals NaN).
func sameBits(a, b anim.Transform) bool {
	return fmt.Sprintf("%x", [10]float32{a.T[0], a.T[1], a.T[2], a.Q.W, a.Q.V[0], a.Q.V[1], a.Q.V[2], a.S[0], a.S[1], a.S[2]}) ==
		fmt.Sprintf("%x", [10]float32{b.T[0], b.T[1], b.T[2], b.Q.W, b.Q.V[0], b.Q.V[1], b.Q.V[2], b.S[0], b.S[1], b.S[2]})
}
