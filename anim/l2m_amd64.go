//go:build !purego

package anim

import "github.com/go-gl/mathgl/mgl32"

// localToModelAVX runs LocalToModel's loop (l2m_amd64.s) for nodes from..to−1,
// reading node i's transform at local[i−from] (local points at it), while their
// parent indices are below to, and returns the first node it did not do (to
// when it did all). offset, pivot, post, pre and root may be nil; offset,
// pivot, post and pre point at node 0's. sc is its scratch.
//
//go:noescape
func localToModelAVX(parents *int32, local *Transform, model *Affine, offset, pivot *mgl32.Vec3, post, pre *mgl32.Quat, root *Affine, sc *l2mScratch, from, to int) (done int)
