//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package anim

import (
	"math"
	"unsafe"
)

// setHeader writes the probe's first 8 bytes (Frame, Fallback, n, bits) in one
// store, and keyRec.set a record in two: field by field they are four and five
// narrow stores, and a sampler writes a header and up to three records per node
// twice a blended frame. On little-endian targets the fields lie in memory in
// declaration order, low byte first (TestProbeStores checks it against the
// fields).
func (p *Probe) setHeader(frame int32, fallback bool, n uint8, bits uint16) {
	fb := *(*uint8)(unsafe.Pointer(&fallback))
	*(*uint64)(unsafe.Pointer(p)) = uint64(uint32(frame)) | uint64(fb)<<32 | uint64(n)<<40 | uint64(bits)<<48
}

// storeHeader writes the packed header word (Probe.header's layout) in one store.
func (p *Probe) storeHeader(h uint64) { *(*uint64)(unsafe.Pointer(p)) = h }

func (r *keyRec) set(ch Channel, k0, k1 int32, alpha float32) {
	w := (*[2]uint64)(unsafe.Pointer(r))
	w[0] = uint64(uint32(k0)) | uint64(uint32(k1))<<32
	w[1] = uint64(math.Float32bits(alpha)) | uint64(ch)<<32
}

// header is the probe's first 8 bytes (Frame, Fallback, n, bits) in one load:
// equal headers are equal fields.
func (p *Probe) header() uint64 { return *(*uint64)(unsafe.Pointer(p)) }
