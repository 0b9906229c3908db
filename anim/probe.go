package anim

import (
	"iter"
	"math"
	"unsafe"
)

// MaxProbeKeys is how many key records one probe holds. VCA, the widest family,
// targets a bone with at most 9 transform lines plus a few extra channels.
const MaxProbeKeys = 12

// KeyUse says which keys one channel of a node used.
// K1 is −1 and Alpha 0 when the result is exactly key K0. K0 = K1 = −1 for a
// channel that has no keys (a VCA func line).
//
// KeyUse is how a record is handed to Probe.Add and read back with Probe.Key; a
// probe stores it more tightly (see Probe).
type KeyUse struct {
	K0, K1  int32
	Alpha   float32
	Channel Channel
	// HasFrame says the channel has its own sample frame (Probe.KeyFrame), for
	// families where it differs per channel (VCA, where `period` wraps each
	// line). Probe.Key sets it; Probe.Add ignores it (AddFrame records one).
	HasFrame bool
}

// inlineKeys is how many records a probe holds in its own 64 bytes, with their
// keys; a fourth that has the third's keys (SWG's translation axes, a VCA run of
// lines on one key set) is held as its channel alone.
const inlineKeys = 3

// Probe says what the sampler did for one node: the frame index it computed,
// whether it took the fallback branch, and up to MaxProbeKeys key records, read
// with Len, Key, KeyFrame, All and AppendKeys. A sampler writes it with Reset
// then Add, AddKey, AddFrame or AddRecord. Its hot loop may use the writers
// that inline instead: ResetWith then PutKey (and PutSharedKey), TryAddKey, or
// SetUniform then PutChannels.
//
// A probe is one 64-byte cache line: the header and the first records (M2's and
// MSH's all, SWG's four when the last three share their keys, a VCA bone's lines
// of one run) lie in it, and a slice of probes is dense. The samplers write a
// probe per node per side of a blend every frame the key table shows, and at
// 1,000 nodes the probes' footprint decides the cost: with 320-byte probes, one
// or two lines of each written, probes added 9% to a blended M2 frame, 15% to
// SWG's and 24% to VoxelCore's; with 64-byte ones 7%, 8% and 7%
// (BenchmarkOzzProbeCost in formats/ozzlike). Records that do not fit (a VCA
// bone's lines from several runs, their frames) go to an overflow block the
// probe allocates the first time it needs one and keeps.
//
// A copy of a Probe value shares that overflow block with the original: a copy
// is a snapshot only for probes that never used it. CopyFrom makes a deep copy.
type Probe struct {
	// The header, written in one store (setHeader).
	Frame    int32
	Fallback bool
	n        uint8  // records
	bits     uint16 // bit i < MaxProbeKeys: record i has its own frame; sharedBit, uniformBit
	more     *probeMore
	rec      [inlineKeys]keyRec
}

// sharedBit in Probe.bits says record 3 is inline: rec[2]'s keys with channel
// rec[2].ch3.
const sharedBit = 1 << 15

// uniformBit in Probe.bits says every record shares one key set and one frame,
// and the probe's records are held as uniformRecs (SetUniform).
const uniformBit = 1 << 14

// frameBits are the bits of Probe.bits that say which records have a frame.
const frameBits = 1<<MaxProbeKeys - 1

// uniformRecs is the records' 48 bytes of a probe with uniformBit: the shared
// keys and frame, and a channel per record. A VCA bone's lines in one run (the
// lines on one key set and one frame) all fit in the probe's line, however
// many they are, where as separate records their frames would take a second
// line per bone.
type uniformRecs struct {
	K0, K1 int32
	Alpha  float32
	_      uint32
	frame  float64
	ch     [MaxProbeKeys]Channel
}

// uniform views p's records as uniformRecs (same size, no pointers:
// TestProbeSize checks it).
func (p *Probe) uniform() *uniformRecs { return (*uniformRecs)(unsafe.Pointer(&p.rec)) }

// keyRec is an inline record, written in two 8-byte stores (keyRec.set). ch3 is
// record 3's channel, in rec[2], when it shares rec[2]'s keys.
type keyRec struct {
	K0, K1 int32
	Alpha  float32
	ch     Channel
	ch3    Channel
}

// probeMore holds a probe's records past the inline ones (keys[i-inlineKeys] is
// record i) and the records' own frames.
type probeMore struct {
	frames [MaxProbeKeys]float64
	keys   [MaxProbeKeys - inlineKeys]KeyUse
}

// Reset clears p for a new sample.
func (p *Probe) Reset(frame int32, fallback bool) { p.setHeader(frame, fallback, 0, 0) }

