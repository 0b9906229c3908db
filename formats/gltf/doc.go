// Package gltf exports an animscope scene (formats.Asset) as binary glTF 2.0 with
// github.com/qmuntal/gltf: Export builds the document (joint nodes, skin, meshes,
// one animation per clip, converted to glTF's right-handed Y-up space per family) and
// WriteFile writes it atomically. docs/export.md describes what is written.
//
// The exported motion equals the core's sampling (anim.Clip.Sample followed by
// anim.LocalToModel) at every sampled frame: every clip is resampled and every sample
// is the exact composed local matrix, split into glTF TRS (with a helper node where
// the matrix is not TRS, see decompose.go).
package gltf
