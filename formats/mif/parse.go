package mif

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"animscope/formats"
	"animscope/formats/iff"
)

// Type is the type keyword of one MIF value statement.
type Type int

// Value types: mIFF's memalloc keywords, plus tag (an animscope extension) and the
// binary include.
const (
	TInt8 Type = iota + 1
	TUint8
	TInt16
	TUint16
	TInt32
	TUint32
	TFloat
	TDouble
	TCString   // string, cstring, CString: the bytes and a 0 terminator
	TWString   // wstring, WString: UTF-16LE code units and a 0 terminator
	TLabelHash // labelhash: SWG's CRC of the string, as a uint32
	TTag       // tag "ABCD": a Tag as the client writes one (uint32 little-endian of 'A'<<24|…)
	TInclude   // include "file": the file's bytes
)

var typeNames = map[string]Type{
	"int8": TInt8, "uint8": TUint8, "int16": TInt16, "uint16": TUint16, "int32": TInt32, "uint32": TUint32,
	"float": TFloat, "double": TDouble, "string": TCString, "cstring": TCString, "CString": TCString,
	"wstring": TWString, "WString": TWString, "labelhash": TLabelHash, "tag": TTag,
}

var typeStrings = map[Type]string{
	TInt8: "int8", TUint8: "uint8", TInt16: "int16", TUint16: "uint16", TInt32: "int32", TUint32: "uint32",
	TFloat: "float", TDouble: "double", TCString: "cstring", TWString: "wstring", TLabelHash: "labelhash",
	TTag: "tag", TInclude: "include",
}

func (t Type) String() string { return typeStrings[t] }

// intRange is the range an integer type accepts: the signed and the unsigned
// reading of its width both fit, as the C casts of mIFF make them.
func (t Type) intRange() (lo, hi int64, size int, ok bool) {
	switch t {
	case TInt8, TUint8:
		return -1 << 7, 1<<8 - 1, 1, true
	case TInt16, TUint16:
		return -1 << 15, 1<<16 - 1, 2, true
	case TInt32, TUint32:
		return -1 << 31, 1<<32 - 1, 4, true
	}
	return 0, 0, 0, false
}

// NodeKind says what a Node is.
type NodeKind int

const (
	NodeForm  NodeKind = iota + 1
	NodeChunk          // a chunk and its values
	NodeRaw            // includeIFF: a file's bytes inserted as they are
)

// Node is one form, chunk or included IFF of a MIF source. Its bytes are
// Off to Off+Len of the compiled file; a chunk's values are read with
// File.Value (they are not kept as objects: a large source has millions).
type Node struct {
	Pos  Pos
	Kind NodeKind
	ID   string // the form name or chunk tag, padded to 4 bytes
	Kids []*Node
	End  Pos // the closing brace
	Off  int
	Len  int
	// first and last bound the chunk's values among the file's marks.
	first, last int
}

// NumValues is how many values the chunk holds.
func (n *Node) NumValues() int { return n.last - n.first }

// Value is one value of a chunk.
type Value struct {
	Pos   Pos
	Type  Type
	Bytes []byte // what it writes (a slice of the compiled file)
	Int   int64  // integer types: the value
}

// File is a parsed MIF source and the IFF it compiles to.
type File struct {
	Name      string
	Extension string // #pragma extension, "" when absent
	Pragmas   map[string]string
	Top       []*Node
	// Read lists the files the source read (#include, include, includeIFF).
	Read []string

	out   []byte   // the compiled file, written as the source is parsed
	marks markList // every block header and value, in the order (and offset order) written
	files []string // the sources' names (the main one first), for the marks' positions
}

// mark ties an offset of the compiled file to the statement that wrote it, in
// 16 bytes (a source of 15 million values keeps 15 million of them).
type mark struct {
	off, line, col uint32
	meta           uint32 // source index << 8 | markNeg | the value's Type (0: a block)
}

const (
	markNeg      = 1 << 7 // an integer written as a negative number
	markTypeBits = 1<<5 - 1
	maxSources   = 1 << 24 // sources a mark can name: the main one and its #includes
)

// markPage marks fill one block; blocks are added, never grown (growing one
// list would copy it and hold two copies at once).
const markPage = 1 << 16

type markList struct {
	pages [][]mark
	n     int
}

func (m *markList) add(k mark) {
	if m.n%markPage == 0 {
		// The first block starts small (most sources are small) and doubles;
		// the others are full-sized from the start.
		m.pages = append(m.pages, make([]mark, 0, min(markPage, max(64, m.n))))
	}
	last := &m.pages[len(m.pages)-1]
	if len(*last) == cap(*last) {
		grown := make([]mark, len(*last), min(markPage, 2*cap(*last)))
		copy(grown, *last)
		*last = grown
	}
	*last = append(*last, k)
	m.n++
}

func (m *markList) at(i int) mark { return m.pages[i/markPage][i%markPage] }

func (f *File) pos(k mark) Pos {
	return Pos{File: f.files[k.meta>>8], Line: int(k.line), Col: int(k.col)}
}

// Value returns value i of chunk n (0 ≤ i < n.NumValues()).
func (f *File) Value(n *Node, i int) Value {
	k := f.marks.at(n.first + i)
	end := n.Off + n.Len
	if j := n.first + i + 1; j < n.last {
		end = int(f.marks.at(j).off)
	}
	v := Value{Pos: f.pos(k), Type: Type(k.meta & markTypeBits), Bytes: f.out[k.off:end:end]}
	if _, _, size, ok := v.Type.intRange(); ok && len(v.Bytes) == size {
		var u uint64
		for b := size - 1; b >= 0; b-- {
			u = u<<8 | uint64(v.Bytes[b])
		}
		v.Int = int64(u)
		if k.meta&markNeg != 0 {
			v.Int -= 1 << (8 * size)
		}
	}
	return v
}

