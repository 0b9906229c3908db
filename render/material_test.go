package render

import (
	"slices"
	"testing"

	"animscope/formats"
)

func TestSortBackToFront(t *testing.T) {
	tests := []struct {
		name  string
		order []int32
		depth []float32 // view z by layer index
		want  []int32
	}{
		{"empty", nil, nil, nil},
		{"farthest first", []int32{0, 1, 2}, []float32{-1, -5, -3}, []int32{1, 2, 0}},
		{"equal depth keeps drawing order", []int32{0, 1, 2, 3}, []float32{-2, -2, -4, -2}, []int32{2, 0, 1, 3}},
		{"subset of layers", []int32{1, 3}, []float32{0, -1, 0, -7}, []int32{3, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := slices.Clone(tc.order)
			sortBackToFront(got, tc.depth)
			if !slices.Equal(got, tc.want) {
				t.Errorf("order = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestTransparent(t *testing.T) {
	want := map[formats.Blend]bool{
		formats.BlendOpaque: false, formats.BlendAlphaKey: false, formats.BlendAlpha: true,
		formats.BlendAdd: true, formats.BlendAddAlpha: true, formats.BlendMod: true, formats.BlendMod2x: true,
	}
	for b, w := range want {
		if got := Transparent(b); got != w {
			t.Errorf("Transparent(%v) = %v, want %v", b, got, w)
		}
	}
}
