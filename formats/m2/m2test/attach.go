package m2test

// Attachment is one attachment point the writer stores: the client's id, the
// file bone it hangs on and its position (bind space). Its "animate attached"
// track is written empty.
type Attachment struct {
	ID       uint32
	Bone     uint16
	Position [3]float32
}

// writeAttachments writes m.Attachments (48-byte records before 264, 40 from
// 264) and the attachment lookup (id → record, −1 for none).
func (m *Model) writeAttachments(w *writer) {
	field, size := 0xF0, 40
	if m.Version < 264 {
		field, size = 0x104, 48
	}
	var p bytesOut
	maxID := -1
	for _, a := range m.Attachments {
		p.u32(a.ID)
		p.u16(a.Bone)
		p.u16(0)
		for _, c := range a.Position {
			p.f32(c)
		}
		p = append(p, make([]byte, size-20)...)
		maxID = max(maxID, int(a.ID))
	}
	w.arr(field, len(m.Attachments), p)
	var lk bytesOut
	for id := 0; id <= maxID; id++ {
		v := -1
		for i, a := range m.Attachments {
			if int(a.ID) == id && v < 0 {
				v = i
			}
		}
		lk.u16(uint16(int16(v)))
	}
	w.arr(field+8, maxID+1, lk)
}
