package mpq

import (
	"bytes"
	"compress/bzip2"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"sync"

	"animscope/formats"
	"animscope/formats/mpq/pkware"
)

// Compression mask bits (the first byte of a compressed sector).
const (
	CompHuffman     = 0x01
	CompZlib        = 0x02
	CompPKWARE      = 0x08
	CompBzip2       = 0x10
	CompSparse      = 0x20
	CompADPCMMono   = 0x40
	CompADPCMStereo = 0x80
	CompLZMA        = 0x12 // a value, not a bit set
)

// ReadFile reads the member called name.
func (a *Archive) ReadFile(name string) ([]byte, error) {
	m, ok := a.Stat(name)
	if !ok {
		return nil, fmt.Errorf("%s:%s: %w", a.Name, name, errNotExist)
	}
	return a.ReadMember(m)
}

// errNotExist is fs.ErrNotExist, so that a missing member reads like a missing file.
var errNotExist = fs.ErrNotExist

// IsNotExist reports whether err says that a member is not in the archive.
func IsNotExist(err error) bool { return errors.Is(err, errNotExist) }

// ReadMember reads one listed member into memory. The buffer is allocated once,
// at the member's stated size; when that size is implausible for what is stored
// (more than 64 times it: a decompression bomb, or a lie), the member is first
// unpacked without keeping anything, and only a member that really unpacks to
// its size gets its buffer. Either way a member costs its size in memory, once.
func (a *Archive) ReadMember(m Member) ([]byte, error) {
	return a.readMember(m, MaxMemberSize)
}

// ReadMemberLimit is ReadMember for a member of at most limit bytes (less than
// MaxMemberSize: a caller's budget); a larger one is refused before it is read.
func (a *Archive) ReadMemberLimit(m Member, limit int64) ([]byte, error) {
	return a.readMember(m, limit)
}

func (a *Archive) readMember(m Member, limit int64) ([]byte, error) {
	size := int64(m.Blk.Size)
	if size <= plausibleSize(int64(m.Blk.CompressedSize)) {
		w := &formats.FixedWriter{B: make([]byte, 0, min(size, limit))}
		if _, err := a.WriteMember(w, m, limit); err != nil {
			return nil, err
		}
		return w.B, nil
	}
	if _, err := a.WriteMember(io.Discard, m, limit); err != nil {
		return nil, err
	}
	w := &formats.FixedWriter{B: make([]byte, 0, size)}
	if _, err := a.WriteMember(w, m, limit); err != nil {
		return nil, err
	}
	return w.B, nil
}

// plausibleSize is the largest unpacked size trusted for stored bytes: zlib
// and bzip2 reach about 1000:1 only on data made for it, real files far less.
func plausibleSize(stored int64) int64 { return 64*stored + 1<<20 }

// maxWholeUnit bounds a single-unit member whose compression (PKWARE implode,
// or several compressions in a row) unpacks only in memory, all at once.
const maxWholeUnit = 64 << 20

