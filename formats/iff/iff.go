package iff

import (
	"encoding/binary"
	"fmt"
	"math"

	"animscope/formats"
	"animscope/formats/bin"

	"github.com/go-gl/mathgl/mgl32"
)

// HeaderSize is the size of a block header (tag + big-endian size).
const HeaderSize = 8

// Block is one block header as found in the file.
type Block struct {
	Tag  string // "FORM" or a chunk tag
	Name string // the FORM's name; "" for a chunk
	Off  int    // offset of the 8-byte header
	Size uint32 // the size field
}

// IsForm reports whether b is a FORM.
func (b Block) IsForm() bool { return b.Tag == "FORM" }

// ID is the FORM's name, or the chunk's tag.
func (b Block) ID() string {
	if b.IsForm() {
		return b.Name
	}
	return b.Tag
}

// Start is the offset of the first child (FORM) or payload byte (chunk).
func (b Block) Start() int {
	if b.IsForm() {
		return b.Off + HeaderSize + 4
	}
	return b.Off + HeaderSize
}

// End is the offset just past the block.
func (b Block) End() int { return b.Off + HeaderSize + int(b.Size) }

// String describes b as "FORM NAME" or "CHUNK TAG".
func (b Block) String() string {
	if b.IsForm() {
		return "FORM " + b.Name
	}
	return "CHUNK " + b.Tag
}

// tagString renders 4 tag bytes; non-printable bytes are escaped so messages stay
// readable.
func tagString(b []byte) string {
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			return fmt.Sprintf("%q", string(b))
		}
	}
	return string(b)
}

// IsTag reports whether b is a plausible SWG tag: four bytes of upper-case
// letters, digits, space or underscore.
func IsTag(b []byte) bool {
	if len(b) != 4 {
		return false
	}
	for _, c := range b {
		switch {
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == ' ', c == '_':
		default:
			return false
		}
	}
	return true
}

// TopForm returns the name of the FORM that head starts with, when head starts
// with a FORM header whose size is at least 4 (a sniffing helper; the size is not
// checked against the file length, which head may not hold).
func TopForm(head []byte) (string, bool) {
	if len(head) < 12 || string(head[:4]) != "FORM" {
		return "", false
	}
	if binary.BigEndian.Uint32(head[4:8]) < 4 || !IsTag(head[8:12]) {
		return "", false
	}
	return string(head[8:12]), true
}

// readHeader reads the block header at off inside [off, end) and checks that the
// block fits before end.
func readHeader(file string, data []byte, off, end int, parent string) (Block, error) {
	if end-off < HeaderSize {
		return Block{}, formats.FileErrorf(file, int64(off), "block header needs 8 bytes, only %d remain in %s", end-off, parent)
	}
	tag := data[off : off+4]
	size := binary.BigEndian.Uint32(data[off+4 : off+8])
	b := Block{Tag: tagString(tag), Off: off, Size: size}
	if uint64(size) > uint64(end-off-HeaderSize) {
		what := kind(tag) + " " + tagString(tag) // "CHUNK NAME"
		if string(tag) == "FORM" {
			what = "FORM" // named below when the name is there: "FORM SSHT", not "FORM FORM"
			if end-off >= HeaderSize+4 {
				what += " " + tagString(data[off+8:off+12])
			}
		}
		return Block{}, formats.FileErrorf(file, int64(off), "%s: size %d runs past the end of %s (%d bytes remain)",
			what, size, parent, end-off-HeaderSize)
	}
	if b.Tag == "FORM" {
		if size < 4 {
			return Block{}, formats.FileErrorf(file, int64(off), "FORM: size %d is too small to hold the form's name", size)
		}
		b.Name = tagString(data[off+8 : off+12])
	}
	return b, nil
}

func kind(tag []byte) string {
	if string(tag) == "FORM" {
		return "FORM"
	}
	return "CHUNK"
}

// frame is one open FORM of the cursor.
type frame struct {
	block Block
	pos   int // next child
	end   int
}

// Cursor walks an IFF file level by level.
type Cursor struct {
	File  string
	data  []byte
	stack []frame
}

// NewCursor returns a cursor at the top level of data. file names the file in
// every error.
func NewCursor(file string, data []byte) *Cursor {
	return &Cursor{File: file, data: data, stack: []frame{{block: Block{Tag: "file"}, pos: 0, end: len(data)}}}
}

func (c *Cursor) top() *frame { return &c.stack[len(c.stack)-1] }

func (c *Cursor) where() string {
	f := c.top()
	if len(c.stack) == 1 {
		return "the file"
	}
	return f.block.String()
}

