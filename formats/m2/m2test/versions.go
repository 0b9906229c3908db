package m2test

// What the writer changes by version beyond the 256/260/264 tables of synth.go:
// the optional texture-combiner-combo array after the header (global flag 0x8,
// from 260), the 116-byte camera of 271+, the 492-byte particle emitter of 272
// and the 56-byte .skin header of 272 with its shadow-batch array.

// headerSize is the header's size: 0x144 before 264, 0x130 from 264, each 8 bytes
// more with the combo array (flag 0x8, from 260).
func (m *Model) headerSize() int {
	hdr := 0x130
	if m.Version < 264 {
		hdr = 0x144
	}
	if m.hasCombos() {
		hdr += 8
	}
	return hdr
}

func (m *Model) hasCombos() bool { return m.Version >= 260 && m.Flags&0x8 != 0 }

// recordSizes are the sizes of the records written zero-filled.
func (m *Model) recordSizes() map[string]int {
	if m.Version < 264 {
		return map[string]int{"lights": 212, "cameras": 124, "ribbons": 220, "particles": 504}
	}
	sizes := map[string]int{"lights": 156, "cameras": 100, "ribbons": 176, "particles": 476}
	if m.Version >= 271 {
		sizes["cameras"] = 116 // the fixed FOV becomes a FOV track at the end
	}
	if m.Version >= 272 {
		sizes["particles"] = 492 // two multi-texture parameter blocks appended
	}
	return sizes
}

// writeCombos writes the combo array into the header's last 8 bytes.
func (m *Model) writeCombos(w *writer, hdr int) {
	if !m.hasCombos() {
		return
	}
	var p bytesOut
	for _, v := range m.Combos {
		p.u16(v)
	}
	w.arr(hdr-8, len(m.Combos), p)
}

// skinHeaderSize: magic and the view's arrays (48 bytes), at 272 the shadow
// batches' (count, offset) after them.
func (m *Model) skinHeaderSize() int {
	if m.Version >= 272 {
		return 56
	}
	return 48
}

func (m *Model) writeShadowBatches(sw *writer) {
	if m.Version < 272 {
		return
	}
	sw.arr(48, m.ShadowBatches, make([]byte, 16*m.ShadowBatches))
}
