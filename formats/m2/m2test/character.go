package m2test

// CharacterGeoset is one submesh of Character: its geoset id and where its box
// lies (models face +X: y across, z up; every box is 0.2 deep in x).
type CharacterGeoset struct {
	ID          uint16
	Y0, Y1      float32
	Z0, Z1      float32
	Texture     uint16 // index into the model's textures (its texture combo)
	Transparent bool   // drawn with alpha blending
}

// CharacterGeosets are the submeshes Character writes: the body, the scalp and
// two hair styles, facial variants, gloves, boots, ears, sleeves, the robe
// (legs), capes, eye glows and a belt, each a box of a blocky figure;
// variants of a group overlap where the game puts them. Textures: 0 the body
// skin (type 1), 1 the hair (type 6), 2 the cape (type 2), 3 a named eye glow.
var CharacterGeosets = []CharacterGeoset{
	{ID: 0, Y0: -0.3, Y1: 0.3, Z0: 0.9, Z1: 1.6},                                      // body: the torso
	{ID: 1, Y0: -0.2, Y1: 0.2, Z0: 1.9, Z1: 2.0},                                      // the bald scalp
	{ID: 3, Y0: -0.25, Y1: 0.25, Z0: 1.95, Z1: 2.1, Texture: 1},                       // hair style (the lowest: the default)
	{ID: 5, Y0: -0.35, Y1: 0.35, Z0: 1.5, Z1: 2.15, Texture: 1},                       // long hair
	{ID: 101, Y0: -0.15, Y1: 0.15, Z0: 1.6, Z1: 1.95},                                 // the face
	{ID: 102, Y0: -0.15, Y1: 0.15, Z0: 1.5, Z1: 1.7},                                  // a beard
	{ID: 201, Y0: -0.15, Y1: 0.15, Z0: 1.75, Z1: 1.8},                                 // brows
	{ID: 401, Y0: 0.4, Y1: 0.5, Z0: 0.7, Z1: 0.85},                                    // bare hands
	{ID: 402, Y0: 0.38, Y1: 0.52, Z0: 0.65, Z1: 0.95},                                 // gloves
	{ID: 501, Y0: -0.25, Y1: 0.25, Z0: 0, Z1: 0.1},                                    // bare feet
	{ID: 502, Y0: -0.27, Y1: 0.27, Z0: 0, Z1: 0.35},                                   // high boots
	{ID: 701, Y0: 0.15, Y1: 0.2, Z0: 1.75, Z1: 1.8},                                   // small ears
	{ID: 702, Y0: 0.15, Y1: 0.25, Z0: 1.75, Z1: 1.85},                                 // the ears the client shows
	{ID: 802, Y0: 0.3, Y1: 0.5, Z0: 1.1, Z1: 1.3},                                     // flared sleeves
	{ID: 1301, Y0: -0.25, Y1: 0.25, Z0: 0.1, Z1: 0.9},                                 // legs
	{ID: 1302, Y0: -0.35, Y1: 0.35, Z0: 0.1, Z1: 0.9},                                 // a long robe
	{ID: 1501, Y0: -0.28, Y1: 0.28, Z0: 1.5, Z1: 1.6, Texture: 2},                     // no cape (a collar)
	{ID: 1502, Y0: -0.32, Y1: 0.32, Z0: 0.4, Z1: 1.6, Texture: 2},                     // a cape
	{ID: 1701, Y0: -0.1, Y1: 0.1, Z0: 1.8, Z1: 1.85, Texture: 3, Transparent: true},   // no glow
	{ID: 1702, Y0: -0.12, Y1: 0.12, Z0: 1.8, Z1: 1.86, Texture: 3, Transparent: true}, // racial glow
	{ID: 1802, Y0: -0.3, Y1: 0.3, Z0: 0.85, Z1: 0.95},                                 // a belt
}

// Character is a synthetic character model at version (256, 260 or 264): one
// bone, one sequence (Stand, 1 s, no keys), and one box per entry of
// CharacterGeosets, textured through the body skin, hair and cape slots (types
// 1, 6, 2) and a named eye-glow texture, so that the geoset and texture-slot
// rules have a model of the client's kind that the project writes itself.
// Name is the model's name (a character's file is <Race><Sex>.m2).
func Character(version uint32, name string) *Model {
	m := &Model{Version: version, Name: name}
	if version < 264 {
		m.Seqs = []Seq{{ID: 0, Start: 0, End: 1000, Flags: 0x20, Next: -1}}
	} else {
		m.Seqs = []Seq{{ID: 0, Duration: 1000, Flags: 0x20, Next: -1}}
	}
	m.Seqs[0].BoundsMin = [3]float32{-0.5, -0.5, 0}
	m.Seqs[0].BoundsMax = [3]float32{0.5, 0.5, 2.2}
	m.Bones = []Bone{{KeyBone: 0, Parent: -1}}
	for i, g := range CharacterGeosets {
		v0 := uint16(len(m.Verts))
		d := 0.1 + float32(float32(i)*0.002) // rounded product (no FMA: make check-fma); later variants a little thicker, so none fights another for depth
		for k := 0; k < 8; k++ {
			y, z, x := g.Y0, g.Z0, -d
			if k&1 != 0 {
				y = g.Y1
			}
			if k&2 != 0 {
				z = g.Z1
			}
			if k&4 != 0 {
				x = d
			}
			m.Verts = append(m.Verts, Vert{Pos: [3]float32{x, y, z}, W: [4]uint8{255}, N: [3]float32{x, y, z - 1.2},
				UV0: [2]float32{y + 0.5, 1 - z/2.2}}) // the texture spans the figure, front and back
			m.Lookup = append(m.Lookup, uint16(len(m.Lookup)))
		}
		i0 := uint16(len(m.Indices))
		for _, f := range [6][4]uint16{{4, 5, 6, 7}, {1, 0, 3, 2}, {0, 4, 2, 6}, {5, 1, 7, 3}, {2, 6, 3, 7}, {0, 1, 4, 5}} {
			m.Indices = append(m.Indices, v0+f[0], v0+f[1], v0+f[2], v0+f[2], v0+f[1], v0+f[3])
		}
		m.Subs = append(m.Subs, Submesh{Geoset: g.ID, VStart: v0, VCount: 8, IStart: i0, ICount: 36, BoneCount: 1})
		rf := uint16(0)
		if g.Transparent {
			rf = 1
		}
		m.Batches = append(m.Batches, Batch{Sub: uint16(i), Color: -1, RenderFlag: rf, TexCombo: g.Texture})
	}
	m.Textures = []string{"", "", "", `CHARACTER\SCOURGE\FEMALE\EYEGLOW.BLP`}
	m.TextureTypes = []uint32{1, 6, 2, 0}
	m.TexLookup = []uint16{0, 1, 2, 3}
	m.RenderFlags = [][2]uint16{{0x4, 0}, {0x4, 2}} // two-sided, opaque and alpha
	return m
}
