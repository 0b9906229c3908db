// Package m2 reads World of Warcraft M2 models, versions 256–272 (vanilla, TBC,
// WotLK, and Cataclysm to Warlords of Draenor in the MD20 layout), as the client
// reads them. Chunked MD21 files (Legion on) are recognised and refused with a
// message that names their version. FORMAT.md beside this file holds the format
// notes (layouts, sampling rules, readings); a "§N" in the comments refers to its
// sections. Importing it registers the decoder with
// formats.Open (magic "MD20", extension .m2).
//
// What a decoded Asset holds:
//
//   - Skeleton: one node per bone, reordered parents-first (FileIndex maps back to
//     the file's bone numbers); Offset = Pivot = the bone pivot, no inverse bind
//     (vertices are in bind pose). Node names are Bone<file index>, with
//     _<key-bone name> appended for key bones (Bone0_Root).
//   - Clips: one *Clip per sequence in file order, named by the built-in
//     AnimationData table (ClipName) and also selectable as "<id>.<variation>"
//     (Aliases). Unit "ms", UnitsPerSecond 1000, Duration = the sequence duration.
//     Sample(ctx, t) never wraps t; global-sequence tracks run on G = t, or on a
//     separate clock with SampleWith. An alias sequence samples its resolved
//     target. The sampling context is a per-instance *Cursor (NewContext,
//     NewCursor) that makes forward playback find its keys without a search
//     (identical results; nil samples without one); the clips themselves hold no
//     state, so any number of players share them. MeshAlpha gives a
//     mesh's opacity from its colour alpha and transparency tracks (Frog.m2 hides
//     its tongue that way), and KeyTimes the timeline ticks of a node.
//   - Meshes: one formats.Mesh per submesh of view 0 (embedded before 264, the
//     <base>00.skin beside the file at 264), Group = the geoset id, skinned with the
//     vertex's four bone weights (w/255) and global bone indices mapped to nodes.
//     A character (a model with a body-skin texture) hides the geosets the
//     client does not draw by default (Hidden; FORMAT.md §9.1); Details
//     implements formats.Geosets (every model's groups), and the materials
//     formats.TextureSlots (one slot per replaceable type, FORMAT.md §9.2).
//   - Details (*Details): sequences, bones, geosets, textures, global sequences,
//     counts of what is skipped, BillboardModes() per node and SecondUVs(mesh).
//   - UpAxis formats.UpZ; ConjugatedRotation false.
//
// Decisions (beyond those FORMAT.md records):
//
//   - A model of version 264 or later that declares skin profiles but whose
//     00.skin cannot be read opens skeleton-only: a warning at the skin-profile
//     count names the skin looked for, Details.MissingSkin holds it, and the
//     bones, sequences and clips are all there (validate exits 0). Real models
//     travel without their .skin (two of the Cataclysm client files at hand), and
//     their skeleton and animation are still worth reading. A .skin that is there
//     but cannot be read (a link out of the folder, a pipe, a device) or is
//     broken is still an error. (Until versions 265–272 were added a missing
//     skin was an error.) A model with 0 skin profiles opens without meshes.
//   - Versions 265–272 (versions.go): read with the 264 layout and these
//     changes. Read: the 116-byte camera of 271+ (its fixed field of view
//     replaced by a field-of-view track, checked like the other camera tracks),
//     the 492-byte particle emitter of 272 (the 16 bytes of multi-texture
//     parameters it appends are skipped), the 272 .skin header with its
//     shadow-batch array (checked, not read: shadows are not drawn), and from 260
//     the texture-combiner-combo array after the header (global flag 0x8), which
//     with the blend mode gives each texture unit's combiner ops
//     (Details.Materials[i].Combiners, combos.go). Skipped: the level field of submeshes
//     (the high bits of index starts for views over 65535 indices; no file at
//     hand needs it), blend mode 7 (named "blend 7", drawn opaque), the shader
//     effects of shader ids with 0x8000 (Details.Materials[i].Effect; drawn by the first
//     texture), global flags other than 0x8 (shown, not used).
//   - Texture combiners change the drawing where one texture is drawn: a unit
//     with alpha blending whose first stage is the opaque combiner leaves the
//     texture's alpha out of the opacity (formats.Material.OpaqueTexture); the
//     renderer draws only the first texture of a unit, so the ops of later
//     stages are listed, not drawn.
//   - A 264 sequence without flag 0x20 reads its keys from
//     <base><id:04d>-<sub:02d>.anim beside the .m2; when that file is absent its
//     tracks are empty, with a warning (FORMAT.md §5.4).
//   - Float quaternions (before 260) are kept as stored; int16 quaternions (260+)
//     are decoded with the offset-binary formula and normalised (FORMAT.md §5.5). Linear
//     rotation keys use the shortest-arc slerp with θ and sin θ of each key pair
//     precomputed (anim.SlerpArc: the same weights as anim.SlerpWeights).
//   - Probes: frame ⌊t⌋, fallback false, one KeyUse per track that has keys, in the
//     order t, r, s. A 264 track with keys in other sequences but none in this one
//     (or a pre-264 track with no range for it) reports K0 = K1 = −1.
//   - A global-sequence time G mod L is taken into [0, L) for negative G.
//   - Key times that go backwards only give a warning; sampling then still never
//     extrapolates (the fraction stays in [0, 1]).
//   - Every float the model uses for geometry or keys must be finite and within
//     ±1e9, or the file is rejected: this keeps every sampled number finite.
//   - Decoded elements (keys, ranges, indices) are limited to half the bytes read
//     plus 64 Ki, so arrays that overlap cannot make a small file allocate a lot.
//   - Bone flags 0x1/0x2/0x4 (ignore parent translation/scale/rotation) are a
//     reading, --parent-flags (readings.go). "ignore", the default, composes
//     every bone as FORMAT.md §6.1 writes it (what WoW Model Viewer and
//     wow.export show, and what animscope did before the reading); "apply" sets
//     anim.Skeleton.Inherit so that those bones compose as the client composes
//     them (anim.ParentFor: the parent's basis loses its scale, its rotation or
//     both, and the translation is dropped or re-anchored at the bone's pivot;
//     the rule of the client's bone animation as reverse engineered by the
//     client-faithful viewers). Under "ignore" nothing changes, bit for bit.
//   - Attachment points (attachments.go): the records' id, bone and position
//     are read (the "animate attached" track is checked, not read); the name is
//     the client's for the id (HandRight = 1, Shield = 0, Helm = 11, ...).
//     Details implements formats.AttachmentPoints, through which --attach and
//     the viewer hang an item model at a point (formats.Attach).
//   - Submesh "level" is ignored (index starts are the u16 field).
//   - A NUL byte inside a name (converted files store the model name with a
//     leading NUL) is shown as a space; trailing NULs are dropped.
//   - Particle emitters are 504 bytes for every version before 264 (at 263 two
//     u16 fields become u8 + u8 + u16, the same size) and 476 at 264.
//   - Vertex bone indices are global bone indices (FORMAT.md §4.4), mapped to skeleton
//     nodes; the view's bone lookup and palette indices are only needed for GPU
//     palette skinning and are not applied. A vertex whose weight-0 influence names
//     a bone out of range gets node 0; a weight > 0 out of range is an error.
//
// Companion files (companion.go): a .skin or .anim opened alone is refused with
// the model it belongs to; the viewer opens that model when it lies beside it.
//
// Billboard modes: see Details.BillboardModes (the Asset's Billboards capability,
// set when a bone has one). The viewer and `render` turn those bones to the camera
// after composing the pose (anim.FaceCamera); Sample, the model matrices and
// glTF export never include them (FORMAT.md §7.1).
package m2