// Options control what a MIF source may read.
type Options struct {
	// Root is the asset root for #include, include and includeIFF; "" means the
	// nearest folder at or above the including file that holds the named path
	// (formats.ResolveRef).
	Root string
	// Path is the source's file on disk, for resolving includes ("" = the name).
	Path string
	// NoFiles refuses every include (fuzzing, sources held in memory).
	NoFiles bool
	// Tree, when not nil, is the archive the source is a member of: Path is then
	// the member's path inside it, and includes are read from the archive only,
	// by the same rules (formats.ReadTreeRef), never from the disk. An included
	// member is named in messages as the source is ("ARCHIVE:" and its path).
	Tree formats.Tree
}

// Limits on hostile sources.
const (
	MaxIncludeDepth = 16  // nested #include
	MaxExprDepth    = 256 // nested parentheses and unary operators
	MaxEnumSymbols  = 1 << 16
	// Macro replacement produces at most MacroBase + MacroPerByte tokens per byte
	// of source read (so a few lines cannot expand into millions of values).
	MacroBase    = 4096
	MacroPerByte = 16
	// MaxValues bounds the values and blocks of one source. Values are not kept
	// as objects: each costs its bytes in the compiled file and a 16-byte mark of
	// the source map (16M one-byte values, a source of some 100 MB, hold about
	// 300 MB besides the source).
	MaxValues = 1 << 24
	// MaxOutput bounds the compiled file, and separately the bytes of every file
	// a source reads.
	MaxOutput = formats.DefaultMaxFileSize
	// Within MaxOutput, what a source may make grows with what it is: its input
	// is its own bytes and those of each file it reads, counted once. The compiled
	// file is at most OutputBase + OutputPerInputByte bytes per input byte, and
	// the files read, counting every #include, include and includeIFF again, at
	// most ReadBase + ReadPerInputByte per input byte: so a small source cannot
	// expand into a huge file, by a long string macro used again and again or a
	// file included again and again, while a source that includes a large file
	// once compiles as before.
	OutputBase         = 32 << 20
	OutputPerInputByte = 8
	ReadBase           = 16 << 20
	ReadPerInputByte   = 4
)

type source struct {
	lx   *lexer
	path string // on disk or in the tree, for resolving includes
	info os.FileInfo
	id   uint32 // its index in File.files
}

type parser struct {
	opts    Options
	stack   []source
	pending []token // macro replacements still to be read, the next one last
	macros  map[string][]token
	expands int // macro expansions so far (bounded: a macro may refer to others)
	srcSize int // bytes of the main source
	tok     token
	enums   map[string]int64
	file    *File
	depth   int // open forms
	outSize int // bytes of values so far (bounded by MaxOutput)
	nvalues int
	readIn  int                  // bytes of included sources and files so far, every time one is read
	input   int                  // the source's bytes and those of each file it read, once
	seen    map[string]bool      // files read, by path (counted once in input)
	reads   map[string]*readFile // each reference resolved so far, by its file and text
	names   map[string]string    // block names, held once
	hashed  int                  // bytes of labelhash strings so far (bounded as the output is)
	prefix  string               // in a tree: what comes before a member's path in its name ("data.tre:")
}

// Parse reads a MIF source. Errors are *formats.FileError values naming the file,
// line and column.
func Parse(name string, src []byte, opts Options) (*File, error) {
	path := opts.Path
	if path == "" {
		path = name
	}
	p := &parser{opts: opts, enums: map[string]int64{}, macros: map[string][]token{},
		file: &File{Name: name, Pragmas: map[string]string{}}}
	if opts.Tree != nil {
		path = formats.CleanTreePath(path)
		if archive, member, ok := formats.SplitName(name); ok && formats.CleanTreePath(member) == path {
			p.prefix = name[:len(archive)+1]
		}
	}
	p.stack = []source{{lx: newLexer(name, src), path: path}}
	if opts.Tree == nil && !opts.NoFiles {
		p.stack[0].info, _ = os.Stat(path) // for telling an include of itself
	}
	p.file.files = []string{name}
	p.srcSize, p.input = len(src), len(src)
	if err := p.advance(); err != nil {
		return nil, err
	}
	// The preamble: pragmas and line markers (mIFF accepts #pragma only here).
	for p.tok.Kind == tPragma || p.tok.Kind == tPound {
		var err error
		if p.tok.Kind == tPragma {
			err = p.pragma()
		} else {
			err = p.lineMarker()
		}
		if err != nil {
			return nil, err
		}
	}
	nodes, err := p.body(nil)
	if err != nil {
		return nil, err
	}
	p.file.Top = nodes
	return p.file, nil
}

