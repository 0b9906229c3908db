// Package pkware reads (and, for tests, writes) the PKWARE Data Compression
// Library's "implode" format that MPQ archives use (compression mask 0x08 and the
// whole-file implode flag of the oldest archives).
//
// A stream is two header bytes (the literal mode: 0 binary, 1 ASCII; the dictionary
// size as 4, 5 or 6 bits of distance below the top 6) and then a bit stream read
// least significant bit first. Each token starts with one bit: 0 is a literal (8 raw
// bits in binary mode, a prefix code in ASCII mode), 1 is a copy: a length class
// (prefix code) with extra bits, then a distance whose top bits are a prefix code
// and whose low bits are raw (2 bits for a copy of length 2, the dictionary bits
// otherwise). The length value 517 marks the end of the stream.
package pkware

import (
	"errors"
	"fmt"
)

// Literal modes of the header's first byte.
const (
	Binary = 0
	ASCII  = 1
)

// endOfStream is the length value (before the +2 bias) that ends a stream.
const endOfStream = 517

// ErrCorrupt is wrapped by every error Explode returns for bad input.
var ErrCorrupt = errors.New("corrupt PKWARE implode data")

type bitReader struct {
	in   []byte
	pos  int    // next byte of in to load
	buf  uint64 // loaded bits, least significant first
	n    uint   // bits in buf
	over uint   // bits that were read past the end of in (as zeros)
}

func (r *bitReader) fill(need uint) {
	for r.n < need {
		var b byte
		if r.pos < len(r.in) {
			b = r.in[r.pos]
			r.pos++
		} else {
			r.over += 8
		}
		r.buf |= uint64(b) << r.n
		r.n += 8
	}
}

func (r *bitReader) peek(n uint) uint32 {
	r.fill(n)
	return uint32(r.buf & (1<<n - 1))
}

func (r *bitReader) skip(n uint) {
	r.buf >>= n
	r.n -= n
}

func (r *bitReader) bits(n uint) uint32 {
	v := r.peek(n)
	r.skip(n)
	return v
}

// exhausted reports whether more bits were consumed than the input holds.
func (r *bitReader) exhausted() bool { return r.over > r.n }

func (r *bitReader) decode(t *decodeTable) (uint16, error) {
	v := r.peek(t.maxBits)
	if t.bits[v] == 0 {
		return 0, fmt.Errorf("%w: no code matches bits %#x", ErrCorrupt, v)
	}
	r.skip(uint(t.bits[v]))
	return t.sym[v], nil
}

// Explode decompresses in, which must produce exactly size bytes (an MPQ sector
// knows its size). It stops at the end-of-stream code or when size bytes are out;
// it never writes more than size bytes nor reads outside in.
func Explode(in []byte, size int) ([]byte, error) { return ExplodeLimit(in, size, false) }

// ExplodeLimit is Explode for a stream whose size is known only as a limit when
// partial is true (a stage whose output feeds another decompressor): the output
// then ends at the end-of-stream code, within size bytes.
func ExplodeLimit(in []byte, size int, partial bool) ([]byte, error) {
	if len(in) < 2 {
		return nil, fmt.Errorf("%w: %d bytes is shorter than the 2-byte header", ErrCorrupt, len(in))
	}
	mode, dictBits := in[0], uint(in[1])
	if mode != Binary && mode != ASCII {
		return nil, fmt.Errorf("%w: literal mode %d (want 0 binary or 1 ASCII)", ErrCorrupt, mode)
	}
	if dictBits < 4 || dictBits > 6 {
		return nil, fmt.Errorf("%w: dictionary size %d bits (want 4, 5 or 6)", ErrCorrupt, dictBits)
	}
	out := make([]byte, 0, min(size, 64<<10)) // grows with what the stream really holds
	r := &bitReader{in: in[2:]}
	for len(out) < size {
		if r.bits(1) == 0 {
			var lit uint16
			if mode == Binary {
				lit = uint16(r.bits(8))
			} else {
				var err error
				if lit, err = r.decode(asciiTable); err != nil {
					return nil, err
				}
			}
			if r.exhausted() {
				return nil, fmt.Errorf("%w: the input ends after %d of %d bytes", ErrCorrupt, len(out), size)
			}
			out = append(out, byte(lit))
			continue
		}
		class, err := r.decode(lenTable)
		if err != nil {
			return nil, err
		}
		lv := int(lenBase[class]) + int(r.bits(uint(lenExtraBits[class])))
		if lv == endOfStream {
			break
		}
		length := lv + 2
		hi, err := r.decode(distTable)
		if err != nil {
			return nil, err
		}
		var dist int
		if length == 2 {
			dist = int(hi)<<2 | int(r.bits(2))
		} else {
			dist = int(hi)<<dictBits | int(r.bits(dictBits))
		}
		dist++
		if r.exhausted() {
			return nil, fmt.Errorf("%w: the input ends after %d of %d bytes", ErrCorrupt, len(out), size)
		}
		if dist > len(out) {
			return nil, fmt.Errorf("%w: a copy from %d bytes back at output byte %d", ErrCorrupt, dist, len(out))
		}
		length = min(length, size-len(out))
		// Byte by byte: a copy may overlap what it writes (a run).
		from := len(out) - dist
		for i := 0; i < length; i++ {
			out = append(out, out[from+i])
		}
	}
	if len(out) != size && !partial {
		return nil, fmt.Errorf("%w: the stream ends after %d of %d bytes", ErrCorrupt, len(out), size)
	}
	return out, nil
}
