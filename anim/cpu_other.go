//go:build !amd64 || purego

package anim

// haveAVX2 is false: no assembly kernels on this target; the Go code runs.
var haveAVX2 = false

// haveAVX512 is false too.
var haveAVX512 = false
