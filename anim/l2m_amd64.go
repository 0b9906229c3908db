//go:build !purego

package anim

import "github.com/go-gl/mathgl/mgl32"

// localToModelAVX runs LocalToModel's loop without post and pre rotations
// (l2m_amd64.s) for nodes 0..n−1 while their parent indices are below n, and
// returns the first node it did not do (n when it did all). offset, pivot and
// root may be nil.
//
//go:noescape
func localToModelAVX(parents *int32, local *Transform, model *Affine, offset, pivot *mgl32.Vec3, root *Affine, n int) (done int)
