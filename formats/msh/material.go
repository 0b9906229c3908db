package msh

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/nres"
	"animscope/formats/texm"

	"github.com/go-gl/mathgl/mgl32"
)

// Materials (§8.3, §18): a batch's material index (the word at +2) is a row
// of the model's WEAR table; the row names a MAT0 material (by name, matched
// case-insensitively; a name not found falls back to "DEFAULT", then to the
// first material, with a warning); the material's phase 0 names a Texm texture
// ("" for an untextured phase). The tables are looked up in the model's own
// archive, then in the outer archive it is a member of (its WEAR is the member
// named like the model with .wea, else the only WEAR member), then in
// Material.lib and Textures.lib beside the file.
//
// Decisions: one mesh is drawn per node, so a node whose batches name several
// materials is drawn with its first batch's (a warning says so); the material
// animation (phases over time) is not sampled: phase 0 shows. Texm formats with
// alpha (4444, 8888) are alpha keyed, the others opaque; batch flag 0x0002 (no
// facing test) makes the material two-sided; textures repeat (Direct3D's
// default). Without a WEAR table the model has no materials.

// libraries are the archives the materials and textures are looked up in.
type libraries struct {
	wear     *Wear
	wearFrom string                // where the WEAR table was found
	mats     []*Mat0               // in lookup order
	matFrom  []string              // per mats entry: its archive
	matIndex map[string]int        // lower-case name → the first of mats with it
	texm     map[string]texmMember // lower-case member name → where
	texOrder []string              // texm keys, first found first
}

type texmMember struct {
	path   string // "ARCHIVE:MEMBER" as texture.Read reads it
	format uint32 // from the header; 0xFFFFFFFF when the header is short
}

// archiveRef is an NRes archive to search and how its members are named.
type archiveRef struct {
	a    *nres.Archive
	path string // the archive file on disk ("" for the model's own, in memory)
	name string // in messages
}

// loadLibraries collects the tables. own is the model's archive, outer the
// archive it is a member of (nil for a model file).
func loadLibraries(src *formats.Source, own, outer *nres.Archive, model string) (*libraries, []formats.Diagnostic) {
	var diags []formats.Diagnostic
	refs := []archiveRef{{a: own, name: src.Name}}
	if outer == nil && src.Tree == nil && regularFile(src.Path) {
		refs[0].path = src.Path // a model file: its members are FILE:MEMBER
	}
	if outer != nil {
		r := archiveRef{a: outer, name: src.Path}
		if src.Tree == nil {
			r.path = src.Path // inside a mounted tree its members cannot be named as files
		}
		refs = append(refs, r)
	}
	if src.Tree == nil && regularFile(src.Path) {
		for _, lib := range []string{"Material.lib", "Textures.lib"} {
			for _, variant := range []string{lib, strings.ToUpper(lib), strings.ToLower(lib)} {
				p, err := formats.ResolveRef(src.Path, variant, filepath.Dir(src.Path), ".lib")
				if err != nil {
					continue
				}
				data, err := formats.ReadFile(p)
				if err == nil {
					var a *nres.Archive
					if a, err = nres.Decode(p, data); err == nil {
						refs = append(refs, archiveRef{a: a, path: p, name: p})
						break
					}
				}
				diags = append(diags, formats.DiagWarnf(p, -1, "%v: its materials and textures are not used", err))
				break
			}
		}
	}
	l := &libraries{texm: map[string]texmMember{}, matIndex: map[string]int{}}
	// The WEAR table: the model's own, else the outer archive's member named
	// like the model, else its only WEAR member.
	for k, r := range refs[:min(2, len(refs))] {
		i := -1
		if k == 0 {
			i, _ = r.a.FindType(nres.TypeWEAR)
		} else {
			base := strings.TrimSuffix(model, filepath.Ext(model))
			for _, name := range []string{base + ".wea", base + ".WEA"} {
				if j := r.a.Find(name); j >= 0 && r.a.Entries[j].Type == nres.TypeWEAR {
					i = j
					break
				}
			}
			if j, n := r.a.FindType(nres.TypeWEAR); i < 0 && n == 1 {
				i = j
			}
		}
		if i < 0 {
			continue
		}
		e := &r.a.Entries[i]
		where := r.name + ":" + e.NameString()
		w, err := ParseWEAR(where, e.Data)
		if err != nil {
			diags = append(diags, formats.Diagnostic{Severity: formats.Warning, File: where, Offset: -1,
				Message: fmt.Sprintf("%v: the model is drawn without materials", err)})
			return nil, diags
		}
		l.wear, l.wearFrom = w, where
		break
	}
	if l.wear == nil {
		return nil, diags
	}
	for _, r := range refs {
		for i := range r.a.Entries {
			e := &r.a.Entries[i]
			switch e.Type {
			case nres.TypeMAT0:
				m, err := ParseMAT0(r.name, e.NameString(), e.Attr1, e.Attr2, e.Data)
				if err != nil {
					diags = append(diags, formats.Diagnostic{Severity: formats.Warning, File: r.name, Offset: -1, Message: fmt.Sprintf("%v: the material is left out", err)})
					continue
				}
				if _, ok := l.matIndex[strings.ToLower(m.Name)]; !ok {
					l.matIndex[strings.ToLower(m.Name)] = len(l.mats)
				}
				l.mats = append(l.mats, m)
				l.matFrom = append(l.matFrom, r.name)
			case nres.TypeTexm:
				key := strings.ToLower(e.NameString())
				if _, ok := l.texm[key]; ok || r.path == "" {
					// The first archive that has the name wins; members of the
					// model's own archive (in memory) cannot be named as files.
					continue
				}
				tm := texmMember{path: r.path + ":" + e.NameString(), format: 0xFFFFFFFF}
				if len(e.Data) >= texm.HeaderSize {
					tm.format = binary.LittleEndian.Uint32(e.Data[28:])
				}
				l.texm[key] = tm
				l.texOrder = append(l.texOrder, key)
			}
		}
	}
	return l, diags
}

func regularFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// materialInfo is one WEAR row as resolved, for `inspect`.
type materialInfo struct {
	Row      int    `json:"row"`
	Name     string `json:"name"`
	Material string `json:"material,omitempty"` // the MAT0 used ("" when none)
	From     string `json:"from,omitempty"`     // its archive
	Phases   int    `json:"phases,omitempty"`
	Texture  string `json:"texture,omitempty"` // phase 0's texture name
	File     string `json:"file,omitempty"`    // ARCHIVE:MEMBER of the Texm
	Format   *int   `json:"texm_format,omitempty"`
	Missing  string `json:"missing,omitempty"` // what was not found
}

// resolveRows resolves every WEAR row.
func (l *libraries) resolveRows() []materialInfo {
	out := make([]materialInfo, len(l.wear.Rows))
	for r, row := range l.wear.Rows {
		mi := materialInfo{Row: r, Name: row.Name}
		k := l.findMat(row.Name)
		fell := ""
		if k < 0 {
			if k = l.findMat("DEFAULT"); k >= 0 {
				fell = "DEFAULT"
			} else if len(l.mats) > 0 {
				k, fell = 0, "the first material"
			}
			mi.Missing = fmt.Sprintf("material %q is not found", row.Name)
			if fell != "" {
				mi.Missing += "; using " + fell
			}
		}
		if k >= 0 {
			m := l.mats[k]
			mi.Material, mi.From, mi.Phases = m.Name, l.matFrom[k], len(m.Phases)
			if len(m.Phases) > 0 && m.Phases[0].Texture != "" {
				mi.Texture = m.Phases[0].Texture
				if tm, ok := l.texm[strings.ToLower(mi.Texture)]; ok {
					mi.File = tm.path
					f := int(tm.format)
					mi.Format = &f
				} else {
					if mi.Missing != "" {
						mi.Missing += "; "
					}
					mi.Missing += fmt.Sprintf("texture %q is not found", mi.Texture)
				}
			}
		}
		out[r] = mi
	}
	return out
}

func (l *libraries) findMat(name string) int {
	if k, ok := l.matIndex[strings.ToLower(name)]; ok {
		return k
	}
	return -1
}

// materialSet is an MSH model's Materials capability. Its materials follow the
// slot the Slots capability last built (the viewer's slot switch).
type materialSet struct {
	d    *Details
	rows []materialInfo

	mu     sync.Mutex
	bySlot map[[2]int][]formats.Material
}

// meshMaterials lists, per mesh of slot (a, b), the material of its first
// usable batch; mixed lists the meshes whose batches name several.
func (s *materialSet) meshMaterials(a, b int) (mats []formats.Material, mixed []string) {
	s.d.f.eachSlotMesh(a, b, s.d.names, func(node int, name string, p slotPlan) {
		first := -1
		for k, sp := range p.spans {
			if sp.n == 0 {
				continue
			}
			if first < 0 {
				first = k
			} else if p.batches[k].Material != p.batches[first].Material {
				mixed = append(mixed, name)
				break
			}
		}
		m := formats.Material{Mesh: len(mats), WrapU: true, WrapV: true}
		if first >= 0 {
			bt := &p.batches[first]
			m.TwoSided = bt.Flags&0x0002 != 0
			if r := int(bt.Material); r < len(s.rows) {
				row := &s.rows[r]
				m.TextureRef, m.Texture = row.Texture, row.File
				if row.Format != nil && (*row.Format == 4444 || *row.Format == 8888) {
					m.Blend = formats.BlendAlphaKey
				}
			} else {
				m.TextureRef = fmt.Sprintf("(WEAR row %d of %d)", r, len(s.rows))
			}
		}
		mats = append(mats, m)
	})
	return mats, mixed
}

