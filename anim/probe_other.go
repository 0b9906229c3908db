//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package anim

// setHeader and keyRec.set write field by field on big-endian targets (see
// probe_le.go).
func (p *Probe) setHeader(frame int32, fallback bool, n uint8, bits uint16) {
	p.Frame, p.Fallback, p.n, p.bits = frame, fallback, n, bits
}

func (r *keyRec) set(ch Channel, k0, k1 int32, alpha float32) {
	r.K0, r.K1, r.Alpha, r.ch, r.ch3 = k0, k1, alpha, ch, 0
}

// header packs the probe's first four fields (see probe_le.go).
func (p *Probe) header() uint64 {
	var fb uint64
	if p.Fallback {
		fb = 1
	}
	return uint64(uint32(p.Frame)) | fb<<32 | uint64(p.n)<<40 | uint64(p.bits)<<48
}

// storeHeader writes the packed header word (see header) field by field.
func (p *Probe) storeHeader(h uint64) {
	p.Frame, p.Fallback, p.n, p.bits = int32(uint32(h)), h>>32&1 != 0, uint8(h>>40), uint16(h>>48)
}