// WriteMember writes one listed member to w as it unpacks and returns the bytes
// written: a sector at a time, or a single-unit member through a streaming
// decompressor (zlib or bzip2 alone; other single units of at most 64 MiB
// unpack in memory). A member stated larger than limit or MaxMemberSize is
// refused before anything is read, and each sector (or unit) must unpack to
// exactly its size. An error of w is returned as it is, unwrapped.
func (a *Archive) WriteMember(w io.Writer, m Member, limit int64) (int64, error) {
	b := m.Blk
	where := a.Name + ":" + m.Name
	pos := a.Offset + b.Pos
	errf := func(off int64, format string, args ...any) error {
		return formats.FileErrorf(where, off, format, args...)
	}
	switch {
	case b.Flags&FlagExists == 0:
		return 0, errf(pos, "block %d is not in use", m.Block)
	case b.Flags&FlagDeleteMarker != 0:
		return 0, errf(pos, "is a deletion marker (the file is deleted by this archive)")
	case b.Flags&FlagPatchFile != 0:
		return 0, errf(pos, "is an incremental patch file (Cataclysm and later), which is not supported")
	case b.Size > MaxMemberSize || b.CompressedSize > MaxMemberSize:
		return 0, errf(pos, "%d bytes (%d stored) is larger than the %d-byte member limit", b.Size, b.CompressedSize, MaxMemberSize)
	case int64(b.Size) > limit:
		return 0, errf(pos, "unpacking its %d bytes would pass the %d bytes this command may still unpack", b.Size, limit)
	}
	if b.Size == 0 {
		return 0, nil
	}
	compressed := b.Flags&(FlagImplode|FlagCompress) != 0
	stored := int64(b.CompressedSize)
	if !compressed {
		stored = int64(b.Size)
	}
	if pos < 0 || pos > a.size || stored > a.size-pos {
		return 0, errf(pos, "its %d stored bytes at %d lie outside the %d-byte archive file", stored, pos, a.size)
	}
	var key uint32
	if b.Flags&FlagEncrypted != 0 {
		if !m.Known {
			return 0, errf(pos, "is encrypted, and the key comes from its name, which no listfile gives")
		}
		key = FileKey(m.Name, uint32(b.Pos), b.Size, b.Flags&FlagFixKey != 0)
	}
	raw, err := a.readAt(pos, stored, "the member's data")
	if err != nil {
		return 0, errf(pos, "%v", err)
	}
	size := int(b.Size)
	var written int64
	emit := func(p []byte) error {
		n, err := w.Write(p)
		written += int64(n)
		return err
	}
	if b.Flags&FlagSingleUnit != 0 {
		if b.Flags&FlagEncrypted != 0 {
			decryptBlock(raw, key)
		}
		if compressed && len(raw) < size {
			n, err := unpackUnit(w, raw, size, b.Flags&FlagImplode != 0)
			if err != nil && !errors.Is(err, errUnpack) {
				return n, err // w's error
			}
			if err != nil {
				return n, errf(pos, "%v", errors.Unwrap(err))
			}
			return n, nil
		}
		if len(raw) < size {
			return 0, errf(pos, "stores %d bytes for a %d-byte file", len(raw), size)
		}
		err := emit(raw[:size])
		return written, err
	}
	ss := int(a.SectorSize)
	nSectors := (size + ss - 1) / ss
	if !compressed {
		for i := 0; i < nSectors; i++ {
			sec := raw[i*ss : min((i+1)*ss, size)]
			if b.Flags&FlagEncrypted != 0 {
				decryptBlock(sec, key+uint32(i))
			}
			if err := emit(sec); err != nil {
				return written, err
			}
		}
		return written, nil
	}
	// The sector offset table: one offset per sector and one for the end (and,
	// with sector CRCs, one more for the checksum block, which is not checked).
	tableLen := (nSectors + 1) * 4
	if tableLen > len(raw) {
		return 0, errf(pos, "the sector table of %d sectors (%d bytes) is larger than the %d stored bytes", nSectors, tableLen, len(raw))
	}
	table := append([]byte(nil), raw[:tableLen]...)
	if b.Flags&FlagEncrypted != 0 {
		decryptBlock(table, key-1)
	}
	// One sector's buffer, reused: what is unpacked goes straight to w.
	out := make([]byte, 0, min(size, ss))
	for i := 0; i < nSectors; i++ {
		from := binary.LittleEndian.Uint32(table[i*4:])
		to := binary.LittleEndian.Uint32(table[i*4+4:])
		if from < uint32(tableLen) || to < from || int64(to) > int64(len(raw)) {
			return written, errf(pos+int64(i*4), "sector %d spans bytes %d to %d of the %d stored bytes", i, from, to, len(raw))
		}
		sec := raw[from:to]
		if b.Flags&FlagEncrypted != 0 {
			decryptBlock(sec, key+uint32(i))
		}
		want := min(ss, size-i*ss)
		if len(sec) < want {
			out, err = decompressTo(out[:0], sec, want, b.Flags&FlagImplode != 0, true)
			if err != nil {
				return written, errf(pos+int64(from), "sector %d: %v", i, err)
			}
		} else {
			out = append(out[:0], sec[:want]...)
		}
		if err := emit(out); err != nil {
			return written, err
		}
	}
	return written, nil
}

// errUnpack marks unpackUnit's errors about the data (not w's).
var errUnpack = errors.New("unpack")

type unpackError struct{ err error }

func (e unpackError) Error() string        { return e.err.Error() }
func (e unpackError) Unwrap() error        { return e.err }
func (e unpackError) Is(target error) bool { return target == errUnpack }

// unpackUnit writes a compressed single-unit member of size bytes to w: zlib
// or bzip2 alone stream through; anything else unpacks in memory, up to
// maxWholeUnit bytes.
func unpackUnit(w io.Writer, in []byte, size int, implode bool) (int64, error) {
	var r io.Reader
	if !implode && len(in) > 0 {
		switch in[0] {
		case CompZlib:
			zr, err := zlib.NewReader(bytes.NewReader(in[1:]))
			if err != nil {
				return 0, unpackError{errors.New(formats.ZlibWhy(err))}
			}
			r = zr
		case CompBzip2:
			r = bzip2.NewReader(bytes.NewReader(in[1:]))
		}
	}
	if r == nil {
		if size > maxWholeUnit {
			return 0, unpackError{fmt.Errorf("a %d-byte single-unit member with this compression unpacks only in memory, and the limit for that is %d bytes", size, maxWholeUnit)}
		}
		out, err := decompress(in, size, implode)
		if err != nil {
			return 0, unpackError{err}
		}
		n, err := w.Write(out)
		return int64(n), err
	}
	cw := &formats.CountingWriter{W: w}
	_, err := io.Copy(cw, io.LimitReader(r, int64(size)))
	switch {
	case cw.Err != nil:
		return cw.N, cw.Err
	case err != nil:
		return cw.N, unpackError{fmt.Errorf("%s: %v", compNames0(in[0]), err)}
	case cw.N == int64(size) && formats.HasMore(r):
		return cw.N, unpackError{fmt.Errorf("unpacks to more than %d bytes", size)}
	case cw.N != int64(size):
		return cw.N, unpackError{fmt.Errorf("unpacks to %d bytes, want %d", cw.N, size)}
	}
	return cw.N, nil
}

