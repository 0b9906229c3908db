package iff

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"animscope/formats"
)

// sample builds FORM ROOT { FORM 0001 { CHUNK INFO (odd size), FORM EMPT {} },
// CHUNK TAIL }: an odd-sized chunk (no padding), an empty form, nesting.
func sample() []byte {
	var w Writer
	w.Form("ROOT").Form("0001")
	w.Chunk("INFO").U8(7).I16(-2).U16(65535).I32(-3).F32(1.5).CString("abc").End()
	w.Form("EMPT").End()
	w.End()
	w.Chunk("TAIL").Raw([]byte{1, 2, 3}).End()
	return w.Bytes()
}

func TestWriterLayout(t *testing.T) {
	data := sample()
	// FORM sizes count the 4 name bytes and the children; chunks their payload.
	info := 1 + 2 + 2 + 4 + 4 + 4
	want := [][2]any{
		{0, uint32(len(data) - 8)},
		{12, uint32(4 + 8 + info + 12 + 0)},
		{24, uint32(info)},
		{24 + 8 + info, uint32(4)},
		{24 + 8 + info + 12, uint32(3)},
	}
	for _, w := range want {
		off := w[0].(int)
		if got := binary.BigEndian.Uint32(data[off+4:]); got != w[1].(uint32) {
			t.Errorf("size at 0x%x = %d, want %d", off, got, w[1])
		}
	}
	if string(data[24:28]) != "INFO" || string(data[8:12]) != "ROOT" {
		t.Errorf("tags: %q %q", data[8:12], data[24:28])
	}
}

func TestCursor(t *testing.T) {
	data := sample()
	c := NewCursor("s.iff", data)
	if _, err := c.EnterForm("ROOT"); err != nil {
		t.Fatal(err)
	}
	v, err := c.EnterForm("")
	if err != nil || v.Name != "0001" {
		t.Fatalf("version form %v, %v", v, err)
	}
	if ok, err := c.TryEnterForm("NOPE"); ok || err != nil {
		t.Errorf("TryEnterForm(NOPE) = %v, %v", ok, err)
	}
	if ch, err := c.TryChunk("NOPE"); ch != nil || err != nil {
		t.Errorf("TryChunk(NOPE) = %v, %v", ch, err)
	}
	ch, err := c.Chunk("INFO")
	if err != nil {
		t.Fatal(err)
	}
	got := []any{ch.U8(), ch.I16(), ch.U16(), ch.I32(), ch.F32(), ch.CString()}
	want := []any{uint8(7), int16(-2), uint16(65535), int32(-3), float32(1.5), "abc"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("field %d = %v, want %v", i, got[i], want[i])
		}
	}
	if ch.Err() != nil || ch.Leftover() != nil {
		t.Errorf("err %v leftover %v", ch.Err(), ch.Leftover())
	}
	ch.U8() // past the end
	if err := ch.Err(); err == nil || !strings.Contains(err.Error(), "s.iff: offset 0x") || !strings.Contains(err.Error(), "CHUNK INFO") {
		t.Errorf("read past the end: %v", err)
	}
	if ok, err := c.TryEnterForm("EMPT"); !ok || err != nil || !c.AtEnd() {
		t.Errorf("empty form: %v %v at end %v", ok, err, c.AtEnd())
	}
	c.Exit()
	if !c.AtEnd() {
		t.Errorf("FORM 0001 should be read")
	}
	c.Exit()
	if _, err := c.Chunk("TAIL"); err != nil {
		t.Fatal(err)
	}
	c.Exit()
	if !c.AtEnd() || c.Depth() != 0 {
		t.Errorf("end of file: at end %v depth %d", c.AtEnd(), c.Depth())
	}
	nodes, err := Parse("s.iff", data)
	if err != nil || len(nodes) != 1 || nodes[0].End() != len(data) || nodes[0].Find("TAIL") == nil {
		t.Errorf("Parse: %v, %d nodes", err, len(nodes))
	}
}

