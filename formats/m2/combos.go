package m2

import "fmt"

// Texture combiners (FORMAT.md §4.6.1). The client draws a texture unit with a
// pixel shader chosen per texture stage by a combiner op:
//
//	0 opaque, 1 mod, 2 decal, 3 add, 4 mod2x, 5 fade, 6 mod2x_na, 7 add_na
//
// With global flag 0x8 the header is followed by the texture-combiner-combo
// array, and a batch's shader id is the index of its first stage's op in it
// (stage i reads entry shader + i), except that the first stage of a batch whose
// render flag is opaque is always opaque. Without the flag the client derives
// the ops from the blend mode: the first stage is opaque for an opaque render
// flag and mod for any other, later stages opaque. A shader id with bit 0x8000
// names an entry of the client's fixed effect table instead (the Cataclysm
// items' environment-mapped metal); those are shown as "effect N". This is the
// rule of WebWowViewerCpp and the other client-faithful viewers (whoa, the
// wowdev notes).
var combinerNames = [...]string{"opaque", "mod", "decal", "add", "mod2x", "fade", "mod2x_na", "add_na"}

// Combiner ops.
const (
	combinerOpaque = 0
	combinerMod    = 1
)

// combinerName names op c ("opaque", "mod", ...; "combiner N" past the table).
func combinerName(c uint16) string {
	if int(c) < len(combinerNames) {
		return combinerNames[c]
	}
	return fmt.Sprintf("combiner %d", c)
}

// combos reads the texture-combiner-combo array after the header (flag 0x8,
// versions 260 on; the header check already placed it inside the file).
func (d *decoder) combos(lay *layout) error {
	b := &d.m2
	if !d.tbc || d.details.Flags&0x8 == 0 {
		return nil
	}
	a, err := b.arr(lay.size, "texture-combiner combos", 2)
	if err != nil {
		return err
	}
	if err := d.spend(b, lay.size, uint64(a.count), "texture-combiner combos"); err != nil {
		return err
	}
	out := make([]uint16, a.count)
	for i := range out {
		out[i] = b.u16(a.at(i))
	}
	d.details.TextureCombinerCombos = out
	return nil
}

// combiners gives the combiner op of each of a batch's n texture stages
// (combinerName), or for a shader id with 0x8000 the effect it names.
// opaque says the batch's render flag is opaque (blend 0).
func (d *decoder) combiners(batch int, shader uint16, n int, opaque bool) (ops []string, effect int) {
	if shader&0x8000 != 0 {
		return nil, int(shader & 0x7FFF)
	}
	combos := d.details.TextureCombinerCombos
	useCombos := d.details.Flags&0x8 != 0 && d.tbc
	ops = make([]string, 0, n)
	for i := 0; i < n; i++ {
		var op uint16
		switch {
		case i == 0 && opaque:
			op = combinerOpaque
		case useCombos:
			j := int(shader) + i
			if j >= len(combos) {
				d.warnf(d.view.vb, -1, "view 0 batch %d: texture-combiner combo %d is out of range (%d combos); stage %d drawn opaque", batch, j, len(combos), i)
				op = combinerOpaque
			} else {
				op = combos[j]
			}
		case i == 0:
			op = combinerMod
		default:
			op = combinerOpaque
		}
		ops = append(ops, combinerName(op))
	}
	return ops, -1
}
