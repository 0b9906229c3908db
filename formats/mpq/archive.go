// Package mpq reads MPQ archives, the containers of Blizzard's games from Diablo to
// World of Warcraft 3.3.5 (formats 1 and 2; the WoW 1.x–3.x and Warcraft III era).
//
// An archive is a header (found at a 512-byte boundary, possibly behind a user-data
// header), an encrypted hash table that maps a name's hashes to a block, and an
// encrypted block table that gives each member's place, sizes and flags (format 2
// adds the high 16 bits of every position in a separate table). Names are not
// stored: a member is found by hashing its name, and listing needs the names from
// the archive's "(listfile)" or from a listfile the caller supplies. Members are
// stored whole ("single unit") or in sectors, each compressed (zlib, bzip2, PKWARE
// implode, or a sequence of them) and encrypted with a key derived from the name.
//
// The header is looked for at every 512-byte boundary of the first 256 MiB (a
// self-extracting archive puts an executable stub first); Find says whether a
// file has one. A member that no listfile names is still found by its exact
// name (Stat, ReadFile), since the hash table holds every name's hashes.
//
// Reading is bounded: the tables must lie inside the file, a member's sizes are
// checked against the file, MaxMemberSize and the caller's limit before anything
// is allocated, and decompression never produces more than the member's stated
// size. WriteMember streams a member as it unpacks (a sector at a time; a single
// unit through zlib or bzip2), so its size never has to fit in memory;
// ReadMember allocates one buffer of the stated size, and only after unpacking
// the member once without keeping it when that size is more than 64 times what
// is stored (a decompression bomb of a few hundred bytes claiming 512 MiB, or a
// member that lies about its size). The archive's own (listfile) is read up to
// 64 MiB.
package mpq

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"animscope/formats"
)

// Layout constants.
const (
	headerMagic   = "MPQ\x1a"
	userDataMagic = "MPQ\x1b"
	headerSizeV1  = 32
	headerSizeV2  = 44
	entrySize     = 16
	// headerSearchLimit bounds the search for the header (at 512-byte steps).
	headerSearchLimit = 256 << 20
	// maxSectorShift bounds the sector size (512 << shift); WoW uses 3 (4 KiB).
	maxSectorShift = 15
)

// MaxMemberSize is the largest member (stored or unpacked) this package reads.
const MaxMemberSize = 512 << 20

// Block flags.
const (
	FlagImplode      = 0x00000100
	FlagCompress     = 0x00000200
	FlagEncrypted    = 0x00010000
	FlagFixKey       = 0x00020000
	FlagPatchFile    = 0x00100000
	FlagSingleUnit   = 0x01000000
	FlagDeleteMarker = 0x02000000
	FlagSectorCRC    = 0x04000000
	FlagExists       = 0x80000000
)

// Hash-table block indexes with a meaning.
const (
	blockEmpty   = 0xFFFFFFFF
	blockDeleted = 0xFFFFFFFE
)

// Block is one member's block-table entry.
type Block struct {
	// Pos is the member's offset from the start of the archive (the MPQ header).
	Pos            int64
	CompressedSize uint32
	Size           uint32
	Flags          uint32
}

type hashEntry struct {
	nameA, nameB uint32
	locale       uint16
	platform     uint16
	block        uint32
}

// namedSlot is a slot a name was given to, and what a listing reads of its
// entry.
type namedSlot struct {
	slot   int32
	block  uint32
	locale uint16
}

// Member is one file of the archive, as listed.
type Member struct {
	// Name is the member's path with '\' separators as the listfile spells it, or
	// "FileNNNNNNNN.xxx" (the block index) when no listfile names it.
	Name   string
	Known  bool // the name came from a listfile (or is a well-known name)
	Locale uint16
	Block  int
	Blk    Block
	slot   int // hash-table index
}

