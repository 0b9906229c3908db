// Package mpqtest writes small MPQ archives for tests and fuzz seeds: both
// formats, a user-data header, the high block table, encrypted members (with and
// without the fix key), sectors or single units, zlib and PKWARE implode. It is
// not a general writer: the whole archive is built in memory.
package mpqtest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"strings"

	"animscope/formats/mpq"
	"animscope/formats/mpq/pkware"
	"animscope/formats/mpq/pkware/pkwaretest"
)

// File is one member to write.
type File struct {
	Name string
	Data []byte
	// Comp is the compression mask for each sector (mpq.CompZlib, mpq.CompPKWARE
	// or both); 0 stores the data. Implode uses the old whole-file implode flag.
	Comp         byte
	Implode      bool
	Encrypt      bool
	FixKey       bool
	SingleUnit   bool
	DeleteMarker bool
	Locale       uint16
	// Raw, when not nil, is written as the member's stored bytes as they are (a
	// hostile member: a prepared compressed stream, a sector table of one's
	// own), with Size as its stated size; Comp != 0 marks it compressed and
	// SingleUnit a single unit. Data, Encrypt and Implode are then unused.
	Raw  []byte
	Size uint32
}

// Options shape the archive.
type Options struct {
	// Version is the header's format version: 0 (format 1) or 1 (format 2, with a
	// high block table).
	Version     int
	SectorShift uint16 // sector size 512 << SectorShift; 0 means 3 (4 KiB)
	// HashSize is the hash-table size (a power of two); 0 picks one that fits.
	HashSize int
	// Listfile adds "(listfile)" naming every member.
	Listfile bool
	// UserData, when not nil, puts a user-data header and these bytes before the
	// MPQ header.
	UserData []byte
	// Prefix is written first (a game's own header); it is padded to 512 bytes.
	Prefix []byte
}