// advance reads the next token, following #include into the named file and back
// and replacing macros.
func (p *parser) advance() error {
	for {
		var t token
		if n := len(p.pending); n > 0 {
			t = p.pending[n-1]
			p.pending = p.pending[:n-1]
		} else {
			var err error
			if t, err = p.stack[len(p.stack)-1].lx.next(); err != nil {
				return err
			}
		}
		switch t.Kind {
		case tDefine:
			if _, ok := p.macros[t.Text]; !ok && len(p.macros) >= MaxEnumSymbols {
				return errAt(t.Pos, "more than %d macros", MaxEnumSymbols)
			}
			p.macros[t.Text] = t.Body
			continue
		case tUndef:
			delete(p.macros, t.Text)
			continue
		case tIdent:
			body, ok := p.macros[t.Text]
			if !ok || slices.Contains(t.hide, t.Text) {
				break
			}
			limit := MacroBase + MacroPerByte*p.input
			if p.expands += len(body) + 1; p.expands > limit {
				return errAt(t.Pos, "macro %s: more than %d tokens of macro expansion (%d per byte of source)", show(t.hidden, t.Text), limit, MacroPerByte)
			}
			// The replacement takes the place (for messages) of the name it replaces.
			hide := append(slices.Clip(t.hide), t.Text)
			for i := len(body) - 1; i >= 0; i-- {
				b := body[i]
				b.Pos, b.hide = t.Pos, hide
				p.pending = append(p.pending, b)
			}
			continue
		case tEOF:
			if len(p.stack) > 1 {
				p.stack = p.stack[:len(p.stack)-1]
				continue
			}
		case tInclude:
			nt, err := p.stack[len(p.stack)-1].lx.next()
			if err != nil {
				return err
			}
			if nt.Kind != tString {
				return errAt(nt.Pos, "#include needs a \"file name\", found %s", nt.describe())
			}
			if err := p.pushInclude(t.Pos, string(nt.Str), nt.hidden); err != nil {
				return err
			}
			continue
		}
		p.tok = t
		return nil
	}
}

// readRef reads a file named by the source at pos, inside the asset root: on
// disk (formats.ResolveRef), or inside the archive the source is a member of. It
// returns the file's name for messages, its path and its bytes.
func (p *parser) readRef(pos Pos, ref string, hidden bool) (*readFile, error) {
	if p.opts.NoFiles {
		return nil, errAt(pos, "%s: this source may not read other files", show(hidden, fmt.Sprintf("%q", ref)))
	}
	from := p.stack[len(p.stack)-1].path
	// A reference is resolved and read once per compile: a source may name the
	// same file a million times, and each resolution on disk costs several
	// system calls.
	key := from + "\x00" + ref
	rf := p.reads[key]
	if rf == nil {
		var (
			name, path string
			data       []byte
			err        error
		)
		if p.opts.Tree != nil {
			path, data, err = formats.ReadTreeRef(p.opts.Tree, from, ref, p.opts.Root)
			name = p.prefix + path
		} else if path, err = formats.ResolveRef(from, ref, p.opts.Root); err == nil {
			name = path
			data, err = formats.ReadFile(path)
		}
		if err != nil {
			if hidden {
				// The reason names the reference: text of an included file.
				what := "is refused"
				if formats.IsNotExist(err) {
					what = "is not found"
				}
				return nil, errAt(pos, "the file named here %s %s", what, hiddenText)
			}
			if path == "" {
				return nil, errAt(pos, "%v", err)
			}
			return nil, errAt(pos, "%q: %v", ref, err)
		}
		rf = &readFile{name: name, path: path, data: data}
		id := path // counted once under each spelling: an overcount at worst
		if p.opts.Tree != nil {
			id = strings.ToLower(path)
		} else {
			rf.info, _ = os.Stat(path)
		}
		if p.reads == nil {
			p.reads, p.seen = map[string]*readFile{}, map[string]bool{}
		}
		p.reads[key] = rf
		if !p.seen[id] {
			p.seen[id] = true
			p.input = min(p.input+len(data), MaxOutput)
			p.file.Read = append(p.file.Read, name)
		}
	}
	if limit := p.readLimit(); len(rf.data) > limit-p.readIn {
		return nil, errAt(pos, "%s: the sources and files read would exceed %d bytes (%d, and %d per byte of the source and of each file it reads)",
			show(hidden, fmt.Sprintf("%q", ref)), limit, ReadBase, ReadPerInputByte)
	}
	p.readIn += len(rf.data)
	return rf, nil
}

// readFile is a file a source read: its name in messages, its path (on disk or
// in the tree), its bytes and, on disk, what tells it from other files.
type readFile struct {
	name, path string
	data       []byte
	info       os.FileInfo
}

func (p *parser) pushInclude(pos Pos, ref string, hidden bool) error {
	if len(p.stack) > MaxIncludeDepth {
		return errAt(pos, "#include nests more than %d files deep", MaxIncludeDepth)
	}
	rf, err := p.readRef(pos, ref, hidden)
	if err != nil {
		return err
	}
	for _, s := range p.stack {
		if p.sameFile(s, rf) {
			return errAt(pos, "#include of %s includes itself (through %s)", rf.name, s.lx.file)
		}
	}
	if len(p.file.files) >= maxSources {
		return errAt(pos, "more than %d sources (#include)", maxSources)
	}
	lx := newLexer(rf.name, rf.data)
	lx.hidden = true
	p.stack = append(p.stack, source{lx: lx, path: rf.path, info: rf.info, id: uint32(len(p.file.files))})
	p.file.files = append(p.file.files, rf.name)
	return nil
}

// sameFile says whether an open source and a file read are one file: on disk the
// same inode, in an archive the same member (names ignore case, as MPQ's do).
func (p *parser) sameFile(s source, rf *readFile) bool {
	if p.opts.Tree != nil {
		return strings.EqualFold(s.path, rf.path)
	}
	if s.info != nil && rf.info != nil {
		return os.SameFile(s.info, rf.info)
	}
	return s.path == rf.path
}

