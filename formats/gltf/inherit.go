package gltf

import "animscope/anim"

// Skeletons with inheritance flags (anim.Skeleton.Inherit: M2 bones that ignore
// their parent's translation, scale or rotation under the client's reading)
// compose a flagged node under a modified parent matrix, which a glTF node's
// parent-relative TRS cannot express by itself. Their joint nodes' local
// matrices are therefore taken from the composed matrices: J_i = model_i ·
// T(pivot_i) for every node, in float64 (anim.ParentFor64), and the local of
// node i is J_parent⁻¹ · J_i (J_i for a root). Without flags that is the same
// product JointLocalMatrix64 writes; a skeleton without Inherit never comes here.

// poseSampled is called after every sampling of pose: for a skeleton with
// Inherit it computes every joint node's local matrix (file space) into
// e.inhJoint, which jointLocal then reads.
func (e *exporter) poseSampled(pose *anim.Pose) {
	if e.sk.Inherit == nil {
		return
	}
	n := e.sk.Len()
	if len(e.inhModel) != n {
		e.inhModel, e.inhJoint = make([]anim.Affine64, n), make([]affine, n)
	}
	joints := make([]affine, n)
	for i := 0; i < n; i++ {
		var lm anim.Affine64
		e.sk.LocalMatrix64(i, &pose.Local[i], &lm)
		m := affine64Of(&lm)
		if p := e.sk.Parents[i]; p >= 0 {
			var par anim.Affine64
			var pv [3]float32
			if e.sk.Pivot != nil {
				pv = e.sk.Pivot[i]
			}
			anim.ParentFor64(&e.inhModel[p], e.sk.Inherit[i], pv, &par)
			m = affine64Of(&par).mul(m)
		}
		e.inhModel[i] = affine64To(m)
		joints[i] = m.mul(translation(e.pivot(i)))
		e.inhJoint[i] = joints[i]
		if p := e.sk.Parents[i]; p >= 0 {
			if inv, ok := joints[p].inv(); ok {
				e.inhJoint[i] = inv.mul(joints[i])
			}
		}
	}
}

// affine64To is affine64Of's inverse.
func affine64To(a affine) anim.Affine64 {
	var m anim.Affine64
	for c := 0; c < 3; c++ {
		for row := 0; row < 3; row++ {
			m[3*c+row] = a.A[row][c]
		}
	}
	m[9], m[10], m[11] = a.b[0], a.b[1], a.b[2]
	return m
}
