package formats

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"animscope/anim"
)

// Source is one file handed to a decoder.
type Source struct {
	// Name is the file as the user named it, used in every message
	// ("models.rlb:TANK.msh" for an archive member).
	Name string
	// Path is the file on disk.
	Path string
	// Member is the archive member to open ("" for the file itself).
	Member string
	Data   []byte
	Opts   Options
	// Tree, when not nil, is the mounted archive the file comes from: Path is then
	// the file's path inside it, and references and companions are read from it.
	Tree Tree

	named *Name // Name parsed (see Named), once
}

// Named is Name parsed (see ParseName): the archive on disk that a member comes
// from, for decoders that name the files it holds. It is parsed on the first
// call, unless the source was opened from a name parsed already.
func (s *Source) Named() Name {
	if s.named == nil {
		n := ParseName(s.Name)
		s.named = &n
	}
	return *s.named
}

// Ext is the lower-case extension of the member, or of the file.
func (s *Source) Ext() string {
	if s.Member != "" {
		return strings.ToLower(filepath.Ext(s.Member))
	}
	return strings.ToLower(filepath.Ext(s.Path))
}

// ReadRef reads a file named inside this one, resolved inside the asset root (see
// ResolveRef; exts are the extensions the referring format expects) and read with
// ReadFile.
func (s *Source) ReadRef(ref string, exts ...string) (path string, data []byte, err error) {
	if s.Tree != nil {
		return s.readRefInTree(ref, exts)
	}
	path, err = ResolveRef(s.Path, ref, s.Opts.Root, exts...)
	if err != nil {
		return "", nil, err
	}
	data, err = ReadFile(path)
	return path, data, err
}

// ReadCompanion reads a companion file that a decoder names beside the file it
// decodes (an M2's <base>00.skin or .anim): it goes through the same resolver as
// any reference, with the companion's own folder as the asset root, so a symbolic
// link out of that folder is refused, and through ReadFile.
func ReadCompanion(path string) ([]byte, error) {
	dir, name := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	p, err := ResolveRef(path, name, dir)
	if err != nil {
		return nil, err
	}
	return ReadFile(p)
}

// Decoder is one file family's entry in the registry.
type Decoder struct {
	Name string
	// Extensions (lower case, with the dot) that this decoder reads; used when no
	// decoder recognises the content.
	Extensions []string
	// Sniff reports whether the content (head is at most the first 4 KiB) is this
	// decoder's; name is the file or member name, for families whose content is
	// plain text and needs the extension as a tie-break.
	Sniff  func(name string, head []byte) bool
	Decode func(src *Source) (*Part, error)
	// Readings are the ways of reading its files that the family's spec leaves
	// open (see Reading); Traits the rules its files allow (see Traits).
	Readings []Reading
	Traits   Traits
}

var (
	registryMu sync.RWMutex
	registry   []Decoder
)

// Register adds a decoder. Decoders call it from init.
func Register(d Decoder) {
	registryMu.Lock()
	defer registryMu.Unlock()
	declareReadings(d.Name, d.Readings)
	// A new slice each time, kept sorted by name: a reader holding the old one
	// (sortedDecoders) never sees it change, and pick, which runs for every file
	// of a batch, neither copies nor sorts.
	next := append(make([]Decoder, 0, len(registry)+1), registry...)
	next = append(next, d)
	sort.SliceStable(next, func(i, j int) bool { return next[i].Name < next[j].Name })
	registry = next
}

// Decoders lists the registered decoders, sorted by name.
func Decoders() []Decoder {
	return append([]Decoder(nil), sortedDecoders()...)
}

// sortedDecoders is the registry itself, sorted by name: read it, never change it.
func sortedDecoders() []Decoder {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return registry
}

func pick(name string, data []byte) (Decoder, bool) {
	head := data
	if len(head) > 4096 {
		head = head[:4096]
	}
	decs := sortedDecoders()
	for _, d := range decs {
		if d.Sniff != nil && d.Sniff(name, head) {
			return d, true
		}
	}
	ext := strings.ToLower(filepath.Ext(name))
	for _, d := range decs {
		for _, e := range d.Extensions {
			if e == ext {
				return d, true
			}
		}
	}
	return Decoder{}, false
}

