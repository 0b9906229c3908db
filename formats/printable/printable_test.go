package printable

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestName(t *testing.T) {
	cases := []struct{ in, name, text string }{
		{"Creature\\Frog\\Frog.m2", "Creature\\Frog\\Frog.m2", "Creature\\Frog\\Frog.m2"},
		{"Grüße/飛.m2", "Grüße/飛.m2", "Grüße/飛.m2"},
		{"a\x1b[31mred\x07.m2", `a\x1b[31mred\a.m2`, `a\x1b[31mred\a.m2`},
		{"line\none\ttab\rcr", `line\none\ttab\rcr`, "line\none\ttab\\rcr"},
		{"del\x7f c1\u009b[2J", `del\x7f c1\u009b[2J`, `del\x7f c1\u009b[2J`},
		{"bad\xffutf8\x00", `bad\xffutf8\x00`, `bad\xffutf8\x00`},
		{"", "", ""},
	}
	for _, c := range cases {
		if got := Name(c.in); got != c.name {
			t.Errorf("Name(%q) = %q, want %q", c.in, got, c.name)
		}
		if got := Text(c.in); got != c.text {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.text)
		}
	}
}

// TestWriter: text loses its controls on either writer; a JSON encoding of names
// with every kind of control passes the C0-only writer byte for byte.
func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := &Writer{W: &b, C1: true}
	msg := []byte("x.mpq:\x1b]0;pwned\x07\u009b.m2: offset 0x10: bad\n")
	if n, err := w.Write(msg); err != nil || n != len(msg) {
		t.Fatalf("Write: %d, %v, want %d, nil", n, err, len(msg))
	}
	if got, want := b.String(), `x.mpq:\x1b]0;pwned\a\u009b.m2: offset 0x10: bad`+"\n"; got != want {
		t.Errorf("C1 writer: got %q, want %q", got, want)
	}
	b.Reset()
	w = &Writer{W: &b}
	w.Write([]byte("a\x1bb\u009b\x7f\tc\n"))
	if got, want := b.String(), "a\\x1bb\u009b\x7f\tc\n"; got != want {
		t.Errorf("C0 writer: got %q, want %q", got, want)
	}
	js, err := json.Marshal(map[string]string{"path": "a\x1b\x07\r\n\x7f\u009b\x00"})
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	w.Write(js)
	if !bytes.Equal(b.Bytes(), js) {
		t.Errorf("JSON through the writer: got %q, want %q", b.Bytes(), js)
	}
}
