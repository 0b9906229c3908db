package m2

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"animscope/formats"
)

// Geosets (FORMAT.md §9). A submesh's geoset id puts it in group id / 100: the
// client draws one variant of each group of a character (the hair style chosen,
// bare hands, bare feet, the undershirt, …). Group 0 holds the body (0), the
// bald scalp (1) and the hair styles (2–99).

// geosetGroupNames are the client's names of the groups (its CharGeosets enum
// as WoW Model Viewer and wow.export name it), by group.
var geosetGroupNames = map[int]string{
	0: "hair", 1: "facial 1", 2: "facial 2", 3: "facial 3", 4: "gloves", 5: "boots", 6: "tail",
	7: "ears", 8: "sleeves", 9: "kneepads", 10: "chest", 11: "pants", 12: "tabard", 13: "robe",
	14: "loincloth", 15: "cape", 16: "facial jewelry", 17: "eye glow", 18: "belt", 19: "bone",
	20: "feet", 21: "head", 22: "torso", 23: "hand attachment", 24: "head attachment",
	25: "blindfold", 26: "shoulders", 27: "helm", 28: "upper arms",
}

// geosetGroupName names group g as the client does ("group N" when it has no
// name).
func geosetGroupName(g int) string {
	if n, ok := geosetGroupNames[g]; ok {
		return n
	}
	return fmt.Sprintf("group %d", g)
}

// Character says the model is a character model (Character\<Race>\<Sex>\): one
// of its textures is the body skin (type 1), which only character models use;
// creatures, items and doodads name their files or use types 2 and 11–13. Only a
// character's geosets are chosen by group; every other model draws all its
// submeshes.
func (d *Details) Character() bool {
	for _, t := range d.Textures {
		if t.Type == TextureBody {
			return true
		}
	}
	return false
}

// GeosetValues is a character's customisation as the client's geoset table
// holds it: per group, the variant value v (the group draws geoset
// group·100 + v, and none when no submesh has that id); for group 0 the hair
// geoset id itself (0: bald, the scalp 1 shows). A group missing from the map
// takes its default.
type GeosetValues map[int]int

// DefaultGeosetValues are the values of a character without equipment at the
// default customisation, as the client sets them before items change them
// (WotLK's CM2Model character setup, as WoW Model Viewer and the
// client-reimplementing viewers do it):
//
//   - every group 1: bare hands 401, bare feet 501, legs 1301, no cape 1501 …;
//   - facial groups 1–3: the values of the race's facial style 0
//     (CharacterFacialHairStyles), 1 for the races that have none; animscope
//     has no table, so 1;
//   - ears 2 (702: the client always shows the ears);
//   - eye glow 2 (the racial glow, 1702) for the Scourge, Night Elves and
//     skeletons, 1 otherwise (3 is the death knight's);
//   - hair: the geoset of hair style 0 (CharHairGeosets). animscope has no
//     table and takes the model's lowest hair style geoset (2–99), so the
//     default character wears one hair style; without one it is bald (the
//     scalp, 1, shows, as the client shows it for a bald style).
//
// race is the model's race folder name ("Scourge"; "" when unknown).
func (d *Details) DefaultGeosetValues(race string) GeosetValues {
	v := GeosetValues{}
	hair := -1
	for _, g := range d.Geosets {
		id := int(g.ID)
		if grp := id / 100; grp != 0 {
			v[grp] = 1
		} else if id > 1 && (hair < 0 || id < hair) { // 1 is the scalp, not a style
			hair = id
		}
	}
	v[0] = max(hair, 0)
	v[7] = 2
	v[17] = 1
	switch strings.ToLower(race) {
	case "scourge", "nightelf", "skeleton", "northrendskeleton":
		v[17] = 2
	}
	return v
}

// CharacterGeosets is which of the model's geosets a character with these
// values draws: the body (0) always, the hair geoset of values[0] (the scalp 1
// when bald), and in every other group the geoset group·100 + value. A group
// that values leaves out takes DefaultGeosetValues'.
func (d *Details) CharacterGeosets(values GeosetValues) formats.GeosetSet {
	def := d.DefaultGeosetValues(d.race)
	val := func(g int) int {
		if x, ok := values[g]; ok {
			return x
		}
		return def[g]
	}
	show := formats.GeosetSet{0: true}
	if h := val(0); h > 0 {
		show[h] = true
	} else {
		show[1] = true
	}
	for _, g := range d.Geosets {
		if grp := int(g.ID) / 100; grp > 0 {
			show[grp*100+val(grp)] = true
		}
	}
	return show
}

