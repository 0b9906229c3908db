package anim

import (
	"fmt"
	"sort"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// Skeleton holds the per-node constants of the formula. Nodes are laid out flat and
// parents-first: Parents[i] is −1 for a root and otherwise less than i.
//
// The optional slices (Offset, Pivot, Post, Pre, InverseBind) are either nil, meaning
// the default (zero, zero, identity, identity, identity) for every node, or one entry
// per node. Nil lets LocalToModel skip work the family never needs.
type Skeleton struct {
	Names   []string
	Parents []int32
	// FileIndex[i] is node i's number in the file (M2 reorders bones parents-first;
	// everywhere else FileIndex[i] == i). Nil means the identity.
	FileIndex []int32

	Offset      []mgl32.Vec3
	Pivot       []mgl32.Vec3
	Post        []mgl32.Quat
	Pre         []mgl32.Quat
	InverseBind []Affine
	// Inherit, when not nil, holds per node what it does not take from its
	// parent (NoParentTranslation, NoParentScale, NoParentRotation; inherit.go):
	// M2's bone flags under the reading that applies them. Nil, as every family
	// leaves it by default, composes the formula as written. It is honoured for
	// skeletons without Post and Pre.
	Inherit []uint8
}

// Len is the number of nodes.
func (s *Skeleton) Len() int { return len(s.Parents) }

// FileIndexOf returns node i's number in the file.
func (s *Skeleton) FileIndexOf(i int) int {
	if s.FileIndex == nil {
		return i
	}
	return int(s.FileIndex[i])
}

// FileParentOf returns the file number of node i's parent, or −1 for a root.
func (s *Skeleton) FileParentOf(i int) int {
	p := s.Parents[i]
	if p < 0 {
		return -1
	}
	return s.FileIndexOf(int(p))
}

// FileOrder lists the nodes sorted by their number in the file (the order every
// listing prints them in).
func (s *Skeleton) FileOrder() []int {
	order := make([]int, s.Len())
	for i := range order {
		order[i] = i
	}
	if s.FileIndex != nil {
		sort.SliceStable(order, func(a, b int) bool { return s.FileIndex[order[a]] < s.FileIndex[order[b]] })
	}
	return order
}

// Find returns the node whose name matches name case-insensitively, or −1.
func (s *Skeleton) Find(name string) int {
	for i, n := range s.Names {
		if strings.EqualFold(n, name) {
			return i
		}
	}
	return -1
}

// Validate checks that every slice has one entry per node and that parents come
// before their children.
func (s *Skeleton) Validate() error {
	n := len(s.Parents)
	if len(s.Names) != n {
		return fmt.Errorf("skeleton: %d names for %d nodes", len(s.Names), n)
	}
	check := func(what string, got int) error {
		if got != 0 && got != n {
			return fmt.Errorf("skeleton: %d %s entries for %d nodes", got, what, n)
		}
		return nil
	}
	for _, c := range []struct {
		what string
		got  int
	}{
		{"file index", len(s.FileIndex)}, {"offset", len(s.Offset)}, {"pivot", len(s.Pivot)},
		{"post", len(s.Post)}, {"pre", len(s.Pre)}, {"inverse bind", len(s.InverseBind)},
		{"inherit", len(s.Inherit)},
	} {
		if err := check(c.what, c.got); err != nil {
			return err
		}
	}
	for i, p := range s.Parents {
		if p < -1 || int(p) >= i {
			return fmt.Errorf("skeleton: node %d (%q) has parent %d, which does not come before it", i, s.Names[i], p)
		}
	}
	return nil
}

// HasBindPose says whether the identity sample is a meaningful rest pose: the
// skeleton's constants place the nodes (offsets or inverse binds).
func (s *Skeleton) HasBindPose() bool { return s.Offset != nil || s.InverseBind != nil }

// LocalMatrix writes node i's local matrix for the sampled transform x:
// T(offset + t) · R(post · q · pre) · S(s) · T(−pivot).
func (s *Skeleton) LocalMatrix(i int, x *Transform, m *Affine) {
	localMatrix(s, i, x, (*[12]float32)(m))
}

// Float is a precision the local-transform formula runs at: float32, as the
// engines ran it, or float64 for glTF export's decomposition.
type Float interface{ ~float32 | ~float64 }

// Affine64 is Affine's layout (3×4, column-major, translation in 9..11) in float64.
type Affine64 [12]float64

// JointLocalMatrix64 writes node i's local matrix seen from the joints, which sit
// at the pivots (model · pivot, JointPosition): T(−pivot[parent]) · local ·
// T(pivot), that is T(offset + t − pivot[parent]) · R(post · q · pre) · S(s), with
// no pivot for a root. It is the formula of LocalMatrix evaluated in float64 from
// the same sampled transform, for glTF export, which writes it as the joint
// node's TRS: built this way rather than by moving a float32 local matrix, a node
// whose keys hold still has exactly constant joint channels.
func (s *Skeleton) JointLocalMatrix64(i int, x *Transform, m *Affine64) {
	t0, t1, t2 := localLinear(s, i, x, (*[12]float64)(m))
	if p := s.Parents[i]; p >= 0 && s.Pivot != nil {
		pp := s.Pivot[p]
		t0, t1, t2 = t0-float64(pp[0]), t1-float64(pp[1]), t2-float64(pp[2])
	}
	m[9], m[10], m[11] = t0, t1, t2
}

// LocalMatrix64 is LocalMatrix evaluated in float64.
func (s *Skeleton) LocalMatrix64(i int, x *Transform, m *Affine64) {
	localMatrix(s, i, x, (*[12]float64)(m))
}

// localMatrix is the formula T(offset + t) · R(post · q · pre) · S(s) · T(−pivot)
// at precision F: the one implementation, which LocalToModel's fused loop repeats
// operation for operation (TestLocalToModelFusedBitIdentical).
func localMatrix[F Float](s *Skeleton, i int, x *Transform, m *[12]F) {
	t0, t1, t2 := localLinear(s, i, x, m)
	if s.Pivot != nil {
		p0, p1, p2 := F(s.Pivot[i][0]), F(s.Pivot[i][1]), F(s.Pivot[i][2])
		t0 -= F(m[0]*p0) + F(m[3]*p1) + F(m[6]*p2)
		t1 -= F(m[1]*p0) + F(m[4]*p1) + F(m[7]*p2)
		t2 -= F(m[2]*p0) + F(m[5]*p1) + F(m[8]*p2)
	}
	m[9], m[10], m[11] = t0, t1, t2
}

// localLinear writes R(post · q · pre) · S(s) of node i into m's linear part at
// precision F and returns offset + t: the formula up to its pivot.
func localLinear[F Float](s *Skeleton, i int, x *Transform, m *[12]F) (t0, t1, t2 F) {
	w, qx, qy, qz := F(x.Q.W), F(x.Q.V[0]), F(x.Q.V[1]), F(x.Q.V[2])
	if s.Post != nil {
		p := &s.Post[i]
		w, qx, qy, qz = quatMul(F(p.W), F(p.V[0]), F(p.V[1]), F(p.V[2]), w, qx, qy, qz)
	}
	if s.Pre != nil {
		p := &s.Pre[i]
		w, qx, qy, qz = quatMul(w, qx, qy, qz, F(p.W), F(p.V[0]), F(p.V[1]), F(p.V[2]))
	}
	rotationColumns(m, w, qx, qy, qz, F(x.S[0]), F(x.S[1]), F(x.S[2]))
	t0, t1, t2 = F(x.T[0]), F(x.T[1]), F(x.T[2])
	if s.Offset != nil {
		o := &s.Offset[i]
		t0, t1, t2 = F(o[0])+t0, F(o[1])+t1, F(o[2])+t2
	}
	return t0, t1, t2
}

// LocalToModel composes model[i] = model[parent[i]] · local[i] for every node, with
// root (nil for the identity) as the parent of the roots. It allocates nothing.
// root must not point into model.
func LocalToModel(s *Skeleton, local []Transform, root *Affine, model []Affine) {
	n := len(s.Parents)
	parents := s.Parents[:n]
	local = local[:n]
	model = model[:n]
	offset, pivot := s.Offset, s.Pivot
	if offset != nil {
		offset = offset[:n]
	}
	if pivot != nil {
		pivot = pivot[:n]
	}
	if s.Post == nil && s.Pre == nil {
		if s.Inherit != nil {
			localToModelInherit(s, local, root, model, offset, pivot)
			return
		}
		composeModel(parents, local, model, offset, pivot, root, 0, n)
		return
	}
	// With post and pre rotations (SWG) the rotation post · q · pre is formed
	// first (localLinear's quatMul steps), a chunk of nodes at a time, into
	// transforms that carry it: the rest of the formula is composeModel's, the
	// same operations in the same order as LocalMatrix, so the same bits. The
	// assembly loop (AVX2) forms it itself, eight nodes at a time, and leaves
	// the Go loop only what it did not do (a bad parent).
	post, pre := s.Post, s.Pre
	if post != nil {
		post = post[:n]
	}
	if pre != nil {
		pre = pre[:n]
	}
	start := 0
	if haveAVX2 && n > 0 {
		var po, pp *mgl32.Vec3
		if offset != nil {
			po = &offset[0]
		}
		if pivot != nil {
			pp = &pivot[0]
		}
		var qa, qb *mgl32.Quat
		if post != nil {
			qa = &post[0]
		}
		if pre != nil {
			qb = &pre[0]
		}
		var sc l2mScratch
		start = localToModelAVX(&parents[0], &local[0], &model[0], po, pp, qa, qb, root, &sc, 0, n)
	}
	var chunk [rotatedChunk]Transform
	for lo := start; lo < n; lo += rotatedChunk {
		hi := min(lo+rotatedChunk, n)
		for i := lo; i < hi; i++ {
			x, r := &local[i], &chunk[i-lo]
			w, qx, qy, qz := x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2]
			if post != nil {
				p := &post[i]
				w, qx, qy, qz = quatMul(p.W, p.V[0], p.V[1], p.V[2], w, qx, qy, qz)
			}
			if pre != nil {
				p := &pre[i]
				w, qx, qy, qz = quatMul(w, qx, qy, qz, p.W, p.V[0], p.V[1], p.V[2])
			}
			r.T, r.S = x.T, x.S
			r.Q.W, r.Q.V[0], r.Q.V[1], r.Q.V[2] = w, qx, qy, qz
		}
		composeModel(parents, chunk[:hi-lo], model, offset, pivot, root, lo, hi)
	}
}

