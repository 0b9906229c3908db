package formats

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// Attachments: an item model (a weapon, a shield, a helm) hung at an attachment
// point of a character (M2's attachment records). The attached scene is one
// skeleton: the character's nodes, then one node for the point (child of the
// point's bone, placed by the point's offset: its model matrix is the bone's
// model matrix times T(offset)), then the item's nodes, its roots children of
// the point node. The item's meshes follow the character's, skinned to the item's
// nodes, and every clip of the character samples the item's first clip beside
// it, looping on its own. So everything that draws, samples or exports a scene
// (the viewer, render, shot, export) draws the item where the hand is, and
// export puts the item's nodes under the bone's.

// ErrAttachPoint marks an --attach whose point the scene does not have (or a
// scene without attachment points): wrong usage, not bad input.
var ErrAttachPoint = errors.New("no such attachment point")

// AttachSpec is one --attach POINT=FILE: the point (a name or a number, as the
// base family's AttachmentPoints reads it) and the item's files.
type AttachSpec struct {
	Point string
	Files []string
}

// ParseAttach reads a --attach value POINT=FILE.
func ParseAttach(v string) (AttachSpec, error) {
	point, file, ok := strings.Cut(v, "=")
	if !ok || strings.TrimSpace(point) == "" || file == "" {
		return AttachSpec{}, fmt.Errorf("--attach %q: want POINT=FILE (POINT a name such as HandRight, or a number)", v)
	}
	return AttachSpec{Point: strings.TrimSpace(point), Files: []string{file}}, nil
}

// AttachmentPoints is implemented by the Details of a family whose models carry
// attachment points (M2).
type AttachmentPoints interface {
	// AttachmentPoint finds the point sel names (a name, case-insensitively, or
	// a number) and returns the skeleton node it hangs on, the offset from that
	// node and the point's name; the error lists the model's points.
	AttachmentPoint(sel string) (node int, offset mgl32.Vec3, name string, err error)
	// AttachmentPointNames lists the model's points by name, in file order.
	AttachmentPointNames() []string
}

// AttachScene opens each spec's item with opts (without attachments of its
// own) and hangs it on scene (Attach), in order.
func AttachScene(scene *Asset, specs []AttachSpec, opts Options) (*Asset, error) {
	opts.Attach = nil
	for _, sp := range specs {
		item, err := Open(sp.Files, opts)
		if err != nil {
			return nil, err
		}
		if scene, err = Attach(scene, sp.Point, item); err != nil {
			return nil, err
		}
	}
	return scene, nil
}

