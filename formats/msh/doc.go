// Package msh reads, validates, samples and writes Parkan: Iron Strategy MSH models
// (NRes archives of typed streams), as the engine reads them. FORMAT.md beside this
// file holds the format notes (layouts, engine rules, readings); a "§N" in the
// comments refers to its sections. Importing it
// registers one decoder for NRes content (magic "NRes"; extensions .msh, .rlb,
// .lib): see Decode for how model archives and outer archives are told apart and how
// an archive member is chosen.
//
// # Decoding
//
// Parse (and the registered decoder) fails only when the NRes container cannot be
// read (a *formats.FileError: FILE: offset 0x…: what). Everything at model level
// becomes a diagnostic so the file can still be inspected:
//
//   - Asset.Diagnostics: the NRes reader checks (§2.6) and the decode-time checks:
//     stream presence and duplicates, strides and attributes (§16.2 rules 2–7 and
//     11), the §16.1 rules that guard sampling (Res8/Res19 sizes, fb < key_count,
//     map_start + F <= word_count, F > 0) and parents (an error unless 0xFFFF or
//     below the node's index; such a node is shown as a root).
//   - Asset.Validate: the deeper checks, never repeating the above: the §16.1 track
//     rules (times strictly increase, mapped tracks of >= 2 keys — errors; fb
//     increasing, tracks starting at 0, F = max end + 1, map blocks without gaps or
//     overlaps, no parent cycles — warnings), canonical-form deviations (map values
//     above fb or other than the canonical ones, tracks not back to back, key times
//     that are not whole frames — warnings) and §16.2 rules 8–10 (batches, slots,
//     triangle links). Diagnostics ∪ Validate() covers every rule.
//
// Offsets are byte offsets in the named file; for a member named FILE:MEMBER they
// are relative to the member's own NRes (Details.MemberOffset says where it starts).
// Work on crafted files stays proportional to their size: validation scans stop
// with a warning when map blocks or tracks overlap massively, and meshes stop at
// 4× the file's indices and vertices.
//
// A node whose key references are out of range (fb >= key_count, including 0xFFFF,
// or a map block past Res19) samples as identity with an error diagnostic (§16). A
// 24-byte Res1 (the service-model variant) is shown without geometry or animation.
// A model without Res19 gets a 1-frame timeline (warning).
//
// # The asset
//
// Family "msh", Z up, ConjugatedRotation. Skeleton from Res1: names from Res9, else
// the Res10 label, else node<i>. Meshes: one rigid mesh per node (Mesh.Node = node
// index, node-local vertices) from slotIndex[A·5+B] with A = B = 0;
// the Slots capability (Details.SlotMeshes(a, b)) rebuilds them for another slot. UVs are int16/1024,
// normals int8/127 clamped (§7). Details (a *Details) is what `inspect` shows.
//
// # Materials
//
// When a WEAR table is found (the model's archive, the outer archive, or beside
// the file), the asset has the Materials capability: each mesh's first batch's
// material index → WEAR row → MAT0 (phase 0) → Texm member, named ARCHIVE:MEMBER
// for the texture package (§18). Details lists the rows as resolved.
//
// # The clip
//
// Exactly one clip (§10.2), named after the file or member without its extension:
// unit "frame", Duration and Frames = F, Step 1, and UnitsPerSecond = PlaybackFPS
// (15; the format records no rate). Sampling is §11 literally: t is rounded to float32;
// the frame index follows the "rounding" reading (engine: x87 round-half-even of
// t − 0.5 at single precision through a 64-bit integer, low 32 bits; floor;
// half-away), with FISTP's integer indefinite (frame 0) for NaN or |x| >= 2^63; the
// range check is unsigned; exact-time returns on k0 then k1 use exact float
// compares; positions lerp as anim.LerpVec3; quaternions use the engine weights
// (anim.SlerpArc precomputed per key pair at load, evaluated a frame's slerps at a
// time by anim.SlerpBatch, bit-identical to anim.SlerpWeights). Quaternion components are the float32
// quotient s16/32767 (the engine's constant is 32767.0), never normalised; the order
// comes from the "quat-order" reading ("xyzw": w at +0x16; "wxyz": w at +0x10).
// Transform.Q is the conjugate of the engine quaternion, S = 1. Each probe has the
// signed frame, the branch and one "trs" record per §13's table. Sample allocates
// nothing; the clip also implements anim.KeyTimesClip, and SampleNodes samples a
// block of nodes alone (each node's pose and probe depend on no other node's:
// `diff` walks two scenes a cache-sized block at a time).
//
// # Writing
//
// Model is the writer's input (see its documentation for test usage;
// package mshtest holds ready-made test models). Model.Encode runs
// Model.Check (the pre-save rules) and writes the canonical form of §15: tracks in
// node order, fb = each track's last key, F = max last time + 1, canonical maps,
// quantisation by round-half-away, streams in the retail order
// 1,2,3,4,5,15,13,6,7,8,19,9,10 (Res15 zero-filled, Res9 attr3 = 32), one slot and
// one batch per part, Res7 edge links, slot bounds, the Res2 header from the rest
// pose (every node at its first key), and an NRes layout with 8-byte alignment,
// recomputed sort_index and total_size. It refuses any model that fails Check and,
// as a last guard, any output that does not decode and validate cleanly.
// Model.WriteFile replaces the file atomically. File.Model reads a canonical file
// back into a Model.
package msh