// Errf returns a *formats.FileError at off in the cursor's file.
func (c *Cursor) Errf(off int, format string, args ...any) error {
	return formats.FileErrorf(c.File, int64(off), format, args...)
}

// Offset is the offset of the next block of the current level.
func (c *Cursor) Offset() int { return c.top().pos }

// Depth is the number of open FORMs.
func (c *Cursor) Depth() int { return len(c.stack) - 1 }

// Current is the innermost open FORM (a zero Block at the top level).
func (c *Cursor) Current() Block {
	if len(c.stack) == 1 {
		return Block{}
	}
	return c.top().block
}

// AtEnd reports whether the current level has no more blocks.
func (c *Cursor) AtEnd() bool {
	f := c.top()
	return f.pos >= f.end
}

// Remaining is the number of unread bytes in the current level.
func (c *Cursor) Remaining() int {
	f := c.top()
	return f.end - f.pos
}

// Peek returns the next block of the current level without consuming it. ok is
// false at the end of the level. A header that does not fit, or a size that runs
// past the enclosing block, is an error.
func (c *Cursor) Peek() (b Block, ok bool, err error) {
	f := c.top()
	if f.pos >= f.end {
		return Block{}, false, nil
	}
	b, err = readHeader(c.File, c.data, f.pos, f.end, c.where())
	if err != nil {
		return Block{}, false, err
	}
	return b, true, nil
}

// Next consumes the next block of the current level whatever it is and returns it
// (a FORM is skipped whole, not entered).
func (c *Cursor) Next() (Block, error) {
	b, ok, err := c.Peek()
	if err != nil {
		return Block{}, err
	}
	if !ok {
		return Block{}, c.Errf(c.Offset(), "%s ends here: a block was expected", c.where())
	}
	c.top().pos = b.End()
	return b, nil
}

// Is reports whether the next block is the FORM name (when form) or the chunk tag.
func (c *Cursor) Is(form bool, id string) (bool, error) {
	b, ok, err := c.Peek()
	if err != nil || !ok {
		return false, err
	}
	if form {
		return b.IsForm() && b.Name == id, nil
	}
	return !b.IsForm() && b.Tag == id, nil
}

func (c *Cursor) expectErr(want string) error {
	b, ok, err := c.Peek()
	if err != nil {
		return err
	}
	if !ok {
		return c.Errf(c.Offset(), "%s is missing: %s ends here", want, c.where())
	}
	return c.Errf(b.Off, "%s is missing: found %s", want, b)
}

// EnterForm enters the next block, which must be FORM name ("" accepts any
// FORM, as for version forms).
func (c *Cursor) EnterForm(name string) (Block, error) {
	b, ok, err := c.Peek()
	if err != nil {
		return Block{}, err
	}
	if !ok || !b.IsForm() || (name != "" && b.Name != name) {
		want := "FORM " + name
		if name == "" {
			want = "a FORM"
		}
		return Block{}, c.expectErr(want)
	}
	c.top().pos = b.End()
	c.stack = append(c.stack, frame{block: b, pos: b.Start(), end: b.End()})
	return b, nil
}

// TryEnterForm enters FORM name when it is the next block (the client's optional
// enterForm) and reports whether it did.
func (c *Cursor) TryEnterForm(name string) (bool, error) {
	is, err := c.Is(true, name)
	if err != nil || !is {
		return false, err
	}
	_, err = c.EnterForm(name)
	return err == nil, err
}

// Exit leaves the innermost FORM. Unread blocks left in it are skipped; Remaining
// before Exit tells how many bytes that was.
func (c *Cursor) Exit() {
	if len(c.stack) > 1 {
		c.stack = c.stack[:len(c.stack)-1]
	}
}

// Chunk consumes the next block, which must be chunk tag, and returns a reader
// over its payload.
func (c *Cursor) Chunk(tag string) (*Chunk, error) {
	b, ok, err := c.Peek()
	if err != nil {
		return nil, err
	}
	if !ok || b.IsForm() || b.Tag != tag {
		return nil, c.expectErr("CHUNK " + tag)
	}
	c.top().pos = b.End()
	return newChunk(c.File, c.data, b), nil
}

// TryChunk consumes chunk tag when it is the next block (the client's optional
// enterChunk); ch is nil when it is not.
func (c *Cursor) TryChunk(tag string) (*Chunk, error) {
	is, err := c.Is(false, tag)
	if err != nil || !is {
		return nil, err
	}
	return c.Chunk(tag)
}

// Chunk is a bounded little-endian reader over one chunk's payload. After the
// first failed read every later read returns zero and Err keeps the first error,
// which names the file, the offset and the chunk.
type Chunk struct {
	Block
	File string
	r    *bin.Reader
}