func (s *materialSet) Materials() []formats.Material {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := [2]int{s.d.slotA, s.d.slotB}
	if m, ok := s.bySlot[key]; ok {
		return m
	}
	m, _ := s.meshMaterials(key[0], key[1])
	s.bySlot[key] = m
	return m
}

// SampleMaterial: white and the identity UV matrix (phase animation is not
// sampled).
func (s *materialSet) SampleMaterial(_ anim.Clip, _ int, _, _ float64, dst *formats.MaterialState) {
	dst.Color = mgl32.Vec4{1, 1, 1, 1}
	dst.UV = anim.IdentityAffine
	dst.Texture = 0
}

// Skins: MSH models have no replaceable textures.
func (s *materialSet) Skins() []string { return nil }

func (s *materialSet) UseSkin(name string) error {
	return fmt.Errorf("skin %q: MSH models have no replaceable textures", name)
}

// maxRowWarnings bounds the warnings about WEAR rows (a table has up to
// maxWearRows); inspect lists every row.
const maxRowWarnings = 32

// attachMaterials gives the asset its materials when a WEAR table is found,
// with warnings for what the rows name and the archives lack.
func attachMaterials(as *formats.Part, d *Details, src *formats.Source, own, outer *nres.Archive, model string) {
	l, diags := loadLibraries(src, own, outer, model)
	as.Diagnostics = append(as.Diagnostics, diags...)
	if l == nil {
		return
	}
	s := &materialSet{d: d, rows: l.resolveRows(), bySlot: map[[2]int][]formats.Material{}}
	d.Wear, d.WearFrom, d.Materials = l.wear, l.wearFrom, s.rows
	missing := 0
	for _, r := range s.rows {
		if r.Missing == "" {
			continue
		}
		if missing++; missing <= maxRowWarnings {
			as.Diagnostics = append(as.Diagnostics, formats.Diagnostic{Severity: formats.Warning, File: l.wearFrom, Offset: -1,
				Message: fmt.Sprintf("WEAR row %d (%s): %s; drawn untextured where nothing is found", r.Row, r.Name, r.Missing)})
		}
	}
	if missing > maxRowWarnings {
		as.Diagnostics = append(as.Diagnostics, formats.DiagWarnf(l.wearFrom, -1, "%d more WEAR rows name what is not found (inspect lists them)", missing-maxRowWarnings))
	}
	mats, mixed := s.meshMaterials(0, 0)
	s.bySlot[[2]int{}] = mats
	for _, m := range mats {
		if strings.HasPrefix(m.TextureRef, "(WEAR row") {
			as.Diagnostics = append(as.Diagnostics, formats.DiagWarnf(src.Name, -1, "mesh %d: a batch names %s: drawn untextured", m.Mesh, m.TextureRef))
		}
	}
	for _, name := range mixed {
		as.Diagnostics = append(as.Diagnostics, formats.DiagWarnf(src.Name, -1, "node %s: its batches name several materials; it is drawn with its first batch's", name))
	}
	as.Materials = s
	as.Validate = withWearCheck(as.Validate, d.f, src.Name, len(l.wear.Rows))
}

// withWearCheck adds to validate the check the format notes ask for once a WEAR
// table is known (§8.3: which batch word is the material index is disputed):
// a warning when batches name a row past the table by the word at +2 (the one
// drawn) or by the low byte of +4, with the first such batch of each.
func withWearCheck(validate func() []formats.Diagnostic, f *File, file string, rows int) func() []formats.Diagnostic {
	return func() []formats.Diagnostic {
		var ds []formats.Diagnostic
		if validate != nil {
			ds = validate()
		}
		w2, lo4, first2, first4 := 0, 0, -1, -1
		for i := range f.Batches {
			b := &f.Batches[i]
			if int(b.Material) >= rows {
				if w2++; first2 < 0 {
					first2 = i
				}
			}
			if int(b.Opaque4&0xFF) >= rows {
				if lo4++; first4 < 0 {
					first4 = i
				}
			}
		}
		if w2 > 0 || lo4 > 0 {
			ds = append(ds, formats.DiagWarnf(file, -1, "of %d batches, %d name a WEAR row past the table's %d by the word at +2 (drawn; first: batch %d) and %d by the low byte of +4 (first: batch %d)",
				len(f.Batches), w2, rows, first2, lo4, first4))
		}
		return ds
	}
}