// l2mScratch is the assembly loop's scratch (l2m_amd64.s): a lane mask and 24
// rows of eight float32 (one per node of a group).
type l2mScratch [25 * 8]float32

// rotatedChunk is how many nodes LocalToModel rotates by post and pre at a time
// (its buffer lives on the stack: 2.5 KiB).
const rotatedChunk = 64

// composeModel writes model[i] for the nodes from..to−1, node i's transform
// being local[i−from], without post and pre rotations: the local matrix is
// built in registers and multiplied straight into model[i], the same operations
// in the same order as LocalMatrix and mulAffineTo, so the same bits, at about
// half the cost of the two calls through memory. On amd64 with AVX2 the loop
// runs in assembly (l2m_amd64.s; TestLocalToModelAVXMatchesGo).
func composeModel(parents []int32, local []Transform, model []Affine, offset, pivot []mgl32.Vec3, root *Affine, from, to int) {
	i := from
	if haveAVX2 && to > from {
		var po, pp *mgl32.Vec3
		if offset != nil {
			po = &offset[0]
		}
		if pivot != nil {
			pp = &pivot[0]
		}
		var sc l2mScratch
		i = localToModelAVX(&parents[0], &local[0], &model[0], po, pp, nil, nil, root, &sc, from, to)
	}
	for ; i < to; i++ {
		p := parents[i]
		x := &local[i-from]
		w, qx, qy, qz := x.Q.W, x.Q.V[0], x.Q.V[1], x.Q.V[2]
		sx, sy, sz := x.S[0], x.S[1], x.S[2]
		xx, yy, zz := float32(qx*qx), float32(qy*qy), float32(qz*qz)
		xy, xz, yz := float32(qx*qy), float32(qx*qz), float32(qy*qz)
		wx, wy, wz := float32(w*qx), float32(w*qy), float32(w*qz)
		b0 := (1 - float32(2*(yy+zz))) * sx
		b1 := 2 * (xy + wz) * sx
		b2 := 2 * (xz - wy) * sx
		b3 := 2 * (xy - wz) * sy
		b4 := (1 - float32(2*(xx+zz))) * sy
		b5 := 2 * (yz + wx) * sy
		b6 := 2 * (xz + wy) * sz
		b7 := 2 * (yz - wx) * sz
		b8 := (1 - float32(2*(xx+yy))) * sz
		b9, b10, b11 := x.T[0], x.T[1], x.T[2]
		if offset != nil {
			o := &offset[i]
			b9, b10, b11 = o[0]+b9, o[1]+b10, o[2]+b11
		}
		if pivot != nil {
			pv := &pivot[i]
			b9 -= float32(b0*pv[0]) + float32(b3*pv[1]) + float32(b6*pv[2])
			b10 -= float32(b1*pv[0]) + float32(b4*pv[1]) + float32(b7*pv[2])
			b11 -= float32(b2*pv[0]) + float32(b5*pv[1]) + float32(b8*pv[2])
		}
		// Cells are stored one by one: an Affine literal would be assembled on the
		// stack and copied with wide moves that stall on its narrow stores.
		out := &model[i]
		var a *Affine
		switch {
		case p >= 0:
			a = &model[p]
		case root != nil:
			a = root
		default:
			out[0], out[1], out[2], out[3], out[4], out[5] = b0, b1, b2, b3, b4, b5
			out[6], out[7], out[8], out[9], out[10], out[11] = b6, b7, b8, b9, b10, b11
			continue
		}
		a0, a1, a2, a3, a4, a5 := a[0], a[1], a[2], a[3], a[4], a[5]
		a6, a7, a8, a9, a10, a11 := a[6], a[7], a[8], a[9], a[10], a[11]
		out[0] = float32(a0*b0) + float32(a3*b1) + float32(a6*b2)
		out[1] = float32(a1*b0) + float32(a4*b1) + float32(a7*b2)
		out[2] = float32(a2*b0) + float32(a5*b1) + float32(a8*b2)
		out[3] = float32(a0*b3) + float32(a3*b4) + float32(a6*b5)
		out[4] = float32(a1*b3) + float32(a4*b4) + float32(a7*b5)
		out[5] = float32(a2*b3) + float32(a5*b4) + float32(a8*b5)
		out[6] = float32(a0*b6) + float32(a3*b7) + float32(a6*b8)
		out[7] = float32(a1*b6) + float32(a4*b7) + float32(a7*b8)
		out[8] = float32(a2*b6) + float32(a5*b7) + float32(a8*b8)
		out[9] = float32(a0*b9) + float32(a3*b10) + float32(a6*b11) + a9
		out[10] = float32(a1*b9) + float32(a4*b10) + float32(a7*b11) + a10
		out[11] = float32(a2*b9) + float32(a5*b10) + float32(a8*b11) + a11
	}
}

