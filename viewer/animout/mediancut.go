package animout

import (
	"image/color"
	"slices"
)

// A colour bin is a colour cut to 5 bits a channel (r<<10 | g<<5 | b); the
// histogram keeps each bin's count and the sums of its true 8-bit channels, so
// that a palette colour is the exact mean of the pixels it stands for.
const bins = 1 << 15

type histogram struct {
	count [bins]uint64
	sum   [bins][3]uint64
}

func binOf(r, g, b uint8) uint16 { return uint16(r>>3)<<10 | uint16(g>>3)<<5 | uint16(b>>3) }

func (h *histogram) add(bin uint16, r, g, b uint8) {
	h.count[bin]++
	s := &h.sum[bin]
	s[0] += uint64(r)
	s[1] += uint64(g)
	s[2] += uint64(b)
}

// box is a set of bins, cut along its longest side at its weighted median.
type box struct {
	bins  []uint16
	count uint64
}

func channel(bin uint16, c int) int { return int(bin>>(10-5*c)) & 31 }

// extent is the box's longest side (in 5-bit steps) and which channel it is.
func (b *box) extent() (int, int) {
	best, along := -1, 0
	for c := 0; c < 3; c++ {
		lo, hi := 31, 0
		for _, v := range b.bins {
			x := channel(v, c)
			lo, hi = min(lo, x), max(hi, x)
		}
		if hi-lo > best {
			best, along = hi-lo, c
		}
	}
	return best, along
}

// medianCut chooses at most n colours for the histogram's pixels and returns
// them with, for every bin that holds pixels, the index of its colour.
func medianCut(h *histogram, n int) (color.Palette, *[bins]uint8) {
	all := &box{}
	for v := 0; v < bins; v++ {
		if h.count[v] > 0 {
			all.bins = append(all.bins, uint16(v))
			all.count += h.count[v]
		}
	}
	boxes := []*box{all}
	if len(all.bins) == 0 {
		boxes = nil
	}
	for len(boxes) < n {
		// Cut the box whose longest side, weighted by its pixels, is largest:
		// big boxes of many pixels are where a colour is most wrong.
		pick, score := -1, uint64(0)
		for i, b := range boxes {
			if len(b.bins) < 2 {
				continue
			}
			e, _ := b.extent()
			if s := uint64(e) * b.count; e > 0 && s > score {
				pick, score = i, s
			}
		}
		if pick < 0 {
			break // every box is one bin
		}
		b := boxes[pick]
		_, c := b.extent()
		slices.SortFunc(b.bins, func(x, y uint16) int { return channel(x, c) - channel(y, c) })
		half, acc, cut := b.count/2, uint64(0), 1
		for i, v := range b.bins[:len(b.bins)-1] {
			acc += h.count[v]
			cut = i + 1
			if acc >= half {
				break
			}
		}
		// Never split one 5-bit value over two boxes along the cut channel.
		for cut < len(b.bins) && channel(b.bins[cut], c) == channel(b.bins[cut-1], c) {
			cut++
		}
		if cut == len(b.bins) {
			cut = 1
			for cut < len(b.bins) && channel(b.bins[cut], c) == channel(b.bins[0], c) {
				cut++
			}
		}
		lo, hi := &box{bins: b.bins[:cut]}, &box{bins: b.bins[cut:]}
		for _, v := range lo.bins {
			lo.count += h.count[v]
		}
		hi.count = b.count - lo.count
		boxes[pick] = lo
		boxes = append(boxes, hi)
	}
	pal := make(color.Palette, len(boxes))
	index := new([bins]uint8)
	for i, b := range boxes {
		var s [3]uint64
		for _, v := range b.bins {
			for c := 0; c < 3; c++ {
				s[c] += h.sum[v][c]
			}
			index[v] = uint8(i)
		}
		mean := func(c int) uint8 { return uint8((s[c] + b.count/2) / b.count) }
		pal[i] = color.RGBA{mean(0), mean(1), mean(2), 255}
	}
	return pal, index
}
