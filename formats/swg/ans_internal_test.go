package swg

// Tests of the client's key thinning that read the prepared tracks; they stay
// inside the package (the tests that build their input with swgtest live in
// package swg_test).

import (
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func keptIndices(tr interface{ file(int) int32 }, n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = tr.file(i)
	}
	return out
}

// §6.2: the client's key thinning, with the spec's rules on hand-made channels.
func TestClientThinning(t *testing.T) {
	A, B, C, D := uint32(0x11111111), uint32(0x22222222), uint32(0x33333333), uint32(0x44444444)
	q0 := AxisAngle(0.1, mgl32.Vec3{0, 1, 0})
	q1 := AxisAngle(0.5, mgl32.Vec3{0, 1, 0})
	q1n := AxisAngle(0.5+1e-5, mgl32.Vec3{0, 1, 0})
	q2 := AxisAngle(0.9, mgl32.Vec3{0, 1, 0})
	cases := []struct {
		name string
		a    *Animation
		rot  QuatChannel
		tr   ScalarChannel
		want []int32
	}{
		{name: "CKAT rotation: odd keys and repeated words dropped",
			a:    &Animation{Kind: "CKAT"},
			rot:  QuatChannel{Frames: []int32{0, 1, 2, 3, 4, 5}, Words: []uint32{A, A, B, C, C, D}, Keys: make([]mgl32.Quat, 6)},
			want: []int32{0, 2, 5}},
		{name: "CKAT rotation: a first word of 0 equals the initial previous word",
			a:    &Animation{Kind: "CKAT"},
			rot:  QuatChannel{Frames: []int32{0, 1, 2}, Words: []uint32{0, B, C}, Keys: make([]mgl32.Quat, 3)},
			want: []int32{2}},
		{name: "KFAT rotation: keys equal to the last kept one dropped",
			a:    &Animation{Kind: "KFAT"},
			rot:  QuatChannel{Frames: []int32{0, 1, 2, 3, 4}, Keys: []mgl32.Quat{q0, q0, q1, q1n, q2}},
			want: []int32{0, 2, 4}},
		{name: "KFAT translation: within 2·FLT_EPSILON dropped",
			a:    &Animation{Kind: "KFAT"},
			tr:   ScalarChannel{Frames: []int32{0, 1, 2, 3, 4, 5}, Values: []float32{0, 0, 1e-8, 1, 1, 1}},
			want: []int32{0, 3, 5}},
		{name: "CKAT translation: the middle key is kept",
			a:    &Animation{Kind: "CKAT"},
			tr:   ScalarChannel{Frames: []int32{0, 1, 2, 3, 4, 5}, Values: []float32{0, 0, 0, 0, 0, 0}},
			want: []int32{0, 3, 5}},
		{name: "KFAT translation: constant channel keeps first and last",
			a:    &Animation{Kind: "KFAT"},
			tr:   ScalarChannel{Frames: []int32{0, 1, 2, 3, 4, 5}, Values: []float32{0, 0, 0, 0, 0, 0}},
			want: []int32{0, 5}},
	}
	for _, c := range cases {
		d := &animData{a: c.a}
		var got []int32
		if c.rot.Frames != nil {
			tr := d.rotTrack(c.rot, true)
			got = keptIndices(tr, len(tr.keys))
			if ft := d.rotTrack(c.rot, false); len(ft.keys) != len(c.rot.Frames) {
				t.Errorf("%s: file fidelity keeps %d keys, want all %d", c.name, len(ft.keys), len(c.rot.Frames))
			}
		} else {
			tr := d.scalarTrack(c.tr, true, c.a.Kind == "CKAT")
			got = keptIndices(tr, len(tr.values))
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: kept %v, want %v", c.name, got, c.want)
		}
	}
}