func (p *parser) isWord(words ...string) bool {
	if p.tok.Kind != tIdent {
		return false
	}
	for _, w := range words {
		if p.tok.Text == w {
			return true
		}
	}
	return false
}

func (p *parser) isPunct(s string) bool { return p.tok.Kind == tPunct && p.tok.Text == s }

func (p *parser) expectPunct(s, what string) (Pos, error) {
	if !p.isPunct(s) {
		return p.tok.Pos, errAt(p.tok.Pos, "expected %q %s, found %s", s, what, p.tok.describe())
	}
	pos := p.tok.Pos
	return pos, p.advance()
}

func (p *parser) expectString(what string) (token, error) {
	if p.tok.Kind != tString {
		return token{}, errAt(p.tok.Pos, "%s needs a \"string\", found %s", what, p.tok.describe())
	}
	t := p.tok
	return t, p.advance()
}

// pragma: #pragma drive|directory|filename|extension "value".
func (p *parser) pragma() error {
	pos := p.tok.Pos
	if err := p.advance(); err != nil {
		return err
	}
	if p.tok.Kind != tIdent {
		return errAt(p.tok.Pos, "#pragma needs a name, found %s", p.tok.describe())
	}
	name, hidden := p.tok.Text, p.tok.hidden
	if err := p.advance(); err != nil {
		return err
	}
	val, err := p.expectString("#pragma " + show(hidden, name))
	if err != nil {
		return err
	}
	switch name {
	case "drive", "directory", "filename", "extension":
		p.file.Pragmas[name] = string(val.Str)
		if name == "extension" {
			p.file.Extension = strings.TrimPrefix(strings.ToLower(string(val.Str)), ".")
		}
	default:
		return errAt(pos, "unknown #pragma %s (mIFF knows drive, directory, filename and extension)", show(hidden, name))
	}
	return nil
}

// lineMarker: # LINE "FILE" [FLAGS], written by a C preprocessor; accepted and
// ignored (positions stay those of the source as read).
func (p *parser) lineMarker() error {
	if err := p.advance(); err != nil {
		return err
	}
	if p.tok.Kind != tInt {
		return errAt(p.tok.Pos, "expected a line number after #, found %s", p.tok.describe())
	}
	if err := p.advance(); err != nil {
		return err
	}
	if _, err := p.expectString("a # line marker"); err != nil {
		return err
	}
	if p.tok.Kind == tInt {
		return p.advance()
	}
	return nil
}

// body reads forms, chunks, enums and includeIFF up to the closing brace of
// parent (nil: the end of the file).
func (p *parser) body(parent *Node) ([]*Node, error) {
	var out []*Node
	for {
		switch {
		case p.tok.Kind == tEOF:
			if parent != nil {
				return nil, errAt(p.tok.Pos, "FORM %q opened at %d:%d is not closed before the end of the file", parent.ID, parent.Pos.Line, parent.Pos.Col)
			}
			return out, nil
		case p.isPunct("}"):
			if parent == nil {
				return nil, errAt(p.tok.Pos, "\"}\" closes nothing")
			}
			return out, nil
		case p.isWord("form", "FORM"):
			n, err := p.form()
			if err != nil {
				return nil, err
			}
			out = append(out, n)
		case p.isWord("chunk", "CHUNK"):
			n, err := p.chunk()
			if err != nil {
				return nil, err
			}
			out = append(out, n)
		case p.isWord("enum"):
			if err := p.enum(); err != nil {
				return nil, err
			}
		case p.isWord("includeIFF", "includeiff"):
			pos := p.tok.Pos
			if err := p.advance(); err != nil {
				return nil, err
			}
			name, err := p.expectString("includeIFF")
			if err != nil {
				return nil, err
			}
			rf, err := p.readRef(name.Pos, string(name.Str), name.hidden)
			if err != nil {
				return nil, err
			}
			data := rf.data
			if err := p.grow(pos, len(data)); err != nil {
				return nil, err
			}
			n := &Node{Pos: pos, Kind: NodeRaw, Off: len(p.file.out), Len: len(data)}
			p.mark(pos, 0, false)
			p.file.out = append(p.file.out, data...)
			out = append(out, n)
		case p.tok.Kind == tPound:
			if err := p.lineMarker(); err != nil {
				return nil, err
			}
		case p.tok.Kind == tPragma:
			return nil, errAt(p.tok.Pos, "#pragma must come before the first form or chunk")
		case p.isWord("include"):
			return nil, errAt(p.tok.Pos, "include (a binary file) is allowed only inside a chunk")
		default:
			if _, ok := typeNames[p.tok.Text]; ok && p.tok.Kind == tIdent {
				return nil, errAt(p.tok.Pos, "%s value outside a chunk", show(p.tok.hidden, p.tok.Text))
			}
			return nil, errAt(p.tok.Pos, "expected form, chunk, enum or includeIFF, found %s", p.tok.describe())
		}
	}
}

// blockName checks a form name or chunk tag: at most 4 bytes, padded with spaces,
// never "FORM".
func (p *parser) blockName(t token, what string) (string, error) {
	s := t.Str
	if len(s) > 4 {
		return "", errAt(t.Pos, "%s name %s is longer than 4 characters", what, show(t.hidden, fmt.Sprintf("%q", t.Raw)))
	}
	var padded [4]byte
	copy(padded[:], "    ")
	copy(padded[:], s)
	// Names repeat (a file of a million chunks has a few names): each is held once.
	name, ok := p.names[string(padded[:])]
	if !ok {
		name = string(padded[:])
		if p.names == nil {
			p.names = map[string]string{}
		}
		if len(p.names) < MaxEnumSymbols {
			p.names[name] = name
		}
	}
	if strings.EqualFold(name, "FORM") {
		return "", errAt(t.Pos, "%s name cannot be FORM", what)
	}
	return name, nil
}

