package m2

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"animscope/formats"
)

// Texture slots (FORMAT.md §9.2). A texture of type T > 0 names no file: the
// game fills it, and every texture of that type shows the same image. animscope
// calls each type a slot, filled from --texture SLOT=FILE, or else by the
// client's file naming beside the model (characters) or by the skin candidates
// (creatures and items: skins.go).

// The replaceable texture types the client knows (its TEX_COMPONENT list).
const (
	TextureBody      = 1  // character body skin (CharSections: Character\<Race>\<Sex>\<Race><Sex>Skin00_00.blp)
	TextureCape      = 2  // cape / object skin (ItemDisplayInfo)
	TextureHair      = 6  // character hair (Character\<Race>\Hair00_00.blp)
	TextureFur       = 8  // skin extra: the tauren fur (…Skin00_00_Extra.blp)
	TextureCreature1 = 11 // creature skins (CreatureDisplayInfo)
	TextureCreature2 = 12
	TextureCreature3 = 13
)

// The names of the slot types are what --texture takes for every model: the
// command line reads them through formats.ParseSlot before any file is open.
func init() {
	formats.RegisterSlotNames(formats.SlotNames{Family: formats.FamilyM2, Name: SlotName, Parse: ParseSlot})
}

// slotNames are the names --texture takes and the labels of each type; types
// 5, 7, 9 and 10 are obsolete in the client but named.
var slotNames = map[int][2]string{
	1: {"body", "body skin"}, 2: {"cape", "cape / object skin"}, 3: {"blade", "weapon blade"},
	4: {"handle", "weapon handle"}, 5: {"environment", "environment"}, 6: {"hair", "hair"},
	7: {"facial", "facial hair"}, 8: {"fur", "skin extra (fur)"}, 9: {"ui", "interface skin"},
	10: {"mane", "tauren mane"}, 11: {"creature1", "creature skin 1"}, 12: {"creature2", "creature skin 2"},
	13: {"creature3", "creature skin 3"}, 14: {"icon", "item icon"}, 15: {"guildbg", "guild background colour"},
	16: {"guildemblemcolor", "guild emblem colour"}, 17: {"guildborder", "guild border colour"},
	18: {"guildemblem", "guild emblem"},
}

// SlotName is the name --texture takes for slot type t ("slot17" style
// "typeN" for one the client does not name).
func SlotName(t int) string {
	if n, ok := slotNames[t]; ok {
		return n[0]
	}
	return "type" + strconv.Itoa(t)
}

func slotLabel(t int) string {
	if n, ok := slotNames[t]; ok {
		return n[1]
	}
	return fmt.Sprintf("replaceable type %d", t)
}

// ParseSlot reads a slot as --texture names it: a name (body, cape, hair, fur,
// creature1 … SlotName's) or a type number 1–255.
func ParseSlot(s string) (int, error) {
	low := strings.ToLower(strings.TrimSpace(s))
	for t, n := range slotNames {
		if n[0] == low {
			return t, nil
		}
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(low, "type")); err == nil && n >= 1 && n <= 255 {
		return n, nil
	}
	names := make([]string, 0, len(slotNames))
	for t := 1; t <= 18; t++ {
		names = append(names, slotNames[t][0])
	}
	return 0, fmt.Errorf("texture slot %q: want a name (%s) or a type number", s, strings.Join(names, ", "))
}

// initSlots lists the slots the materials use (in type order), empty.
// A set and an index by type, not a search of the list for each material: a
// file can give 20,000 materials 20,000 types (884 KB: 3.5 s of validate).
func (s *materialSet) initSlots() {
	byType := map[int]int{} // type → the slot's index, once the types are sorted
	var types []int
	for _, m := range s.mats {
		if _, ok := byType[m.Slot]; m.Slot != 0 && !ok {
			byType[m.Slot] = 0
			types = append(types, m.Slot)
		}
	}
	slices.Sort(types)
	for i, t := range types {
		byType[t] = i
		s.slots = append(s.slots, formats.TextureSlot{Type: t, Name: SlotName(t), Label: slotLabel(t)})
	}
	s.slotMats = make([][]int, len(types))
	for k, m := range s.mats {
		if m.Slot != 0 {
			i := byType[m.Slot]
			s.slotMats[i] = append(s.slotMats[i], k)
		}
	}
}

