package formats

import (
	"errors"
	"io"
)

// CountingWriter passes writes on to W, counting them in N and keeping W's
// error in Err, apart from the reader's: io.Copy returns either, and an archive
// that streams a member out must tell a full disk from a corrupt member.
type CountingWriter struct {
	W   io.Writer
	N   int64
	Err error
}

func (c *CountingWriter) Write(p []byte) (int, error) {
	if c.Err != nil {
		return 0, c.Err
	}
	n, err := c.W.Write(p)
	c.N += int64(n)
	c.Err = err
	return n, err
}

// HasMore reports whether r has a byte left: a decompressor that still gives
// bytes after a member's stated size is a member that lies about its size.
func HasMore(r io.Reader) bool {
	var one [1]byte
	n, _ := io.ReadFull(r, one[:])
	return n > 0
}

// FixedWriter appends into B, a buffer allocated at a member's final size
// (its capacity): a write past it is an error, so a member that unpacks to
// more than it states never grows the buffer.
type FixedWriter struct{ B []byte }

func (w *FixedWriter) Write(p []byte) (int, error) {
	if len(p) > cap(w.B)-len(w.B) {
		return 0, errors.New("more bytes than the member's size")
	}
	w.B = append(w.B, p...)
	return len(p), nil
}
