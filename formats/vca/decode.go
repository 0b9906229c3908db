package vca

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"

	"animscope/anim"
	"animscope/formats"
)

func init() {
	formats.Register(formats.Decoder{
		Name:       "vca",
		Extensions: []string{".vca", ".vcm", ".vec3"},
		Sniff:      sniff,
		Decode:     Decode,
		Readings:   readings,
	})
}

// vec3Magic starts every VEC3 model.
var vec3Magic = []byte("\x00\x00VEC3\x00\x00")

var (
	reRootKey   = regexp.MustCompile(`"root"\s*:\s*\{`)
	reEntityKey = regexp.MustCompile(`"(skeleton-name|hitbox|components|blocking|sensors)"\s*:`)
	reGLTF      = regexp.MustCompile(`"asset"\s*:`)
)

// kind is what a VoxelCore file is.
type kind int

const (
	kindUnknown kind = iota
	kindVCA
	kindVCM
	kindVEC3
	kindSkeleton
	kindEntity
)

var vcaTags = map[string]bool{"configure": true, "curve": true, "move": true, "rotate": true, "scale": true,
	"zoom": true, "texture": true, "show": true, "model": true, "color": true}
var vcmTags = map[string]bool{"box": true, "rect": true, "tri": true, "bone": true}

// classify names the kind of a file from its content, with the extension as a
// tie-break for text. With byExt (decoding, not sniffing) the extensions .vca,
// .vcm and .vec3 decide on their own, so that a broken file gets its parser's
// positioned error rather than "not a VoxelCore file".
func classify(name string, head []byte, byExt bool) kind {
	if bytes.HasPrefix(head, vec3Magic) {
		return kindVEC3
	}
	ext := strings.ToLower(filepath.Ext(name))
	if byExt {
		switch ext {
		case ".vca":
			return kindVCA
		case ".vcm":
			return kindVCM
		case ".vec3":
			return kindVEC3
		}
	}
	trimmed := bytes.TrimLeft(head, " \t\r\n\f\xef\xbb\xbf")
	if len(trimmed) > 0 && trimmed[0] == '{' {
		if reGLTF.Match(head) {
			return kindUnknown
		}
		if reRootKey.Match(head) {
			return kindSkeleton
		}
		if reEntityKey.Match(head) || (ext == ".json" && strings.Contains(filepath.ToSlash(name), "/entities/")) {
			return kindEntity
		}
		return kindUnknown
	}
	switch ext {
	case ".vca":
		if looksVCM(head) || onlyComments(head) {
			return kindVCA
		}
		return kindUnknown
	case ".vcm":
		if looksVCM(head) || onlyComments(head) {
			return kindVCM
		}
		return kindUnknown
	}
	if !looksVCM(head) {
		return kindUnknown
	}
	for _, t := range firstTags(head, 8) {
		if vcaTags[t] {
			return kindVCA
		}
		if vcmTags[t] {
			return kindVCM
		}
	}
	return kindUnknown
}

func sniff(name string, head []byte) bool { return classify(name, head, false) != kindUnknown }

// Decode reads any VoxelCore file: a .vca track, a VCM model, a VEC3 model, a JSON
// skeleton or an entity JSON.
func Decode(src *formats.Source) (*formats.Part, error) {
	name := src.Name
	if src.Member != "" {
		name = src.Member
	}
	switch classify(name, src.Data, true) {
	case kindVCA:
		return decodeVCA(src)
	case kindVCM:
		return decodeVCMModel(src)
	case kindVEC3:
		return decodeVEC3Asset(src)
	case kindSkeleton:
		return decodeSkeletonAsset(src)
	case kindEntity:
		return decodeEntity(src)
	}
	return nil, formats.FileErrorf(src.Name, 0, "not a VoxelCore file (.vca, .vcm, .vec3, skeleton or entity JSON)")
}

func decodeVCA(src *formats.Source) (*formats.Part, error) {
	tr, err := ParseTrack(src.Name, src.Data, src.Opts)
	if err != nil {
		return nil, err
	}
	b := &Binder{Track: tr, Opts: src.Opts}
	return &formats.Part{
		Asset: formats.Asset{
			Files:       []string{src.Name},
			Family:      formats.FamilyVCA,
			UpAxis:      formats.UpY,
			Diagnostics: tr.Diags,
			Details:     tr.Describe(),
		},
		ClipBinders: []formats.ClipBinder{b},
		StandIn:     standIn(tr),
	}, nil
}

// standIn is a skeleton for a track opened alone: an unnamed root and one child
// per bone lineset.
func standIn(tr *Track) *anim.Skeleton {
	s := &anim.Skeleton{Names: []string{""}, Parents: []int32{-1}}
	for _, ls := range tr.Linesets {
		if ls.Type != "bone" || ls.Key == "" {
			continue
		}
		s.Names = append(s.Names, ls.Key)
		s.Parents = append(s.Parents, 0)
	}
	return s
}
