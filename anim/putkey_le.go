//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package anim

import (
	"math"
	"unsafe"
)

// PutKey sets *u to KeyUse{Channel: ch, K0: k0, K1: k1, Alpha: alpha} (HasFrame
// false) in two 8-byte stores: written field by field it is five narrow stores,
// and a sampler writes up to three records per node twice a blended frame. On
// little-endian targets the fields lie in memory in declaration order, low byte
// first (TestPutKey checks it against the fields).
func PutKey(u *KeyUse, ch Channel, k0, k1 int32, alpha float32) {
	w := (*[2]uint64)(unsafe.Pointer(u))
	w[0] = uint64(uint32(k0)) | uint64(uint32(k1))<<32
	w[1] = uint64(math.Float32bits(alpha)) | uint64(ch)<<32
}