// Build writes an archive holding files.
func Build(files []File, opt Options) ([]byte, error) {
	if opt.SectorShift == 0 {
		opt.SectorShift = 3
	}
	if opt.Listfile {
		var names []string
		for _, f := range files {
			names = append(names, f.Name)
		}
		files = append(files, File{Name: "(listfile)", Data: []byte(strings.Join(names, "\r\n") + "\r\n"), Comp: mpq.CompZlib})
	}
	hashSize := opt.HashSize
	if hashSize == 0 {
		hashSize = 4
		for hashSize < len(files)*2 {
			hashSize *= 2
		}
	}
	if hashSize&(hashSize-1) != 0 || hashSize < len(files) {
		return nil, fmt.Errorf("mpqtest: hash size %d for %d files", hashSize, len(files))
	}
	headerSize := 32
	if opt.Version == 1 {
		headerSize = 44
	}
	le := binary.LittleEndian

	var out bytes.Buffer
	out.Write(opt.Prefix)
	for out.Len()%512 != 0 {
		out.WriteByte(0)
	}
	if opt.UserData != nil {
		ud := make([]byte, 16)
		copy(ud, "MPQ\x1b")
		total := 16 + len(opt.UserData)
		hoff := (total + 511) / 512 * 512
		le.PutUint32(ud[4:], uint32(len(opt.UserData)))
		le.PutUint32(ud[8:], uint32(hoff))
		le.PutUint32(ud[12:], 16)
		start := out.Len()
		out.Write(ud)
		out.Write(opt.UserData)
		for out.Len()-start < hoff {
			out.WriteByte(0)
		}
	}
	base := out.Len()
	body := make([]byte, headerSize) // the header, filled in at the end
	ss := 512 << opt.SectorShift
	blocks := make([]byte, len(files)*16)
	for i, f := range files {
		pos := len(body)
		flags := uint32(mpq.FlagExists)
		var stored []byte
		key := uint32(0)
		if f.Encrypt && f.Raw == nil {
			flags |= mpq.FlagEncrypted
			if f.FixKey {
				flags |= mpq.FlagFixKey
			}
			key = mpq.FileKey(f.Name, uint32(pos), uint32(len(f.Data)), f.FixKey)
		}
		size := uint32(len(f.Data))
		switch {
		case f.Raw != nil:
			stored, size = f.Raw, f.Size
			if f.Comp != 0 {
				flags |= mpq.FlagCompress
			}
			if f.SingleUnit {
				flags |= mpq.FlagSingleUnit
			}
		case f.DeleteMarker:
			flags |= mpq.FlagDeleteMarker
		case f.SingleUnit:
			flags |= mpq.FlagSingleUnit
			stored = append([]byte(nil), f.Data...)
			if f.Comp != 0 || f.Implode {
				c, err := compress(f.Data, f.Comp, f.Implode)
				if err != nil {
					return nil, err
				}
				if len(c) < len(f.Data) {
					stored = c
				}
				flags |= compFlag(f)
			}
			if f.Encrypt {
				mpq.Encrypt(stored, key)
			}
		case f.Comp == 0 && !f.Implode:
			stored = append([]byte(nil), f.Data...)
			if f.Encrypt {
				for s := 0; s*ss < len(stored); s++ {
					mpq.Encrypt(stored[s*ss:min((s+1)*ss, len(stored))], key+uint32(s))
				}
			}
		default:
			flags |= compFlag(f)
			n := (len(f.Data) + ss - 1) / ss
			table := make([]byte, (n+1)*4)
			var secs []byte
			for s := 0; s < n; s++ {
				le.PutUint32(table[s*4:], uint32(len(table)+len(secs)))
				plain := f.Data[s*ss : min((s+1)*ss, len(f.Data))]
				sec, err := compress(plain, f.Comp, f.Implode)
				if err != nil {
					return nil, err
				}
				if len(sec) >= len(plain) {
					sec = append([]byte(nil), plain...)
				}
				if f.Encrypt {
					mpq.Encrypt(sec, key+uint32(s))
				}
				secs = append(secs, sec...)
			}
			le.PutUint32(table[n*4:], uint32(len(table)+len(secs)))
			if f.Encrypt {
				mpq.Encrypt(table, key-1)
			}
			stored = append(table, secs...)
		}
		body = append(body, stored...)
		e := blocks[i*16:]
		le.PutUint32(e, uint32(pos))
		le.PutUint32(e[4:], uint32(len(stored)))
		le.PutUint32(e[8:], size)
		le.PutUint32(e[12:], flags)
	}
	hashes := bytes.Repeat([]byte{0xFF}, hashSize*16)
	for i, f := range files {
		mask := uint32(hashSize - 1)
		slot := mpq.Hash(f.Name, 0) & mask
		for le.Uint32(hashes[slot*16+12:]) != 0xFFFFFFFF {
			slot = (slot + 1) & mask
		}
		e := hashes[slot*16:]
		le.PutUint32(e, mpq.Hash(f.Name, 1))
		le.PutUint32(e[4:], mpq.Hash(f.Name, 2))
		le.PutUint16(e[8:], f.Locale)
		le.PutUint16(e[10:], 0)
		le.PutUint32(e[12:], uint32(i))
	}
	body, hashPos, blockPos := AppendTables(body, hashes, blocks)
	hiPos := 0
	if opt.Version == 1 {
		hiPos = len(body)
		body = append(body, make([]byte, len(files)*2)...) // every position is under 4 GiB
	}
	h := body[:headerSize]
	copy(h, "MPQ\x1a")
	le.PutUint32(h[4:], uint32(headerSize))
	le.PutUint32(h[8:], uint32(len(body)))
	le.PutUint16(h[12:], uint16(opt.Version))
	le.PutUint16(h[14:], opt.SectorShift)
	le.PutUint32(h[16:], uint32(hashPos))
	le.PutUint32(h[20:], uint32(blockPos))
	le.PutUint32(h[24:], uint32(hashSize))
	le.PutUint32(h[28:], uint32(len(files)))
	if opt.Version == 1 {
		le.PutUint64(h[32:], uint64(hiPos))
	}
	_ = base
	out.Write(body)
	return out.Bytes(), nil
}

// AppendTables encrypts a hash table and a block table with their keys (in
// place) and appends them to body, hash table first; it returns the body and
// where each table starts.
func AppendTables(body, hashes, blocks []byte) (out []byte, hashPos, blockPos int) {
	hk, bk := mpq.TableKeys()
	mpq.Encrypt(hashes, hk)
	mpq.Encrypt(blocks, bk)
	hashPos = len(body)
	body = append(body, hashes...)
	blockPos = len(body)
	return append(body, blocks...), hashPos, blockPos
}