// Archive is an open MPQ archive. Its methods are safe for concurrent use once
// open (reads go through io.ReaderAt; AddListfile must not run concurrently).
type Archive struct {
	// Name is the archive as the user named it, used in messages.
	Name string
	// Version is the header's format version (0 = format 1, 1 = format 2).
	Version    int
	SectorSize uint32
	// Offset is where the MPQ header lies in the file (after a user-data block
	// or a game's own header).
	Offset int64

	formats.FileCloser // the file an archive from Open reads

	r      io.ReaderAt
	size   int64 // of the whole file
	hashes []hashEntry
	blocks []Block
	// The names known, in the order they were given (a listfile's), each
	// with its slot and that slot's block and locale (so that listing the
	// named members reads these in order, not the hash table all over);
	// nameAt finds a slot's name: 1 + its place in names, 0 while none is
	// known. nameAt is pointer-free, where a string per slot would be 16
	// bytes the collector scans for every slot of a mostly empty table.
	names  []string
	named  []namedSlot
	nameAt []int32
	arena  formats.StringArena // the bytes of the names from listfiles
	warmed uint32              // see warm
	// index makes find independent of the table's contents (see slotIndex).
	index *slotIndex
}

// Open opens the archive file at path (a regular file), read in place; Close closes it.
func Open(path string) (*Archive, error) { return formats.OpenArchiveFile(path, NewArchive) }

func (a *Archive) errf(off int64, format string, args ...any) error {
	return formats.FileErrorf(a.Name, off, format, args...)
}

func (a *Archive) readAt(off int64, n int64, what string) ([]byte, error) {
	if off < 0 || n < 0 || off > a.size || n > a.size-off {
		return nil, a.errf(off, "%s (%d bytes at %d) lies outside the %d-byte file", what, n, off, a.size)
	}
	buf := make([]byte, n)
	if _, err := a.r.ReadAt(buf, off); err != nil && !(err == io.EOF && n == 0) {
		return nil, a.errf(off, "reading %s: %v", what, err)
	}
	return buf, nil
}

// tableAt reads a table whose position (relative to the header at base) is
// stored in the header field at fieldOff. A position outside the file is an
// error of that field: the position itself may be no offset at all (a 64-bit
// value that wraps negative), so it cannot be the place the message names.
func (a *Archive) tableAt(fieldOff, base, pos, n int64, what string) ([]byte, error) {
	if pos < 0 || pos > a.size || base+pos > a.size || n > a.size-(base+pos) {
		return nil, a.errf(fieldOff, "%s (%d bytes at %d) lies outside the %d-byte file", what, n, base+pos, a.size)
	}
	return a.readAt(base+pos, n, what)
}

// readHashTable reads and decrypts the hash table of count entries at pos
// (relative to the header at base). On a little-endian machine the table's
// bytes are its entries as hashEntry lays them out, so they are read and
// decrypted in the entries' own memory: one table of megabytes, not two and
// a copy.
func (a *Archive) readHashTable(base, pos, count int64) error {
	const what = "the hash table"
	n := count * entrySize
	if pos < 0 || pos > a.size || base+pos > a.size || n > a.size-(base+pos) {
		return a.errf(base+16, "%s (%d bytes at %d) lies outside the %d-byte file", what, n, base+pos, a.size)
	}
	if !hostLittleEndian || unsafe.Sizeof(hashEntry{}) != entrySize {
		raw, err := a.readAt(base+pos, n, what)
		if err != nil {
			return err
		}
		decryptBlock(raw, hashTableKey)
		a.hashes = make([]hashEntry, count)
		for i := range a.hashes {
			a.hashes[i] = decodeHashEntry(raw[i*entrySize:])
		}
		return nil
	}
	a.hashes = make([]hashEntry, count)
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(a.hashes))), n)
	if _, err := a.r.ReadAt(raw, base+pos); err != nil && !(err == io.EOF && n == 0) {
		a.hashes = nil
		return a.errf(base+pos, "reading %s: %v", what, err)
	}
	decryptBlock(raw, hashTableKey)
	return nil
}

// hostLittleEndian is whether this machine stores words as the archive does.
var hostLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// decodeHashEntry is the hash entry in the 16 bytes of e.
func decodeHashEntry(e []byte) hashEntry {
	le := binary.LittleEndian
	return hashEntry{le.Uint32(e), le.Uint32(e[4:]), le.Uint16(e[8:]), le.Uint16(e[10:]), le.Uint32(e[12:])}
}

