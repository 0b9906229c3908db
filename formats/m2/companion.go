package m2

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"animscope/formats"
)

// Companion files: a version-264+ model keeps its views in <base>NN.skin and the
// keys of some sequences in <base><id:04d>-<sub:02d>.anim beside it. Opened alone
// such a file has no skeleton to draw: it is recognised (by its name, and a .skin
// by its "SKIN" magic) and refused with the model it belongs to ("view 0 of
// scourgefemale.m2: open that file"), the same verdict in every command; the
// viewer opens the model instead when it lies beside it (formats.CompanionOwner).
// They register as a companion data kind, which formats recognises among the
// scene decoders; it names no extension, so that folder-wide validate and
// inspect keep to the model files.
func init() {
	formats.RegisterData(formats.DataKind{
		Name:        "m2-companion",
		Description: "an M2 model's view (.skin) or sequence keys (.anim), read with the model",
		Sniff:       sniffCompanion,
		Read:        companionVerdict,
		Companion:   true,
	})
}

var (
	skinName = regexp.MustCompile(`(?i)^(.+?)(\d\d)\.skin$`)
	animName = regexp.MustCompile(`(?i)^(.+?)(\d{4})-(\d\d)\.anim$`)
)

func sniffCompanion(name string, head []byte) bool {
	base := filepath.Base(name)
	if skinName.MatchString(base) {
		return len(head) >= 4 && string(head[:4]) == "SKIN"
	}
	return animName.MatchString(base)
}

// companionOf names the model a companion file belongs to and what it holds of
// it; ok is false for a name that is no companion's.
func companionOf(name string) (model, what string, ok bool) {
	base := filepath.Base(name)
	if m := skinName.FindStringSubmatch(base); m != nil {
		n, _ := strconv.Atoi(m[2])
		return m[1] + ".m2", fmt.Sprintf("view %d", n), true
	}
	if m := animName.FindStringSubmatch(base); m != nil {
		id, _ := strconv.Atoi(m[2])
		sub, _ := strconv.Atoi(m[3])
		return m[1] + ".m2", fmt.Sprintf("the keys of sequence %s (%d.%d)", ClipName(uint16(id), uint16(sub)), id, sub), true
	}
	return "", "", false
}

// companionVerdict refuses a companion file with the model it belongs to.
func companionVerdict(src *formats.Source) (*formats.Data, error) {
	model, what, ok := companionOf(src.Name)
	if !ok {
		return nil, formats.FileErrorf(src.Name, 0, "unknown file format")
	}
	owner, onDisk := "", src.Tree == nil && src.Member == "" && src.Path != ""
	if onDisk {
		p := filepath.Join(filepath.Dir(src.Path), model)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			owner = p
		} else if q, found := besideFold(src.Path, model); found {
			owner, model = q, filepath.Base(q)
		}
	}
	msg := fmt.Sprintf("%s of %s: open that file", what, model)
	if onDisk && owner == "" {
		msg = fmt.Sprintf("%s of %s, which is not beside it: open that model", what, model)
	}
	return nil, &formats.CompanionError{FileError: &formats.FileError{File: src.Name, Offset: -1, Msg: msg}, Owner: owner}
}

// besideFold finds model beside path with another letter case (client files
// mix cases: Scourgefemale00.skin beside scourgefemale.m2).
func besideFold(path, model string) (string, bool) {
	ents, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return "", false
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), model) && e.Type().IsRegular() {
			return filepath.Join(filepath.Dir(path), e.Name()), true
		}
	}
	return "", false
}