func newChunk(file string, data []byte, b Block) *Chunk {
	r := bin.NewReader(data[b.Start():b.End()])
	r.Base = int64(b.Start())
	return &Chunk{Block: b, File: file, r: r}
}

// NewChunk wraps a payload as a chunk with tag at offset off (for tests).
func NewChunk(file, tag string, off int, payload []byte) *Chunk {
	r := bin.NewReader(payload)
	r.Base = int64(off + HeaderSize)
	return &Chunk{Block: Block{Tag: tag, Off: off, Size: uint32(len(payload))}, File: file, r: r}
}

// Err is the first error, as a *formats.FileError, or nil.
func (ch *Chunk) Err() error {
	err := ch.r.Err()
	if err == nil {
		return nil
	}
	if be, ok := err.(*bin.Error); ok {
		return formats.FileErrorf(ch.File, be.Offset, "CHUNK %s: %s", ch.Tag, be.Msg)
	}
	return formats.FileErrorf(ch.File, ch.r.Offset(), "CHUNK %s: %v", ch.Tag, err)
}

// Fail records an error at the current offset (if none is recorded yet).
func (ch *Chunk) Fail(format string, args ...any) { ch.r.Fail(format, args...) }

// Offset is the absolute offset of the next payload byte.
func (ch *Chunk) Offset() int { return int(ch.r.Offset()) }

// Remaining is the number of unread payload bytes.
func (ch *Chunk) Remaining() int { return ch.r.Remaining() }

// Payload is the whole payload (not a copy).
func (ch *Chunk) Payload() []byte { return ch.r.Data }

// Count checks that count records of size bytes fit in what remains; call it
// before allocating. A negative count is an error too.
func (ch *Chunk) Count(what string, count int64, size int) bool {
	if ch.r.Err() != nil {
		return false
	}
	if count < 0 {
		ch.r.Fail("%s: negative count %d", what, count)
		return false
	}
	return ch.r.Count(what, uint64(count), size)
}

// U8 reads a byte.
func (ch *Chunk) U8() uint8 { return ch.r.U8() }

// I8 reads a signed byte.
func (ch *Chunk) I8() int8 { return int8(ch.r.U8()) }

// U16 reads a little-endian uint16.
func (ch *Chunk) U16() uint16 { return ch.r.U16() }

// I16 reads a little-endian int16.
func (ch *Chunk) I16() int16 { return ch.r.I16() }

// U32 reads a little-endian uint32.
func (ch *Chunk) U32() uint32 { return ch.r.U32() }

// I32 reads a little-endian int32.
func (ch *Chunk) I32() int32 { return ch.r.I32() }

// F32 reads a little-endian float32.
func (ch *Chunk) F32() float32 { return ch.r.F32() }

// Vec3 reads x, y, z.
func (ch *Chunk) Vec3() mgl32.Vec3 {
	x := ch.F32()
	y := ch.F32()
	z := ch.F32()
	return mgl32.Vec3{x, y, z}
}

// Quat reads a floatQuaternion stored w, x, y, z.
func (ch *Chunk) Quat() mgl32.Quat {
	w := ch.F32()
	x := ch.F32()
	y := ch.F32()
	z := ch.F32()
	return mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
}

// CString reads bytes up to and including a 0 terminator and returns them
// without it. A missing terminator is an error.
func (ch *Chunk) CString() string {
	if ch.r.Err() != nil {
		return ""
	}
	rest := ch.r.Data[ch.r.Pos:]
	for i, c := range rest {
		if c == 0 {
			s := string(rest[:i])
			ch.r.Pos += i + 1
			return s
		}
	}
	ch.r.Fail("string has no 0 terminator before the end of the chunk (%d bytes remain)", len(rest))
	return ""
}

// Leftover returns an error naming the unread payload bytes, or nil when the
// payload was read to the end (or reading already failed).
func (ch *Chunk) Leftover() error {
	if ch.r.Err() != nil || ch.r.Remaining() == 0 {
		return nil
	}
	return formats.FileErrorf(ch.File, ch.r.Offset(), "CHUNK %s: %d bytes left unread at the end of the chunk", ch.Tag, ch.r.Remaining())
}

// Node is one block of a parsed tree: a FORM with its children or a chunk with
// its payload.
type Node struct {
	Block
	Kids []Node
	Data []byte // chunk payload (not a copy)
}

// Find returns the first child whose ID is id, or nil.
func (n *Node) Find(id string) *Node {
	for i := range n.Kids {
		if n.Kids[i].ID() == id {
			return &n.Kids[i]
		}
	}
	return nil
}

