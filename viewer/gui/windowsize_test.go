package gui

import "testing"

func TestFitWindow(t *testing.T) {
	tests := []struct {
		name         string
		work         [2]int
		scale        [2]float32
		wantW, wantH int
	}{
		{"large screen keeps the preferred size", [2]int{2560, 1440}, [2]float32{1, 1}, 1440, 900},
		{"1280x800 screen", [2]int{1280, 800}, [2]float32{1, 1}, 1280, 800},
		{"1024x640 screen", [2]int{1024, 640}, [2]float32{1, 1}, 1024, 640},
		{"HiDPI 2x on 2560x1600", [2]int{2560, 1600}, [2]float32{2, 2}, 1280, 800},
		{"unknown work area", [2]int{0, 0}, [2]float32{1, 1}, 1440, 900},
		{"unknown scale", [2]int{1024, 640}, [2]float32{0, 0}, 1440, 900},
	}
	for _, tc := range tests {
		w, h := fitWindow([2]int{1440, 900}, tc.work, tc.scale)
		if w != tc.wantW || h != tc.wantH {
			t.Errorf("%s: fitWindow = %dx%d, want %dx%d", tc.name, w, h, tc.wantW, tc.wantH)
		}
	}
}
