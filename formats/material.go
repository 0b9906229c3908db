package formats

import (
	"fmt"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// Blend is how a material's colour combines with what is already drawn.
type Blend int

const (
	BlendOpaque   Blend = iota // replaces
	BlendAlphaKey              // replaces where alpha ≥ the cut-off, discards elsewhere
	BlendAlpha                 // alpha blending
	BlendAdd                   // additive, alpha ignored
	BlendAddAlpha              // additive, scaled by alpha
	BlendMod                   // multiplies
	BlendMod2x                 // multiplies by twice the colour
)

var blendNames = [...]string{"opaque", "alpha_key", "alpha", "add", "add_alpha", "mod", "mod2x"}

func (b Blend) String() string {
	if b >= 0 && int(b) < len(blendNames) {
		return blendNames[b]
	}
	return fmt.Sprintf("Blend(%d)", int(b))
}

// Material says how one of the asset's meshes is drawn. A mesh may have several
// (layers drawn in order).
type Material struct {
	Mesh int // index into Asset.Meshes
	// TextureRef is what the file names for the base texture ("" for none), and
	// Texture the file found for it on disk ("" when not found): a named file
	// resolved through ResolveRef, or for a replaceable texture the skin chosen
	// among Materials.Skins.
	TextureRef, Texture string
	Blend               Blend
	TwoSided            bool
	Unlit               bool
	// WrapU and WrapV repeat the texture (false: clamp to the edge).
	WrapU, WrapV bool
	// FlipV says the mesh's texture coordinates count v from the image's bottom
	// row (OpenGL's convention: VoxelCore) rather than its top row (Direct3D's and
	// glTF's, which the renderer uses): drawing and export read v as 1 − v.
	FlipV bool
	// Nearest magnifies the texture's texels as squares and picks the nearest
	// mip level (VoxelCore's pixel-art filtering) instead of trilinear filtering.
	Nearest bool
	// OpaqueTexture says the texture's alpha takes no part in the opacity (an
	// M2 unit whose first texture stage has the client's opaque combiner): the
	// opacity is the material colour's alone.
	OpaqueTexture bool
	// Slot is the replaceable texture slot (TextureSlot.Type) the base texture
	// fills, 0 when the file names its texture: an empty slot's warning is the
	// slot's (TextureSlot.Warning), not the material's.
	Slot int
}

// MaterialState is a material's animated state at one time.
type MaterialState struct {
	// Color multiplies the texture: RGB and, in A, the opacity.
	Color mgl32.Vec4
	// UV is the base texture's matrix: uv' = UV · (u, v, 0, 1).
	UV anim.Affine
	// Texture is which of the material's textures shows (TextureSwitcher): 0 the
	// material's own Texture, k > 0 the k-th entry of its TextureChoices. Families
	// whose textures never change leave it 0.
	Texture int
}

// TextureChoice is a texture a material can show: what the file names and the
// file found for it ("" when not found).
type TextureChoice struct{ Ref, Path string }

// TextureSwitcher is the side of Materials whose materials change texture with
// time (VoxelCore's @texture): SampleMaterial sets MaterialState.Texture.
type TextureSwitcher interface {
	// TextureChoices lists the textures material i can show; entry 0 is the
	// material's own (TextureRef, Texture). Nil when it never changes.
	TextureChoices(i int) []TextureChoice
}

// ClipMaterials is the side of Materials whose textures the clips name
// (VoxelCore's @texture lines live in the animation files): Merge hands it the
// scene's clips once they are bound, and the scene takes the Materials it
// returns, with the warnings about what the clips name (a texture not found).
type ClipMaterials interface {
	WithClips(clips []anim.Clip) (Materials, []Diagnostic)
}

// Materials is the capability of a family whose meshes carry materials (M2,
// VoxelCore, MSH).
type Materials interface {
	// Materials lists the materials in drawing order.
	Materials() []Material
	// SampleMaterial writes material i's state in clip c at t (the clip's unit),
	// the global clock at globalMS, into dst. It allocates nothing, except for
	// ContextMaterials, which sample with a fresh context (the same state).
	SampleMaterial(c anim.Clip, i int, t, globalMS float64, dst *MaterialState)
	// Skins lists the names of the texture files beside the model that can fill
	// its replaceable textures, best guess first (Materials uses the first);
	// each is a name UseSkin takes.
	Skins() []string
	// UseSkin fills the replaceable textures with the texture file name beside
	// the model (a Skins entry or any other there), found through ResolveRef.
	UseSkin(name string) error
}

// MaterialContext is one player's material sampling state, the counterpart of
// anim.Context: made by ContextMaterials.NewMaterialContext, owned by the caller
// (a scene in the viewer), not safe for concurrent use. nil is accepted and
// stands for a fresh context.
type MaterialContext any

// ContextMaterials is implemented by materials whose sampling keeps state per
// player (VoxelCore: its clips' key cursors, sampled channels and the slots' last
// choice). The materials themselves stay immutable and shareable; a caller that
// samples every frame keeps one context per player and passes it to
// SampleMaterialWith, which then allocates nothing. The dynamic type must be
// comparable (a pointer): a caller knows by comparison whether its context still
// belongs to the materials it samples.
type ContextMaterials interface {
	Materials
	NewMaterialContext() MaterialContext
	SampleMaterialWith(ctx MaterialContext, c anim.Clip, i int, t, globalMS float64, dst *MaterialState)
}

// NewMaterialContext makes a player's sampling state for m: nil when m keeps
// none (it is not ContextMaterials).
func NewMaterialContext(m Materials) MaterialContext {
	if cm, ok := m.(ContextMaterials); ok {
		return cm.NewMaterialContext()
	}
	return nil
}

// SampleMaterialWith samples material i of m through the caller's context ctx
// when m keeps one (ContextMaterials) and through SampleMaterial otherwise.
func SampleMaterialWith(m Materials, ctx MaterialContext, c anim.Clip, i int, t, globalMS float64, dst *MaterialState) {
	if cm, ok := m.(ContextMaterials); ok {
		cm.SampleMaterialWith(ctx, c, i, t, globalMS, dst)
		return
	}
	m.SampleMaterial(c, i, t, globalMS, dst)
}

// StaticMaterials is a Materials whose states never change (white, identity UV
// matrix) and that has no replaceable textures: the materials of a family whose
// material files only name textures (SWG shader templates).
type StaticMaterials []Material

func (s StaticMaterials) Materials() []Material { return s }
func (StaticMaterials) Skins() []string         { return nil }

// UseSkin refuses: there is no replaceable texture to fill.
func (StaticMaterials) UseSkin(name string) error {
	return fmt.Errorf("skin %q: the model has no replaceable texture", name)
}

// SampleMaterial writes white and the identity UV matrix.
func (StaticMaterials) SampleMaterial(_ anim.Clip, _ int, _, _ float64, dst *MaterialState) {
	dst.Color = mgl32.Vec4{1, 1, 1, 1}
	dst.UV = anim.IdentityAffine
}

// MeshMaterials is implemented by a MeshBinder whose meshes carry materials
// (an SWG .mgn names a shader per mesh). Material.Mesh counts from the binder's
// first mesh; Merge adds them to a scene whose base part has no Materials.
type MeshMaterials interface {
	MeshMaterials() []Material
}
