package viewer

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"animscope/anim"
	"animscope/formats"
)

// Loader opens the files of one scene. No files means the built-in demo.
type Loader func(files []string, opts formats.Options) (*formats.Asset, error)

// Scene is one opened scene and the buffers to pose it.
type Scene struct {
	Asset *formats.Asset
	// matCtx is the scene's material sampling state for matOf, the asset's
	// materials when they keep one (formats.ContextMaterials).
	matOf  formats.ContextMaterials
	matCtx formats.MaterialContext
	// Files are the names the scene was opened from; nil for the demo.
	Files []string
	Opts  formats.Options
	Skel  *anim.Skeleton
	// Clips are the asset's clips, or the bind pose when it has none.
	Clips []anim.Clip
	Infos []anim.ClipInfo
	// Meshes are drawn (the asset's, or a slot's from SlotMeshes).
	Meshes []formats.Mesh
	Pose   *anim.Pose
	// Children lists each node's children, for the node tree.
	Children [][]int32
	Roots    []int32
	// Gen changes whenever the meshes change, so the renderer re-uploads.
	Gen Revision
	// Textures are the texture files of the meshes' materials as the renderer
	// read them (filled when the meshes are uploaded).
	Textures []SceneTexture
	// TexturesGen is the Gen the Textures were read for.
	TexturesGen Revision
	skin        string // the skin UseSkin chose ("": the decoder's default)
	mtimes      []time.Time
	// RootMotion applies the clip's locomotion (locomotionClip) as the root.
	RootMotion bool
	optsKey    string // Opts.Key(), for caches keyed by reading
	bb         *billboards
	// bindSkin is the skin palette of the bind pose, for a scene whose meshes
	// stay in bind pose while the skeleton plays (formats.Asset.MeshesInBindPose;
	// nil otherwise): DrawnPose and the framing skin the meshes with it.
	bindSkin []anim.Affine
	// labels are the nodes' names as the panels show them (NodeLabel).
	labels   []string
	Readings sceneReadings
	// char is the scene's Character (charFound: looked for already).
	char      *Character
	charFound bool
}

// A Revision names one state of one scene's meshes: NewScene gives a scene its
// first, and every change of what is drawn (a slot, geosets, a skin, a texture
// slot, a character's dress) its next. Two scenes never share a revision, so a
// cache keyed by one (compared with ==) sees both a reload and a change of the
// meshes. The scene's identity is a token it allocates, not a package counter:
// scenes of different viewers (or tests) share nothing, and a cache that holds
// a revision keeps only the token, not the scene, alive. The zero Revision is no
// scene's.
type Revision struct {
	scene *sceneToken
	n     int
}

// sceneToken is a scene's identity in its revisions; it is not empty, so every
// token has an address of its own.
type sceneToken struct{ _ byte }

// nextRevision gives the scene its next revision (see Revision).
func (sc *Scene) nextRevision() { sc.Gen = Revision{sc.Gen.scene, sc.Gen.n + 1} }

// NewScene wraps a decoded asset.
func NewScene(a *formats.Asset, files []string, opts formats.Options) (*Scene, error) {
	if a == nil {
		return nil, errors.New("the decoder returned no scene")
	}
	if err := a.CheckScene(); err != nil {
		return nil, err
	}
	n := a.Skeleton.Len()
	sc := &Scene{Asset: a, Files: files, Opts: opts, Skel: a.Skeleton, Meshes: a.Meshes, Pose: anim.NewPose(n),
		optsKey: opts.Key(), bb: newBillboards(a, n), Readings: newSceneReadings(a.Family, opts)}
	sc.Clips = a.Clips
	if len(sc.Clips) == 0 {
		sc.Clips = []anim.Clip{anim.BindPose{}}
	}
	for _, c := range sc.Clips {
		sc.Infos = append(sc.Infos, c.Info())
	}
	sc.Children = make([][]int32, n)
	for i, p := range a.Skeleton.Parents {
		if p < 0 {
			sc.Roots = append(sc.Roots, int32(i))
		} else {
			sc.Children[p] = append(sc.Children[p], int32(i))
		}
	}
	sc.labels = make([]string, n)
	for i, name := range a.Skeleton.Names {
		sc.labels[i] = name
		if strings.TrimSpace(name) == "" {
			sc.labels[i] = unnamedNode
		}
	}
	if a.MeshesInBindPose {
		rest := anim.NewPose(n)
		rest.Evaluate(sc.Skel, &anim.PoseRequest{Rest: true})
		sc.bindSkin = rest.Skin
	}
	sc.Gen = Revision{scene: new(sceneToken), n: 1}
	sc.mtimes = statFiles(files)
	return sc, nil
}

// unnamedNode is how the panels show a node whose file gives it no name (a
// VoxelCore skeleton's root), rather than a blank row.
const unnamedNode = "(unnamed)"

// NodeLabel is node i's name as the panels show it: its name, or unnamedNode
// for a node without one. Lookups by name (reloads, matching, the command
// line) use Skel.Names.
func (sc *Scene) NodeLabel(i int) string { return sc.labels[i] }

// startClip is the clip a newly opened scene plays: its first stand clip
// (anim.StandClip: M2's animation id 0) when it has one, else clip 0. The
// command line's --clip keeps its default of 0.
func (sc *Scene) startClip() int {
	for i, c := range sc.Clips {
		if st, ok := c.(anim.StandClip); ok && st.Stand() {
			return i
		}
	}
	return 0
}

