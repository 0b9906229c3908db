package msh

import (
	"fmt"
	"path/filepath"
	"strings"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/nres"
)

func init() {
	formats.Register(formats.Decoder{
		Name:       "msh",
		Extensions: []string{".msh", ".rlb", ".lib"},
		Sniff: func(name string, head []byte) bool {
			return len(head) >= 4 && string(head[:4]) == nres.Magic
		},
		Decode:   Decode,
		Readings: readings,
		Traits:   traits,
	})
}

// Decode opens NRes content (the registered decoder):
//
//   - a model archive (it has a Res1 or Res2 stream) becomes an MSH asset;
//   - an outer archive (.rlb, .lib) with src.Member set opens that member (matched
//     case-insensitively; the first match wins);
//   - an outer archive without a member opens its only model member (name ending
//     .msh in any case, or type 'MESH'), named FILE:MEMBER in messages;
//   - an outer archive with no or several model members gives an asset without a
//     skeleton whose Details (archiveDetails) list the members, and one error
//     diagnostic that says how to name a member (FILE:MEMBER.msh). `inspect` prints
//     it; commands that need a skeleton then fail.
//
// Offsets in the messages about a member are relative to the start of the member
// (the model's own NRes); Details.MemberOffset gives where it starts in the archive.
func Decode(src *formats.Source) (*formats.Part, error) {
	a, err := nres.Decode(src.Name, src.Data)
	if err != nil {
		return nil, err
	}
	if src.Member == "" && a.IsModel() {
		as, err := buildAsset(FromArchive(a), src, clipName(src.Path), "", 0)
		if err == nil {
			attachMaterials(as, as.Details.(*Details), src, a, nil, filepath.Base(src.Path))
		}
		return as, err
	}
	if err := a.CheckUniqueNames(); err != nil {
		return nil, err
	}
	var pick = -1
	if src.Member != "" {
		if pick = a.Find(src.Member); pick < 0 {
			return nil, formats.FileErrorf(src.Name, -1, "the archive has no member %q (%s)", src.Member, memberHint(a))
		}
	} else {
		for i := range a.Entries {
			if nres.IsModelMember(&a.Entries[i]) {
				if pick >= 0 {
					pick = -2
					break
				}
				pick = i
			}
		}
		if pick < 0 {
			return archiveAsset(a, src, pick == -2), nil
		}
	}
	e := &a.Entries[pick]
	name := src.Name
	if src.Member == "" {
		name = src.Name + ":" + e.NameString()
	}
	if src.Member != "" && (len(e.Data) < 4 || string(e.Data[:4]) != nres.Magic) {
		// A member the user named that is no nested NRes: say what it is rather
		// than "bad magic, want NRes".
		return nil, formats.FileErrorf(name, 0, "member %q is %s, not an MSH model (an NRes archive of Res1/Res2 streams)", e.NameString(), memberKind(e.Type))
	}
	inner, err := nres.Decode(name, e.Data)
	if err != nil {
		return nil, err // a *formats.FileError naming FILE:MEMBER, offsets inside the member
	}
	if !inner.IsModel() {
		return nil, formats.FileErrorf(name, 0, "member %q is an NRes archive without Res1/Res2 streams, not an MSH model", e.NameString())
	}
	as, err := buildAsset(FromArchive(inner), src, clipName(e.NameString()), e.NameString(), int64(e.Offset))
	if err == nil && src.Member == "" {
		as.Files = []string{name}
	}
	if err == nil {
		attachMaterials(as, as.Details.(*Details), src, inner, a, e.NameString())
	}
	return as, err
}

func clipName(p string) string {
	base := filepath.Base(filepath.ToSlash(p))
	if i := strings.LastIndex(base, "/"); i >= 0 {
		base = base[i+1:]
	}
	return strings.TrimSuffix(base, filepath.Ext(base))
}

func memberHint(a *nres.Archive) string {
	var models []string
	for i := range a.Entries {
		if nres.IsModelMember(&a.Entries[i]) {
			models = append(models, a.Entries[i].NameString())
		}
	}
	if len(models) == 0 {
		return "it holds no .msh model"
	}
	if len(models) > 8 {
		return fmt.Sprintf("models: %s, … (%d in all)", strings.Join(models[:8], ", "), len(models))
	}
	return "models: " + strings.Join(models, ", ")
}

