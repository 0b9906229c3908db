package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"animscope/formats"
	"animscope/formats/printable"
)

type inspectMesh struct {
	Name      string `json:"name"`
	Vertices  int    `json:"vertices"`
	Triangles int    `json:"triangles"`
	Node      int    `json:"node"`
	Skinned   bool   `json:"skinned"`
	Group     int    `json:"group"`
	Hidden    bool   `json:"hidden,omitempty"`
	// Geoset and Visible (M2 meshes only): the geoset id and whether the
	// scene draws the mesh by default.
	Geoset  *int  `json:"geoset,omitempty"`
	Visible *bool `json:"visible,omitempty"`
}

type inspectClip struct {
	Index    int    `json:"index"`
	Name     string `json:"name"`
	Unit     string `json:"unit"`
	Duration *f64   `json:"duration"`
	Seconds  *f64   `json:"seconds"`
	Frames   int    `json:"frames"`
}

type inspectNode struct {
	Index  int    `json:"index"`
	Name   string `json:"name"`
	Parent int    `json:"parent"`
}

// inspectDiag is one diagnostic. offset is the byte in the file the decoder
// read; line and col, always both or neither, a place in a text source: a .mif's
// diagnostic carries its compiled file's offset exactly as that IFF's does, and
// adds the line and column of the statement that wrote the byte.
type inspectDiag struct {
	Severity string `json:"severity"`
	File     string `json:"file"`
	Offset   *int64 `json:"offset,omitempty"`
	Line     *int   `json:"line,omitempty"`
	Col      *int   `json:"col,omitempty"`
	Message  string `json:"message"`
}

// inspectMaterial is one material of the scene's Materials capability, for any
// family that offers it: the mesh it draws, the texture as the file names it and
// the file found for it ("" when not found).
type inspectMaterial struct {
	Mesh       int    `json:"mesh"`
	TextureRef string `json:"texture_ref,omitempty"`
	Texture    string `json:"texture,omitempty"`
	Blend      string `json:"blend"`
	TwoSided   bool   `json:"two_sided,omitempty"`
	Unlit      bool   `json:"unlit,omitempty"`
	WrapU      bool   `json:"wrap_u"`
	WrapV      bool   `json:"wrap_v"`
}

type inspectOut struct {
	Files       []string          `json:"files"`
	Format      string            `json:"format"`
	UpAxis      string            `json:"up_axis"`
	Nodes       []inspectNode     `json:"nodes"`
	Meshes      []inspectMesh     `json:"meshes"`
	Materials   []inspectMaterial `json:"materials,omitempty"`
	Clips       []inspectClip     `json:"clips"`
	Diagnostics []inspectDiag     `json:"diagnostics"`
	Details     any               `json:"details,omitempty"`
	Character   *inspectCharacter `json:"character,omitempty"` // a character model with the game's tables
}

func finite(v float64) *f64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return nil
	}
	f := f64(v)
	return &f
}

func diagJSON(d formats.Diagnostic) inspectDiag {
	out := inspectDiag{Severity: d.Severity.String(), File: d.File, Message: d.Message}
	if d.Offset >= 0 {
		off := d.Offset
		out.Offset = &off
	}
	if d.Line > 0 {
		line, col := d.Line, d.Col
		out.Line, out.Col = &line, &col
	}
	return out
}

