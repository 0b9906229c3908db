//go:build !amd64 || purego

package anim

import "github.com/go-gl/mathgl/mgl32"

func localToModelAVX(parents *int32, local *Transform, model *Affine, offset, pivot *mgl32.Vec3, post, pre *mgl32.Quat, root *Affine, sc *l2mScratch, from, to int) (done int) {
	return from
}
