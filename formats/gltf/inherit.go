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
		e.inhJoints, e.inhInv = make([]affine, n), make([]affine, n)
		e.inhInvOK, e.inhParent = make([]bool, n), make([]bool, n)
		e.inhLocal, e.inhChanged = make([]anim.Transform, n), make([]bool, n)
		for i := 0; i < n; i++ {
			if p := e.sk.Parents[i]; p >= 0 {
				e.inhParent[p] = true
			}
		}
		e.inhValid = false
	}
	joints := e.inhJoints
	lm, par := &e.inhScratch[0], &e.inhScratch[1] // not on the heap per call
	for i := 0; i < n; i++ {
		// A node's matrices are a function of its sampled transform and its
		// parent's matrices: when neither changed since the last call (bit for
		// bit), they are the last call's.
		p := e.sk.Parents[i]
		changed := !e.inhValid || !sameTransform(&pose.Local[i], &e.inhLocal[i]) || p >= 0 && e.inhChanged[p]
		e.inhChanged[i] = changed
		if !changed {
			continue
		}
		e.inhLocal[i] = pose.Local[i]
		e.sk.LocalMatrix64(i, &pose.Local[i], lm)
		m := affine64Of(lm)
		if p >= 0 {
			var pv [3]float32
			if e.sk.Pivot != nil {
				pv = e.sk.Pivot[i]
			}
			anim.ParentFor64(&e.inhModel[p], e.sk.Inherit[i], pv, par)
			pm := affine64Of(par)
			mulInto(&m, &pm, &m)
		}
		e.inhModel[i] = affine64To(m)
		t := translation(e.pivot(i))
		mulInto(&joints[i], &m, &t)
		// A parent's inverse once, for all its children.
		if e.inhParent[i] {
			e.inhInv[i], e.inhInvOK[i] = joints[i].inv()
		}
		e.inhJoint[i] = joints[i]
		if p >= 0 && e.inhInvOK[p] {
			mulInto(&e.inhJoint[i], &e.inhInv[p], &joints[i])
		}
	}
	e.inhValid = true
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
