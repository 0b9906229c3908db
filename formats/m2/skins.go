package m2

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"animscope/formats"
)

// Textures on disk. A model names its textures by their path in the game's data
// ("Creature\Rabbit2\ArmorReflect5.blp"); a model lying outside that tree keeps
// them beside itself. Replaceable textures (type 11 and up: creature skins) are
// named nowhere in the model: the game takes them from its creature display table.
// The files beside the model are the candidates.

// findTextures resolves the named textures (through formats.ResolveRef: the path
// inside the asset root, then the base name beside the model) and lists the skin
// candidates; the materials' files follow. Nothing is read. A model inside an
// archive or held in memory has no folder to look in.
func findTextures(a *formats.Asset, det *Details, modelPath, root string) {
	for i := range det.Textures {
		tx := &det.Textures[i]
		if tx.Type == 0 && tx.Name != "" {
			tx.File = resolveTexture(modelPath, tx.Name, root)
		}
	}
	det.Skins = skinCandidates(modelPath, det)
	set, ok := a.Materials.(*materialSet)
	if !ok {
		return
	}
	set.model = modelPath
	defaultSkin := "" // the first candidate's path, for the replaceable textures
	for _, s := range det.Skins {
		if p, err := formats.ResolveRef(modelPath, s, filepath.Dir(modelPath), ".blp"); err == nil {
			set.skins = append(set.skins, s) // the name UseSkin takes
			if defaultSkin == "" {
				defaultSkin = p
			}
		}
	}
	for k, bi := range set.batch {
		m := det.Materials[bi]
		if len(m.Textures) == 0 || m.Textures[0] < 0 {
			continue
		}
		if tx := det.Textures[m.Textures[0]]; tx.Type == 0 {
			set.mats[k].Texture = tx.File
		}
	}
	set.fillSlotsOnDisk(det, modelPath, root, defaultSkin) // the replaceable ones (slots.go)
}

// resolveTexture finds a named texture: its game path inside the asset root, else
// its base name beside the model. "" when neither exists or the resolver refuses.
func resolveTexture(modelPath, name, root string) string {
	ref := strings.ReplaceAll(name, `\`, "/")
	p, err := formats.ResolveRef(modelPath, ref, root, ".blp")
	if err == nil {
		return p
	}
	if !errors.Is(err, formats.ErrRefNotFound) {
		return ""
	}
	p, err = formats.ResolveRef(modelPath, path.Base(ref), filepath.Dir(modelPath), ".blp")
	if err != nil {
		return ""
	}
	return p
}

var trailingDigits = regexp.MustCompile(`[0-9]+$`)

// skinCandidates lists the .blp files beside the model that may fill its
// replaceable textures (nil when it has none), best guess first. A candidate's
// name starts with the model's name without its trailing number ("rabbit" for
// Rabbit2.m2) and is not a texture the model names. It ranks higher when it
// carries the model's number as its own digit group (rabbitskin2_white.blp for
// Rabbit2.m2), or, for a model without a number, when it has no digits
// (RabbitSkin.blp for Rabbit.m2); then by name.
func skinCandidates(modelPath string, det *Details) []string {
	replaceable := false
	named := map[string]bool{}
	for _, tx := range det.Textures {
		if tx.Type != 0 {
			replaceable = true
		} else if tx.Name != "" {
			named[strings.ToLower(path.Base(strings.ReplaceAll(tx.Name, `\`, "/")))] = true
		}
	}
	if !replaceable {
		return nil
	}
	entries, err := os.ReadDir(filepath.Dir(modelPath))
	if err != nil {
		return nil
	}
	base := strings.ToLower(strings.TrimSuffix(filepath.Base(modelPath), filepath.Ext(modelPath)))
	num := trailingDigits.FindString(base)
	stem := strings.TrimSuffix(base, num)
	digitGroups := regexp.MustCompile(`[0-9]+`)
	type cand struct {
		name  string
		score int
	}
	var cands []cand
	for _, e := range entries {
		name := e.Name()
		low := strings.ToLower(name)
		if !e.Type().IsRegular() || filepath.Ext(low) != ".blp" || named[low] || stem == "" || !strings.HasPrefix(low, stem) {
			continue
		}
		groups := digitGroups.FindAllString(strings.TrimSuffix(low, ".blp"), -1)
		score := 0
		switch {
		case num != "" && contains(groups, num):
			score = 2
		case num == "" && len(groups) == 0:
			score = 1
		}
		cands = append(cands, cand{name, score})
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score > cands[j].score
		}
		return cands[i].name < cands[j].name
	})
	out := make([]string, len(cands))
	for i, c := range cands {
		out[i] = c.name
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// findTexturesInTree resolves the named textures of a model opened from a mounted
// archive ("ARCHIVE:MEMBER") inside that archive; the materials name them as
// "ARCHIVE:PATH", which formats.ReadMember (and so texture.Read) reads. The tree
// offers no listing, so no skin candidates are found there.
func findTexturesInTree(a *formats.Asset, det *Details, src *formats.Source) {
	if set, ok := a.Materials.(*materialSet); ok {
		set.fillSlotsInTree(det, src)
	}
	archive := src.Named().Archive
	if archive == "" {
		return
	}
	for i := range det.Textures {
		tx := &det.Textures[i]
		if tx.Type != 0 || tx.Name == "" {
			continue
		}
		if p, err := formats.ResolveTreeRef(src.Tree, src.Path, tx.Name, src.Opts.Root, ".blp"); err == nil {
			tx.File = archive + ":" + p
		}
	}
	set, ok := a.Materials.(*materialSet)
	if !ok {
		return
	}
	for k, bi := range set.batch {
		if m := det.Materials[bi]; len(m.Textures) > 0 && m.Textures[0] >= 0 && det.Textures[m.Textures[0]].Type == 0 {
			set.mats[k].Texture = det.Textures[m.Textures[0]].File
		}
	}
}