// TextureSlots lists the slots the model's materials use (formats.TextureSlots).
func (s *materialSet) TextureSlots() []formats.TextureSlot { return s.slots }

// FillSlot puts file in slot typ and in every material of that slot ("" empties
// it). A file on disk must be a regular file; ARCHIVE:MEMBER is taken as given.
func (s *materialSet) FillSlot(typ int, file string) error {
	i := slices.IndexFunc(s.slots, func(x formats.TextureSlot) bool { return x.Type == typ })
	if i < 0 {
		return fmt.Errorf("%s has no texture slot %s (type %d); its slots: %s", s.modelName(), SlotName(typ), typ, s.slotList())
	}
	if file != "" && formats.ArchiveOf(file) == "" {
		st, err := os.Stat(file)
		if err != nil {
			return fmt.Errorf("texture slot %s: %v", SlotName(typ), err)
		}
		if !st.Mode().IsRegular() {
			return fmt.Errorf("texture slot %s: %s is not a regular file", SlotName(typ), file)
		}
	}
	s.setSlot(i, file)
	return nil
}

func (s *materialSet) setSlot(i int, file string) {
	s.slots[i].File = file
	for _, k := range s.slotMats[i] {
		s.mats[k].Texture = file
	}
}

func (s *materialSet) modelName() string {
	if s.name != "" {
		return filepath.Base(s.name)
	}
	return "the model"
}

func (s *materialSet) slotList() string {
	if len(s.slots) == 0 {
		return "none"
	}
	names := make([]string, len(s.slots))
	for i, x := range s.slots {
		names[i] = x.Name
	}
	return strings.Join(names, ", ")
}

// fillSlotsOnDisk fills the slots of a model on disk at modelPath: a character's
// by the client's naming (characterTexture), any other model's with its first
// skin candidate (skin, "" when there is none: today's creature rule).
//
// Whether the model is a character, and a creature's candidates, are found
// once, not for each slot: each is a pass over the textures or the skins, and
// a file can have 20,000 slots (884 KB: 3.3 s of validate).
func (s *materialSet) fillSlotsOnDisk(det *Details, modelPath, root, skin string) {
	s.name = modelPath
	character := det.Character()
	var sought string
	var cands []string
	if !character && len(s.slots) > 0 {
		base := strings.ToLower(strings.TrimSuffix(filepath.Base(modelPath), filepath.Ext(modelPath)))
		sought = fmt.Sprintf("no .blp beside the model has a name that starts with %q", strings.TrimSuffix(base, trailingDigits.FindString(base)))
		for _, c := range det.Skins {
			cands = append(cands, filepath.Join(filepath.Dir(modelPath), c))
		}
	}
	for i := range s.slots {
		sl := &s.slots[i]
		sl.Model = modelPath
		if character {
			sl.Sought, sl.Candidates = det.characterSought(sl.Type)
			if f, cands := det.characterTexture(sl.Type, modelPath, root); f != "" || cands != nil {
				sl.Candidates = cands
				s.setSlot(i, f)
			}
			continue
		}
		sl.Sought = sought
		sl.Candidates = slices.Clip(cands) // shared: an append copies
		if skin != "" {
			s.setSlot(i, skin)
		}
	}
}