// MaxDepth bounds the nesting Parse accepts (SWG files nest a handful of levels).
const MaxDepth = 64

// Parse reads the whole file as a list of top-level blocks (the client reads the
// top level as a list). Every size is checked against its parent before reading.
func Parse(file string, data []byte) ([]Node, error) {
	return parseLevel(file, data, 0, len(data), "the file", 0)
}

func parseLevel(file string, data []byte, off, end int, parent string, depth int) ([]Node, error) {
	if depth > MaxDepth {
		return nil, formats.FileErrorf(file, int64(off), "FORMs nest more than %d levels deep", MaxDepth)
	}
	var out []Node
	for off < end {
		b, err := readHeader(file, data, off, end, parent)
		if err != nil {
			return nil, err
		}
		n := Node{Block: b}
		if b.IsForm() {
			n.Kids, err = parseLevel(file, data, b.Start(), b.End(), b.String(), depth+1)
			if err != nil {
				return nil, err
			}
		} else {
			n.Data = data[b.Start():b.End()]
		}
		out = append(out, n)
		off = b.End()
	}
	return out, nil
}

// Writer builds an IFF file: Form and Chunk open blocks, End closes the innermost
// one and patches its size, and the scalar methods append little-endian payload.
type Writer struct {
	buf  []byte
	open []int // offsets of open block headers
}

// Form opens FORM name.
func (w *Writer) Form(name string) *Writer {
	w.open = append(w.open, len(w.buf))
	w.buf = append(w.buf, 'F', 'O', 'R', 'M', 0, 0, 0, 0)
	w.buf = append(w.buf, tagBytes(name)...)
	return w
}

// Chunk opens chunk tag.
func (w *Writer) Chunk(tag string) *Writer {
	w.open = append(w.open, len(w.buf))
	w.buf = append(w.buf, tagBytes(tag)...)
	w.buf = append(w.buf, 0, 0, 0, 0)
	return w
}

// End closes the innermost open block.
func (w *Writer) End() *Writer {
	if len(w.open) == 0 {
		panic("iff.Writer: End without an open block")
	}
	off := w.open[len(w.open)-1]
	w.open = w.open[:len(w.open)-1]
	binary.BigEndian.PutUint32(w.buf[off+4:off+8], uint32(len(w.buf)-off-HeaderSize))
	return w
}

// Bytes closes every open block and returns the file.
func (w *Writer) Bytes() []byte {
	for len(w.open) > 0 {
		w.End()
	}
	return w.buf
}

// Len is the number of bytes written so far.
func (w *Writer) Len() int { return len(w.buf) }

func tagBytes(tag string) []byte {
	b := []byte(tag)
	if len(b) != 4 {
		panic(fmt.Sprintf("iff.Writer: tag %q is not 4 bytes", tag))
	}
	return b
}

// Raw appends bytes as they are.
func (w *Writer) Raw(b []byte) *Writer { w.buf = append(w.buf, b...); return w }

// U8 appends a byte.
func (w *Writer) U8(v uint8) *Writer { w.buf = append(w.buf, v); return w }

// I8 appends a signed byte.
func (w *Writer) I8(v int8) *Writer { return w.U8(uint8(v)) }

// U16 appends a little-endian uint16.
func (w *Writer) U16(v uint16) *Writer { w.buf = binary.LittleEndian.AppendUint16(w.buf, v); return w }

// I16 appends a little-endian int16.
func (w *Writer) I16(v int16) *Writer { return w.U16(uint16(v)) }

// U32 appends a little-endian uint32.
func (w *Writer) U32(v uint32) *Writer { w.buf = binary.LittleEndian.AppendUint32(w.buf, v); return w }

// I32 appends a little-endian int32.
func (w *Writer) I32(v int32) *Writer { return w.U32(uint32(v)) }

// F32 appends a little-endian float32.
func (w *Writer) F32(v float32) *Writer { return w.U32(math.Float32bits(v)) }

// Vec3 appends x, y, z.
func (w *Writer) Vec3(v mgl32.Vec3) *Writer { return w.F32(v[0]).F32(v[1]).F32(v[2]) }

// Quat appends a floatQuaternion w, x, y, z.
func (w *Writer) Quat(q mgl32.Quat) *Writer { return w.F32(q.W).F32(q.V[0]).F32(q.V[1]).F32(q.V[2]) }

// CString appends s and a 0 terminator.
func (w *Writer) CString(s string) *Writer {
	w.buf = append(w.buf, s...)
	w.buf = append(w.buf, 0)
	return w
}