// Attach returns a new scene: base with item hung at base's attachment point
// point. Neither is changed, except that their deferred meshes are built.
func Attach(base *Asset, point string, item *Asset) (*Asset, error) {
	ap, ok := base.Details.(AttachmentPoints)
	if !ok {
		return nil, fmt.Errorf("--attach %s: %s has no attachment points (only M2 models do): %w", point, strings.Join(base.Files, ", "), ErrAttachPoint)
	}
	bone, offset, name, err := ap.AttachmentPoint(point)
	if err != nil {
		return nil, fmt.Errorf("--attach %s: %s: %v: %w", point, strings.Join(base.Files, ", "), err, ErrAttachPoint)
	}
	if base.Skeleton == nil || item.Skeleton == nil {
		return nil, fmt.Errorf("--attach %s: the scene and the item need a skeleton each", point)
	}
	base.LoadMeshes()
	item.LoadMeshes()
	bs, is := base.Skeleton, item.Skeleton
	nb, ni := bs.Len(), is.Len()
	at := nb // the point's node
	first := nb + 1
	n := first + ni
	itemName := item.Files[0]
	if i := strings.LastIndexAny(itemName, `/\`); i >= 0 {
		itemName = itemName[i+1:]
	}
	s := &anim.Skeleton{Names: make([]string, 0, n), Parents: make([]int32, 0, n)}
	s.Names = append(append(s.Names, bs.Names...), "Attach_"+name)
	s.Parents = append(append(s.Parents, bs.Parents...), int32(bone))
	for i := 0; i < ni; i++ {
		s.Names = append(s.Names, itemName+":"+is.Names[i])
		p := is.Parents[i]
		if p < 0 {
			s.Parents = append(s.Parents, int32(at))
		} else {
			s.Parents = append(s.Parents, p+int32(first))
		}
	}
	if bs.FileIndex != nil || is.FileIndex != nil {
		s.FileIndex = make([]int32, n)
		for i := 0; i < nb; i++ {
			s.FileIndex[i] = int32(bs.FileIndexOf(i))
		}
		s.FileIndex[at] = int32(nb)
		for i := 0; i < ni; i++ {
			s.FileIndex[first+i] = int32(first + is.FileIndexOf(i))
		}
	}
	// The point node: local = T(offset), whatever the family's formula (its
	// offset is the point's, its pivot zero, its post, pre and inverse bind the
	// identity).
	s.Offset = joinVec3(bs.Offset, nb, offset, is.Offset, ni)
	s.Pivot = joinVec3(bs.Pivot, nb, mgl32.Vec3{}, is.Pivot, ni)
	if bs.Post != nil || is.Post != nil {
		s.Post = joinQuat(bs.Post, nb, is.Post, ni)
	}
	if bs.Pre != nil || is.Pre != nil {
		s.Pre = joinQuat(bs.Pre, nb, is.Pre, ni)
	}
	if bs.InverseBind != nil || is.InverseBind != nil {
		s.InverseBind = make([]anim.Affine, n)
		for i := range s.InverseBind {
			s.InverseBind[i] = anim.IdentityAffine
		}
		copy(s.InverseBind, bs.InverseBind)
		copy(s.InverseBind[first:], is.InverseBind)
	}
	if bs.Inherit != nil || is.Inherit != nil {
		s.Inherit = make([]uint8, n)
		copy(s.Inherit, bs.Inherit)
		copy(s.Inherit[first:], is.Inherit)
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("--attach %s: %v", point, err)
	}

	scene := *base
	scene.Skeleton = s
	scene.checked = true
	scene.Files = append(append([]string(nil), base.Files...), item.Files...)
	scene.Diagnostics = append(append([]Diagnostic(nil), base.Diagnostics...), item.Diagnostics...)
	scene.Meshes = append(append([]Mesh(nil), base.Meshes...), shiftMeshes(item.Meshes, first)...)
	var itemClip anim.Clip
	if len(item.Clips) > 0 {
		itemClip = item.Clips[0]
	}
	scene.Clips = make([]anim.Clip, len(base.Clips))
	for i, c := range base.Clips {
		scene.Clips[i] = &attachedClip{base: c, item: itemClip, nBase: nb, first: first}
	}
	if base.Billboards != nil || item.Billboards != nil {
		scene.Billboards = joinBillboards(base.Billboards, nb, item.Billboards, ni)
	}
	if base.Materials != nil || item.Materials != nil {
		scene.Materials = &attachedMaterials{base: base.Materials, item: item.Materials, nBaseMeshes: len(base.Meshes), itemClip: itemClip}
	}
	return &scene, nil
}

func joinVec3(a []mgl32.Vec3, na int, mid mgl32.Vec3, b []mgl32.Vec3, nb int) []mgl32.Vec3 {
	out := make([]mgl32.Vec3, na+1+nb)
	copy(out, a)
	out[na] = mid
	copy(out[na+1:], b)
	return out
}

func joinQuat(a []mgl32.Quat, na int, b []mgl32.Quat, nb int) []mgl32.Quat {
	out := make([]mgl32.Quat, na+1+nb)
	for i := range out {
		out[i] = mgl32.QuatIdent()
	}
	copy(out, a)
	copy(out[na+1:], b)
	return out
}

// shiftMeshes copies ms with their joints and rigid nodes moved to the item's
// nodes (from first on).
func shiftMeshes(ms []Mesh, first int) []Mesh {
	out := make([]Mesh, len(ms))
	shift := func(js [][4]uint16) [][4]uint16 {
		if js == nil {
			return nil
		}
		o := make([][4]uint16, len(js))
		for i, j := range js {
			for k := range j {
				o[i][k] = j[k] + uint16(first)
			}
		}
		return o
	}
	for i, m := range ms {
		m.Joints, m.Joints2 = shift(m.Joints), shift(m.Joints2)
		if m.Node >= 0 {
			m.Node += first
		}
		out[i] = m
	}
	return out
}

type billboards []uint8

func (b billboards) BillboardModes() []uint8 { return b }

func joinBillboards(a Billboarder, na int, b Billboarder, nb int) Billboarder {
	out := make(billboards, na+1+nb)
	if a != nil {
		copy(out, a.BillboardModes())
	}
	if b != nil {
		copy(out[na+1:], b.BillboardModes())
	}
	return out
}

// attachedClip is a character clip with the item's first clip beside it.
type attachedClip struct {
	base, item   anim.Clip
	nBase, first int
}

type attachedContext struct{ base, item anim.Context }

func (c *attachedClip) Info() anim.ClipInfo { return c.base.Info() }

// BoundNodes is the character's nodes, the point node and the item's
// (anim.BoundClip), when the item's clip says how many it has; 0 otherwise.
func (c *attachedClip) BoundNodes() int {
	if c.item == nil {
		return 0
	}
	if b, ok := c.item.(anim.BoundClip); ok && b.BoundNodes() > 0 {
		return c.first + b.BoundNodes()
	}
	return 0
}

func (c *attachedClip) NewContext() anim.Context {
	ctx := &attachedContext{base: c.base.NewContext()}
	if c.item != nil {
		ctx.item = c.item.NewContext()
	}
	return ctx
}

// ItemTime is the item's clip time at the character's time t: the same
// seconds, looped over the item clip's duration (the item plays on its own,
// as the client plays an attached model's animation).
func (c *attachedClip) ItemTime(t float64) float64 {
	if c.item == nil {
		return 0
	}
	bi, ii := c.base.Info(), c.item.Info()
	ti := t
	if bi.UnitsPerSecond > 0 && ii.UnitsPerSecond > 0 {
		ti = t / bi.UnitsPerSecond * ii.UnitsPerSecond
	}
	if d := ii.Duration; d > 0 && !math.IsInf(d, 0) {
		ti = math.Mod(ti, d)
		if ti < 0 {
			ti += d
		}
	}
	return ti
}

// Sample samples the character's nodes, the point node (the identity: its
// place is its offset) and the item's nodes. It allocates nothing.
func (c *attachedClip) Sample(ctx anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	var bctx, ictx anim.Context
	if x, ok := ctx.(*attachedContext); ok {
		bctx, ictx = x.base, x.item
	}
	sub := func(lo, hi int) []anim.Probe {
		if probes == nil {
			return nil
		}
		return probes[lo:hi]
	}
	root, moved := c.base.Sample(bctx, t, out[:c.nBase], sub(0, c.nBase))
	anim.BindPose{}.Sample(nil, 0, out[c.nBase:c.first], sub(c.nBase, c.first))
	n := len(out)
	if c.item != nil {
		c.item.Sample(ictx, c.ItemTime(t), out[c.first:n], sub(c.first, n))
	} else {
		anim.BindPose{}.Sample(nil, 0, out[c.first:n], sub(c.first, n))
	}
	return root, moved
}

// Aliases are the character clip's other names.
func (c *attachedClip) Aliases() []string {
	if a, ok := c.base.(anim.AliasClip); ok {
		return a.Aliases()
	}
	return nil
}

// Markers are the character clip's.
func (c *attachedClip) Markers() []anim.Marker {
	if m, ok := c.base.(anim.MarkerClip); ok {
		return m.Markers()
	}
	return nil
}

// KeyTimes lists a character node's key times (the item's nodes list none:
// their clip runs on its own clock).
func (c *attachedClip) KeyTimes(node int, dst []float64) []float64 {
	if kt, ok := c.base.(anim.KeyTimesClip); ok && node < c.nBase {
		return kt.KeyTimes(node, dst)
	}
	return dst
}

// Unwrap is the character's own clip.
func (c *attachedClip) Unwrap() anim.Clip { return c.base }

// attachedMaterials are the character's materials, then the item's (their meshes
// moved after the character's), each sampled by its own clip.
type attachedMaterials struct {
	base, item  Materials
	nBaseMeshes int
	itemClip    anim.Clip
	mats        []Material
	nBaseMats   int
}

func (m *attachedMaterials) Materials() []Material {
	if m.mats == nil {
		if m.base != nil {
			m.mats = append(m.mats, m.base.Materials()...)
		}
		m.nBaseMats = len(m.mats)
		if m.item != nil {
			for _, x := range m.item.Materials() {
				x.Mesh += m.nBaseMeshes
				m.mats = append(m.mats, x)
			}
		}
		if m.mats == nil {
			m.mats = []Material{}
		}
	}
	return m.mats
}

func (m *attachedMaterials) SampleMaterial(c anim.Clip, i int, t, globalMS float64, dst *MaterialState) {
	m.Materials()
	ac, _ := c.(*attachedClip)
	if i < m.nBaseMats {
		bc := c
		if ac != nil {
			bc = ac.base
		}
		m.base.SampleMaterial(bc, i, t, globalMS, dst)
		return
	}
	ti := t
	if ac != nil {
		ti = ac.ItemTime(t)
	}
	m.item.SampleMaterial(m.itemClip, i-m.nBaseMats, ti, globalMS, dst)
}

func (m *attachedMaterials) Skins() []string {
	if m.base != nil {
		return m.base.Skins()
	}
	return nil
}

func (m *attachedMaterials) UseSkin(name string) error {
	if m.base == nil {
		return fmt.Errorf("skin %q: the model has no replaceable texture", name)
	}
	m.mats = nil
	return m.base.UseSkin(name)
}