// GeosetGroups lists the model's geoset groups (formats.Geosets): for a
// character, named, with what CharacterGeosets shows by default; for any other
// model, every geoset shown and the groups unnamed (the client's names are a
// character's).
func (d *Details) GeosetGroups() []formats.GeosetGroup {
	return d.geosetGroups
}

// placeCharacter finds the model's race and sex (from path, else name), fills
// geosetGroups from the geosets and, for a character, hides the meshes the
// default does not show.
func (d *Details) placeCharacter(name, path string, meshes []formats.Mesh) {
	if path == "" {
		path = name
	}
	d.race, d.sex, d.inFolders = characterPlace(path)
	if n := len(d.race); !d.inFolders && n > 0 && len(d.Name) == n+len(d.sex) && strings.EqualFold(d.race+d.sex, d.Name) {
		d.race, d.sex = d.Name[:n], d.Name[n:] // the model's own spelling: ScourgeFemale
	}
	if len(d.Geosets) == 0 {
		return
	}
	char := d.Character()
	var show formats.GeosetSet
	if char {
		show = d.CharacterGeosets(nil)
	}
	byGroup := map[int][]int{}
	for _, g := range d.Geosets {
		id := int(g.ID)
		ids := byGroup[id/100]
		if !slices.Contains(ids, id) {
			byGroup[id/100] = append(ids, id)
		}
	}
	groups := make([]int, 0, len(byGroup))
	for g := range byGroup {
		groups = append(groups, g)
	}
	slices.Sort(groups)
	for _, g := range groups {
		ids := byGroup[g]
		slices.Sort(ids)
		gg := formats.GeosetGroup{Group: g, IDs: ids, Shown: make([]bool, len(ids))}
		for i, id := range ids {
			gg.Shown[i] = !char || show[id]
		}
		if char {
			gg.Name = geosetGroupName(g)
		}
		d.geosetGroups = append(d.geosetGroups, gg)
	}
	if char {
		d.CharacterGroups = d.geosetGroups
		formats.ApplyGeosets(meshes, d.geosetGroups, show)
	}
}

// characterPlace is where a character model sits: its race and sex, from the
// folders Character\<Race>\<Sex>\ when it lies in them, else from its file name
// (<Race><Sex>.m2). inTree says the folders were found.
func characterPlace(path string) (race, sex string, inFolders bool) {
	p := filepath.ToSlash(path)
	if _, member, ok := formats.SplitName(p); ok { // ARCHIVE:MEMBER
		p = member
	}
	p = strings.ReplaceAll(p, `\`, "/")
	parts := strings.Split(p, "/")
	if n := len(parts); n >= 4 && strings.EqualFold(parts[n-4], "character") {
		return parts[n-3], parts[n-2], true
	}
	base := strings.TrimSuffix(parts[len(parts)-1], filepath.Ext(p))
	low := strings.ToLower(base)
	for _, s := range []string{"female", "male"} {
		if strings.HasSuffix(low, s) && len(low) > len(s) {
			return base[:len(base)-len(s)], base[len(base)-len(s):], false
		}
	}
	return "", "", false
}

// Customise dresses a decoded character as a customisation chooses (the hook
// for the client's tables: CharHairGeosets, CharacterFacialHairStyles,
// CharSections): values picks the geosets (CharacterGeosets; groups it leaves
// out keep their defaults), and files fills texture slots by type (a texture
// file, or a composed one written out; "" empties a slot). A scene that is not
// an M2 character is an error.
func Customise(a *formats.Asset, values GeosetValues, files map[int]string) error {
	det, ok := a.Details.(*Details)
	if !ok || !det.Character() {
		return fmt.Errorf("%s is not an M2 character model", strings.Join(a.Files, ", "))
	}
	formats.ApplyGeosets(a.Meshes, det.geosetGroups, det.CharacterGeosets(values))
	if len(files) == 0 {
		return nil
	}
	ts, ok := a.Materials.(formats.TextureSlots)
	if !ok {
		return fmt.Errorf("%s has no texture slots", strings.Join(a.Files, ", "))
	}
	types := make([]int, 0, len(files))
	for t := range files {
		types = append(types, t)
	}
	slices.Sort(types) // the first error is always the same one
	for _, t := range types {
		if err := ts.FillSlot(t, files[t]); err != nil {
			return err
		}
	}
	return nil
}