// NewArchive reads an archive of size bytes from r; name is used in messages.
func NewArchive(name string, r io.ReaderAt, size int64) (*Archive, error) {
	a := &Archive{Name: name, r: r, size: size}
	if err := a.readHeader(); err != nil {
		return nil, err
	}
	for _, n := range []string{"(listfile)", "(attributes)", "(signature)", "(user data)", "(patch_metadata)"} {
		a.addName(n)
	}
	// The archive's own listfile, when it is of a sane size (an unreadable or
	// larger one leaves the members unnamed, listed by block). Its names
	// are kept in its buffer, not copied: it lists what the archive holds,
	// so it is about what the copies would take, and at most maxListfile.
	if m, ok := a.Stat("(listfile)"); ok {
		if data, err := a.ReadMemberLimit(m, maxListfile); err == nil {
			a.addListfile(data, true)
		}
	}
	return a, nil
}

func (a *Archive) readHeader() error {
	var err error
	found := scanHeaders(a.r, a.size, func(off int64, magic string) bool {
		if magic == headerMagic {
			err = a.parseHeader(off)
			return true
		}
		var ud [16]byte
		if n, _ := a.r.ReadAt(ud[:], off); n < len(ud) {
			return false // too short to be a user-data header: search on
		}
		hoff := int64(binary.LittleEndian.Uint32(ud[8:]))
		if hoff == 0 || off+hoff+headerSizeV1 > a.size {
			err = a.errf(off+8, "the user-data header points to an MPQ header at %d, outside the file", off+hoff)
		} else {
			err = a.parseHeader(off + hoff)
		}
		return true
	})
	if !found {
		return a.errf(0, "no MPQ header (MPQ\\x1A) at any 512-byte boundary of the first %d bytes", min(a.size, headerSearchLimit))
	}
	return err
}

// Find reports whether the file of size bytes read by r holds an MPQ header or
// user-data header at a 512-byte boundary within the first 256 MiB: where the
// format allows one (a self-extracting archive's executable stub comes first),
// and where this package looks when it opens the archive.
func Find(r io.ReaderAt, size int64) bool {
	return scanHeaders(r, size, func(int64, string) bool { return true })
}

// scanHeaders calls fn for every 512-byte boundary of the first
// headerSearchLimit bytes that starts an MPQ header or a user-data header, in
// order, until fn returns true; it reports whether fn did. It reads 64 KiB at a
// time: a file with no header is read once, sequentially.
func scanHeaders(r io.ReaderAt, size int64, fn func(off int64, magic string) bool) bool {
	const chunk = 64 << 10
	limit := min(size, headerSearchLimit)
	buf := make([]byte, chunk)
	for base := int64(0); base+4 <= limit; base += chunk {
		n, _ := r.ReadAt(buf[:min(chunk, limit-base)], base)
		for i := 0; i+4 <= n; i += 512 {
			if m := string(buf[i : i+4]); m == headerMagic || m == userDataMagic {
				if fn(base+int64(i), m) {
					return true
				}
			}
		}
		if n < chunk {
			break
		}
	}
	return false
}

