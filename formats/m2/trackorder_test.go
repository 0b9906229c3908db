package m2

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"animscope/formats/m2/m2test"
)

// TestOverlappingRangesWarnOnce: before 264 a track's interpolation ranges may
// overlap; 1,000 ranges that each name all four keys of a translation whose
// times go backwards at key 2 give one warning, not 1,000 (and the check is one
// pass over the keys: checking each range's keys took ranges × keys, 7 s for a
// 360 KB file of 30,000 ranges over 30,000 keys).
func TestOverlappingRangesWarnOnce(t *testing.T) {
	m := m2test.NewModel(256)
	tr := m2test.Track{Interp: 1, Global: -1, Times: []uint32{3333, 3400, 3350, 3500}}
	for range tr.Times {
		tr.Vals = append(tr.Vals, m2test.V3(1, 2, 3))
	}
	for range 1000 {
		tr.Ranges = append(tr.Ranges, [2]uint32{0, 3})
	}
	m.Bones[0].T = tr
	data, _ := m.Encode()
	a, err := decodeNoPanic(t, "overlapping ranges", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range a.Diagnostics {
		if strings.Contains(d.String(), "bone 0 translation: timestamps go backwards") {
			got = append(got, d.String())
		}
	}
	want := "bone 0 translation: timestamps go backwards at key 2 (3350 ms after 3400 ms)"
	if len(got) != 1 || !strings.Contains(got[0], want) {
		t.Fatalf("warnings %q, want one containing %q", got, want)
	}
}

// TestCheckSpansOrderIsPerSpanLoop holds checkSpansOrder to the loop over each
// span's keys it replaced (checkOrder per span), on random times and spans:
// the same sorted flag and the same warnings, each once, in span order.
func TestCheckSpansOrderIsPerSpanLoop(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + rng.Intn(12)
		times := make([]uint32, n)
		for i := range times {
			times[i] = uint32(i * 10)
			if rng.Intn(4) == 0 {
				times[i] = uint32(rng.Intn(10 * n))
			}
		}
		spans := make([]keySpan, rng.Intn(6))
		for s := range spans {
			lo := rng.Intn(n)
			spans[s] = keySpan{lo: int32(lo), hi: int32(lo + rng.Intn(n-lo))}
		}
		// The reference: checkOrder on each span, duplicates dropped.
		ref := &decoder{m2: blob{name: "ref.m2"}}
		rk := keys{times: times, spans: spans, sorted: true}
		for _, r := range spans {
			ref.checkOrder(&rk, int(r.lo), int(r.hi), "track")
		}
		var want []string
		for _, d := range ref.diags {
			if !slices.Contains(want, d.String()) {
				want = append(want, d.String())
			}
		}
		got := &decoder{m2: blob{name: "ref.m2"}}
		gk := keys{times: times, spans: spans, sorted: true}
		got.checkSpansOrder(&gk, "track")
		var gotW []string
		for _, d := range got.diags {
			gotW = append(gotW, d.String())
		}
		if gk.sorted != rk.sorted || !slices.Equal(gotW, want) {
			t.Fatalf("times %v spans %v: sorted %v warnings %q, want %v %q", times, spans, gk.sorted, gotW, rk.sorted, want)
		}
	}
}
