// Package wowchar chooses what a World of Warcraft character wears from the
// game's own tables (package dbc): given a race, a sex and a customisation (skin
// colour, face, hair style, hair colour, facial style; all 0 by default) it picks
// the body texture's layers, the hair texture and the hair and facial-hair
// geosets (Choose), and composites the body texture as the client does
// (Composite). Nothing here runs per frame: a customisation change composites
// once.
//
// # Race and sex
//
// A character model lives at Character\<Race>\<Sex>\<Race><Sex>.m2; <Race> is
// the ClientFileString of a ChrRaces row ("Scourge" for race 5, the Undead) and
// <Sex> is Male (0) or Female (1) (ModelIdentity, Tables.Race).
//
// # What the sections hold (CharSections)
//
// Each row is one choice for a race and sex; Variation and Color say which:
//
//	section         variation    colour       texture 1       texture 2        texture 3
//	0 skin          -            skin colour  body skin       extra (fur)      -
//	1 face          face         skin colour  face lower      face upper       -
//	2 facial hair   facial style hair colour  facial lower    facial upper     -
//	3 hair          hair style   hair colour  hair            scalp lower      scalp upper
//	4 underwear     -            skin colour  pelvis          torso            -
//
// The customisation maps on them so: skin = skin colour; face = face variation
// (at that skin colour); hair = hair style; haircolor = hair colour (also the
// colour of the facial hair, as in the client's character screen of 3.3.5,
// which has no separate facial colour); facial = facial style. Where a row is
// missing Choose falls back as WoW Model Viewer does: a face or underwear at
// colour 0 of the same variation, then variation 0; a hair style without a hair
// texture takes style 0's at the same colour. Each fall-back is a note. Where
// several rows share a race, sex, section, variation and colour (NPC and
// Death Knight rows), the first in the file wins, as in WoW Model Viewer's
// reading of the 3.3.5 tables (the flags are not consulted).
//
// # Geosets
//
// CharHairGeosets gives the hair style's group-0 geoset (1-99) and ShowScalp (a
// bald style). The client shows that geoset and hides every other hair geoset;
// a bald style shows geoset 1 (the scalp) and leaves the scalp textures off the
// body. CharacterFacialHairStyles gives the values of groups 1, 3 and 2 (in that
// column order in 3.3.5); a value v shows geoset id group*100+v of the group and
// hides the others (v = 0 hides the whole group). Geoset 0 (the body) and the
// other groups are not the tables' business (Geosets.Visible says "undecided").
//
// # The body texture (the client's regions)
//
// The 3.3.5 client composites the body skin in a 256 x 256 frame split into
// regions (x, y, width, height):
//
//	base          0,   0, 256, 256
//	arm upper     0,   0, 128,  64
//	arm lower     0,  64, 128,  64
//	hand          0, 128, 128,  32
//	face upper    0, 160, 128,  32
//	face lower    0, 192, 128,  64
//	torso upper 128,   0, 128,  64
//	torso lower 128,  64, 128,  32
//	pelvis upper 128, 96, 128,  64
//	pelvis lower 128,160, 128,  64
//	foot        128, 224, 128,  32
//
// (the table WoW Model Viewer carries for the pre-Cataclysm clients; from
// Cataclysm on, CharComponentTextureSections gives regions per layout and the
// frame grew to 512 x 512, the same table doubled). The composite is the size of
// the base skin and the regions scale with it (a 512 x 512 base doubles them).
// The layers go on in order: the base skin (layer 0); the underwear's pelvis
// (pelvis upper) and torso (torso upper), the face's lower and upper (layer 1);
// the facial hair's lower and upper (layer 2, face regions); the scalp's lower
// and upper (layer 3, face regions, unless the style is bald); layers of one
// order go on in that sequence. The base is copied; every later layer is blended
// over what is there by its own alpha, out = (dst*(255-a) + src*a + 127) / 255
// per channel (the client blends on the GPU, which rounds; WoW Model Viewer
// truncates a float product, which differs by at most one step); the result is
// opaque. A layer whose size is not its region's is scaled to it by nearest
// pixel (WoW Model Viewer resamples the same case with a filter; real files
// are their region's size).
//
// # The customiser
//
// The package registers itself with formats as the customiser of World of
// Warcraft's characters (formats.Customizer), so that the command line and the
// viewer dress a character without knowing the family. A model at
// Character\<Race>\<Sex>\ finds its tables in what it was opened from: the
// game data folder of an archive member (all the folder's archives, in the
// game's order, when the archive is one of them; else the archive alone), or
// for a file on disk the folder above Character\, when it is a game data folder
// or holds DBFilesClient. A customisation's normal form is
// Customization.String; the texture slots it fills are the M2 texture types
// of the body (1), the hair (6) and the fur (8), each with an image held in
// memory (formats/texture's Provide) named after the model's file and the
// customisation.
package wowchar