func TestBadBlocks(t *testing.T) {
	good := sample()
	set := func(off int, v uint32) []byte {
		b := append([]byte(nil), good...)
		binary.BigEndian.PutUint32(b[off+4:], v)
		return b
	}
	cases := []struct {
		name string
		data []byte
		off  int64
		want string
	}{
		{"truncated header", good[:5], 0, "block header needs 8 bytes"},
		{"top size past the file", set(0, 0xFFFFFFFF), 0, "runs past the end of the file"},
		{"child past its parent", set(24, 1000), 24, "runs past the end of FORM 0001"},
		{"form too small for its name", set(12, 2), 12, "too small to hold the form's name"},
		{"truncated file", good[:len(good)-1], 0, "runs past"},
	}
	for _, c := range cases {
		_, err := Parse("b.iff", c.data)
		var fe *formats.FileError
		if !errors.As(err, &fe) || fe.Offset != c.off || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want offset 0x%x and %q", c.name, err, c.off, c.want)
		}
	}
	// Missing blocks and wrong kinds are named by the cursor.
	c := NewCursor("m.iff", good)
	if _, err := c.Chunk("ROOT"); err == nil || !strings.Contains(err.Error(), "CHUNK ROOT is missing: found FORM ROOT") {
		t.Errorf("chunk where a form is: %v", err)
	}
	c.EnterForm("ROOT")
	c.EnterForm("0001")
	c.Chunk("INFO")
	c.EnterForm("EMPT")
	if _, err := c.Chunk("DATA"); err == nil || !strings.Contains(err.Error(), "ends here") {
		t.Errorf("chunk at the end of a form: %v", err)
	}
}

func TestTopForm(t *testing.T) {
	cases := []struct {
		head []byte
		want string
		ok   bool
	}{
		{sample(), "ROOT", true},
		{[]byte("FORM\x00\x00\x00\x04SKTM"), "SKTM", true},
		{[]byte("FORM\x00\x00\x00\x02SKTM"), "", false},
		{[]byte("FORM\x00\x00\x00\x04sk\x00m"), "", false},
		{[]byte("RIFF\x00\x00\x00\x04WAVE"), "", false},
		{[]byte("FORM"), "", false},
	}
	for _, c := range cases {
		got, ok := TopForm(c.head)
		if got != c.want || ok != c.ok {
			t.Errorf("TopForm(%q) = %q, %v; want %q, %v", c.head, got, ok, c.want, c.ok)
		}
	}
}

// writeTree re-encodes a parsed tree.
func writeTree(w *Writer, ns []Node) {
	for _, n := range ns {
		if n.IsForm() {
			w.Form(n.Name)
			writeTree(w, n.Kids)
		} else {
			w.Chunk(n.Tag).Raw(n.Data)
		}
		w.End()
	}
}

// FuzzIFF: Parse never panics; an error names the file and an offset; a parsed
// tree re-encodes to the same bytes.
func FuzzIFF(f *testing.F) {
	f.Add(sample())
	f.Add([]byte("FORM\x00\x00\x00\x04SKTM"))
	f.Fuzz(func(t *testing.T, data []byte) {
		nodes, err := Parse("f.iff", data)
		if err != nil {
			var fe *formats.FileError
			if !errors.As(err, &fe) || fe.File != "f.iff" || fe.Offset < 0 || fe.Offset > int64(len(data)) {
				t.Fatalf("error %v does not name the file and an offset", err)
			}
			return
		}
		var w Writer
		ok := true
		func() {
			defer func() {
				if recover() != nil {
					ok = false // unprintable tags are quoted and cannot be written back
				}
			}()
			writeTree(&w, nodes)
		}()
		if ok && !bytes.Equal(w.Bytes(), data) {
			t.Fatalf("parse → write changed the bytes")
		}
		// The cursor walks the same tree without error.
		c := NewCursor("f.iff", data)
		var walk func() error
		walk = func() error {
			for !c.AtEnd() {
				b, _, err := c.Peek()
				if err != nil {
					return err
				}
				if b.IsForm() {
					if _, err := c.EnterForm(b.Name); err != nil {
						return err
					}
					if err := walk(); err != nil {
						return err
					}
					c.Exit()
				} else if _, err := c.Next(); err != nil {
					return err
				}
			}
			return nil
		}
		if err := walk(); err != nil {
			t.Fatalf("cursor: %v", err)
		}
	})
}