func (a *Archive) parseHeader(off int64) error {
	h, err := a.readAt(off, headerSizeV1, "the MPQ header")
	if err != nil {
		return err
	}
	if string(h[:4]) != headerMagic {
		return a.errf(off, "no MPQ header (MPQ\\x1A) where the user-data header points")
	}
	le := binary.LittleEndian
	a.Offset = off
	a.Version = int(le.Uint16(h[12:]))
	shift := le.Uint16(h[14:])
	hashPos, blockPos := int64(le.Uint32(h[16:])), int64(le.Uint32(h[20:]))
	hashCount, blockCount := int64(le.Uint32(h[24:])), int64(le.Uint32(h[28:]))
	var hiPos int64
	switch a.Version {
	case 0:
	case 1:
		h2, err := a.readAt(off, headerSizeV2, "the format-2 MPQ header")
		if err != nil {
			return err
		}
		hiPos = int64(le.Uint64(h2[32:]))
		hashPos |= int64(le.Uint16(h2[40:])) << 32
		blockPos |= int64(le.Uint16(h2[42:])) << 32
	default:
		return a.errf(off+12, "MPQ format %d (Cataclysm and later) is not supported; formats 1 and 2 are", a.Version+1)
	}
	if shift > maxSectorShift {
		return a.errf(off+14, "sector size shift %d is larger than %d", shift, maxSectorShift)
	}
	a.SectorSize = 512 << shift
	if hashCount == 0 || hashCount&(hashCount-1) != 0 {
		return a.errf(off+24, "hash table size %d is not a power of two", hashCount)
	}
	// Both tables must fit in the file before anything is allocated for them.
	maxEntries := a.size / entrySize
	if hashCount > maxEntries {
		return a.errf(off+24, "hash table of %d entries is larger than the file", hashCount)
	}
	if blockCount > maxEntries {
		return a.errf(off+28, "block table of %d entries is larger than the file", blockCount)
	}
	if err := a.readHashTable(off, hashPos, hashCount); err != nil {
		return err
	}
	raw, err := a.tableAt(off+20, off, blockPos, blockCount*entrySize, "the block table")
	if err != nil {
		return err
	}
	decryptBlock(raw, blockTableKey)
	a.blocks = make([]Block, blockCount)
	for i := range a.blocks {
		e := raw[i*entrySize:]
		a.blocks[i] = Block{Pos: int64(le.Uint32(e)), CompressedSize: le.Uint32(e[4:]), Size: le.Uint32(e[8:]), Flags: le.Uint32(e[12:])}
	}
	if hiPos != 0 {
		hi, err := a.tableAt(off+32, off, hiPos, blockCount*2, "the high block table")
		if err != nil {
			return err
		}
		for i := range a.blocks {
			a.blocks[i].Pos |= int64(le.Uint16(hi[i*2:])) << 32
		}
	}
	a.buildIndex()
	return nil
}

// buildIndex prepares find: the names by slot, and the index that answers a
// lookup whose probe is long (sumIndex, built on first use).
func (a *Archive) buildIndex() {
	a.nameAt, a.names, a.named = make([]int32, len(a.hashes)), nil, nil
	a.index = &slotIndex{}
}

// slotIndex finds the slots of every usable hash entry by its two check
// values (sumIndex), and where the probe from each slot ends (the first empty
// slot from there on). A lookup then costs the same whatever the table holds,
// where probing slot by slot a hostile table with no empty slot would make
// every lookup walk the whole table. It is built the first time a probe runs
// long (maxProbe).
type slotIndex struct {
	once  sync.Once
	bySum sumIndex
	// nextEmpty[i] is the first empty slot reading on from slot i (i
	// itself, or one after it, or, wrapping, one before it), -1 when the
	// table has none.
	nextEmpty []int32
}

func (a *Archive) slots() *slotIndex {
	x := a.index
	x.once.Do(func() {
		n := len(a.hashes)
		x.nextEmpty = make([]int32, n)
		first := int32(slices.IndexFunc(a.hashes, func(e hashEntry) bool { return e.block == blockEmpty }))
		next := first // past the last empty slot the probe wraps to the first
		for i := n - 1; i >= 0; i-- {
			if a.hashes[i].block == blockEmpty {
				next = int32(i)
			}
			x.nextEmpty[i] = next
		}
		x.bySum = newSumIndex(a.hashes, func(e hashEntry) bool { return e.block != blockEmpty && a.usable(e) })
	})
	return x
}

// usable reports whether a hash entry (not an empty one) leads to an existing block.
func (a *Archive) usable(e hashEntry) bool {
	return e.block != blockDeleted && int64(e.block) < int64(len(a.blocks)) && a.blocks[e.block].Flags&FlagExists != 0
}