// archiveDetails is the Details of an outer archive opened without a member.
type archiveDetails struct {
	Entries int           `json:"entries"`
	Models  int           `json:"models"`
	Members []nres.Member `json:"members"`
	Usage   string        `json:"usage"`
	name    string        // the archive as the user named it
}

func archiveAsset(a *nres.Archive, src *formats.Source, several bool) *formats.Part {
	members := a.Members()
	models := 0
	for _, m := range members {
		if m.Model {
			models++
		}
	}
	usage := fmt.Sprintf("name a member as %s:MEMBER.msh", src.Name)
	msg := fmt.Sprintf("the archive holds no MSH model (no member named *.msh or typed MESH) among its %d entries", len(members))
	if several {
		msg = fmt.Sprintf("the archive holds %d MSH models: %s, e.g. %s:%s", models, usage, src.Name, firstModel(members))
	}
	ds := append([]formats.Diagnostic(nil), a.Diagnostics...)
	// The place is the directory, which lists the members.
	if several {
		// Not a fault of the file: an archive of models is not one scene.
		ds = append(ds, formats.DiagWarnf(src.Name, a.DirOffset, "%s", msg))
	} else {
		ds = append(ds, formats.DiagErrorf(src.Name, a.DirOffset, "%s", msg))
	}
	det := &archiveDetails{Entries: len(members), Models: models, Members: members, Usage: usage, name: src.Name}
	return &formats.Part{
		Asset: formats.Asset{
			Family:      formats.FamilyMSH,
			UpAxis:      formats.UpZ,
			Diagnostics: ds,
			Details:     det,
		},
		Archive: det,
	}
}

// Scenes names every model member as ARCHIVE:MEMBER, so that `validate` can check
// each of them.
func (d *archiveDetails) Scenes() []string {
	var out []string
	for _, m := range d.Members {
		if m.Model {
			out = append(out, d.name+":"+m.Name)
		}
	}
	return out
}

func firstModel(ms []nres.Member) string {
	for _, m := range ms {
		if m.Model {
			return m.Name
		}
	}
	return ""
}

// buildAsset turns a parsed model into the neutral Asset.
func buildAsset(f *File, src *formats.Source, name, member string, memberOff int64) (*formats.Part, error) {
	opt, err := parseOptions(src.Opts)
	if err != nil {
		return nil, formats.FileErrorf(src.Name, -1, "%v", err)
	}
	r, order := opt.rounding, opt.quatOrder
	sk := &anim.Skeleton{Names: make([]string, len(f.Nodes)), Parents: make([]int32, len(f.Nodes))}
	for i := range f.Nodes {
		sk.Names[i] = f.NodeName(i)
		p := f.Nodes[i].Parent
		if p == NoIndex || int(p) >= i {
			sk.Parents[i] = -1
		} else {
			sk.Parents[i] = int32(p)
		}
	}
	clip := NewClip(f, name, r, order)
	d := newDetails(f, member, memberOff, order, sk.Names)
	as := &formats.Part{
		Asset: formats.Asset{
			Family:             formats.FamilyMSH,
			Skeleton:           sk,
			DeferredMeshes:     &slotMeshes{f: f, names: sk.Names},
			Clips:              []anim.Clip{clip},
			ConjugatedRotation: true,
			UpAxis:             formats.UpZ,
			Diagnostics:        f.Diagnostics,
			Details:            d,
			Slots:              d,
			Validate:           f.Validate,
		},
	}
	return as, nil
}

// memberKind names what an archive member of type typ holds, for messages.
func memberKind(typ uint32) string {
	switch typ {
	case nres.TypeTexm:
		return "a Texm texture (animscope texture reads it)"
	case nres.TypeMAT0:
		return "a MAT0 material"
	case nres.TypeWEAR:
		return "a WEAR table"
	}
	b := []byte{byte(typ), byte(typ >> 8), byte(typ >> 16), byte(typ >> 24)}
	return fmt.Sprintf("of type %q", b)
}
