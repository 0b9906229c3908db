package pkware

import "testing"

func TestCodeBooksArePrefixFree(t *testing.T) {
	// Building the tables panics on overlapping codes; count that every slot is
	// reachable in the length table (a complete code) and count the ASCII codes.
	for v, b := range lenTable.bits {
		if b == 0 {
			t.Fatalf("length table: bits %#x match no code", v)
		}
	}
	seen := map[uint16]bool{}
	for v, b := range asciiTable.bits {
		if b != 0 {
			seen[asciiTable.sym[v]] = true
		}
	}
	if len(seen) != 256 {
		t.Fatalf("ASCII table decodes %d symbols, want 256", len(seen))
	}
}
