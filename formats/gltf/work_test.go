package gltf

import (
	"fmt"
	"strings"
	"testing"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// TestExportNodeSamplesBounded: MaxSamples bounds one clip, MaxNodeSamples all
// of them times the animated nodes. A chain of 64 still nodes and one clip of
// 110 minutes at 30 samples a second (198,001 samples, under MaxSamples) is
// 12,672,064 node samples, more than DefaultMaxNodeSamples (8,388,608): the
// export refuses it before sampling any, as it does a clip over MaxSamples,
// instead of sampling for seconds (and, with keys, writing tens of megabytes;
// a thousand such nodes or clips: gigabytes).
func TestExportNodeSamplesBounded(t *testing.T) {
	const n = 64
	sk := &anim.Skeleton{Names: make([]string, n), Parents: make([]int32, n), Offset: make([]mgl32.Vec3, n), Pivot: make([]mgl32.Vec3, n)}
	for i := range sk.Parents {
		sk.Names[i], sk.Parents[i] = fmt.Sprintf("b%d", i), int32(i-1)
	}
	a := &formats.Asset{Files: []string{"long.m2"}, Family: formats.FamilyM2, Skeleton: sk, UpAxis: formats.UpZ,
		Clips: []anim.Clip{&keyClip{name: "long", unit: "ms", ups: 1000, duration: 6_600_000, step: 1000.0 / 30}}}
	_, err := Export(a, ExportOptions{})
	want := "gltf export: long.m2: clip \"long\": the samples of the clips up to it times the animated nodes (64) are 12672064, more than 8388608; lower --fps"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("err = %v, want %q…", err, want)
	}
	if _, err := Export(a, ExportOptions{FPS: 1}); err != nil { // 6,601 samples × 64
		t.Errorf("at 1 fps: %v, want no error", err)
	}
}

// TestExportNodeSamplesCount: the count is every clip's sample times (chainScene:
// "wave" 31 frames and its key at 250 ms, "still" one) times the slots (4 nodes,
// no root motion): 33 × 4 = 132, allowed at 132 and refused at 131.
func TestExportNodeSamplesCount(t *testing.T) {
	for _, tc := range []struct {
		max     int
		wantErr string
	}{
		{max: 132},
		{max: 131, wantErr: `clip "still": the samples of the clips up to it times the animated nodes (4) are 132, more than 131`},
	} {
		_, err := Export(chainScene(), ExportOptions{MaxNodeSamples: tc.max})
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("max %d: err = %v, want none", tc.max, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("max %d: err = %v, want one containing %q", tc.max, err, tc.wantErr)
		}
	}
}

// TestExportKeyTimesCount: the key times every clip lists count too, also where
// none falls inside its clip: two nodes of 100 keys each past a clip of no
// length are one sample of each node and 200 key times, allowed under a
// MaxNodeSamples of 50 (4 key times each) and refused under 49.
func TestExportKeyTimesCount(t *testing.T) {
	sk := &anim.Skeleton{Names: []string{"a", "b"}, Parents: []int32{-1, 0}, Offset: make([]mgl32.Vec3, 2), Pivot: make([]mgl32.Vec3, 2)}
	var ks []tkey
	for i := 1; i <= 100; i++ {
		ks = append(ks, tkey{t: float64(i), Q: mgl32.QuatIdent(), S: one})
	}
	a := &formats.Asset{Files: []string{"keys.m2"}, Family: formats.FamilyM2, Skeleton: sk, UpAxis: formats.UpZ,
		Clips: []anim.Clip{&keyClip{name: "empty", unit: "ms", ups: 1000, duration: 0, step: 1000.0 / 30, keys: [][]tkey{ks, ks}}}}
	for _, tc := range []struct {
		max     int
		wantErr string
	}{
		{max: 50},
		{max: 49, wantErr: `gltf export: keys.m2: clip "empty": the clips up to it list 200 key times, more than 196; export fewer clips`},
	} {
		_, err := Export(a, ExportOptions{MaxNodeSamples: tc.max})
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("max %d: err = %v, want none", tc.max, err)
		case tc.wantErr != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.wantErr)):
			t.Errorf("max %d: err = %v, want %q…", tc.max, err, tc.wantErr)
		}
	}
}
