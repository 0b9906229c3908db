package gltf

import (
	"animscope/anim"
	"animscope/formats"
)

// conversion takes file space to glTF space (right-handed, +Y up): C = F·P with P a
// signed axis permutation and F the --scale factor. A point maps to C·p, a direction
// to P·d, and a matrix X to C·X·C⁻¹ (so the uniform F scales translations only).
type conversion struct {
	P mat3
	F float64
}

// Z-up to Y-up, (x, y, z) → (x, z, −y): MSH §17 and M2 §6.3, a proper rotation.
var zUpToYUp = mat3{{1, 0, 0}, {0, 0, 1}, {0, -1, 0}}

// SWG's left-handed space back to right-handed, (x, y, z) → (−x, y, z): SWG §8.
var mirrorX = mat3{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

// conversionFor picks the conversion from the scene's declared axes: Z-up scenes
// (MSH, M2) turn to Y-up, mirrored scenes (SWG) are mirrored back, and Y-up scenes
// (VoxelCore) are kept.
func conversionFor(a *formats.Asset, scale float64) conversion {
	if scale == 0 {
		scale = 1
	}
	p := ident3
	if a.UpAxis == formats.UpZ {
		p = zUpToYUp.mul(p)
	}
	if a.MirrorX {
		p = mirrorX.mul(p)
	}
	return conversion{P: p, F: scale}
}

func (c conversion) point(v vec3) vec3 { return c.P.vec(v).scale(c.F) }
func (c conversion) dir(v vec3) vec3   { return c.P.vec(v) }

func (c conversion) affine(m affine) affine {
	var r affine
	c.affineInto(&r, &m)
	return r
}

// affineInto is affine writing into r (which may not be m), in scalars: the
// products and sums of P·A·Pᵀ and of point, in mat3.mul's and scale's order.
func (c *conversion) affineInto(r, m *affine) {
	p := &c.P
	var x mat3 // P·A
	for j := 0; j < 3; j++ {
		a0, a1, a2 := m.A[0][j], m.A[1][j], m.A[2][j]
		x[0][j] = float64(p[0][0]*a0) + float64(p[0][1]*a1) + float64(p[0][2]*a2)
		x[1][j] = float64(p[1][0]*a0) + float64(p[1][1]*a1) + float64(p[1][2]*a2)
		x[2][j] = float64(p[2][0]*a0) + float64(p[2][1]*a1) + float64(p[2][2]*a2)
	}
	c.finishInto(r, &x, m.b[0], m.b[1], m.b[2])
}

// affine64Into is affineInto of affine64Of(m) without the copy: the same
// products and sums, reading the core's column-major float64 matrix directly.
func (c *conversion) affine64Into(r *affine, m *anim.Affine64) {
	p := &c.P
	var x mat3 // P·A
	for j := 0; j < 3; j++ {
		a0, a1, a2 := m[3*j], m[3*j+1], m[3*j+2] // column j of A
		x[0][j] = float64(p[0][0]*a0) + float64(p[0][1]*a1) + float64(p[0][2]*a2)
		x[1][j] = float64(p[1][0]*a0) + float64(p[1][1]*a1) + float64(p[1][2]*a2)
		x[2][j] = float64(p[2][0]*a0) + float64(p[2][1]*a1) + float64(p[2][2]*a2)
	}
	c.finishInto(r, &x, m[9], m[10], m[11])
}

// finishInto is the rest of affineInto once x = P·A: r.A = x·Pᵀ and r.b = P·b
// scaled by F.
func (c *conversion) finishInto(r *affine, x *mat3, b0, b1, b2 float64) {
	p := &c.P
	p00, p01, p02 := p[0][0], p[0][1], p[0][2]
	p10, p11, p12 := p[1][0], p[1][1], p[1][2]
	p20, p21, p22 := p[2][0], p[2][1], p[2][2]
	for i := 0; i < 3; i++ { // (P·A)·Pᵀ: column j of Pᵀ is row j of P
		x0, x1, x2 := x[i][0], x[i][1], x[i][2]
		r.A[i][0] = float64(x0*p00) + float64(x1*p01) + float64(x2*p02)
		r.A[i][1] = float64(x0*p10) + float64(x1*p11) + float64(x2*p12)
		r.A[i][2] = float64(x0*p20) + float64(x1*p21) + float64(x2*p22)
	}
	f := c.F
	r.b = vec3{
		float64((float64(p00*b0) + float64(p01*b1) + float64(p02*b2)) * f),
		float64((float64(p10*b0) + float64(p11*b1) + float64(p12*b2)) * f),
		float64((float64(p20*b0) + float64(p21*b1) + float64(p22*b2)) * f),
	}
}

// mirrored reports whether the conversion flips handedness, so that triangles must
// be rewound to keep their front faces counter-clockwise.
func (c conversion) mirrored() bool { return c.P.det() < 0 }