func describe(a *formats.Asset) inspectOut {
	if t, ok := a.Details.(formats.TableFiller); ok {
		t.FillTables() // built on demand: only inspect shows them
	}
	out := inspectOut{Files: a.Files, Format: a.Family, UpAxis: "y", Nodes: []inspectNode{}, Meshes: []inspectMesh{},
		Clips: []inspectClip{}, Diagnostics: []inspectDiag{}, Details: a.Details}
	if a.UpAxis == formats.UpZ {
		out.UpAxis = "z"
	}
	if a.Skeleton != nil {
		out.Nodes = make([]inspectNode, 0, a.Skeleton.Len())
		for _, i := range a.Skeleton.FileOrder() {
			out.Nodes = append(out.Nodes, inspectNode{Index: a.Skeleton.FileIndexOf(i), Name: a.Skeleton.Names[i], Parent: a.Skeleton.FileParentOf(i)})
		}
	}
	infos := a.MeshInfos() // deferred meshes are counted, not built
	out.Meshes = make([]inspectMesh, 0, len(infos))
	for _, m := range infos {
		node := m.Node
		if a.Skeleton != nil && node >= 0 && node < a.Skeleton.Len() {
			node = a.Skeleton.FileIndexOf(node)
		}
		im := inspectMesh{Name: m.Name, Vertices: m.Vertices, Triangles: m.Triangles,
			Node: node, Skinned: m.Skinned, Group: m.Group, Hidden: m.Hidden}
		if a.Family == formats.FamilyM2 {
			id, vis := m.Group, !m.Hidden
			im.Geoset, im.Visible = &id, &vis
		}
		out.Meshes = append(out.Meshes, im)
	}
	if a.Materials != nil {
		for _, m := range a.Materials.Materials() {
			out.Materials = append(out.Materials, inspectMaterial{Mesh: m.Mesh, TextureRef: m.TextureRef, Texture: m.Texture,
				Blend: m.Blend.String(), TwoSided: m.TwoSided, Unlit: m.Unlit, WrapU: m.WrapU, WrapV: m.WrapV})
		}
	}
	for i, c := range a.Clips {
		info := c.Info()
		out.Clips = append(out.Clips, inspectClip{Index: i, Name: info.Name, Unit: info.Unit, Duration: finite(info.Duration),
			Seconds: finite(info.Seconds()), Frames: info.Frames})
	}
	for _, d := range a.Diagnostics {
		out.Diagnostics = append(out.Diagnostics, diagJSON(d))
	}
	return out
}

// openForInspect opens the scene; a single file that is a container of scenes
// rather than a scene (an NRes archive holding several models) is described as it
// is, so that inspect lists its members.
func openForInspect(files []string, opts formats.Options) (*formats.Asset, error) {
	if len(files) == 1 {
		a, err := formats.OpenFile(files[0], opts)
		if err != nil {
			return nil, err
		}
		if a.Skeleton == nil && a.StandIn == nil && len(a.ClipBinders) == 0 && len(a.MeshBinders) == 0 {
			// validate's verdict on the container and the scenes it holds
			// (formats.Open gives it for scenes).
			if err := formats.ArchiveError(a, opts); err != nil {
				return nil, err
			}
			return &a.Asset, nil // not a scene: described as the file gives it
		}
		// formats.Open for the part already decoded (decoding again would
		// hold the file's tree twice)
		if err := formats.FirstError(formats.Verdict(&a.Asset)); err != nil {
			return nil, err
		}
		return formats.Merge([]*formats.Part{a})
	}
	return formats.Open(files, opts)
}

// inspectFlags are inspect's flags for files (a MOUNT takes newBatchFlags').
type inspectFlags struct {
	opt    optionFlags
	asJSON *bool
}

func newInspectFlags() (*flag.FlagSet, *inspectFlags) {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	f := &inspectFlags{}
	f.opt.register(fs)
	f.asJSON = fs.Bool("json", false, "print one JSON object")
	return fs, f
}

