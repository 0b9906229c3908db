package swg_test

import (
	"strings"
	"testing"

	"animscope/formats"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"

	"github.com/go-gl/mathgl/mgl32"
)

func chainTemplate(names ...string) *swg.SkeletonTemplate {
	t := &swg.SkeletonTemplate{Version: "0002"}
	for i, n := range names {
		t.Names = append(t.Names, n)
		t.Parents = append(t.Parents, int32(i-1))
		t.RPRE = append(t.RPRE, mgl32.QuatIdent())
		t.RPST = append(t.RPST, mgl32.QuatIdent())
		t.BPRO = append(t.BPRO, mgl32.QuatIdent())
		t.BPTR = append(t.BPTR, mgl32.Vec3{0, 1, 0})
		t.JROR = append(t.JROR, 0)
	}
	return t
}

// TestLODOption: formats.Options.LOD picks the SLOD level to open; a level past the
// last opens the last, with a warning.
func TestLODOption(t *testing.T) {
	data, err := swgtest.EncodeSLOD([]swgtest.SLODEntry{
		{T: chainTemplate("root", "spine", "neck", "head")},
		{T: chainTemplate("root", "head")},
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lod       int
		wantNodes int
		wantWarn  bool
	}{{0, 4, false}, {1, 2, false}, {5, 2, true}}
	for _, tc := range tests {
		a, err := formats.OpenData("body.skt", data, formats.Options{LOD: tc.lod})
		if err != nil {
			t.Fatalf("LOD %d: %v", tc.lod, err)
		}
		if got := a.Skeleton.Len(); got != tc.wantNodes {
			t.Errorf("LOD %d: %d joints, want %d", tc.lod, got, tc.wantNodes)
		}
		warned := false
		for _, d := range a.Diagnostics {
			warned = warned || strings.Contains(d.Message, "LOD 1 is shown")
		}
		if warned != tc.wantWarn {
			t.Errorf("LOD %d: warning %v, want %v (%v)", tc.lod, warned, tc.wantWarn, a.Diagnostics)
		}
	}
}
