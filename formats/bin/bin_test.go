package bin

import (
	"math"
	"strings"
	"testing"
)

func TestFits(t *testing.T) {
	tests := []struct {
		count, size, avail uint64
		want               bool
	}{
		{0, 24, 0, true},
		{1, 24, 24, true},
		{2, 24, 47, false},
		{math.MaxUint32, 24, 1 << 20, false},
		{math.MaxUint64, 2, math.MaxUint64, false}, // count·size overflows
		{5, 0, 0, true},
	}
	for _, tc := range tests {
		if got := Fits(tc.count, tc.size, tc.avail); got != tc.want {
			t.Errorf("Fits(%d, %d, %d) = %v, want %v", tc.count, tc.size, tc.avail, got, tc.want)
		}
	}
}

func TestReaderStopsAtFirstError(t *testing.T) {
	r := NewReader([]byte{1, 0, 2, 0, 0, 0, 9})
	r.Base = 0x100
	if got := r.U16(); got != 1 {
		t.Errorf("U16 = %d, want 1", got)
	}
	if got := r.U32(); got != 2 {
		t.Errorf("U32 = %d, want 2", got)
	}
	if got := r.U32(); got != 0 || r.Err() == nil {
		t.Fatalf("U32 past the end = %d, err %v; want 0 and an error", got, r.Err())
	}
	if !strings.Contains(r.Err().Error(), "offset 0x106") {
		t.Errorf("error %q does not name offset 0x106", r.Err())
	}
	first := r.Err()
	r.U8()
	if r.Err() != first {
		t.Errorf("a later read replaced the first error")
	}
}

func TestReaderCount(t *testing.T) {
	r := NewReader(make([]byte, 100))
	if !r.Count("keys", 4, 24) {
		t.Errorf("4 × 24 bytes should fit in 100")
	}
	if r.Count("keys", 0xFFFFFFFF, 24) || r.Err() == nil || !strings.Contains(r.Err().Error(), "keys") {
		t.Errorf("0xFFFFFFFF × 24 bytes should not fit; err = %v", r.Err())
	}
}

func TestBigEndian(t *testing.T) {
	r := NewBigEndian([]byte{0, 0, 1, 2})
	if got := r.U32(); got != 0x102 {
		t.Errorf("big-endian U32 = %#x, want 0x102", got)
	}
}