// SniffFamily is the name of the decoder that recognises data by its content
// alone (no extension tie-break for binary formats), or "" when none does.
func SniffFamily(name string, data []byte) string {
	head := data
	if len(head) > 4096 {
		head = head[:4096]
	}
	for _, d := range Decoders() {
		if d.Sniff != nil && d.Sniff(name, head) {
			return d.Name
		}
	}
	return ""
}

// OpenFile decodes one file (or archive member) without binding it into a scene.
func OpenFile(name string, opts Options) (*Part, error) {
	return openName(ParseName(name), opts)
}

// openName is OpenFile for a name already parsed.
func openName(n Name, opts Options) (*Part, error) {
	opts = opts.WithDefaults()
	name, path, member := n.String(), n.Path(), n.Member
	if member != "" {
		// An archive kind mounted as a tree (MPQ) serves its members itself.
		if t, closeTree, ok, err := openTree(path, false); err != nil {
			return nil, err
		} else if ok {
			defer closeTree()
			return OpenInTree(t, member, name, opts)
		}
		if st := n.Info(); st != nil && st.IsDir() {
			return nil, fmt.Errorf("%s: %s is a folder that holds no archives: name its file as a path (%s)", name, path, filepath.Join(path, member))
		}
	}
	data, err := ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %v", name, pe.Err)
		}
		return nil, err
	}
	return decode(&Source{Name: name, Path: path, Member: member, Data: data, Opts: opts, named: &n})
}

// decode hands src to the decoder that recognises it.
func decode(src *Source) (*Part, error) {
	if err := src.Opts.Check(); err != nil {
		return nil, FileErrorf(src.Name, -1, "%v", err)
	}
	dec, ok := pick(src.Name, src.Data)
	if !ok {
		return nil, FileErrorf(src.Name, 0, "unknown file format")
	}
	a, err := dec.Decode(src)
	if err != nil {
		return nil, err
	}
	if len(a.Files) == 0 {
		a.Files = []string{src.Name}
	}
	if !src.Opts.DeferMeshes {
		a.LoadMeshes()
	}
	return a, nil
}

// OpenData decodes a file held in memory (the built-in demo) as a one-file scene.
// name is used in messages and, through its extension, as a tie-break for sniffing;
// references to other files resolve beside name.
func OpenData(name string, data []byte, opts Options) (*Asset, error) {
	a, err := decode(&Source{Name: name, Path: name, Data: data, Opts: opts.WithDefaults()})
	if err != nil {
		return nil, err
	}
	return Merge([]*Part{a})
}

// Open decodes the files of one scene, fails with the first error that validation
// finds in any of them (see Verdict), and binds them together: the first file that
// gives a skeleton is the base; clips and meshes of the other files bind to it by
// node name. A scene with no skeleton at all uses the stand-in skeleton a clip file
// offers, with a warning.
func Open(names []string, opts Options) (*Asset, error) {
	if len(names) == 0 {
		return nil, errors.New("no file given")
	}
	parsed := make([]Name, len(names))
	for i, n := range names {
		parsed[i] = ParseName(n)
	}
	if err := checkDistinct(parsed); err != nil {
		return nil, err
	}
	parts := make([]*Part, 0, len(names))
	for _, n := range parsed {
		a, err := openName(n, opts)
		if err != nil {
			return nil, err
		}
		// The verdict of `validate`: a file it rejects opens nowhere, and the
		// error is its first.
		if err := FirstError(Verdict(&a.Asset)); err != nil {
			return nil, err
		}
		parts = append(parts, a)
	}
	scene, err := Merge(parts)
	if err != nil || len(opts.Attach) == 0 {
		return scene, err
	}
	return AttachScene(scene, opts.Attach, opts)
}

