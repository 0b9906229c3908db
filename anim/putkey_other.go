//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package anim

// PutKey sets *u to KeyUse{Channel: ch, K0: k0, K1: k1, Alpha: alpha} (HasFrame
// false), field by field on big-endian targets.
func PutKey(u *KeyUse, ch Channel, k0, k1 int32, alpha float32) {
	u.K0, u.K1, u.Alpha, u.Channel, u.HasFrame = k0, k1, alpha, ch, false
}
