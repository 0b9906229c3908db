package formats

import (
	"bytes"
	"compress/zlib"
	"errors"
	"io"
	"testing"
)

// TestZlibWhy: compress/zlib's own errors keep their one "zlib: " prefix; the
// errors of the stream under it get one.
func TestZlibWhy(t *testing.T) {
	_, header := zlib.NewReader(bytes.NewReader([]byte{0x00, 0x00}))
	var packed bytes.Buffer
	w := zlib.NewWriter(&packed)
	w.Write(bytes.Repeat([]byte("animscope"), 100))
	w.Close()
	zr, err := zlib.NewReader(bytes.NewReader(packed.Bytes()[:packed.Len()/2]))
	if err != nil {
		t.Fatal(err)
	}
	_, truncated := io.ReadAll(zr)
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"zlib's own error", header, "zlib: invalid header"},
		{"the stream's error", truncated, "zlib: unexpected EOF"},
		{"any other error", errors.New("over the limit"), "zlib: over the limit"},
	}
	for _, tc := range tests {
		if tc.err == nil {
			t.Fatalf("%s: no error to word", tc.name)
		}
		if got := ZlibWhy(tc.err); got != tc.want {
			t.Errorf("%s: ZlibWhy(%q) = %q, want %q", tc.name, tc.err, got, tc.want)
		}
	}
}
