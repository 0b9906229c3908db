// Package pkwaretest writes PKWARE implode streams for tests and fuzz seeds (the
// MPQ archive writer of mpqtest uses it). animscope only reads implode data, so
// the encoder lives here and not in package pkware.
package pkwaretest

import (
	"fmt"

	"animscope/formats/mpq/pkware"
)

// codes are the format's code books, shared with pkware's decoder.
var codes = pkware.Codes()

// BitWriter packs codes least significant bit first, as implode streams store
// them.
type BitWriter struct {
	Out []byte // the stream so far; a test may start it with a header
	acc uint64
	n   uint
}

// Put appends the n low bits of v.
func (w *BitWriter) Put(v uint32, n uint) {
	w.acc |= uint64(v) << w.n
	w.n += n
	for w.n >= 8 {
		w.Out = append(w.Out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// Flush pads the last byte with zero bits and returns the stream.
func (w *BitWriter) Flush() []byte {
	if w.n > 0 {
		w.Out = append(w.Out, byte(w.acc))
	}
	return w.Out
}

// Implode compresses data in the given literal mode and dictionary size (4, 5 or
// 6 bits) with a plain greedy longest-match search. Its output is valid implode
// data that Explode and PKWARE's own decoder read, but not byte-identical to what
// PKWARE's encoder writes: it exists so that tests can build archives and seeds.
func Implode(data []byte, mode byte, dictBits uint) ([]byte, error) {
	if mode != pkware.Binary && mode != pkware.ASCII {
		return nil, fmt.Errorf("pkware: literal mode %d", mode)
	}
	if dictBits < 4 || dictBits > 6 {
		return nil, fmt.Errorf("pkware: dictionary size %d bits", dictBits)
	}
	window := 1 << (dictBits + 6)
	w := &BitWriter{Out: []byte{mode, byte(dictBits)}}
	for i := 0; i < len(data); {
		bestLen, bestDist := 0, 0
		for d := 1; d <= min(window, i); d++ {
			n := 0
			for n < 518 && i+n < len(data) && data[i+n] == data[i+n-d] {
				n++
			}
			// A copy of 2 reaches only 256 bytes back (2 low bits under 6 high ones).
			if n > bestLen && (n > 2 || d <= 256) {
				bestLen, bestDist = n, d
			}
		}
		if bestLen < 2 {
			w.Put(0, 1)
			if mode == pkware.Binary {
				w.Put(uint32(data[i]), 8)
			} else {
				w.Put(uint32(codes.ASCIICode[data[i]]), uint(codes.ASCIIBits[data[i]]))
			}
			i++
			continue
		}
		w.Put(1, 1)
		writeLength(w, bestLen-2)
		d := bestDist - 1
		if bestLen == 2 {
			w.Put(uint32(codes.DistCode[d>>2]), uint(codes.DistBits[d>>2]))
			w.Put(uint32(d&3), 2)
		} else {
			w.Put(uint32(codes.DistCode[d>>dictBits]), uint(codes.DistBits[d>>dictBits]))
			w.Put(uint32(d&(1<<dictBits-1)), dictBits)
		}
		i += bestLen
	}
	w.Put(1, 1)
	writeLength(w, codes.EndOfStream)
	return w.Flush(), nil
}

// writeLength writes a length value (length-2, or codes.EndOfStream) as its class code
// and extra bits.
func writeLength(w *BitWriter, v int) {
	c := len(codes.LenBase) - 1
	for int(codes.LenBase[c]) > v {
		c--
	}
	w.Put(uint32(codes.LenCode[c]), uint(codes.LenBits[c]))
	w.Put(uint32(v-int(codes.LenBase[c])), uint(codes.LenExtraBits[c]))
}