// mulAffineTo writes a·b into out, which must alias neither a nor b.
func mulAffineTo(out, a, b *Affine) {
	out[0] = float32(a[0]*b[0]) + float32(a[3]*b[1]) + float32(a[6]*b[2])
	out[1] = float32(a[1]*b[0]) + float32(a[4]*b[1]) + float32(a[7]*b[2])
	out[2] = float32(a[2]*b[0]) + float32(a[5]*b[1]) + float32(a[8]*b[2])
	out[3] = float32(a[0]*b[3]) + float32(a[3]*b[4]) + float32(a[6]*b[5])
	out[4] = float32(a[1]*b[3]) + float32(a[4]*b[4]) + float32(a[7]*b[5])
	out[5] = float32(a[2]*b[3]) + float32(a[5]*b[4]) + float32(a[8]*b[5])
	out[6] = float32(a[0]*b[6]) + float32(a[3]*b[7]) + float32(a[6]*b[8])
	out[7] = float32(a[1]*b[6]) + float32(a[4]*b[7]) + float32(a[7]*b[8])
	out[8] = float32(a[2]*b[6]) + float32(a[5]*b[7]) + float32(a[8]*b[8])
	out[9] = float32(a[0]*b[9]) + float32(a[3]*b[10]) + float32(a[6]*b[11]) + a[9]
	out[10] = float32(a[1]*b[9]) + float32(a[4]*b[10]) + float32(a[7]*b[11]) + a[10]
	out[11] = float32(a[2]*b[9]) + float32(a[5]*b[10]) + float32(a[8]*b[11]) + a[11]
}

// SkinPalette writes skin[i] = model[i] · inverseBind[i].
func SkinPalette(s *Skeleton, model []Affine, skin []Affine) {
	n := len(s.Parents)
	if s.InverseBind == nil {
		copy(skin[:n], model[:n])
		return
	}
	if haveAVX2 && n > 0 {
		// The same products in assembly (skin_amd64.s), once the slices are
		// known to hold n.
		_, _, _ = skin[n-1], model[n-1], s.InverseBind[n-1]
		skinPaletteAVX(&model[0], &s.InverseBind[0], &skin[0], n)
		return
	}
	for i := 0; i < n; i++ {
		mulAffineTo(&skin[i], &model[i], &s.InverseBind[i])
	}
}

// JointPosition is where node i is drawn: model[i] · pivot[i].
func (s *Skeleton) JointPosition(i int, model []Affine) mgl32.Vec3 {
	if s.Pivot == nil {
		return mgl32.Vec3{model[i][9], model[i][10], model[i][11]}
	}
	return model[i].TransformPoint(s.Pivot[i])
}
