package m2

import (
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// Details is the M2 part of `inspect` (Asset.Details): JSON-marshalable, with the
// file's own numbering (bone indices are file indices; Bones[i].Node is where the
// bone sits in the parents-first skeleton).
type Details struct {
	Version         uint32     `json:"version"`
	Name            string     `json:"name"`
	Flags           uint32     `json:"flags"`
	GlobalSequences []uint32   `json:"global_sequences"`
	Sequences       []Sequence `json:"sequences"`
	Bones           []boneInfo `json:"bones"`
	KeyBoneLookup   int        `json:"key_bone_lookup"`
	Vertices        int        `json:"vertices"`
	Views           int        `json:"views"`
	Skin            string     `json:"skin,omitempty"` // the .skin read for view 0 (264)
	// MissingSkin is the .skin looked for and not read (the model opened
	// skeleton-only, with a warning).
	MissingSkin string        `json:"missing_skin,omitempty"`
	Geosets     []geosetInfo  `json:"geosets"`
	Textures    []textureInfo `json:"textures"`
	// TextureCombinerCombos is the combo array after the header (global flag
	// 0x8; combos.go), nil without it.
	TextureCombinerCombos []uint16 `json:"texture_combiner_combos,omitempty"`
	// Materials (material.go): render flags, view 0's texture units, the
	// replaceable-texture lookup, colours and texture (UV) animations.
	RenderFlags       []renderFlag  `json:"render_flags"`
	Materials         []material    `json:"materials"`
	ReplaceableLookup []int16       `json:"replaceable_lookup"`
	Colors            []colorInfo   `json:"colors"`
	TextureAnims      []textureAnim `json:"texture_animations"`
	// Skins are the .blp files beside the model that may fill its replaceable
	// textures, best guess first (skins.go).
	Skins     []string `json:"skins,omitempty"`
	Bounds    box      `json:"bounds"`
	Collision box      `json:"collision_bounds"`
	// Attachments are the attachment points (attachments.go).
	Attachments []attachment `json:"attachments"`
	// Skipped counts what animscope parses for counts only.
	Skipped skipped `json:"skipped"`

	// CharacterGroups are a character model's geoset groups, named, with their
	// default visibility (geoset.go); nil for other models.
	CharacterGroups []formats.GeosetGroup `json:"geoset_groups,omitempty"`

	billboard []uint8
	uv1       [][]mgl32.Vec2
	mats      *materialTracks

	// A character's (geoset.go): every model's groups (GeosetGroups), its race
	// and sex from its folders or name, and whether it lies in
	// Character\<Race>\<Sex>\.
	geosetGroups []formats.GeosetGroup
	race, sex    string
	inFolders    bool
}

// BillboardModes gives, per skeleton node (anim order), how the renderer turns the
// bone to the camera after composing the pose (FORMAT.md §7.1): BillboardNone (0),
// BillboardSpherical (1, flag 0x8), BillboardCylindricalX/Y/Z (2, 3, 4; flags 0x10,
// 0x20, 0x40: rotation about that axis of the bone only). When several flags are
// set the first in this order wins.
func (d *Details) BillboardModes() []uint8 { return d.billboard }

// SecondUVs is the second texture-coordinate set of mesh i (formats.Mesh holds the
// first), or nil.
func (d *Details) SecondUVs(i int) []mgl32.Vec2 {
	if i < 0 || i >= len(d.uv1) {
		return nil
	}
	return d.uv1[i]
}

// box is an axis-aligned box with a bounding-sphere radius.
type box struct {
	Min    mgl32.Vec3 `json:"min"`
	Max    mgl32.Vec3 `json:"max"`
	Radius float32    `json:"radius"`
}

// Sequence is one animation sequence (FORMAT.md §4.2).
type Sequence struct {
	Index     int    `json:"index"`
	ID        uint16 `json:"id"`
	Name      string `json:"name"`
	Variation uint16 `json:"variation"`
	// Start and End are on the shared timeline (before 264; 0 at 264).
	Start     uint32  `json:"start,omitempty"`
	End       uint32  `json:"end,omitempty"`
	Duration  uint32  `json:"duration"` // ms
	Speed     float32 `json:"speed"`
	Flags     uint32  `json:"flags"`
	Frequency int16   `json:"frequency"`
	ReplayMin uint32  `json:"replay_min"`
	ReplayMax uint32  `json:"replay_max"`
	BlendTime uint32  `json:"blend_time"` // ms
	Next      int16   `json:"next"`       // next variation (sequence index) or −1
	AliasNext uint16  `json:"alias"`      // alias target as stored (meaningful with flag 0x40)
	// AliasOf is the sequence an alias resolves to and samples, −1 for none.
	AliasOf  int    `json:"alias_of"`
	Bounds   box    `json:"bounds"`
	AnimFile string `json:"anim_file,omitempty"` // 264: the .anim read for this sequence

	resolved int
	// nameVar is the variation the clip is named by: Variation, or for a
	// sequence that repeats an earlier one's id and variation the next free one
	// (uniqueVariations).
	nameVar uint16
}

// boneInfo is one bone, in file order.
type boneInfo struct {
	Index       int         `json:"index"`  // file index
	Node        int         `json:"node"`   // skeleton node (parents-first order)
	Parent      int         `json:"parent"` // file index, −1 for a root
	Flags       uint32      `json:"flags"`
	KeyBone     int32       `json:"key_bone"`
	KeyBoneName string      `json:"key_bone_name,omitempty"`
	Pivot       mgl32.Vec3  `json:"pivot"`
	Billboard   string      `json:"billboard,omitempty"`
	Animated    bool        `json:"animated"`
	Tracks      []trackInfo `json:"tracks,omitempty"`
}

// trackInfo summarises one used track of a bone.
type trackInfo struct {
	Channel        string `json:"channel"` // t, r or s
	Interpolation  uint16 `json:"interpolation"`
	GlobalSequence int16  `json:"global_sequence"`
	Keys           int    `json:"keys"`
}

// geosetInfo is one submesh of view 0 (one formats.Mesh each, same order).
type geosetInfo struct {
	Submesh   int      `json:"submesh"`
	ID        uint16   `json:"id"` // formats.Mesh.Group
	Vertices  int      `json:"vertices"`
	Triangles int      `json:"triangles"`
	Bones     int      `json:"bones"` // palette size
	Textures  []string `json:"textures,omitempty"`
	BlendMode []uint16 `json:"blend_modes,omitempty"`
	// AnimatedAlpha says a colour alpha or transparency track sets the geoset's
	// opacity (Clip.MeshAlpha).
	AnimatedAlpha bool `json:"animated_alpha,omitempty"`
}

// textureInfo is one texture record: its type (0 = the file name is given) and name.
type textureInfo struct {
	Type  uint32 `json:"type"`
	Flags uint32 `json:"flags"`
	Name  string `json:"name"`
	// WrapX and WrapY are flags 0x1 and 0x2 (repeat, not clamp); Replaceable names
	// a type other than 0 (textureTypeName).
	WrapX       bool   `json:"wrap_x"`
	WrapY       bool   `json:"wrap_y"`
	Replaceable string `json:"replaceable,omitempty"`
	// File is the texture found on disk for a named texture ("" when not found).
	File string `json:"file,omitempty"`
}

// skipped counts the records animscope does not interpret.
type skipped struct {
	Particles         int `json:"particles"`
	Ribbons           int `json:"ribbons"`
	Cameras           int `json:"cameras"`
	Lights            int `json:"lights"`
	Attachments       int `json:"attachments"`
	Events            int `json:"events"`
	Colors            int `json:"colors"`
	Transparency      int `json:"transparency"`
	TextureAnimations int `json:"texture_animations"`
}
