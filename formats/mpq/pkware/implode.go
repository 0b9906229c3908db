package pkware

import "fmt"

type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

func (w *bitWriter) put(v uint32, n uint) {
	w.acc |= uint64(v) << w.n
	w.n += n
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

func (w *bitWriter) flush() []byte {
	if w.n > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	return w.out
}

// Implode compresses data in the given literal mode and dictionary size (4, 5 or
// 6 bits) with a plain greedy longest-match search. Its output is valid implode
// data that Explode and PKWARE's own decoder read, but not byte-identical to what
// PKWARE's encoder writes: it exists so that tests can build archives and seeds.
func Implode(data []byte, mode byte, dictBits uint) ([]byte, error) {
	if mode != Binary && mode != ASCII {
		return nil, fmt.Errorf("pkware: literal mode %d", mode)
	}
	if dictBits < 4 || dictBits > 6 {
		return nil, fmt.Errorf("pkware: dictionary size %d bits", dictBits)
	}
	window := 1 << (dictBits + 6)
	w := &bitWriter{out: []byte{mode, byte(dictBits)}}
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
			w.put(0, 1)
			if mode == Binary {
				w.put(uint32(data[i]), 8)
			} else {
				w.put(uint32(asciiCode[data[i]]), uint(asciiBits[data[i]]))
			}
			i++
			continue
		}
		w.put(1, 1)
		writeLength(w, bestLen-2)
		d := bestDist - 1
		if bestLen == 2 {
			w.put(uint32(distCode[d>>2]), uint(distBits[d>>2]))
			w.put(uint32(d&3), 2)
		} else {
			w.put(uint32(distCode[d>>dictBits]), uint(distBits[d>>dictBits]))
			w.put(uint32(d&(1<<dictBits-1)), dictBits)
		}
		i += bestLen
	}
	w.put(1, 1)
	writeLength(w, endOfStream)
	return w.flush(), nil
}

// writeLength writes a length value (length-2, or endOfStream) as its class code
// and extra bits.
func writeLength(w *bitWriter, v int) {
	c := len(lenBase) - 1
	for int(lenBase[c]) > v {
		c--
	}
	w.put(uint32(lenCode[c]), uint(lenBits[c]))
	w.put(uint32(v-int(lenBase[c])), uint(lenExtraBits[c]))
}
