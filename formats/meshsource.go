package formats

// MeshSource builds meshes a decoder deferred. A file whose meshes are many times
// its own size (a VoxelCore box is 40 bytes of text and about 900 bytes of vertex
// data) hands its meshes over as a MeshSource, so that what draws nothing (validate,
// sample, diff) or only counts (inspect) never holds the vertex data.
type MeshSource interface {
	// Infos describes each mesh as Build would build it, without its vertex data.
	Infos() []MeshInfo
	// Build builds the meshes, in the order Infos lists them.
	Build() []Mesh
}

// MeshInfo is what inspect tells of a mesh: everything but its vertex data.
type MeshInfo struct {
	Name      string
	Vertices  int
	Triangles int
	Node      int
	Skinned   bool
	Group     int
	Hidden    bool
}

// Info describes m.
func (m *Mesh) Info() MeshInfo {
	return MeshInfo{Name: m.Name, Vertices: len(m.Positions), Triangles: len(m.Indices) / 3, Node: m.Node,
		Skinned: m.Joints != nil, Group: m.Group, Hidden: m.Hidden}
}

// LoadMeshes builds the meshes a decoder deferred (Asset.DeferredMeshes), once,
// ahead of those already in Meshes. Open, OpenFile and OpenData call it unless
// Options.DeferMeshes asks them not to; whoever reads Meshes of such a scene
// calls it first (it costs nothing when nothing is deferred).
func (a *Asset) LoadMeshes() {
	if a.DeferredMeshes == nil {
		return
	}
	built := a.DeferredMeshes.Build()
	a.DeferredMeshes = nil
	if len(a.Meshes) > 0 {
		built = append(built[:len(built):len(built)], a.Meshes...)
	}
	a.Meshes = built
}

// MeshInfos describes every mesh of a, deferred or built, in the order
// LoadMeshes would put them, without building any.
func (a *Asset) MeshInfos() []MeshInfo {
	var out []MeshInfo
	if a.DeferredMeshes != nil {
		out = a.DeferredMeshes.Infos()
	}
	for i := range a.Meshes {
		out = append(out, a.Meshes[i].Info())
	}
	return out
}

// MeshCount is how many meshes a has, deferred or built.
func (a *Asset) MeshCount() int {
	n := len(a.Meshes)
	if a.DeferredMeshes != nil {
		n += len(a.DeferredMeshes.Infos())
	}
	return n
}

// TableFiller is a Details value (Asset.Details) that builds its large tables only
// on demand (an MSH model's node, slot and batch tables): whoever prints or
// marshals Details calls FillTables first, as inspect does.
type TableFiller interface {
	FillTables()
}