func (p *parser) form() (*Node, error) {
	pos := p.tok.Pos
	if err := p.advance(); err != nil {
		return nil, err
	}
	nt, err := p.expectString("form")
	if err != nil {
		return nil, err
	}
	name, err := p.blockName(nt, "FORM")
	if err != nil {
		return nil, err
	}
	if p.depth >= iff.MaxDepth {
		return nil, errAt(pos, "forms nest more than %d levels deep", iff.MaxDepth)
	}
	if _, err := p.expectPunct("{", "to open FORM "+name); err != nil {
		return nil, err
	}
	if err := p.grow(pos, 12); err != nil {
		return nil, err
	}
	if err := p.counted(pos); err != nil {
		return nil, err
	}
	n := &Node{Pos: pos, Kind: NodeForm, ID: name, Off: len(p.file.out)}
	p.mark(pos, 0, false)
	p.file.out = append(append(p.file.out, "FORM\x00\x00\x00\x00"...), name...)
	p.depth++
	n.Kids, err = p.body(n)
	p.depth--
	if err != nil {
		return nil, err
	}
	n.End = p.tok.Pos
	p.closeBlock(n)
	return n, p.advance() // the closing brace
}

func (p *parser) chunk() (*Node, error) {
	pos := p.tok.Pos
	if err := p.advance(); err != nil {
		return nil, err
	}
	nt, err := p.expectString("chunk")
	if err != nil {
		return nil, err
	}
	name, err := p.blockName(nt, "CHUNK")
	if err != nil {
		return nil, err
	}
	if _, err := p.expectPunct("{", "to open CHUNK "+name); err != nil {
		return nil, err
	}
	if err := p.grow(pos, 8); err != nil {
		return nil, err
	}
	if err := p.counted(pos); err != nil {
		return nil, err
	}
	n := &Node{Pos: pos, Kind: NodeChunk, ID: name, Off: len(p.file.out)}
	p.mark(pos, 0, false)
	p.file.out = append(append(p.file.out, name...), 0, 0, 0, 0)
	n.first = p.file.marks.n
	for {
		switch {
		case p.tok.Kind == tEOF:
			return nil, errAt(p.tok.Pos, "CHUNK %q opened at %d:%d is not closed before the end of the file", name, pos.Line, pos.Col)
		case p.isPunct("}"):
			n.End = p.tok.Pos
			n.last = p.file.marks.n
			p.closeBlock(n)
			return n, p.advance()
		case p.tok.Kind == tPound:
			if err := p.lineMarker(); err != nil {
				return nil, err
			}
		case p.isWord("include"):
			ipos := p.tok.Pos
			if err := p.advance(); err != nil {
				return nil, err
			}
			ft, err := p.expectString("include")
			if err != nil {
				return nil, err
			}
			rf, err := p.readRef(ft.Pos, string(ft.Str), ft.hidden)
			if err != nil {
				return nil, err
			}
			data := rf.data
			if err := p.grow(ipos, len(data)); err != nil {
				return nil, err
			}
			if err := p.counted(ipos); err != nil {
				return nil, err
			}
			p.mark(ipos, TInclude, false)
			p.file.out = append(p.file.out, data...)
		case p.isWord("form", "FORM", "chunk", "CHUNK", "includeIFF", "includeiff"):
			return nil, errAt(p.tok.Pos, "a chunk holds values, not %s (CHUNK %q opened at %d:%d)", show(p.tok.hidden, p.tok.Text), name, pos.Line, pos.Col)
		case p.tok.Kind == tIdent:
			t, ok := typeNames[p.tok.Text]
			if !ok {
				return nil, errAt(p.tok.Pos, "expected a type (int8 to double, cstring, wstring, labelhash, tag, include), found %s", p.tok.describe())
			}
			if err := p.values(n, t); err != nil {
				return nil, err
			}
		default:
			return nil, errAt(p.tok.Pos, "expected a value or \"}\" in CHUNK %q, found %s", name, p.tok.describe())
		}
	}
}

// maxValues bounds the values and blocks of one source (a variable for tests).
var maxValues = MaxValues

// counted accounts for one more value or block.
func (p *parser) counted(pos Pos) error {
	if p.nvalues >= maxValues {
		return errAt(pos, "more than %d values and blocks", maxValues)
	}
	p.nvalues++
	return nil
}

// mark records that the next byte written comes from the statement at pos: a
// block header (t = 0) or a value of type t.
func (p *parser) mark(pos Pos, t Type, neg bool) {
	meta := p.stack[len(p.stack)-1].id<<8 | uint32(t)
	if pos.File != p.stack[len(p.stack)-1].lx.file {
		meta = p.sourceID(pos.File)<<8 | uint32(t)
	}
	if neg {
		meta |= markNeg
	}
	p.file.marks.add(mark{off: uint32(len(p.file.out)), line: uint32(pos.Line), col: uint32(pos.Col), meta: meta})
}

// sourceID finds the index of a source by name (a statement whose position is
// in a file other than the one being read: a block opened before an #include
// ended). Sources are few; this is rare.
func (p *parser) sourceID(name string) uint32 {
	for i := len(p.stack) - 1; i >= 0; i-- {
		if p.stack[i].lx.file == name {
			return p.stack[i].id
		}
	}
	for i := len(p.file.files) - 1; i >= 0; i-- {
		if p.file.files[i] == name {
			return uint32(i)
		}
	}
	return 0
}

