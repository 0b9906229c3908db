package vca

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// Textures (§8). Every mesh of a VoxelCore model names a texture: a texture name
// such as "entities/player", which is the PNG file textures/entities/player.png
// of the content pack, or a skeleton texture slot such as "$0", which shows what
// the skeleton's textures map holds for it (set by an animation's @texture lines,
// §3.10; nothing while no line sets it).
//
// Decisions: an atlas-qualified name "ATLAS:REGION" (e.g. "entities/tireman:face_0")
// is the file textures/ATLAS/REGION.png, the image the engine packs into the
// atlas; textures are found through formats.ResolveRef from the file that names
// them (the model, or the .vca for @texture values), so the pack root is the
// nearest folder above it that holds the file. A texture that is not found is a
// warning naming it, and its meshes are drawn untextured. VoxelCore counts v
// from the image's bottom row (Material.FlipV) and filters its textures
// pixelated (Material.Nearest: GL_NEAREST magnification, GL_LINEAR_MIPMAP_NEAREST
// minification, as its Texture class sets them). Materials are alpha
// keyed (the entity textures' transparent texels are holes) and two-sided (as
// the viewer draws the untextured meshes); a VEC3 material's shadeless flag makes
// them unlit.

// TextureRef is the file, relative to the pack root, of texture name.
func TextureRef(name string) string {
	if i := strings.LastIndex(name, ":"); i >= 0 {
		name = name[:i] + "/" + name[i+1:]
	}
	return "textures/" + name + ".png"
}

// isSlot says whether a mesh's texture name is a skeleton texture slot.
func isSlot(name string) bool { return strings.HasPrefix(name, "$") }

// meshTextures records, while a model's meshes are listed, each mesh's texture
// name, whether it is unlit, and the file that names it.
type meshTextures struct {
	names  []string
	unlit  []bool
	from   []string
	nodes  []int32
	source *formats.Source // for the asset root and whether it lies in a tree
}

func (mt *meshTextures) add(name string, unlit bool, from string, node int) {
	mt.names = append(mt.names, name)
	mt.unlit = append(mt.unlit, unlit)
	mt.from = append(mt.from, from)
	mt.nodes = append(mt.nodes, int32(node))
}

// MaxTextures bounds the distinct texture names a scene looks up on disk: a
// crafted model naming a texture per mesh would otherwise cost file system
// lookups (and a warning) per mesh. Names past it are drawn untextured, with
// one warning.
const MaxTextures = 1024

// resolver finds texture files, each name once.
type resolver struct {
	src    *formats.Source
	found  map[string]string // "from|name" → path ("" when not found)
	diags  []formats.Diagnostic
	capped bool
}

// resolve returns the file of texture name as named by from ("" with a warning
// when it is not found).
func (r *resolver) resolve(from, name, what string) string {
	key := from + "|" + name
	if p, ok := r.found[key]; ok {
		return p
	}
	p := ""
	var err error
	if len(r.found) >= MaxTextures {
		if !r.capped {
			r.capped = true
			r.diags = append(r.diags, formats.Diagnostic{Severity: formats.Warning, File: from, Offset: -1,
				Message: fmt.Sprintf("more than %d texture names: %q and the names after it are not looked up; drawn untextured", MaxTextures, name)})
		}
		return ""
	}
	if r.src.Tree != nil {
		err = errors.New("the model lies in an archive; its textures are read from files on disk only")
	} else {
		p, err = formats.ResolveRef(from, TextureRef(name), r.src.Opts.Root, ".png")
		if err == nil {
			if fi, serr := os.Stat(p); serr != nil || !fi.Mode().IsRegular() {
				err = fmt.Errorf("%s is not a regular file", p)
			}
		}
	}
	if err != nil {
		p = ""
		r.diags = append(r.diags, formats.Diagnostic{Severity: formats.Warning, File: from, Offset: -1,
			Message: fmt.Sprintf("%s texture %q (%s): %v; drawn untextured", what, name, TextureRef(name), err)})
	}
	r.found[key] = p
	return p
}

// materialSet is a VoxelCore scene's Materials capability (formats.Materials,
// TextureSwitcher, ClipMaterials).
type materialSet struct {
	mats    []formats.Material
	matSlot []int32 // per material: index into slots, or −1
	matNode []int32 // per material: the node its mesh follows
	slots   []slotTextures
	res     *resolver
	details map[string]any // the asset's Details, where `inspect` finds the textures

	// sampled are the clips WithClips bound (those with @texture or @color
	// lines for these meshes); a materialContext samples them.
	sampled []*Clip
}

// materialContext is one player's VoxelCore material sampling state
// (formats.MaterialContext): each bound clip's sampling context and sampled
// channels, and the slots' choices of the last (clip, t) it evaluated, since
// every material of a slot asks for the same time in a frame.
type materialContext struct {
	ctxs     map[*Clip]anim.Context
	states   map[*Clip]*State // each clip's sampled channels (SampleState)
	lastClip *Clip
	lastT    float64
	lastIdx  []int // per slot: the choice shown at (lastClip, lastT)
}

