package mpq

import (
	"fmt"
	"testing"
)

// TestPlaceholderName: the name of a member no listfile names is
// fmt.Sprintf("File%08d.xxx", block), also for blocks of more than 8 digits.
func TestPlaceholderName(t *testing.T) {
	for _, b := range []uint32{0, 7, 12345678, 99999999, 100000000, 0xFFFFFFFF} {
		if got, want := placeholderName(b), fmt.Sprintf("File%08d.xxx", b); got != want {
			t.Errorf("placeholderName(%d) = %q, want %q", b, got, want)
		}
	}
}