// closeBlock writes the size of block n, now that its contents are written.
func (p *parser) closeBlock(n *Node) {
	n.Len = len(p.file.out) - n.Off
	// FORM and a chunk's tag alike are followed by the size.
	binary.BigEndian.PutUint32(p.file.out[n.Off+4:], uint32(n.Len-8))
}

// outputLimit and readLimit are the bounds on the compiled file and on the
// bytes read, for the input so far.
func (p *parser) outputLimit() int {
	return min(MaxOutput, OutputBase+OutputPerInputByte*p.input)
}

func (p *parser) readLimit() int { return min(MaxOutput, ReadBase+ReadPerInputByte*p.input) }

// grow accounts for n more output bytes.
func (p *parser) grow(pos Pos, n int) error {
	if limit := p.outputLimit(); n > limit-p.outSize {
		if limit == MaxOutput {
			return errAt(pos, "the compiled file would exceed %d bytes", MaxOutput)
		}
		return errAt(pos, "the compiled file would exceed %d bytes (%d, and %d per byte of the source and of each file it reads)",
			limit, OutputBase, OutputPerInputByte)
	}
	p.outSize += n
	return nil
}

// values reads one statement: TYPE value {, value}, or TYPE "string". Each
// value's bytes go straight to the compiled file.
func (p *parser) values(n *Node, t Type) error {
	if err := p.advance(); err != nil {
		return err
	}
	switch t {
	case TCString, TWString, TLabelHash, TTag:
		st, err := p.expectString(t.String())
		if err != nil {
			return err
		}
		size := 0
		switch t {
		case TCString:
			size = len(st.Str) + 1
		case TWString:
			size = wideSize(st.Str)
		case TLabelHash:
			size = 4
			// Hashing costs time per byte of the string, though it writes 4: a
			// long string macro hashed again and again counts as if written.
			if len(st.Raw) > p.outputLimit()-p.hashed {
				return errAt(st.Pos, "labelhash: the strings hashed would exceed %d bytes (%d, and %d per byte of the source and of each file it reads)",
					p.outputLimit(), OutputBase, OutputPerInputByte)
			}
			p.hashed += len(st.Raw)
		case TTag:
			if len(st.Str) != 4 {
				return errAt(st.Pos, "tag %s is not 4 characters", show(st.hidden, fmt.Sprintf("%q", st.Raw)))
			}
			size = 4
		}
		if err := p.grow(st.Pos, size); err != nil {
			return err
		}
		if err := p.counted(st.Pos); err != nil {
			return err
		}
		p.mark(st.Pos, t, false)
		out := p.file.out
		switch t {
		case TCString:
			out = append(append(out, st.Str...), 0)
		case TWString:
			out = appendWide(out, st.Str)
		case TLabelHash:
			// mIFF hashes the literal as written (escapes are not processed).
			out = binary.LittleEndian.AppendUint32(out, LabelHash(st.Raw))
		case TTag:
			out = append(out, st.Str[3], st.Str[2], st.Str[1], st.Str[0])
		}
		p.file.out = out
		return nil
	}
	for {
		pos := p.tok.Pos
		var bits uint64
		var size int
		neg := false
		if t == TFloat || t == TDouble {
			f, err := p.exprD(0)
			if err != nil {
				return err
			}
			if t == TFloat {
				f32 := float32(f)
				if math.IsInf(float64(f32), 0) || math.IsNaN(float64(f32)) {
					return errAt(pos, "float value %g is not a finite float", f)
				}
				bits, size = uint64(math.Float32bits(f32)), 4
			} else {
				if math.IsInf(f, 0) || math.IsNaN(f) {
					return errAt(pos, "double value %g is not finite", f)
				}
				bits, size = math.Float64bits(f), 8
			}
		} else {
			i, err := p.exprL(0)
			if err != nil {
				return err
			}
			lo, hi, sz, _ := t.intRange()
			if i < lo || i > hi {
				return errAt(pos, "value %d does not fit %s (%d to %d)", i, t, lo, hi)
			}
			bits, size, neg = uint64(i), sz, i < 0
		}
		if err := p.grow(pos, size); err != nil {
			return err
		}
		if err := p.counted(pos); err != nil {
			return err
		}
		p.mark(pos, t, neg)
		for k := 0; k < size; k++ {
			p.file.out = append(p.file.out, byte(bits>>(8*k)))
		}
		if !p.isPunct(",") {
			return nil
		}
		if err := p.advance(); err != nil {
			return err
		}
	}
}

// appendWide appends s (UTF-8; an invalid byte stands for itself) as UTF-16LE
// code units and a 0 terminator.
func appendWide(out, s []byte) []byte {
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		if r == utf8.RuneError && n == 1 {
			r = rune(s[0])
		}
		s = s[n:]
		if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
			out = binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16(out, uint16(r1)), uint16(r2))
		} else {
			out = binary.LittleEndian.AppendUint16(out, uint16(r))
		}
	}
	return append(out, 0, 0)
}

// wideSize is the length of appendWide's bytes for s.
func wideSize(s []byte) int { return len(appendWide(nil, s)) }

