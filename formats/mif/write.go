package mif

import (
	"encoding/binary"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"animscope/formats/iff"
	"animscope/formats/swg"
)

// Write prints an IFF file as MIF source that compiles back to the same bytes.
// Chunks whose layout the swg tables know are printed as typed values commented
// with their field names; other chunks, and chunks whose bytes do not fit their
// layout, as uint8 bytes. name is used for messages and, through its extension,
// for the #pragma extension line.
func Write(name string, data []byte) (string, error) {
	nodes, err := iff.Parse(name, data)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("// " + filepath.Base(name) + " as MIF (written by animscope mif)\n\n")
	if ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), "."); ext != "" && ext != "mif" && isPlain(ext) {
		fmt.Fprintf(&b, "#pragma extension %s\n\n", quote([]byte(ext)))
	}
	w := writer{b: &b, data: data}
	for _, n := range nodes {
		var lay *swg.Block
		if n.IsForm() {
			if top := swg.TopLayout(n.Name); top != nil {
				lay = &swg.Block{Form: top}
			}
		}
		w.node(n, lay, 0)
	}
	return b.String(), nil
}

func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if !(isLetter(s[i]) || isDigit(s[i])) {
			return false
		}
	}
	return true
}

type writer struct {
	b    *strings.Builder
	data []byte // the file: tags are taken from it byte for byte (iff.Block escapes odd ones)
}

func (w writer) line(depth int, s string) {
	w.b.WriteString(strings.Repeat("\t", depth))
	w.b.WriteString(s)
	w.b.WriteByte('\n')
}

func (w writer) node(n iff.Node, lay *swg.Block, depth int) {
	if lay != nil && !lay.IsForm() && n.IsForm() || lay != nil && lay.IsForm() && !n.IsForm() {
		lay = nil
	}
	if n.IsForm() {
		if lay != nil && lay.Form.Doc != "" {
			w.line(depth, "// "+lay.Form.Doc)
		}
		w.line(depth, "form "+quote(w.data[n.Off+8:n.Off+12]))
		w.line(depth, "{")
		for _, k := range n.Kids {
			var kl *swg.Block
			if lay != nil {
				kl = lay.Form.Find(k.IsForm(), k.ID())
			}
			w.node(k, kl, depth+1)
		}
		w.line(depth, "}")
		return
	}
	var vals []swg.FieldValue
	var why error
	if lay != nil {
		if vals, why = swg.ReadFields(lay.Chunk.Fields, n.Data); why == nil && lay.Chunk.Doc != "" {
			w.line(depth, "// "+lay.Chunk.Doc)
		}
	}
	w.line(depth, "chunk "+quote(w.data[n.Off:n.Off+4]))
	w.line(depth, "{")
	if lay != nil && why == nil {
		for _, v := range vals {
			w.line(depth+1, formatValue(v))
		}
	} else {
		if why != nil {
			w.line(depth+1, "// the bytes do not fit the layout of "+lay.Chunk.Tag+": "+why.Error())
		}
		w.bytes(depth+1, n.Data)
	}
	w.line(depth, "}")
}

// bytes prints raw bytes, 16 to a line.
func (w writer) bytes(depth int, data []byte) {
	for i := 0; i < len(data); i += 16 {
		end := min(i+16, len(data))
		parts := make([]string, 0, 16)
		for _, c := range data[i:end] {
			parts = append(parts, fmt.Sprintf("0x%02X", c))
		}
		w.line(depth, "uint8 "+strings.Join(parts, ", "))
	}
}

// hexField reports whether a field reads better in hex (masks, packed words,
// tags, format bytes).
func hexField(name string) bool {
	for _, s := range []string{"Mask", "Format", "packedQuat", "tag"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

func formatValue(v swg.FieldValue) string {
	comment := " // " + v.Name
	switch v.Kind {
	case swg.KindCString:
		return "cstring " + quote(v.Raw) + comment
	case swg.KindF32:
		bits := binary.LittleEndian.Uint32(v.Raw)
		if s, ok := FormatFloat32(bits); ok {
			return "float " + s + comment
		}
		return fmt.Sprintf("uint32 0x%08X%s (a float that MIF cannot write as a number)", bits, comment)
	case swg.KindF64:
		bits := binary.LittleEndian.Uint64(v.Raw)
		f := math.Float64frombits(bits)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return fmt.Sprintf("uint32 0x%08X, 0x%08X%s (a double that MIF cannot write as a number)", uint32(bits), uint32(bits>>32), comment)
		}
		return "double " + floatText(strconv.FormatFloat(f, 'f', -1, 64)) + comment
	}
	var u uint64
	for k := len(v.Raw) - 1; k >= 0; k-- {
		u = u<<8 | uint64(v.Raw[k])
	}
	if hexField(v.Name) && !v.Kind.Signed() {
		return fmt.Sprintf("%s 0x%0*X%s", v.Kind, 2*len(v.Raw), u, comment)
	}
	bits := uint(8 * len(v.Raw))
	i := int64(u)
	if v.Kind.Signed() && u>>(bits-1) != 0 {
		i = int64(u) - int64(1)<<bits
	}
	if tagLike(v) {
		comment += fmt.Sprintf(" (tag %q)", []byte{v.Raw[3], v.Raw[2], v.Raw[1], v.Raw[0]})
	}
	return fmt.Sprintf("%s %d%s", v.Kind, i, comment)
}

func tagLike(v swg.FieldValue) bool {
	return v.Kind == swg.KindU32 && strings.HasSuffix(v.Name, "tag") && iff.IsTag([]byte{v.Raw[3], v.Raw[2], v.Raw[1], v.Raw[0]})
}

// FormatFloat32 writes a float's value as a MIF number that compiles back to the
// same bits (mIFF reads a number as a double and narrows it to float): the
// shortest such decimal, without an exponent. NaN and infinities have no MIF
// number (ok is false).
func FormatFloat32(bits uint32) (string, bool) {
	f := math.Float32frombits(bits)
	if math.IsInf(float64(f), 0) || math.IsNaN(float64(f)) {
		return "", false
	}
	s := floatText(strconv.FormatFloat(float64(f), 'f', -1, 32))
	if back, err := strconv.ParseFloat(strings.TrimPrefix(s, "-"), 64); err == nil {
		if strings.HasPrefix(s, "-") {
			back = -back
		}
		if math.Float32bits(float32(back)) == bits {
			return s, true
		}
	}
	// The double nearest the float is the float itself: always exact.
	return floatText(strconv.FormatFloat(float64(f), 'f', -1, 64)), true
}

// floatText makes sure a number reads as a float literal (digits '.' digits).
func floatText(s string) string {
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// quote writes bytes as a MIF string literal: printable ASCII as it is, '"' as
// \", everything else (the backslash included) as a three-digit octal escape,
// which no following character can extend.
func quote(s []byte) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c >= 0x20 && c < 0x7f && c != '\\':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
