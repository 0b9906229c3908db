package render

import (
	"math"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// SolidVertex is one vertex of CPU-built geometry: a position and an RGBA colour.
type SolidVertex struct {
	Pos   [3]float32
	Color [4]float32
}

// Colours of the skeleton drawing.
var (
	BoneRootColor  = [4]float32{0.20, 0.45, 0.95, 1} // the parent end of a bone
	BoneTipColor   = [4]float32{0.55, 0.95, 0.95, 1} // the child end
	SelectedColor  = [4]float32{1.00, 0.55, 0.10, 1}
	JointColor     = [4]float32{0.95, 0.95, 0.95, 1}
	GridColor      = [4]float32{0.32, 0.32, 0.34, 1}
	GridMajorColor = [4]float32{0.42, 0.42, 0.45, 1}
)

// BoneVertices is how many vertices one octahedral bone takes (8 triangles).
const BoneVertices = 24

func mix(a, b [4]float32, t float32) [4]float32 {
	return [4]float32{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t, a[3] + (b[3]-a[3])*t}
}

// perpendicular returns two unit vectors orthogonal to the unit vector d and to
// each other.
func perpendicular(d mgl32.Vec3) (u, v mgl32.Vec3) {
	ref := mgl32.Vec3{0, 0, 1}
	if math.Abs(float64(d[2])) > 0.9 {
		ref = mgl32.Vec3{1, 0, 0}
	}
	u = d.Cross(ref).Normalize()
	v = d.Cross(u)
	return u, v
}

// AppendBone appends the 8 triangles of an octahedron from joint a to joint b: its
// widest ring sits a fifth of the way along, and its colour runs from rootColor at a
// to tipColor at b. A bone shorter than 1e-6 appends nothing.
func AppendBone(dst []SolidVertex, a, b mgl32.Vec3, rootColor, tipColor [4]float32) []SolidVertex {
	d := b.Sub(a)
	l := d.Len()
	if !(l > 1e-6) || math.IsInf(float64(l), 0) {
		return dst
	}
	d = d.Mul(1 / l)
	u, v := perpendicular(d)
	w := 0.1 * l
	m := a.Add(d.Mul(0.2 * l))
	ring := [4]mgl32.Vec3{m.Add(u.Mul(w)), m.Add(v.Mul(w)), m.Sub(u.Mul(w)), m.Sub(v.Mul(w))}
	ringColor := mix(rootColor, tipColor, 0.2)
	n := len(dst)
	if cap(dst)-n < BoneVertices {
		dst = append(dst, make([]SolidVertex, BoneVertices)...)
	}
	dst = dst[:n+BoneVertices]
	out := dst[n : n+BoneVertices]
	for k := 0; k < 4; k++ {
		r0, r1 := [3]float32(ring[k]), [3]float32(ring[(k+1)&3])
		w := out[k*6 : k*6+6]
		w[0] = SolidVertex{[3]float32(a), rootColor}
		w[1] = SolidVertex{r0, ringColor}
		w[2] = SolidVertex{r1, ringColor}
		w[3] = SolidVertex{[3]float32(b), tipColor}
		w[4] = SolidVertex{r1, ringColor}
		w[5] = SolidVertex{r0, ringColor}
	}
	return dst
}

// AppendSkeleton appends one octahedral bone per node with a parent, from the
// parent's joint to the node's joint (joints at model[i]·pivot[i]); the bone that
// ends at the selected node takes SelectedColor. It allocates nothing when dst has
// room for Skeleton.Len()·BoneVertices more vertices.
func AppendSkeleton(dst []SolidVertex, s *anim.Skeleton, model []anim.Affine, selected int) []SolidVertex {
	for i, p := range s.Parents {
		if p < 0 {
			continue
		}
		a := s.JointPosition(int(p), model)
		b := s.JointPosition(i, model)
		rc, tc := BoneRootColor, BoneTipColor
		if i == selected {
			rc, tc = mix(SelectedColor, BoneRootColor, 0.3), SelectedColor
		}
		dst = AppendBone(dst, a, b, rc, tc)
	}
	return dst
}

// AppendJoints appends one point per node (its joint position). The selected joint
// is appended last, in SelectedColor, so that it draws on top; JointCount says how
// many points precede it.
func AppendJoints(dst []SolidVertex, s *anim.Skeleton, model []anim.Affine, selected int) []SolidVertex {
	n := s.Len()
	for i := 0; i < n; i++ {
		if i == selected {
			continue
		}
		p := s.JointPosition(i, model)
		dst = append(dst, SolidVertex{[3]float32(p), JointColor})
	}
	if selected >= 0 && selected < n {
		p := s.JointPosition(selected, model)
		dst = append(dst, SolidVertex{[3]float32(p), SelectedColor})
	}
	return dst
}

// GridLines returns the lines of a (2·half)×(2·half) grid of unit cells in the XZ
// plane around the origin, every fifth line brighter.
func GridLines(half int) []SolidVertex {
	var out []SolidVertex
	h := float32(half)
	for i := -half; i <= half; i++ {
		c := GridColor
		if i%5 == 0 {
			c = GridMajorColor
		}
		f := float32(i)
		out = append(out,
			SolidVertex{[3]float32{f, 0, -h}, c}, SolidVertex{[3]float32{f, 0, h}, c},
			SolidVertex{[3]float32{-h, 0, f}, c}, SolidVertex{[3]float32{h, 0, f}, c})
	}
	return out
}

// AxisLines returns unit X (red), Y (green) and Z (blue) axes from the origin.
func AxisLines() []SolidVertex {
	r, g, b := [4]float32{0.95, 0.25, 0.25, 1}, [4]float32{0.3, 0.9, 0.3, 1}, [4]float32{0.3, 0.45, 1, 1}
	o := [3]float32{}
	return []SolidVertex{
		{o, r}, {[3]float32{1, 0, 0}, r},
		{o, g}, {[3]float32{0, 1, 0}, g},
		{o, b}, {[3]float32{0, 0, 1}, b},
	}
}
