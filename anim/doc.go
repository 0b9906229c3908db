// Package anim is animscope's pose-sampling core: skeletons, the Clip interface,
// probes, the engine's quaternion interpolation, blending, local-to-model and skin
// palettes. It knows no file format and no GL.
//
// Every node of every format fits one local-transform formula:
//
//	local    = T(offset + t) · R(post · q · pre) · S(s) · T(-pivot)
//	model[i] = model[parent[i]] · local[i]        (parents come before children)
//	skin[i]  = model[i] · inverseBind[i]
//
// Column vectors (v' = M·v), Hamilton quaternion products, and R(q) is the textbook
// rotation matrix applied to q as it is, without normalising it.
//
// One pipeline poses a scene: a PoseRequest (clip A and time, optional clip B,
// time and weight, root policy, or the rest pose) evaluated by Pose.Evaluate:
// sample → blend → root → local-to-model → skin palette. The command line, the
// viewer and glTF export all call it.
//
// Sampling runs every frame, so nothing on that path allocates: callers own every
// buffer (the "job" style of ozz-animation). A Clip is immutable and shared; the
// state sampling keeps between frames (key cursors, evaluation scratch) is a
// Context that each player owns (a Pose holds its own), so any number of players
// and goroutines sample one clip.
//
// The engines' slerps need float32-exact sines, cosines and arc cosines
// (math32.go). Samplers and the blender gather a frame's angles and compute them
// together (SlerpBatch, SincosBatch, AcosSinBatch): on amd64 with AVX2 four at a
// time (SincosBatch eight where the CPU has AVX-512) with the same IEEE operations
// as the scalar code (trig_amd64.s, no fused multiply-add), elsewhere one by one;
// the bits are the same either way. Local-to-model (l2m_amd64.s), the blend's
// passes (blend_amd64.s), the skin palette (skin_amd64.s) and the slerp batches'
// combination (slerp_amd64.s) have AVX2
// loops of the same kind: the Go code's float32 operations in its order, many
// nodes per instruction, tested bit for bit against the Go code.
package anim