func compNames0(mask byte) string {
	if mask == CompBzip2 {
		return "bzip2"
	}
	return "zlib"
}

// decompress unpacks one sector (or a single-unit file) to exactly size bytes.
// implode is the old whole-file flag: the data is PKWARE implode with no mask byte.
func decompress(in []byte, size int, implode bool) ([]byte, error) {
	return decompressTo(nil, in, size, implode, false)
}

// decompressTo appends the unpacked data to out. sector says that size is at most
// a sector, so that the last zlib stage may write straight into out (a whole
// single-unit file instead grows its buffer with what it really unpacks to).
func decompressTo(out, in []byte, size int, implode, sector bool) ([]byte, error) {
	if implode {
		d, err := pkware.ExplodeLimit(in, size, false)
		return append(out, d...), err
	}
	if len(in) == 0 {
		return nil, errors.New("an empty compressed block")
	}
	mask, data := in[0], in[1:]
	if mask == CompLZMA {
		return nil, errors.New("LZMA compression (StarCraft II) is not supported")
	}
	// The compressions are undone in the reverse of the order they were applied
	// (sparse, ADPCM, Huffman, zlib, PKWARE, bzip2).
	if unsupported := mask &^ (CompZlib | CompPKWARE | CompBzip2); unsupported != 0 {
		return nil, fmt.Errorf("compression mask %#02x: %s not supported", mask, compNames(unsupported))
	}
	var err error
	if mask&CompBzip2 != 0 {
		if data, err = readLimited(bzip2.NewReader(bytes.NewReader(data)), size, mask != CompBzip2); err != nil {
			return nil, fmt.Errorf("bzip2: %v", err)
		}
	}
	if mask&CompPKWARE != 0 {
		if data, err = pkware.ExplodeLimit(data, size, mask&CompZlib != 0); err != nil {
			return nil, err
		}
	}
	if mask&CompZlib != 0 {
		if sector {
			return inflateTo(out, data, size)
		}
		zr, err := zlib.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, errors.New(formats.ZlibWhy(err))
		}
		if data, err = readLimited(zr, size, false); err != nil {
			return nil, errors.New(formats.ZlibWhy(err))
		}
	}
	if len(data) != size {
		return nil, fmt.Errorf("unpacks to %d bytes, want %d", len(data), size)
	}
	return append(out, data...), nil
}

// inflater is a zlib reader kept for reuse: building one allocates tens of KiB,
// more than a 4 KiB sector holds.
type inflater struct {
	src bytes.Reader
	zr  io.ReadCloser
}

var inflaters sync.Pool

// inflateTo unpacks a zlib stream of exactly size bytes onto the end of out.
func inflateTo(out, data []byte, size int) ([]byte, error) {
	f, _ := inflaters.Get().(*inflater)
	if f == nil {
		f = &inflater{}
	}
	defer inflaters.Put(f)
	f.src.Reset(data)
	if f.zr == nil {
		zr, err := zlib.NewReader(&f.src)
		if err != nil {
			return nil, errors.New(formats.ZlibWhy(err))
		}
		f.zr = zr
	} else if err := f.zr.(zlib.Resetter).Reset(&f.src, nil); err != nil {
		return nil, errors.New(formats.ZlibWhy(err))
	}
	start := len(out)
	out = slices.Grow(out, size)[:start+size]
	if n, err := io.ReadFull(f.zr, out[start:]); err != nil {
		return nil, fmt.Errorf("zlib: unpacks to %d bytes, want %d (%v)", n, size, err)
	}
	var one [1]byte
	if n, _ := f.zr.Read(one[:]); n > 0 {
		return nil, fmt.Errorf("zlib: unpacks to more than %d bytes", size)
	}
	return out, nil
}

// readLimited reads r to its end, which must come within size bytes (exactly size
// unless partial: an intermediate stage that feeds another decompressor). The
// buffer grows with what r really produces, so a small input that claims a huge
// size allocates only what it unpacks to.
func readLimited(r io.Reader, size int, partial bool) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(min(size+1, 64<<10))
	n, err := io.Copy(&buf, io.LimitReader(r, int64(size)+1))
	switch {
	case err != nil:
		return nil, err
	case n > int64(size):
		return nil, fmt.Errorf("unpacks to more than %d bytes", size)
	case !partial && n != int64(size):
		return nil, fmt.Errorf("unpacks to %d bytes, want %d", n, size)
	}
	return buf.Bytes(), nil
}

func compNames(mask byte) string {
	var s string
	for _, c := range []struct {
		bit  byte
		name string
	}{{CompHuffman, "Huffman"}, {CompSparse, "sparse"}, {CompADPCMMono, "ADPCM mono"}, {CompADPCMStereo, "ADPCM stereo"}, {0x04, "unknown 0x04"}} {
		if mask&c.bit != 0 {
			if s != "" {
				s += ", "
			}
			s += c.name
		}
	}
	return s
}