func runInspect(args []string, stdout, stderr io.Writer) int {
	if _, ok := batchMount("inspect", args); ok {
		return runBatch("inspect", args, stdout, stderr) // a folder or an archive: every model in it
	}
	if err := batchFlagsOffMount("inspect", args, flagSetOf(newInspectFlags)()); err != nil {
		return exitFor("inspect", err, stderr) // the first argument is no mount: why, before the flags
	}
	fs, f := newInspectFlags()
	files, opts, err := parseFiles(fs, &f.opt, args)
	if err != nil {
		return exitFor("inspect", err, stderr)
	}
	opts.DeferMeshes = true // meshes are counted, never built (describe)
	a, err := openForInspect(files, opts)
	if err != nil && len(files) == 1 {
		// A file that is no scene but data (a texture `texture` reads, a shader
		// template, a client database): described (or refused) as its kind says.
		if d, isData, derr := dataVerdictOf(files[0]); isData {
			if derr != nil {
				return exitFor("inspect", derr, stderr)
			}
			return inspectDataFile(d, files[0], *f.asJSON, stdout, stderr)
		}
	}
	if err != nil {
		return exitFor("inspect", err, stderr)
	}
	out := describe(a)
	character, charDiags := characterOf(files, out.Format)
	out.Character = character
	for _, d := range charDiags {
		out.Diagnostics = append(out.Diagnostics, diagJSON(d))
		fmt.Fprintf(stderr, "warning: %s\n", d)
	}
	details, err := json.Marshal(out.Details)
	if err != nil {
		// A value JSON cannot carry (NaN in a reading of uncertain fields):
		// printed as null rather than failing.
		out.Details, details = jsonSafe(out.Details), nil
	}
	if *f.asJSON {
		details = nil // writeJSON marshals out whole
		return writeJSON(out, stdout, stderr)
	}
	printInspect(stdout, a, out, details)
	printCharacter(stdout, out.Character)
	return exitOK
}

// printInspect writes out as text; details, when not nil, is out.Details
// marshaled already (tens of MB for a large MSH model: not marshaled twice).
func printInspect(w io.Writer, a *formats.Asset, out inspectOut, details []byte) {
	fmt.Fprintf(w, "files:   %s\nformat:  %s (up axis %s)\n", printable.Name(strings.Join(out.Files, " ")), out.Format, out.UpAxis)
	fmt.Fprintf(w, "nodes:   %d\n", len(out.Nodes))
	for _, n := range out.Nodes {
		fmt.Fprintf(w, "  %4d %-32s parent %d\n", n.Index, printable.Name(n.Name), n.Parent)
	}
	verts, tris := 0, 0
	for _, m := range out.Meshes {
		verts += m.Vertices
		tris += m.Triangles
	}
	fmt.Fprintf(w, "meshes:  %d (%s, %s)\n", len(out.Meshes), plural(verts, "vertex", "vertices"), plural(tris, "triangle", "triangles"))
	printGeosets(w, a)
	printSlots(w, a)
	if len(out.Materials) > 0 {
		fmt.Fprintf(w, "materials: %d\n", len(out.Materials))
		for _, m := range out.Materials {
			tex := "no texture"
			switch {
			case m.Texture != "":
				tex = fmt.Sprintf("%q (%s)", m.TextureRef, m.Texture)
			case m.TextureRef != "":
				tex = fmt.Sprintf("%q (not found)", m.TextureRef)
			}
			name := ""
			if m.Mesh >= 0 && m.Mesh < len(out.Meshes) {
				name = " " + printable.Name(out.Meshes[m.Mesh].Name)
			}
			fmt.Fprintf(w, "  mesh %3d%s: %s, %s\n", m.Mesh, name, tex, m.Blend)
		}
	}
	fmt.Fprintf(w, "clips:   %d\n", len(out.Clips))
	for _, c := range out.Clips {
		dur, sec := "infinite", "infinite"
		if c.Duration != nil {
			dur = fmtDuration(float64(*c.Duration), c.Unit) + " " + c.Unit
		}
		if c.Seconds != nil {
			sec = fmt.Sprintf("%.3g s", float64(*c.Seconds))
		}
		frames := "" // a family without a frame grid (M2, VCA) has no frame count
		if c.Frames > 0 {
			frames = ", " + plural(c.Frames, "frame", "frames")
		}
		fmt.Fprintf(w, "  %3d %-32s %s (%s)%s\n", c.Index, printable.Name(c.Name), dur, sec, frames)
	}
	if out.Details != nil {
		fmt.Fprintln(w, "details:")
		printDetails(w, out.Details, details)
	}
	if len(a.Diagnostics) > 0 {
		fmt.Fprintf(w, "diagnostics: %d\n", len(a.Diagnostics))
		for _, d := range a.Diagnostics {
			fmt.Fprintf(w, "  %s: %s\n", d.Severity, d)
		}
	}
}