func compFlag(f File) uint32 {
	if f.Implode {
		return mpq.FlagImplode
	}
	return mpq.FlagCompress
}

// compress packs one sector: implode without a mask byte, or the mask byte and
// zlib then PKWARE (the order StormLib applies them).
func compress(data []byte, mask byte, implode bool) ([]byte, error) {
	if implode {
		return pkwaretest.Implode(data, pkware.Binary, 6)
	}
	cur := data
	if mask&mpq.CompZlib != 0 {
		var b bytes.Buffer
		w := zlib.NewWriter(&b)
		w.Write(cur)
		w.Close()
		cur = b.Bytes()
	}
	if mask&mpq.CompPKWARE != 0 {
		c, err := pkwaretest.Implode(cur, pkware.Binary, 6)
		if err != nil {
			return nil, err
		}
		cur = c
	}
	if mask&^(mpq.CompZlib|mpq.CompPKWARE) != 0 {
		return nil, fmt.Errorf("mpqtest: compression mask %#x: only zlib and PKWARE are written", mask)
	}
	return append([]byte{mask}, cur...), nil
}

// ZlibBomb is a compressed single-unit member's stored bytes: the zlib mask
// byte and a stream of n zero bytes (about 1 KiB per MiB); with Raw and
// Size it makes a decompression bomb, or a member that lies about its size.
func ZlibBomb(n int) []byte {
	var b bytes.Buffer
	b.WriteByte(mpq.CompZlib)
	w, _ := zlib.NewWriterLevel(&b, zlib.BestCompression)
	zero := make([]byte, 64<<10)
	for ; n > 0; n -= len(zero) {
		w.Write(zero[:min(n, len(zero))])
	}
	w.Close()
	return b.Bytes()
}

// FullOfOneName is a hostile archive of format 1: a hash table of slots
// entries (a power of two) with no empty slot, every entry but the
// listfile's holding the check values of Name in a non-neutral locale (so a
// lookup of Name reads its probe and then the index of all of them), and a
// stored (listfile) that names Name repeats times. Name's data is "x".
func FullOfOneName(slots, repeats int) []byte {
	const name = FullName
	le := binary.LittleEndian
	list := bytes.Repeat([]byte(name+"\n"), repeats)
	body := make([]byte, 32)
	type member struct {
		pos  int
		data []byte
	}
	ms := []member{{data: []byte("x")}, {data: list}}
	blocks := make([]byte, len(ms)*16)
	for i := range ms {
		ms[i].pos = len(body)
		body = append(body, ms[i].data...)
		b := blocks[i*16:]
		le.PutUint32(b, uint32(ms[i].pos))
		le.PutUint32(b[4:], uint32(len(ms[i].data)))
		le.PutUint32(b[8:], uint32(len(ms[i].data)))
		le.PutUint32(b[12:], mpq.FlagExists|mpq.FlagSingleUnit)
	}
	hashes := make([]byte, slots*16)
	put := func(slot int, n string, locale uint16, block uint32) {
		e := hashes[slot*16:]
		le.PutUint32(e, mpq.Hash(n, 1))
		le.PutUint32(e[4:], mpq.Hash(n, 2))
		le.PutUint16(e[8:], locale)
		le.PutUint16(e[10:], 0)
		le.PutUint32(e[12:], block)
	}
	for s := 0; s < slots; s++ {
		put(s, name, 0x409, 0)
	}
	put(int(mpq.Hash("(listfile)", 0))&(slots-1), "(listfile)", 0, 1)
	body, hashPos, blockPos := AppendTables(body, hashes, blocks)
	copy(body, "MPQ\x1a")
	le.PutUint32(body[4:], 32)
	le.PutUint32(body[8:], uint32(len(body)))
	le.PutUint16(body[14:], 3)
	le.PutUint32(body[16:], uint32(hashPos))
	le.PutUint32(body[20:], uint32(blockPos))
	le.PutUint32(body[24:], uint32(slots))
	le.PutUint32(body[28:], uint32(len(ms)))
	return body
}

// FullName is the name FullOfOneName's table is full of.
const FullName = `Creature\One\One.m2`
