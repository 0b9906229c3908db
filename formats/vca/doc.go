// Package vca reads VoxelCore's VCM markup, VCA text animations, JSON skeletons and
// entities, VCM models and VEC3 binary models (specs/vca.md), and registers them
// with formats.Open.
//
// A .vca file decodes to an Asset without a skeleton whose ClipBinder binds the
// track to the scene's skeleton by bone name. Expressions (`func (…)`) are parsed
// once at load into closures; sampling allocates nothing.
package vca