// ResetWith is Reset for a sampler that sets the node's records at once, before
// or after it: records 0 to n−1 with PutKey (n ≤ 3), or with n = 4, records 0
// to 2 with PutKey and the fourth, which shares the third's keys, with
// PutSharedKey. The records are the caller's to set; until it does, they read
// as stale.
func (p *Probe) ResetWith(frame int32, fallback bool, n int) {
	var bits uint16
	if n == inlineKeys+1 {
		bits = sharedBit
	}
	p.setHeader(frame, fallback, uint8(n), bits)
}

// ProbeHeader is a probe's header (frame, branch, record count) as one word,
// for a sampler that writes many probes with the same one: it makes the word
// once per frame (NewProbeHeader) and writes each probe's with SetHeader, a
// single store of a register, where ResetWith packs the fields every time.
type ProbeHeader uint64

// NewProbeHeader is the header ResetWith(frame, fallback, n) writes.
func NewProbeHeader(frame int32, fallback bool, n int) ProbeHeader {
	var bits, fb uint64
	if n == inlineKeys+1 {
		bits = sharedBit
	}
	if fallback {
		fb = 1
	}
	return ProbeHeader(uint64(uint32(frame)) | fb<<32 | uint64(uint8(n))<<40 | bits<<48)
}

// SetHeader is ResetWith with the header h made by NewProbeHeader.
func (p *Probe) SetHeader(h ProbeHeader) { p.storeHeader(uint64(h)) }

// PutKey sets record i, 0 ≤ i < 3, without changing the count (ResetWith sets
// it, before or after): two stores, inlined into a sampler's loop, where a call
// per record cost M2 a tenth of a blended frame. Not for a SetUniform probe.
func (p *Probe) PutKey(i int, ch Channel, k0, k1 int32, alpha float32) {
	p.rec[i].set(ch, k0, k1, alpha)
}

// PutSharedKey sets record 3's channel, after ResetWith(…, 4) and PutKey(2, …):
// it has record 2's keys (SWG's third translation axis shares the first two's).
func (p *Probe) PutSharedKey(ch Channel) { p.rec[inlineKeys-1].ch3 = ch }

// PutFrame gives record i, already set, its own sample frame: AddFrame's second
// half, for a sampler that sets the record with PutKey or AddKey.
func (p *Probe) PutFrame(i int, frame float64) {
	p.bits |= 1 << i
	p.overflow().frames[i] = frame
}

// SetUniform sets n records, n ≤ MaxProbeKeys, into a probe just Reset, all
// with keys k0, k1 and alpha and, when hasFrame, the same frame: a VCA run of
// lines on one key set. Their channels are set with PutChannels. The probe holds
// them in its line however many they are; appending to it later with AddKey or
// AddFrame first writes them out as separate records.
func (p *Probe) SetUniform(n int, k0, k1 int32, alpha float32, frame float64, hasFrame bool) {
	u := p.uniform()
	u.K0, u.K1, u.Alpha, u.frame = k0, k1, alpha, frame
	bits := uint16(uniformBit)
	if hasFrame {
		bits |= 1<<n - 1
	}
	p.n, p.bits = uint8(n), bits
}

// PutChannels sets the records' channels after SetUniform, chs[i] record i's
// (entries past the count are ignored): three stores.
func (p *Probe) PutChannels(chs *[MaxProbeKeys]Channel) { p.uniform().ch = *chs }

// separate writes a SetUniform probe's records out as separate records.
func (p *Probe) separate() {
	u := p.uniform()
	n, k0, k1, alpha, frame, bits := p.Len(), u.K0, u.K1, u.Alpha, u.frame, p.bits
	var chs [MaxProbeKeys]Channel
	copy(chs[:], u.ch[:n])
	p.setHeader(p.Frame, p.Fallback, 0, 0)
	for i, ch := range chs[:n] {
		p.AddRecord(ch, k0, k1, alpha, frame, bits>>i&1 != 0)
	}
}

// AddKey appends one key record; records past MaxProbeKeys are dropped. It is
// Add without building a KeyUse.
func (p *Probe) AddKey(ch Channel, k0, k1 int32, alpha float32) {
	p.AddRecord(ch, k0, k1, alpha, 0, false)
}

// TryAddKey appends one key record when it goes to a separate inline slot (the
// probe holds fewer than three separate records) and reports whether it did:
// AddKey's common case, small enough to inline into a sampler's loop, which
// calls AddRecord when it returns false.
func (p *Probe) TryAddKey(ch Channel, k0, k1 int32, alpha float32) bool {
	n := p.n
	if n >= inlineKeys || p.bits&uniformBit != 0 {
		return false
	}
	p.rec[n].set(ch, k0, k1, alpha)
	p.n = n + 1
	return true
}