// find returns the hash slot of name, preferring the neutral locale, or -1. It
// answers as the game's probe does: from the name's start slot onwards, up to
// the first empty slot; an entry past an empty slot is not reachable.
func (a *Archive) find(name string) int { return a.findHashed(nameHashes(name)) }

// hashes are a name's three hashes: where its probe starts, and its two checks.
type hashes struct{ offset, a, b uint32 }

// nameHashes is hashString of name for the probe's start and both checks,
// computed in one pass over the name.
func nameHashes[T string | []byte](name T) hashes {
	o1, o2 := uint32(0x7FED7FED), uint32(0xEEEEEEEE)
	a1, a2 := o1, o2
	b1, b2 := o1, o2
	for i := 0; i < len(name); i++ {
		c := uint32(normTable[name[i]])
		o1 = cryptTable[hashTableOffset<<8+c] ^ (o1 + o2)
		o2 = c + o1 + o2 + o2<<5 + 3
		a1 = cryptTable[hashNameA<<8+c] ^ (a1 + a2)
		a2 = c + a1 + a2 + a2<<5 + 3
		b1 = cryptTable[hashNameB<<8+c] ^ (b1 + b2)
		b2 = c + b1 + b2 + b2<<5 + 3
	}
	return hashes{o1, a1, b1}
}

// maxProbe is how many slots find walks from a name's start slot before it
// asks the slot index instead (a real table's probes are a few slots long).
const maxProbe = 32

// findHashed is the slot of the name with hashes h, or -1: the neutral
// locale's entry nearest the start slot, or else the nearest entry of
// another locale, among the entries the probe reaches (up to the first empty
// slot, wrapping).
func (a *Archive) findHashed(h hashes) int {
	n := len(a.hashes)
	if n == 0 {
		return -1
	}
	start := int(h.offset & uint32(n-1))
	// Walking the probe meets the entries nearest first: the first neutral
	// one is the answer, and the first of another locale is, unless a
	// neutral one follows before the probe ends.
	best := -1
	for k := 0; k < n; k++ {
		if k == maxProbe {
			return a.findIndexed(h, start)
		}
		slot := (start + k) & (n - 1)
		e := a.hashes[slot]
		if e.block == blockEmpty {
			return best
		}
		if e.nameA != h.a || e.nameB != h.b || !a.usable(e) {
			continue
		}
		if e.locale == 0 {
			return slot
		}
		if best < 0 {
			best = slot
		}
	}
	return best
}

// findIndexed is findHashed through the slot index: the probe from start
// reads the slots up to the first empty one (or, with none, every slot once),
// and the answer is the first it reads of the name's neutral entries, or else
// of all of them.
func (a *Archive) findIndexed(h hashes, start int) int {
	x := a.slots()
	n := int64(len(a.hashes))
	from, stop := int64(start), int64(start)+n
	switch e := int64(x.nextEmpty[start]); {
	case e >= from:
		stop = e
	case e >= 0:
		stop = e + n // the probe wraps past the table's end to it
	}
	return x.bySum.first(h.a, h.b, from, stop, n)
}

// addHashed is addName for a name whose hashes are h, inside a larger buffer
// (a listfile): the string is made only for a name the archive holds, a copy
// unless the buffer is the archive's own (owned: its own (listfile), read
// into a buffer nothing else holds or writes, which the names then share).
func (a *Archive) addHashed(name []byte, h hashes, owned bool) bool {
	i := a.findHashed(h)
	if i < 0 {
		return false
	}
	if a.nameAt[i] == 0 {
		if owned {
			a.setName(i, unsafe.String(unsafe.SliceData(name), len(name)))
		} else {
			a.setName(i, a.arena.Copy(name))
		}
	}
	return true
}

func (a *Archive) addName(name string) bool {
	if name == "" {
		return false
	}
	if i := a.find(name); i >= 0 {
		if a.nameAt[i] == 0 {
			a.setName(i, name)
		}
		return true
	}
	return false
}

// maxListfile bounds an archive's own (listfile): a real one names some
// hundred thousand files in a few MiB.
const maxListfile = 64 << 20

