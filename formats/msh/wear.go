package msh

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"animscope/formats"
)

// WEAR (§18): the model's material table, text. The first line is the row
// count (> 0), then that many "legacyId materialName" lines; optionally a blank
// line, "LIGHTMAPS", a count and "id lightmapName" lines. Rows are used by
// position: a batch's material index is a row number; legacyId is kept.

// WearRow is one row of a WEAR table.
type WearRow struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// Wear is a parsed WEAR table.
type Wear struct {
	Rows      []WearRow `json:"rows"`
	Lightmaps []WearRow `json:"lightmaps,omitempty"`
}

// maxWearRows bounds a WEAR count line (the engine's handles keep a row in 16 bits).
const maxWearRows = 1 << 16

// ParseWEAR reads a WEAR table; errors name the file, line and column.
func ParseWEAR(file string, data []byte) (*Wear, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 256), 1<<16)
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			return strings.TrimRight(sc.Text(), "\r"), true
		}
		return "", false
	}
	count := func(what string) (int, error) {
		s, ok := next()
		if !ok {
			return 0, formats.LineErrorf(file, line+1, 1, "the %s count is missing", what)
		}
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 || n > maxWearRows {
			return 0, formats.LineErrorf(file, line, 1, "illegal %s length %q: want 1 to %d", what, strings.TrimSpace(s), maxWearRows)
		}
		return n, nil
	}
	rows := func(n int, what string) ([]WearRow, error) {
		out := make([]WearRow, 0, min(n, len(data)/4+1))
		for i := 0; i < n; i++ {
			s, ok := next()
			if !ok {
				return nil, formats.LineErrorf(file, line+1, 1, "%s row %d of %d is missing", what, i, n)
			}
			f := strings.Fields(s)
			if len(f) != 2 {
				return nil, formats.LineErrorf(file, line, 1, "%s row %d: want \"id name\", got %q", what, i, s)
			}
			id, err := strconv.Atoi(f[0])
			if err != nil {
				return nil, formats.LineErrorf(file, line, 1, "%s row %d: id %q is not a number", what, i, f[0])
			}
			out = append(out, WearRow{ID: id, Name: f[1]})
		}
		return out, nil
	}
	n, err := count("wear")
	if err != nil {
		return nil, err
	}
	w := &Wear{}
	if w.Rows, err = rows(n, "wear"); err != nil {
		return nil, err
	}
	for {
		s, ok := next()
		if !ok {
			break
		}
		if strings.TrimSpace(s) != "LIGHTMAPS" {
			continue // the engine reads tokens up to the keyword
		}
		if n, err = count("lightmaps"); err != nil {
			return nil, err
		}
		if w.Lightmaps, err = rows(n, "lightmap"); err != nil {
			return nil, err
		}
		break
	}
	if err := sc.Err(); err != nil {
		return nil, formats.LineErrorf(file, line+1, 1, "%v", err)
	}
	return w, nil
}

// MAT0 (§18): attr1 of the NRes entry holds flags and attr2 the header version.
// Payload: u16 phaseCount, u16 animBlockCount (< 20); from version 2 u8 metaA and
// metaB, from version 3 u32 metaC, from version 4 u32 metaD; then the phases
// (34 bytes: 18 parameter bytes and a NUL-terminated 16-byte texture name);
// then the animation blocks (u32 header whose low 3 bits are the mode, u16 key
// count, keys of three u16).

// Mat0Phase is one phase of a material.
type Mat0Phase struct {
	Params  [18]byte `json:"-"`
	Texture string   `json:"texture"` // "" for an untextured phase
}

// Mat0 is a parsed MAT0 material.
type Mat0 struct {
	Name       string      `json:"name"`
	Flags      uint32      `json:"flags"`
	Version    uint32      `json:"version"`
	Phases     []Mat0Phase `json:"phases"`
	AnimBlocks int         `json:"anim_blocks"`
}

// Mat0 layout constants.
const (
	Mat0PhaseSize     = 34
	mat0MaxAnimBlocks = 20
)

// ParseMAT0 reads a MAT0 payload of the entry named name with attributes attr1
// and attr2 (version); errors name the file and the offset in the payload.
func ParseMAT0(file, name string, attr1, attr2 uint32, data []byte) (*Mat0, error) {
	le := binary.LittleEndian
	fail := func(off int, format string, args ...any) error {
		return formats.FileErrorf(file, int64(off), "MAT0 %q: %s", name, fmt.Sprintf(format, args...))
	}
	if len(data) < 4 {
		return nil, fail(0, "%d bytes: the header needs 4", len(data))
	}
	phases, blocks := int(le.Uint16(data)), int(le.Uint16(data[2:]))
	if blocks >= mat0MaxAnimBlocks {
		return nil, fail(2, "%d animation blocks: want fewer than %d", blocks, mat0MaxAnimBlocks)
	}
	off := 4
	for _, f := range []struct {
		from uint32
		size int
	}{{2, 2}, {3, 4}, {4, 4}} {
		if attr2 >= f.from {
			off += f.size
		}
	}
	if len(data) < off {
		return nil, fail(4, "version %d's header needs %d bytes, the payload has %d", attr2, off, len(data))
	}
	if len(data)-off < phases*Mat0PhaseSize {
		return nil, fail(off, "%d phases need %d bytes, %d are left", phases, phases*Mat0PhaseSize, len(data)-off)
	}
	m := &Mat0{Name: name, Flags: attr1, Version: attr2, Phases: make([]Mat0Phase, phases), AnimBlocks: blocks}
	for i := range m.Phases {
		p := &m.Phases[i]
		copy(p.Params[:], data[off:])
		nameBytes := data[off+18 : off+Mat0PhaseSize]
		end := bytes.IndexByte(nameBytes, 0)
		if end < 0 {
			return nil, fail(off+18, "phase %d: the texture name has no NUL within 16 bytes", i)
		}
		p.Texture = string(nameBytes[:end])
		off += Mat0PhaseSize
	}
	for i := 0; i < blocks; i++ {
		if len(data)-off < 6 {
			return nil, fail(off, "animation block %d: its header needs 6 bytes, %d are left", i, len(data)-off)
		}
		keys := int(le.Uint16(data[off+4:]))
		off += 6
		if len(data)-off < 6*keys {
			return nil, fail(off-2, "animation block %d: %d keys need %d bytes, %d are left", i, keys, 6*keys, len(data)-off)
		}
		off += 6 * keys
	}
	if off != len(data) {
		return nil, fail(off, "%d bytes after the last animation block", len(data)-off)
	}
	return m, nil
}
