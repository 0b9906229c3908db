package anim

import "github.com/go-gl/mathgl/mgl32"

// RootPolicy says what places the scene root (the parent of every root node).
type RootPolicy uint8

const (
	// RootOwn: the clip's own root placement when it samples one
	// (ClipInfo.PlacesRoot, VoxelCore's object lineset), the identity otherwise:
	// `sample`, `diff`, export, and the viewer by default.
	RootOwn RootPolicy = iota
	// RootLocomotion is RootOwn, and a clip without its own root that carries
	// locomotion (LocomotionClip, SWG) walks along it: the viewer's "root motion"
	// display aid.
	RootLocomotion
)

// PoseRequest is one pose to evaluate: clip A at TA, optionally blended with clip B
// at TB by Weight, the scene root by Root, or the rest pose.
type PoseRequest struct {
	A  Clip
	TA float64
	// B, when not nil, is blended with A at Weight (0 is A, 1 is B) by the rules of
	// Blender.Sample.
	B      Clip
	TB     float64
	Weight float32
	Root   RootPolicy
	// Rest asks for the rest pose instead of A at TA: the bind pose (every sampled
	// transform the identity) when the skeleton defines one (Skeleton.HasBindPose)
	// or A is nil, and otherwise A at 0 (MSH, whose nodes are placed by the clip
	// alone). B and Root are ignored: the rest pose has no blend and no root.
	Rest bool
	// Probes asks the samplers to record which keys every node used (Pose.Probes,
	// and Pose.ProbesB with a blend): a pose evaluated for display of the key
	// table, a diff or a compare map. Every other pose (instances, thumbnails,
	// export) leaves it off and the samplers do no probe work at all; the pose's
	// probe buffers are then left as they were.
	Probes bool
}

// Sample runs the first stages of the pipeline into p: sample (A, and B when set),
// blend, root. p.Local, p.Root and p.HasRoot hold the result, and p.Probes (and
// p.ProbesB with a blend) when req.Probes. It reads no other buffer of p, so a
// caller that only wants probes (diff) may leave Model and Skin nil, ProbesB
// without a blend, and a caller that asks for no probes may leave both nil.
// It allocates nothing once p's buffers fit.
func (p *Pose) Sample(s *Skeleton, req *PoseRequest) BlendResult {
	return p.sample(s, req, nil)
}

// sample is Sample with side B of a blend sampled into scratch when it holds
// the pose's nodes (else into the Blender's own buffer).
func (p *Pose) sample(s *Skeleton, req *PoseRequest, scratch []Transform) BlendResult {
	p.HasRoot = false
	var probes, probesB []Probe
	if req.Probes {
		probes, probesB = p.Probes, p.ProbesB
	}
	if req.Rest {
		if req.A == nil || s.HasBindPose() {
			BindPose{}.Sample(nil, 0, p.Local, probes)
		} else {
			p.Blender.sampleOne(req.A, 0, p.Local, probes)
		}
		return BlendResult{UsedA: true}
	}
	var res BlendResult
	if req.B != nil {
		res, p.Root, p.HasRoot = p.Blender.sample(req.A, req.TA, req.B, req.TB, req.Weight, p.Local, probes, probesB, scratch)
	} else {
		p.Root, p.HasRoot = p.Blender.sampleOne(req.A, req.TA, p.Local, probes)
		res = BlendResult{UsedA: true}
	}
	if req.Root == RootLocomotion && !p.HasRoot {
		if lc, ok := req.A.(LocomotionClip); ok {
			p.Root, p.HasRoot = LocomotionRoot(lc, req.TA), true
		}
	}
	return res
}

// Evaluate runs the whole pipeline into p: sample → blend → root (Sample), then
// local-to-model under the root and the skin palette (p.Model, p.Skin). It
// allocates nothing once p's buffers fit.
func (p *Pose) Evaluate(s *Skeleton, req *PoseRequest) BlendResult {
	return p.EvaluateWith(s, req, nil)
}

// EvaluateWith is Evaluate sampling side B of a blend into scratch, when it
// holds len(p.Local) transforms, instead of the pose's own buffer (the result
// is the same). A crowd evaluated on a few goroutines passes each one's own
// scratch, so that a character's frame touches 2.5 KiB less per 64 joints: a
// few hundred characters' poses then stay in the cores' caches between frames.
func (p *Pose) EvaluateWith(s *Skeleton, req *PoseRequest, scratch []Transform) BlendResult {
	res := p.sample(s, req, scratch)
	var root *Affine
	if p.HasRoot {
		root = &p.Root
	}
	LocalToModel(s, p.Local, root, p.Model)
	SkinPalette(s, p.Model, p.Skin)
	return res
}

// LocomotionClip is a clip that carries root motion as the SWG client computes it:
// the rotation between two frames and the translation, expressed in the object
// space of the end rotation.
type LocomotionClip interface {
	RootMotion(f0, f1 float64) (mgl32.Quat, mgl32.Vec3)
}

// LocomotionRoot is the root placement after moving from frame 0 to t: rotation
// q = R(t)·conj(R(0)) and the displacement turned back into the parent space,
// T(q·d)·R(q). It is a display aid (RootLocomotion); `sample` and export keep the
// clip in place.
func LocomotionRoot(lc LocomotionClip, t float64) Affine {
	q, d := lc.RootMotion(0, t)
	var m Affine
	RotationColumns(&m, q, mgl32.Vec3{1, 1, 1})
	w := m.TransformVector(d)
	m[9], m[10], m[11] = w[0], w[1], w[2]
	return m
}