// NewMaterialContext makes the sampling state for one player of the bound clips.
func (s *materialSet) NewMaterialContext() formats.MaterialContext {
	mc := &materialContext{ctxs: make(map[*Clip]anim.Context, len(s.sampled)),
		states: make(map[*Clip]*State, len(s.sampled)), lastIdx: make([]int, len(s.slots))}
	for _, c := range s.sampled {
		mc.ctxs[c] = c.NewContext()
		mc.states[c] = c.NewState()
	}
	return mc
}

// slotTextures is a texture slot the meshes show, with the textures the clips
// set it to; choices[0] is the slot itself (nothing shown).
type slotTextures struct {
	name    string
	choices []formats.TextureChoice
}

// newMaterialSet makes the materials of the meshes recorded in mt (one per mesh,
// in mesh order), resolving the named textures.
func newMaterialSet(mt *meshTextures) (*materialSet, []formats.Diagnostic) {
	if mt == nil || len(mt.names) == 0 {
		return nil, nil
	}
	s := &materialSet{res: &resolver{src: mt.source, found: map[string]string{}}}
	slotIdx := map[string]int32{}
	s.mats = make([]formats.Material, len(mt.names))
	s.matSlot = make([]int32, len(mt.names))
	s.matNode = mt.nodes
	for i, name := range mt.names {
		m := formats.Material{Mesh: i, TextureRef: name, Blend: formats.BlendAlphaKey, TwoSided: true, Unlit: mt.unlit[i], WrapU: true, WrapV: true, FlipV: true, Nearest: true}
		s.matSlot[i] = -1
		switch {
		case isSlot(name):
			k, ok := slotIdx[name]
			if !ok {
				k = int32(len(s.slots))
				slotIdx[name] = k
				s.slots = append(s.slots, slotTextures{name: name, choices: []formats.TextureChoice{{Ref: name}}})
			}
			s.matSlot[i] = k
		case name != "":
			m.Texture = s.res.resolve(mt.from[i], name, "")
		}
		s.mats[i] = m
	}
	return s, s.res.diags
}

// TextureUse is a texture the meshes name, for `inspect`: the name, the file
// found for it (none for a slot, or when missing) and how many meshes show it.
type TextureUse struct {
	Name    string `json:"name"`
	File    string `json:"file,omitempty"`
	Missing bool   `json:"missing,omitempty"`
	Slot    bool   `json:"slot,omitempty"`
	Meshes  int    `json:"meshes"`
}

// SlotTexture is a texture an animation sets a slot to, for `inspect`.
type SlotTexture struct {
	Slot    string `json:"slot"`
	Name    string `json:"name"`
	File    string `json:"file,omitempty"`
	Missing bool   `json:"missing,omitempty"`
}

// textureUses lists the textures of the materials, in order of first use.
func (s *materialSet) textureUses() []TextureUse {
	var out []TextureUse
	at := map[string]int{}
	for _, m := range s.mats {
		k, ok := at[m.TextureRef]
		if !ok {
			k = len(out)
			at[m.TextureRef] = k
			slot := isSlot(m.TextureRef)
			out = append(out, TextureUse{Name: m.TextureRef, File: m.Texture, Slot: slot, Missing: !slot && m.Texture == ""})
		}
		out[k].Meshes++
	}
	return out
}

func (s *materialSet) Materials() []formats.Material { return s.mats }

// Skins: VoxelCore models have no replaceable textures.
func (s *materialSet) Skins() []string { return nil }

func (s *materialSet) UseSkin(name string) error {
	return fmt.Errorf("skin %q: VoxelCore models have no replaceable textures (their texture slots are set by animations' @texture lines)", name)
}

// TextureChoices lists what material i's slot can show: the slot unset, then
// every texture the scene's clips set it to.
func (s *materialSet) TextureChoices(i int) []formats.TextureChoice {
	if i < 0 || i >= len(s.matSlot) || s.matSlot[i] < 0 {
		return nil
	}
	if c := s.slots[s.matSlot[i]].choices; len(c) > 1 {
		return c
	}
	return nil
}

