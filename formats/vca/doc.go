// Package vca reads VoxelCore's VCM markup, VCA text animations, JSON skeletons and
// entities, VCM models and VEC3 binary models, and registers them with
// formats.Open. FORMAT.md beside this file holds the format notes (syntax, the
// engine's rules, readings); a "§N" in the comments refers to its sections.
//
// A .vca file decodes to an Asset without a skeleton whose ClipBinder (Binder)
// binds the track to the scene's skeleton by bone name; the bound *Clip implements
// anim.Clip (Sample also returns the entity root that the object lineset ""
// moves) and anim.KeyTimesClip, and SampleState gives visibility, model
// overrides, colours, texture slots and zoom. Expressions (`func (…)`, `@curve`,
// and each keyframe line's frame expression `t * <fps> % <period>`) are parsed
// once at load into closures. The clip holds no sampling state: each player keeps
// the scratch its NewContext makes, and Sample allocates nothing when given it.
// Sample evaluates a frame in passes: every line (runs of linear lines sharing their
// keys' frames four values at a time, runlerp_amd64.s), then every rotate angle's
// sine and cosine in one batch, then each bone's quaternion and transform (a bone
// lineset of one rotated axis a transform at a time, writebones_amd64.s); the bits
// are those of the line-by-line evaluation (differential_test.go) and the same on
// every target (FORMAT.md §3.9).
//
// Decisions where the engine and its documentation disagree (FORMAT.md has the rules):
//   - unknown bones: a warning and the line is ignored; the "unknown-bone" reading "root"
//     drives bone 0 as the engine does;
//   - bezier handles are relative (reference commit); the "handles" reading "absolute"
//     reads them the older way; exactly 8 clamped Newton steps;
//   - below the first key every kind holds the first value (warning for the kinds
//     where the engine fails); an unknown curve word is const (warning); a missing
//     custom curve interpolates linearly (warning); a missing bezier handle is 0;
//   - `e`, `rand` and `noise2d` are evaluated as documented (warning); `rand` draws
//     from LuaJIT's TW223 re-initialised with random_init(t) for every evaluation,
//     consumed in file line order;
//   - @texture, @zoom and @color have their documented effect; Clip.EngineChannels
//     reproduces the reference commit (no texture, zoom only through a camera-typed
//     object lineset, RGB-only skeleton-wide tint);
//   - syntax errors, unknown directives and blacklisted expressions fail the load
//     with file, line and column; unknown names and non-numeric keys drop the line
//     with an error diagnostic;
//   - a line value that is not finite or exceeds MaxValue is skipped for that frame,
//     so poses stay finite.
//
// Textures (FORMAT.md §8.1): the asset's Materials capability gives one material
// per mesh with the PNG its texture name resolves to; slot textures ("$0") switch
// with the scene's clips' @texture lines, sampled per frame without allocating
// (formats.TextureSwitcher, formats.ClipMaterials).
//
// Models: a VCM file without named bones, and a VEC3 file, get a one-bone skeleton
// "root" so that they open as a scene; VCM models referenced from a JSON skeleton
// are squashed onto the bone (the engine's squash()).
package vca