// Merge binds decoded parts into one scene (see Open). The scene's skeleton is
// validated here, once; the parts are left as they are.
func Merge(parts []*Part) (*Asset, error) {
	var base *Part
	skel := (*anim.Skeleton)(nil)
	var standIn *Diagnostic // the warning that the scene uses base's stand-in
	for _, p := range parts {
		if p.Skeleton != nil {
			if base != nil {
				return nil, fmt.Errorf("%s: a scene has one skeleton, and %s already gives one",
					strings.Join(p.Files, ", "), strings.Join(base.Files, ", "))
			}
			base, skel = p, p.Skeleton
		}
	}
	if base == nil {
		for _, p := range parts {
			if p.StandIn != nil {
				base, skel = p, p.StandIn
				standIn = &Diagnostic{Severity: Warning, File: p.Files[0], Offset: -1, Message: standInMessage}
				break
			}
		}
	}
	if base == nil {
		for _, p := range parts {
			if p.Archive == nil {
				continue
			}
			if sc := p.Archive.Scenes(); len(sc) > 0 {
				return nil, fmt.Errorf("%s: the file holds %d scenes, not one: name a member as %s:MEMBER, e.g. %s", p.Files[0], len(sc), p.Files[0], sc[0])
			}
		}
		why := ""
		for _, p := range parts {
			for _, d := range p.Diagnostics {
				why += " (" + d.Message + ")"
				break
			}
		}
		return nil, fmt.Errorf("%s: no file of the scene gives a skeleton%s", strings.Join(parts[0].Files, ", "), why)
	}
	scene := &Asset{
		Family:             base.Family,
		Skeleton:           skel,
		ConjugatedRotation: base.ConjugatedRotation,
		UpAxis:             base.UpAxis,
		MirrorX:            base.MirrorX,
		Details:            base.Details,
		Slots:              base.Slots,
		Billboards:         base.Billboards,
		Materials:          base.Materials, // its meshes come first: the indices hold
		Validate:           base.Validate,
		StandInSkeleton:    standIn != nil,
	}
	// A part that passed its Verdict (Open) had its skeleton checked there.
	if !(skel == base.Skeleton && base.checked) {
		if err := skel.Validate(); err != nil {
			return nil, fmt.Errorf("%s: %v", strings.Join(base.Files, ", "), err)
		}
	}
	scene.checked = true
	// The base's own meshes and clips come first (an M2's sequences, an MSH timeline),
	// then what the files bind, in the order the files were given.
	// The base's mesh list is taken over, not copied (192,000 meshes of a VoxelCore
	// model are 47 MB of headers); appends below reallocate instead of writing into it.
	scene.Meshes = base.Meshes[:len(base.Meshes):len(base.Meshes)]
	scene.DeferredMeshes = base.DeferredMeshes
	scene.Clips = append(scene.Clips, base.Clips...)
	var bound StaticMaterials // the materials of bound meshes (MeshMaterials)
	for _, p := range parts {
		scene.Files = append(scene.Files, p.Files...)
		scene.Read = append(scene.Read, p.Read...)
		scene.Diagnostics = append(scene.Diagnostics, p.Diagnostics...)
		if p == base && standIn != nil {
			scene.Diagnostics = append(scene.Diagnostics, *standIn)
		}
		if p != base && (p.MeshCount() > 0 || len(p.Clips) > 0) {
			scene.Diagnostics = append(scene.Diagnostics, Diagnostic{Severity: Warning, File: p.Files[0], Offset: -1,
				Message: "its own meshes and clips need its own skeleton and are left out of this scene"})
		}
		for _, mb := range p.MeshBinders {
			first := len(scene.Meshes)
			ms, ds := mb.Bind(skel)
			scene.Meshes = append(scene.Meshes, ms...)
			scene.Diagnostics = append(scene.Diagnostics, ds...)
			bound = appendBoundMaterials(bound, mb, scene, first, len(ms))
		}
		for _, cb := range p.ClipBinders {
			c, ds := cb.Bind(skel)
			scene.Diagnostics = append(scene.Diagnostics, ds...)
			if c != nil {
				scene.Clips = append(scene.Clips, uniqueName(scene.Clips, c))
			}
		}
		if p != base && p.Family != base.Family && p.Family != "" {
			scene.Diagnostics = append(scene.Diagnostics, Diagnostic{Severity: Warning, File: p.Files[0], Offset: -1,
				Message: fmt.Sprintf("a %s file in a %s scene", p.Family, base.Family)})
		}
	}
	if scene.Materials == nil && len(bound) > 0 {
		scene.Materials = bound
	}
	if standIn != nil && scene.MeshCount() > 0 {
		// The warning says which pose the meshes are drawn in (it was appended
		// above by value: rewrite it where it lies).
		scene.MeshesInBindPose = !base.StandInIsBind
		for i := range scene.Diagnostics {
			if d := &scene.Diagnostics[i]; d.Severity == Warning && d.Message == standInMessage {
				d.Message = standInMeshMessage(scene.MeshesInBindPose)
			}
		}
	}
	if cm, ok := scene.Materials.(ClipMaterials); ok {
		var ds []Diagnostic
		scene.Materials, ds = cm.WithClips(scene.Clips)
		scene.Diagnostics = append(scene.Diagnostics, ds...)
	}
	return scene, nil
}