// WithClips returns the materials with the textures the clips' @texture lines
// name for the meshes' slots, found from each .vca file, and a warning for each
// that is not found; and, when a clip has @color lines, the tint they give
// (§3.10: the bone's colour times the skeleton's; the materials of a bone whose
// alpha a line drives, or of every bone for the object lineset's, blend by
// alpha instead of being alpha keyed).
func (s *materialSet) WithClips(clips []anim.Clip) (formats.Materials, []formats.Diagnostic) {
	out := &materialSet{mats: s.mats, matSlot: s.matSlot, matNode: s.matNode, res: &resolver{src: s.res.src, found: map[string]string{}},
		details: s.details}
	out.slots = make([]slotTextures, len(s.slots))
	for k, sl := range s.slots {
		out.slots[k] = slotTextures{name: sl.name, choices: append([]formats.TextureChoice(nil), sl.choices[0])}
	}
	alpha := map[int32]bool{} // nodes whose alpha a line drives; −1: every node
	for _, ac := range clips {
		c, ok := ac.(*Clip)
		if !ok || (len(s.slots) == 0 && !c.hasColor()) {
			continue
		}
		out.sampled = append(out.sampled, c)
		c.alphaNodes(alpha)
		for li, l := range c.tr.Lines {
			if c.texSlot[li] < 0 {
				continue
			}
			k := out.slotIndex(c.slots[c.texSlot[li]])
			if k < 0 {
				continue
			}
			sl := &out.slots[k]
			for _, key := range l.Keys {
				if key.Str == "" || choiceIndex(sl.choices, key.Str) >= 0 {
					continue
				}
				what := fmt.Sprintf("@texture %s (line %d):", sl.name, key.Line)
				p := out.res.resolve(c.tr.File, key.Str, what)
				sl.choices = append(sl.choices, formats.TextureChoice{Ref: key.Str, Path: p})
			}
		}
	}
	if len(out.sampled) == 0 {
		return s, nil
	}
	if len(alpha) > 0 {
		out.mats = append([]formats.Material(nil), s.mats...)
		for i := range out.mats {
			if alpha[-1] || alpha[out.matNode[i]] {
				out.mats[i].Blend = formats.BlendAlpha
			}
		}
	}
	if out.details != nil {
		var list []SlotTexture
		for _, sl := range out.slots {
			for _, c := range sl.choices[1:] {
				list = append(list, SlotTexture{Slot: sl.name, Name: c.Ref, File: c.Path, Missing: c.Path == ""})
			}
		}
		if list != nil {
			out.details["slot_textures"] = list
		}
	}
	return out, out.res.diags
}

func (s *materialSet) slotIndex(name string) int {
	for k := range s.slots {
		if s.slots[k].name == name {
			return k
		}
	}
	return -1
}

// choiceIndex is the index of the choice named ref, or −1 (the slot itself,
// entry 0, is never matched).
func choiceIndex(cs []formats.TextureChoice, ref string) int {
	for k := 1; k < len(cs); k++ {
		if cs[k].Ref == ref {
			return k
		}
	}
	return -1
}

// SampleMaterial: the colour the clip's @color lines give the mesh's bone at t
// (white without), UV identity (the v flip is Material.FlipV), and for a slot
// material the texture the clip sets the slot to at t (§3.10: the last key ≤
// frame; entry 0, nothing, while no line of the clip sets it). It allocates
// nothing for the clips the scene was given (WithClips) when given the caller's
// context (SampleMaterialWith); SampleMaterial makes a fresh one per call.
func (s *materialSet) SampleMaterial(ac anim.Clip, i int, t, globalMS float64, dst *formats.MaterialState) {
	s.SampleMaterialWith(nil, ac, i, t, globalMS, dst)
}

// SampleMaterialWith is SampleMaterial through the player's context ctx (from
// NewMaterialContext; nil: a fresh one).
func (s *materialSet) SampleMaterialWith(ctx formats.MaterialContext, ac anim.Clip, i int, t, globalMS float64, dst *formats.MaterialState) {
	dst.Color = mgl32.Vec4{1, 1, 1, 1}
	dst.UV = anim.IdentityAffine
	dst.Texture = 0
	if i < 0 || i >= len(s.matSlot) || len(s.sampled) == 0 {
		return
	}
	c, ok := ac.(*Clip)
	if !ok {
		return
	}
	mc, _ := ctx.(*materialContext)
	if mc == nil {
		mc = s.NewMaterialContext().(*materialContext)
	}
	cctx, known := mc.ctxs[c]
	if !known {
		return
	}
	st := mc.states[c]
	if c != mc.lastClip || t != mc.lastT {
		c.SampleState(cctx, t, st)
		for k := range s.slots {
			mc.lastIdx[k] = 0
			for j, name := range c.slots {
				if name == s.slots[k].name && j < len(st.Textures) {
					mc.lastIdx[k] = max(choiceIndex(s.slots[k].choices, st.Textures[j]), 0)
				}
			}
		}
		mc.lastClip, mc.lastT = c, t
	}
	if k := s.matSlot[i]; k >= 0 {
		dst.Texture = mc.lastIdx[k]
	}
	if n := int(s.matNode[i]); n >= 0 && n < len(st.Color) {
		b, k := st.Color[n], st.SkeletonColor
		dst.Color = mgl32.Vec4{b[0] * k[0], b[1] * k[1], b[2] * k[2], b[3] * k[3]}
	}
}

// hasColor says whether a line of the clip drives a colour.
func (c *Clip) hasColor() bool {
	for i, l := range c.tr.Lines {
		if l.Channel == ChColor && c.tgt[i] != tgtNone {
			return true
		}
	}
	return false
}

// alphaNodes adds to set the nodes whose colour alpha a line of the clip drives
// (−1 for the object lineset's: every node); none under EngineChannels, which
// ignores alpha.
func (c *Clip) alphaNodes(set map[int32]bool) {
	if c.EngineChannels {
		return
	}
	for i, l := range c.tr.Lines {
		if l.Channel != ChColor || l.Axis != 4 {
			continue
		}
		switch c.tgt[i] {
		case tgtBone:
			set[c.lsNode[l.Lineset]] = true
		case tgtObject:
			set[-1] = true
		}
	}
}