// MeshesInBindPose says that the meshes are drawn in bind pose while the
// skeleton plays (formats.Asset.MeshesInBindPose).
func (sc *Scene) MeshesInBindPose() bool { return sc != nil && sc.bindSkin != nil }

// meshSkin is the palette that skins the meshes of pose p: p's own, or the bind
// palette of a scene whose meshes stay in bind pose.
func (sc *Scene) meshSkin(p *anim.Pose) []anim.Affine {
	if sc.bindSkin != nil {
		return sc.bindSkin
	}
	return p.Skin
}

// Name is a short title for the scene.
// HasBranch reports whether the scene's family samples with a fallback branch
// (formats.Traits.FallbackBranch): only then do the key table, the dope sheet and
// the compare views show "mapped" and "fallback".
func (sc *Scene) HasBranch() bool { return formats.TraitsOf(sc.Asset.Family).FallbackBranch }

func (sc *Scene) Name() string {
	if len(sc.Files) == 0 {
		return "demo"
	}
	return strings.Join(sc.Files, " + ")
}

// ShortName is the scene's files by base name ("body.sat + walk.ans"; an
// archive member by its member name), or "demo".
func (sc *Scene) ShortName() string {
	if len(sc.Files) == 0 {
		return "demo"
	}
	names := make([]string, len(sc.Files))
	for i, f := range sc.Files {
		names[i] = filepath.Base(f)
		if n := formats.ParseName(f); n.IsMember() && !n.Info().IsDir() {
			names[i] = n.Base()
		}
	}
	return strings.Join(names, " + ")
}

// setSlot replaces the drawn meshes with the slot pair's, when the asset has slots.
func (sc *Scene) setSlot(a, b int) error {
	sl := sc.Asset.Slots
	if sl == nil {
		return errors.New("this scene has no slots")
	}
	var meshes []formats.Mesh
	if p := guarded(func() { meshes = sl.SlotMeshes(a, b) }); p != nil {
		return fmt.Errorf("slot (%d, %d): %v", a, b, p)
	}
	sc.Meshes = meshes
	sc.nextRevision()
	return nil
}

// clipIndex finds a clip by name (for keeping the clip across a reload), or −1.
func (sc *Scene) clipIndex(name string) int {
	for i, in := range sc.Infos {
		if in.Name == name {
			return i
		}
	}
	return -1
}

// Evaluate poses the scene for req through the pose pipeline
// (anim.Pose.Evaluate): sample, blend, root, local-to-model and the skin palette.
// It allocates nothing.
func (sc *Scene) Evaluate(req *anim.PoseRequest) anim.BlendResult {
	return sc.Pose.Evaluate(sc.Skel, req)
}

// evaluateRest poses the scene at rest (anim.PoseRequest.Rest): the bind pose when
// the skeleton's constants define one, and otherwise (MSH, whose nodes are placed
// by the clip alone) clip a at its first frame.
func (sc *Scene) evaluateRest(a int) {
	sc.Pose.Evaluate(sc.Skel, &anim.PoseRequest{A: sc.Clips[a], Rest: true, Probes: true})
}

// restIsBind says whether the rest pose is the bind pose (the skeleton has offsets
// or inverse binds, or the scene has no clip).
func (sc *Scene) restIsBind() bool {
	return sc.Skel.HasBindPose() || len(sc.Asset.Clips) == 0
}

// keyCount sums the key records of the probes (for the statistics line).
func keyCount(probes []anim.Probe) int {
	n := 0
	for i := range probes {
		n += probes[i].Len()
	}
	return n
}

// safeLoad runs a loader and builds the scene under formats.Guard, so a decoder
// panic comes back as an error naming the files.
func safeLoad(l Loader, files []string, opts formats.Options) (*Scene, error) {
	return formats.Guard(nameOf(files), func() (*Scene, error) {
		a, err := l(files, opts)
		if err != nil {
			return nil, err
		}
		return NewScene(a, files, opts)
	})
}

func nameOf(files []string) string {
	if len(files) == 0 {
		return "demo"
	}
	return strings.Join(files, ", ")
}

// StatPath is the file to watch for a scene name (an archive member
// "archive.rlb:MEMBER" watches the archive).
func StatPath(name string) string {
	p, _ := watched(formats.ParseName(name))
	return p
}

// watched is StatPath for a name already parsed, and what the name's lookup
// found there (nil when nothing is): a member of a game data folder watches
// its whole name, which is no file (the folder changes with every file in it).
func watched(n formats.Name) (string, fs.FileInfo) {
	if !n.IsMember() {
		return n.String(), n.Info()
	}
	if !n.Info().IsDir() {
		return n.Archive, n.Info()
	}
	return n.String(), nil
}

func statFiles(files []string) []time.Time {
	out := make([]time.Time, len(files))
	for i, f := range files {
		if _, st := watched(formats.ParseName(f)); st != nil {
			out[i] = st.ModTime()
		}
	}
	return out
}

// Changed reports whether any of the scene's files has a new modification time
// (or appeared or vanished) since it was opened.
func (sc *Scene) Changed() bool {
	now := statFiles(sc.Files)
	for i := range now {
		if i >= len(sc.mtimes) || !now[i].Equal(sc.mtimes[i]) {
			return true
		}
	}
	return false
}

// locomotionClip is a clip that carries root motion (anim.LocomotionClip).
type locomotionClip = anim.LocomotionClip