// fillSlotsInTree fills the slots of a model read from an archive (name is
// ARCHIVE:MEMBER): a character's by the client's naming inside the archive;
// any other model's stay empty, since an archive cannot be listed for the
// skins beside it.
func (s *materialSet) fillSlotsInTree(det *Details, src *formats.Source) {
	s.name = src.Name
	archive := src.Named().Archive
	character := det.Character() // once, not for each slot (fillSlotsOnDisk)
	for i := range s.slots {
		sl := &s.slots[i]
		sl.Model = src.Name
		if !character {
			sl.Sought = fmt.Sprintf("the skins beside %s are found by listing its folder, and an archive's folders cannot be listed", src.Path)
			continue
		}
		sl.Sought, _ = det.characterSought(sl.Type)
		for _, ref := range det.characterRefs(sl.Type) {
			if p, err := formats.ResolveTreeRef(src.Tree, src.Path, ref, src.Opts.Root, ".blp"); err == nil && archive != "" {
				s.setSlot(i, archive+":"+p)
				break
			}
		}
	}
}

// characterNames are the client's file names for a character's slot t: the
// name beside the model (or in the race folder for hair) and its sibling
// pattern prefix; "" when the client names no file (the cape comes from the
// item).
func (d *Details) characterNames(t int) (name, prefix string, raceFolder bool) {
	switch t {
	case TextureBody:
		return d.race + d.sex + "Skin00_00.blp", d.race + d.sex + "Skin", false
	case TextureFur:
		return d.race + d.sex + "Skin00_00_Extra.blp", d.race + d.sex + "Skin", false
	case TextureHair:
		return "Hair00_00.blp", "Hair", true
	}
	return "", "", false
}

// characterRefs are the paths, inside the asset root, of slot t's texture.
func (d *Details) characterRefs(t int) []string {
	name, _, rf := d.characterNames(t)
	if name == "" || d.race == "" {
		return nil
	}
	if rf {
		return []string{path.Join("Character", d.race, name)}
	}
	return []string{path.Join("Character", d.race, d.sex, name)}
}

// characterSought says what the client's naming looks for in slot t.
func (d *Details) characterSought(t int) (string, []string) {
	name, _, rf := d.characterNames(t)
	switch {
	case name == "" && (t == TextureCape || t == 3 || t == 4):
		return "the game fills it from the equipped item; no file is named for it", nil
	case name == "":
		return "the client names no file for it beside a character", nil
	case d.race == "":
		return "the model's race and sex are not known (its name is not <Race><Sex>.m2, nor is it in Character/<Race>/<Sex>/)", nil
	case rf:
		return fmt.Sprintf("looked for %s in the race folder above the model and %s in the asset root", name, d.characterRefs(t)[0]), nil
	}
	return fmt.Sprintf("looked for %s beside the model and %s in the asset root", name, d.characterRefs(t)[0]), nil
}

// characterTexture finds slot t's texture of the character at modelPath: the
// client's name in the model's folder (the race folder above it for hair),
// compared without case, else the same path inside the asset root. cands are
// its siblings there (…Skin00_01.blp, Hair03_02.blp …), the file first.
func (d *Details) characterTexture(t int, modelPath, root string) (file string, cands []string) {
	name, prefix, rf := d.characterNames(t)
	if name == "" || d.race == "" {
		return "", nil
	}
	dir := filepath.Dir(modelPath)
	if rf {
		dir = filepath.Dir(dir)
		if !d.inFolders {
			dir = "" // only Character\<Race>\ holds the hair
		}
	}
	if dir != "" {
		if entries, err := os.ReadDir(dir); err == nil {
			for _, e := range entries {
				low := strings.ToLower(e.Name())
				if !e.Type().IsRegular() || filepath.Ext(low) != ".blp" || !strings.HasPrefix(low, strings.ToLower(prefix)) {
					continue
				}
				if t == TextureBody && strings.Contains(low, "_extra") {
					continue // the fur beside the body skin
				}
				p := filepath.Join(dir, e.Name())
				if low == strings.ToLower(name) {
					file = p
				} else {
					cands = append(cands, p)
				}
			}
		}
	}
	if file == "" {
		for _, ref := range d.characterRefs(t) {
			if p, err := formats.ResolveRef(modelPath, ref, root, ".blp"); err == nil {
				file = p
			} else if !errors.Is(err, formats.ErrRefNotFound) {
				continue
			}
		}
	}
	if file != "" {
		cands = append([]string{file}, cands...)
	}
	return file, cands
}