// LabelHash is SWG's Crc::calculate of a string: CRC-32 with the polynomial
// 0x04C11DB7, most significant bit first, initial value and final XOR 0xFFFFFFFF.
func LabelHash(s string) uint32 {
	crc := uint32(0xFFFFFFFF)
	for i := 0; i < len(s) && s[i] != 0; i++ {
		crc = crc<<8 ^ crcTable[byte(crc>>24)^s[i]]
	}
	return crc ^ 0xFFFFFFFF
}

// crcTable[b] is the CRC register after shifting b through it bit by bit (the
// table form of the loop, a byte at a time).
var crcTable = func() (t [256]uint32) {
	for b := range t {
		crc := uint32(b) << 24
		for k := 0; k < 8; k++ {
			if crc&0x80000000 != 0 {
				crc = crc<<1 ^ 0x04C11DB7
			} else {
				crc <<= 1
			}
		}
		t[b] = crc
	}
	return t
}()

// enum [NAME] { A [= expr], B, … } [NAME {, NAME}] ;
func (p *parser) enum() error {
	if err := p.advance(); err != nil {
		return err
	}
	if p.tok.Kind == tIdent {
		if err := p.advance(); err != nil {
			return err
		}
	}
	if _, err := p.expectPunct("{", "to open the enum"); err != nil {
		return err
	}
	last := int64(-1)
	for !p.isPunct("}") {
		if p.tok.Kind != tIdent {
			return errAt(p.tok.Pos, "expected an enum symbol, found %s", p.tok.describe())
		}
		name, pos := p.tok.Text, p.tok.Pos
		if err := p.advance(); err != nil {
			return err
		}
		v := last + 1
		if last == math.MaxInt64 {
			return errAt(pos, "enum value overflows")
		}
		if p.isPunct("=") {
			if err := p.advance(); err != nil {
				return err
			}
			var err error
			if v, err = p.exprL(0); err != nil {
				return err
			}
		}
		if len(p.enums) >= MaxEnumSymbols {
			return errAt(pos, "more than %d enum symbols", MaxEnumSymbols)
		}
		if _, dup := p.enums[name]; !dup { // mIFF keeps the first definition
			p.enums[name] = v
		}
		last = v
		if !p.isPunct(",") {
			break
		}
		if err := p.advance(); err != nil {
			return err
		}
	}
	if _, err := p.expectPunct("}", "to close the enum"); err != nil {
		return err
	}
	for p.tok.Kind == tIdent {
		if err := p.advance(); err != nil {
			return err
		}
		if !p.isPunct(",") {
			break
		}
		if err := p.advance(); err != nil {
			return err
		}
	}
	_, err := p.expectPunct(";", "after the enum")
	return err
}

// ---- integer expressions (mIFF's exprL: + - << >> & | ^ at one level, then
// * / %, then unary ~ - +) evaluated in int64; overflow is an error ----

func (p *parser) exprL(depth int) (int64, error) {
	v, err := p.factorL(depth)
	if err != nil {
		return 0, err
	}
	for p.tok.Kind == tPunct {
		op, pos := p.tok.Text, p.tok.Pos
		switch op {
		case "+", "-", "<<", ">>", "&", "|", "^":
		default:
			return v, nil
		}
		if err := p.advance(); err != nil {
			return 0, err
		}
		r, err := p.factorL(depth)
		if err != nil {
			return 0, err
		}
		if v, err = intOp(pos, op, v, r); err != nil {
			return 0, err
		}
	}
	return v, nil
}

func (p *parser) factorL(depth int) (int64, error) {
	v, err := p.termL(depth)
	if err != nil {
		return 0, err
	}
	for p.isPunct("*") || p.isPunct("/") || p.isPunct("%") {
		op, pos := p.tok.Text, p.tok.Pos
		if err := p.advance(); err != nil {
			return 0, err
		}
		r, err := p.termL(depth)
		if err != nil {
			return 0, err
		}
		if v, err = intOp(pos, op, v, r); err != nil {
			return 0, err
		}
	}
	return v, nil
}

func (p *parser) termL(depth int) (int64, error) {
	if depth > MaxExprDepth {
		return 0, errAt(p.tok.Pos, "expression nests more than %d levels deep", MaxExprDepth)
	}
	t := p.tok
	switch {
	case t.Kind == tInt:
		return t.Int, p.advance()
	case t.Kind == tFloat:
		return 0, errAt(t.Pos, "%s is not an integer (this type takes integers)", show(t.hidden, t.text()))
	case t.Kind == tIdent:
		v, ok := p.enums[t.Text]
		if !ok {
			return 0, errAt(t.Pos, "undefined symbol %s", show(t.hidden, t.Text))
		}
		return v, p.advance()
	case t.Kind == tPunct && (t.Text == "~" || t.Text == "-" || t.Text == "+"):
		if err := p.advance(); err != nil {
			return 0, err
		}
		v, err := p.termL(depth + 1)
		if err != nil {
			return 0, err
		}
		switch t.Text {
		case "~":
			return ^v, nil
		case "-":
			if v == math.MinInt64 {
				return 0, errAt(t.Pos, "integer overflow")
			}
			return -v, nil
		}
		return v, nil
	case t.Kind == tPunct && t.Text == "(":
		if err := p.advance(); err != nil {
			return 0, err
		}
		v, err := p.exprL(depth + 1)
		if err != nil {
			return 0, err
		}
		_, err = p.expectPunct(")", "to close the expression")
		return v, err
	}
	return 0, errAt(t.Pos, "expected a number, found %s", t.describe())
}