// printDetails writes a decoder's JSON-marshalable details as indented key: value
// lines (through a JSON round trip, so decoders need one representation only).
func printDetails(w io.Writer, v any, b []byte) {
	if b == nil {
		var err error
		if b, err = json.Marshal(v); err != nil {
			fmt.Fprintf(w, "  (details cannot be shown: %v)\n", err)
			return
		}
	}
	if !json.Valid(b) {
		fmt.Fprintf(w, "  (details cannot be shown: %v)\n", json.Unmarshal(b, new(any)))
		return
	}
	writeRaw(w, "  ", b)
}

// writeRaw writes the JSON value raw as indented key: value lines (object keys
// sorted, arrays of scalars on one line), decoding a piece at a time: decoding
// all of an MSH model's tables at once (65,534 nodes) held several times their text.
func writeRaw(w io.Writer, indent string, raw []byte) {
	switch firstByte(raw) {
	case '{':
		members := objectMembers(raw)
		keys := make([]string, 0, len(members))
		for k := range members {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if v := members[k]; scalarRaw(v) {
				fmt.Fprintf(w, "%s%s: %s\n", indent, k, scalarText(decodeRaw(v)))
			} else {
				fmt.Fprintf(w, "%s%s:\n", indent, k)
				writeRaw(w, indent+"  ", v)
			}
			members[k] = nil // written: let it go
		}
	case '[':
		allScalar := true
		eachRaw(raw, func(_ int, e json.RawMessage) { allScalar = allScalar && scalarRaw(e) })
		if allScalar {
			var parts []string
			eachRaw(raw, func(_ int, e json.RawMessage) { parts = append(parts, scalarText(decodeRaw(e))) })
			fmt.Fprintf(w, "%s[%s]\n", indent, strings.Join(parts, ", "))
			return
		}
		eachRaw(raw, func(i int, e json.RawMessage) {
			if scalarRaw(e) {
				fmt.Fprintf(w, "%s- %s\n", indent, scalarText(decodeRaw(e)))
				return
			}
			fmt.Fprintf(w, "%s- [%d]\n", indent, i)
			writeRaw(w, indent+"  ", e)
		})
	default:
		fmt.Fprintf(w, "%s%s\n", indent, scalarText(decodeRaw(raw)))
	}
}

// objectMembers maps each key of the JSON object raw to its value, a slice of
// raw (not a copy: an MSH model's tables are tens of MB); a repeated key keeps
// its last value, as json.Unmarshal does.
func objectMembers(raw []byte) map[string]json.RawMessage {
	members := map[string]json.RawMessage{}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // {
		return members
	}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return members
		}
		key, _ := kt.(string)
		start := dec.InputOffset()
		for depth := 0; ; {
			t, err := dec.Token()
			if err != nil {
				return members
			}
			if d, ok := t.(json.Delim); ok {
				if d == '{' || d == '[' {
					depth++
				} else {
					depth--
				}
			}
			if depth == 0 {
				break
			}
		}
		members[key] = bytes.TrimLeft(raw[start:dec.InputOffset()], ": \t\r\n")
	}
	return members
}

// eachRaw calls f with each element of the JSON array raw, in order.
func eachRaw(raw []byte, f func(i int, e json.RawMessage)) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // [
		return
	}
	for i := 0; dec.More(); i++ {
		var e json.RawMessage
		if dec.Decode(&e) != nil {
			return
		}
		f(i, e)
	}
}

func firstByte(raw []byte) byte {
	for _, c := range raw {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}

// scalarRaw says the JSON value raw is neither an object nor an array.
func scalarRaw(raw []byte) bool { c := firstByte(raw); return c != '{' && c != '[' }

func decodeRaw(raw []byte) any {
	var v any
	json.Unmarshal(raw, &v)
	return v
}

func scalarText(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return fmt.Sprintf("%q", x)
	case float64:
		return fmt.Sprintf("%g", x)
	default:
		return fmt.Sprint(x)
	}
}