// AddRecord appends one key record, with its own frame when hasFrame (AddKey or
// AddFrame in one call, for a sampler that decides per record); records past
// MaxProbeKeys are dropped.
func (p *Probe) AddRecord(ch Channel, k0, k1 int32, alpha float32, frame float64, hasFrame bool) {
	if p.bits&uniformBit != 0 {
		p.separate()
	}
	n := int(p.n)
	switch {
	case n < inlineKeys:
		p.rec[n].set(ch, k0, k1, alpha)
	case n >= MaxProbeKeys:
		return
	case n == inlineKeys && p.rec[n-1].same(k0, k1, alpha):
		p.rec[n-1].ch3 = ch
		p.bits |= sharedBit
	default:
		p.overflow().keys[n-inlineKeys] = KeyUse{K0: k0, K1: k1, Alpha: alpha, Channel: ch}
	}
	p.n++
	if hasFrame {
		p.PutFrame(n, frame)
	}
}

// same reports whether r holds these keys, alpha compared bit for bit (−0 and
// +0 are different records).
func (r *keyRec) same(k0, k1 int32, alpha float32) bool {
	return r.K0 == k0 && r.K1 == k1 && math.Float32bits(r.Alpha) == math.Float32bits(alpha)
}

// overflow returns p's overflow block, allocating it the first time.
func (p *Probe) overflow() *probeMore {
	if p.more == nil {
		p.more = new(probeMore)
	}
	return p.more
}

// Add appends one key record (k.HasFrame is ignored: AddFrame records a frame);
// records past MaxProbeKeys are dropped.
func (p *Probe) Add(k KeyUse) { p.AddKey(k.Channel, k.K0, k.K1, k.Alpha) }

// AddFrame appends one key record with the channel's own sample frame (VCA).
func (p *Probe) AddFrame(k KeyUse, frame float64) {
	p.AddRecord(k.Channel, k.K0, k.K1, k.Alpha, frame, true)
}

// Len returns the number of key records set by the sampler.
func (p *Probe) Len() int { return int(p.n) }

// Key returns record i, 0 ≤ i < Len().
func (p *Probe) Key(i int) KeyUse {
	if uint(i) >= uint(p.n) {
		panic("anim: probe record index out of range")
	}
	var k KeyUse
	switch {
	case p.bits&uniformBit != 0:
		u := p.uniform()
		k = KeyUse{K0: u.K0, K1: u.K1, Alpha: u.Alpha, Channel: u.ch[i]}
	case i < inlineKeys:
		r := &p.rec[i]
		k = KeyUse{K0: r.K0, K1: r.K1, Alpha: r.Alpha, Channel: r.ch}
	case i == inlineKeys && p.bits&sharedBit != 0:
		r := &p.rec[inlineKeys-1]
		k = KeyUse{K0: r.K0, K1: r.K1, Alpha: r.Alpha, Channel: r.ch3}
	default:
		k = p.more.keys[i-inlineKeys]
	}
	k.HasFrame = p.bits>>i&1 != 0
	return k
}

// AppendKeys appends the key records to dst and returns it.
func (p *Probe) AppendKeys(dst []KeyUse) []KeyUse {
	for i := range p.Len() {
		dst = append(dst, p.Key(i))
	}
	return dst
}

// All iterates over the key records with their indices.
func (p *Probe) All() iter.Seq2[int, KeyUse] {
	return func(yield func(int, KeyUse) bool) {
		for i := range p.Len() {
			if !yield(i, p.Key(i)) {
				return
			}
		}
	}
}

// KeyFrame returns record i's own sample frame and whether it has one.
func (p *Probe) KeyFrame(i int) (float64, bool) {
	if i < 0 || i >= int(p.n) || p.bits>>i&1 == 0 {
		return 0, false
	}
	if p.bits&uniformBit != 0 {
		return p.uniform().frame, true
	}
	return p.more.frames[i], true
}

// CopyFrom makes p a copy of src that shares nothing with it.
func (p *Probe) CopyFrom(src *Probe) {
	more := p.more
	*p = *src
	p.more = more
	if src.more != nil {
		*p.overflow() = *src.more
	}
}

// Identical reports whether p and q say the same, bit for bit: frame, branch,
// and every record with its alpha's and own frame's bits (the bit-identity
// tests of the samplers compare probes so).
func (p *Probe) Identical(q *Probe) bool {
	if p.Frame != q.Frame || p.Fallback != q.Fallback || p.n != q.n || p.bits&frameBits != q.bits&frameBits {
		return false
	}
	for i := range p.Len() {
		a, b := p.Key(i), q.Key(i)
		if a.K0 != b.K0 || a.K1 != b.K1 || a.Channel != b.Channel || math.Float32bits(a.Alpha) != math.Float32bits(b.Alpha) {
			return false
		}
		fa, _ := p.KeyFrame(i)
		fb, _ := q.KeyFrame(i)
		if math.Float64bits(fa) != math.Float64bits(fb) {
			return false
		}
	}
	return true
}