// appendBoundMaterials adds the materials of a binder's n meshes, put in
// scene.Meshes from index first on, to list (the scene's deferred meshes come
// before Meshes).
func appendBoundMaterials(list StaticMaterials, mb MeshBinder, scene *Asset, first, n int) StaticMaterials {
	mm, ok := mb.(MeshMaterials)
	if !ok {
		return list
	}
	if scene.DeferredMeshes != nil {
		first += len(scene.DeferredMeshes.Infos())
	}
	for _, m := range mm.MeshMaterials() {
		if m.Mesh >= 0 && m.Mesh < n {
			m.Mesh += first
			list = append(list, m)
		}
	}
	return list
}

const standInMessage = "no skeleton was given: using the stand-in skeleton this file offers (see its diagnostics)"

// Stand-in warnings of a scene with meshes say which pose the meshes are drawn in.
const (
	standInBindPose = "; the meshes are drawn in bind pose, whatever the clip does to the skeleton (the stand-in's joints are not the ones the meshes were bound in)"
	standInDeforms  = "; the meshes follow the clip (the stand-in is the skeleton the meshes were bound in)"
)

func standInMeshMessage(bindPose bool) string {
	if bindPose {
		return standInMessage + standInBindPose
	}
	return standInMessage + standInDeforms
}

// isStandInMessage reports whether m is one of Merge's stand-in warnings.
func isStandInMessage(m string) bool {
	return m == standInMessage || m == standInMeshMessage(true) || m == standInMeshMessage(false)
}

// StandInWarning is the warning Merge gave a scene posed on a stand-in skeleton
// (StandInSkeleton), for commands that print no other warnings.
func (a *Asset) StandInWarning() (Diagnostic, bool) {
	if a.StandInSkeleton {
		for _, d := range a.Diagnostics {
			if d.Severity == Warning && isStandInMessage(d.Message) {
				return d, true
			}
		}
		msg := standInMessage
		if a.MeshCount() > 0 {
			msg = standInMeshMessage(a.MeshesInBindPose)
		}
		return Diagnostic{Severity: Warning, File: strings.Join(a.Files, ", "), Offset: -1, Message: msg}, true
	}
	return Diagnostic{}, false
}

// Clip returns the scene's clip selected by sel (an index or a name), or the bind
// pose when the scene has no clip and sel is "" or "0".
func (a *Asset) Clip(sel string) (anim.Clip, int, error) {
	if len(a.Clips) == 0 {
		if sel == "" || sel == "0" {
			return anim.BindPose{}, -1, nil
		}
		return nil, 0, fmt.Errorf("the scene has no clip %q (it has no clips)", sel)
	}
	if sel == "" {
		return a.Clips[0], 0, nil
	}
	var idx int
	if _, err := fmt.Sscanf(sel, "%d", &idx); err == nil && fmt.Sprint(idx) == sel {
		if idx < 0 || idx >= len(a.Clips) {
			return nil, 0, fmt.Errorf("clip %d is out of range (the scene has %d clips)", idx, len(a.Clips))
		}
		return a.Clips[idx], idx, nil
	}
	// A name, then a name in any case, then an alias: the first rule that
	// matches decides, and it must match one clip only.
	rules := []func(c anim.Clip) bool{
		func(c anim.Clip) bool { return c.Info().Name == sel },
		func(c anim.Clip) bool { return strings.EqualFold(c.Info().Name, sel) },
		func(c anim.Clip) bool {
			al, ok := c.(anim.AliasClip)
			return ok && slices.Contains(al.Aliases(), sel)
		},
	}
	for _, match := range rules {
		var hits []int
		for i, c := range a.Clips {
			if match(c) {
				hits = append(hits, i)
			}
		}
		switch {
		case len(hits) == 1:
			return a.Clips[hits[0]], hits[0], nil
		case len(hits) > 1:
			return nil, 0, ambiguousClip(a, sel, hits)
		}
	}
	return nil, 0, fmt.Errorf("no clip named %q", sel)
}

// ambiguousClip is the error for a clip name that several clips answer to.
func ambiguousClip(a *Asset, sel string, hits []int) error {
	var list []string
	for _, i := range hits {
		list = append(list, fmt.Sprintf("%d (%s)", i, a.Clips[i].Info().Name))
	}
	return fmt.Errorf("clip name %q is ambiguous: it names clips %s; give the index", sel, strings.Join(list, ", "))
}