func intOp(pos Pos, op string, a, b int64) (int64, error) {
	overflow := func() (int64, error) { return 0, errAt(pos, "integer overflow in %d %s %d", a, op, b) }
	switch op {
	case "+":
		s := a + b
		if (s > a) != (b > 0) {
			return overflow()
		}
		return s, nil
	case "-":
		s := a - b
		if (s < a) != (b > 0) {
			return overflow()
		}
		return s, nil
	case "*":
		if a == 0 || b == 0 {
			return 0, nil
		}
		s := a * b
		if s/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
			return overflow()
		}
		return s, nil
	case "/", "%":
		if b == 0 {
			return 0, errAt(pos, "division by zero")
		}
		if a == math.MinInt64 && b == -1 {
			return overflow()
		}
		if op == "/" {
			return a / b, nil
		}
		return a % b, nil
	case "<<", ">>":
		if b < 0 || b > 63 {
			return 0, errAt(pos, "shift by %d is out of range (0 to 63)", b)
		}
		if op == ">>" {
			return a >> uint(b), nil
		}
		s := a << uint(b)
		if s>>uint(b) != a {
			return overflow()
		}
		return s, nil
	case "&":
		return a & b, nil
	case "|":
		return a | b, nil
	case "^":
		return a ^ b, nil
	}
	return 0, errAt(pos, "unknown operator %s", op)
}

// ---- floating-point expressions (mIFF's exprD: + - ^^ at one level, then * /,
// then unary - +, parentheses, sin cos tan asin acos atan) in float64 ----

func (p *parser) exprD(depth int) (float64, error) {
	v, err := p.factorD(depth)
	if err != nil {
		return 0, err
	}
	for p.isPunct("+") || p.isPunct("-") || p.isPunct("^^") {
		op := p.tok.Text
		if err := p.advance(); err != nil {
			return 0, err
		}
		r, err := p.factorD(depth)
		if err != nil {
			return 0, err
		}
		switch op {
		case "+":
			v += r
		case "-":
			v -= r
		default:
			v = math.Pow(v, r)
		}
	}
	return v, nil
}

func (p *parser) factorD(depth int) (float64, error) {
	v, err := p.termD(depth)
	if err != nil {
		return 0, err
	}
	for p.isPunct("*") || p.isPunct("/") {
		op := p.tok.Text
		if err := p.advance(); err != nil {
			return 0, err
		}
		r, err := p.termD(depth)
		if err != nil {
			return 0, err
		}
		if op == "*" {
			v *= r
		} else {
			v /= r
		}
	}
	return v, nil
}

var funcs = map[string]func(float64) float64{
	"sin": math.Sin, "cos": math.Cos, "tan": math.Tan, "asin": math.Asin, "acos": math.Acos, "atan": math.Atan,
}

func (p *parser) termD(depth int) (float64, error) {
	if depth > MaxExprDepth {
		return 0, errAt(p.tok.Pos, "expression nests more than %d levels deep", MaxExprDepth)
	}
	t := p.tok
	switch {
	case t.Kind == tFloat:
		return t.F, p.advance()
	case t.Kind == tInt:
		return float64(t.Int), p.advance()
	case t.Kind == tIdent:
		if fn, ok := funcs[t.Text]; ok {
			if err := p.advance(); err != nil {
				return 0, err
			}
			if _, err := p.expectPunct("(", "after "+t.Text); err != nil {
				return 0, err
			}
			v, err := p.exprD(depth + 1)
			if err != nil {
				return 0, err
			}
			_, err = p.expectPunct(")", "to close "+t.Text+"(")
			return fn(v), err
		}
		v, ok := p.enums[t.Text]
		if !ok {
			return 0, errAt(t.Pos, "undefined symbol %s", show(t.hidden, t.Text))
		}
		return float64(v), p.advance()
	case t.Kind == tPunct && (t.Text == "-" || t.Text == "+"):
		if err := p.advance(); err != nil {
			return 0, err
		}
		v, err := p.termD(depth + 1)
		if t.Text == "-" {
			v = -v
		}
		return v, err
	case t.Kind == tPunct && t.Text == "(":
		if err := p.advance(); err != nil {
			return 0, err
		}
		v, err := p.exprD(depth + 1)
		if err != nil {
			return 0, err
		}
		_, err = p.expectPunct(")", "to close the expression")
		return v, err
	}
	return 0, errAt(t.Pos, "expected a number, found %s", t.describe())
}

// ---- compiling to IFF ----

// SourceMap maps offsets of the compiled file back to the source.
type SourceMap struct{ f *File }

// Lookup returns the statement that wrote the byte at off.
func (m SourceMap) Lookup(off int64) (Pos, bool) {
	if m.f == nil {
		return Pos{}, false
	}
	ms := &m.f.marks
	lo, hi := 0, ms.n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if int64(ms.at(mid).off) <= off {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return Pos{}, false
	}
	return m.f.pos(ms.at(lo - 1)), true
}

// Compile parses a MIF source and returns the IFF it writes (big-endian block
// sizes, little-endian values, no padding) and the source map of every block
// header and value.
func Compile(name string, src []byte, opts Options) ([]byte, SourceMap, *File, error) {
	f, err := Parse(name, src, opts)
	if err != nil {
		return nil, SourceMap{}, nil, err
	}
	return f.out, SourceMap{f}, f, nil
}

// String describes a node for messages.
func (n *Node) String() string {
	switch n.Kind {
	case NodeForm:
		return fmt.Sprintf("FORM %q", n.ID)
	case NodeChunk:
		return fmt.Sprintf("CHUNK %q", n.ID)
	}
	return "includeIFF"
}