// AddListfile names the members listed in data (names separated by ';', CR or
// LF, as in "(listfile)"); it returns how many of them the archive holds. Only
// the names the archive holds are kept (as strings of their own), so a listfile
// of millions of short names costs no more than one pass over it.
func (a *Archive) AddListfile(data []byte) int { return a.addListfile(data, false) }

// addListfile is AddListfile; owned says that data is the archive's own
// buffer (addHashed).
func (a *Archive) addListfile(data []byte, owned bool) int {
	// Room for as many more names as the data has lines, up to one a slot,
	// so that a listfile's hundred thousand names are not appended one by one
	// into ever larger copies.
	lines := min(bytes.Count(data, []byte{'\n'})+1, len(a.hashes)-len(a.names))
	a.names, a.named = slices.Grow(a.names, lines), slices.Grow(a.named, lines)
	n := 0
	var batch [listBatch]listedName
	for len(data) > 0 {
		k := 0
		for k < len(batch) && len(data) > 0 {
			// The name ends at ';', CR, LF or the data's end, and is hashed
			// as it is scanned; a name with space (or a byte that may start
			// or end a Unicode space) at either end is trimmed and hashed again.
			h, end := hashToSeparator(data)
			name := data[:end]
			if end > 0 && (mayBeSpace[name[0]] || mayBeSpace[name[end-1]]) {
				name = bytes.TrimSpace(name)
				h = nameHashes(name)
			}
			data = data[min(end+1, len(data)):]
			if len(name) > 0 {
				batch[k] = listedName{name, h}
				k++
			}
		}
		a.warm(batch[:k])
		for _, x := range batch[:k] {
			if a.addHashed(x.name, x.h, owned) {
				n++
			}
		}
	}
	return n
}

// listBatch is how many of a listfile's names are hashed before their probes
// run (warm).
const listBatch = 16

// listedName is a listfile's name and its hashes.
type listedName struct {
	name []byte
	h    hashes
}

// warm reads the slots where the names' probes start, one after another
// without waiting: each is a read from anywhere in a table of megabytes, and
// made together the memory serves them at once, where the probes, one at a
// time, would each wait for theirs. What they read is kept in a.warmed only
// so that the reads are made.
func (a *Archive) warm(names []listedName) {
	if len(a.hashes) == 0 {
		return
	}
	mask := uint32(len(a.hashes) - 1)
	var sum uint32
	for i := range names {
		slot := names[i].h.offset & mask
		sum += a.hashes[slot].block + uint32(a.nameAt[slot])
	}
	a.warmed = sum
}

// listfileSeparator marks the bytes that end a listfile's name.
var listfileSeparator = [256]bool{';': true, '\r': true, '\n': true}

// mayBeSpace marks the bytes bytes.TrimSpace may take from a name's ends:
// ASCII space, and every byte of a multi-byte UTF-8 sequence (one may be a
// Unicode space: U+00A0, U+3000, ...).
var mayBeSpace = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\v\f\r") {
		t[c] = true
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = true
	}
	return t
}()

// hashToSeparator is nameHashes of data up to its first listfile separator
// (or its end), and where that is.
func hashToSeparator(data []byte) (hashes, int) {
	o1, o2 := uint32(0x7FED7FED), uint32(0xEEEEEEEE)
	a1, a2 := o1, o2
	b1, b2 := o1, o2
	i := 0
	for ; i < len(data); i++ {
		raw := data[i]
		if listfileSeparator[raw] {
			break
		}
		c := uint32(normTable[raw])
		o1 = cryptTable[hashTableOffset<<8+c] ^ (o1 + o2)
		o2 = c + o1 + o2 + o2<<5 + 3
		a1 = cryptTable[hashNameA<<8+c] ^ (a1 + a2)
		a2 = c + a1 + a2 + a2<<5 + 3
		b1 = cryptTable[hashNameB<<8+c] ^ (b1 + b2)
		b2 = c + b1 + b2 + b2<<5 + 3
	}
	return hashes{o1, a1, b1}, i
}

