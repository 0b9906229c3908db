package gltf

import "animscope/formats"

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
	return affine{A: c.P.mul(m.A).mul(c.P.t()), b: c.point(m.b)}
}

// mirrored reports whether the conversion flips handedness, so that triangles must
// be rewound to keep their front faces counter-clockwise.
func (c conversion) mirrored() bool { return c.P.det() < 0 }