// NameAll names, in each of archives, the members called names (as a listfile
// would), hashing each name once for all of them.
func NameAll(archives []*Archive, names []string) {
	for _, name := range names {
		if name == "" {
			continue // no member is called ""
		}
		h := nameHashes(name)
		for _, a := range archives {
			if i := a.findHashed(h); i >= 0 && a.nameAt[i] == 0 {
				a.setName(i, name)
			}
		}
	}
}

// Has reports whether the archive holds a member called name (any case, '/' or '\').
func (a *Archive) Has(name string) bool { return a.find(name) >= 0 }

// Members lists every member (every hash-table entry whose block exists), sorted
// by name.
func (a *Archive) Members() []Member {
	slots := a.listedSlots()
	out := make([]Member, len(slots))
	for i, slot := range slots {
		out[i] = a.memberAt(int(slot))
	}
	// slices.SortFunc is the same pattern-defeating quicksort as sort.Slice
	// (both are generated from one template), without reflection.
	slices.SortFunc(out, func(x, y Member) int {
		if c := strings.Compare(x.Name, y.Name); c != 0 {
			return c
		}
		return cmp.Compare(x.Locale, y.Locale)
	})
	return out
}

// setName names the member at slot i (which has no name yet).
func (a *Archive) setName(i int, name string) {
	a.names = append(a.names, name)
	e := &a.hashes[i]
	a.named = append(a.named, namedSlot{slot: int32(i), block: e.block, locale: e.locale})
	a.nameAt[i] = int32(len(a.names))
}

// nameOf is the name of the member at slot i, or "" while none is known.
func (a *Archive) nameOf(i int) string {
	if j := a.nameAt[i]; j > 0 {
		return a.names[j-1]
	}
	return ""
}

// listedSlots are the hash slots Members lists (every entry whose block
// exists): the named ones in the order they were named (a listfile's, which
// a mount then reads its names in), then the others in table order.
func (a *Archive) listedSlots() []int32 {
	out := make([]int32, len(a.named), len(a.named)+len(a.hashes)/2)
	for j, n := range a.named { // a name is only ever given to a listed slot
		out[j] = n.slot
	}
	for i, e := range a.hashes {
		if e.block != blockEmpty && a.nameAt[i] == 0 && a.usable(e) {
			out = append(out, int32(i))
		}
	}
	return out
}

// memberAt is the member at a listed hash slot, named by the listfile or
// "FileNNNNNNNN.xxx" (its block) when none names it.
func (a *Archive) memberAt(slot int) Member {
	e := a.hashes[slot]
	m := Member{Locale: e.locale, Block: int(e.block), Blk: a.blocks[e.block], slot: slot}
	if n := a.nameOf(slot); n != "" {
		m.Name, m.Known = n, true
	} else {
		m.Name = placeholderName(e.block)
	}
	return m
}

// namedMember is memberAt of the j-th slot given a name (listedSlots()[j]),
// read from the names in order.
func (a *Archive) namedMember(j int) Member {
	n := &a.named[j]
	return Member{Name: a.names[j], Known: true, Locale: n.locale, Block: int(n.block), Blk: a.blocks[n.block], slot: int(n.slot)}
}

// placeholderName is fmt.Sprintf("File%08d.xxx", block), without fmt.
func placeholderName(block uint32) string {
	var digits [10]byte
	d := strconv.AppendUint(digits[:0], uint64(block), 10)
	buf := make([]byte, 0, 4+max(8, len(d))+4)
	buf = append(buf, "File"...)
	for n := len(d); n < 8; n++ {
		buf = append(buf, '0')
	}
	buf = append(append(buf, d...), ".xxx"...)
	return string(buf)
}

// Stat returns the member called name.
func (a *Archive) Stat(name string) (Member, bool) {
	i := a.find(name)
	if i < 0 {
		return Member{}, false
	}
	e := a.hashes[i]
	n := a.nameOf(i)
	if n == "" {
		n = name
	}
	return Member{Name: n, Known: true, Locale: e.locale, Block: int(e.block), Blk: a.blocks[e.block], slot: i}, true
}
