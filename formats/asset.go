// Package formats holds animscope's neutral scene (Asset: skeleton, meshes, clips,
// diagnostics and capabilities) and Open, which sniffs a file's content and hands
// it to the decoder that registered for it (the image/image.RegisterFormat idiom).
// A decoder returns a Part per file; Merge binds the parts of a scene around one
// skeleton. Decoders live in sub-packages and register themselves in init, with
// the readings their specs leave open (Reading) and the rules their files allow
// (Traits); a binary imports them for effect. Files that are not scenes register
// beside them in the same way: data kinds (RegisterData: textures, shader
// templates, client databases, M2 companions), each with its sniff
// and its verdict, and texture kinds (RegisterTexture: BLP, DDS, Texm, PNG,
// JPEG), which every reader of a texture goes through.
package formats

import (
	"fmt"
	"strings"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// Family names, as printed in `sample --json` "format".
const (
	FamilyMSH = "msh"
	FamilyM2  = "m2"
	FamilySWG = "swg"
	FamilyVCA = "vca"
)

// Up axes for the viewer's camera.
const (
	UpY = 1
	UpZ = 2
)

// Asset is one scene: a skeleton, its meshes and the clips bound to it. A scene
// from Open, OpenData or Merge always has a skeleton, validated there once. Inside
// a Part (one decoded file), the Asset is what that file gives on its own, and its
// Skeleton may be nil.
type Asset struct {
	Files []string
	// Read are the other files on disk that decoding read (an M2's .skin and
	// .anim files): no command writes over them either (export's --out). They
	// are not scene files: messages and listings name Files only.
	Read   []string
	Family string
	// Skeleton is nil in a Part whose file only carries clips or meshes that bind
	// to a skeleton by name (see Part); a scene always has one.
	Skeleton *anim.Skeleton
	Meshes   []Mesh
	// DeferredMeshes, when set, are meshes the decoder has not built yet; they
	// come before Meshes (see LoadMeshes, MeshInfos).
	DeferredMeshes MeshSource
	Clips          []anim.Clip
	// ConjugatedRotation says that Transform.Q holds the conjugate of the file's own
	// quaternion (MSH: the formula's q is conj of the engine quaternion). Printers
	// conjugate back so that `local.r` is the quaternion as decoded.
	ConjugatedRotation bool
	UpAxis             int
	// MirrorX asks the viewer to show the scene mirrored in X (SWG's left-handed space).
	MirrorX bool

	Diagnostics []Diagnostic
	// Details is the family-specific part of `inspect`: a JSON-marshalable value
	// (a struct or map) printed under "details" by `inspect --json` and as indented
	// key: value lines by `inspect`. Nothing else reads it: what a program may do
	// with a scene beyond its meshes and clips is a capability below.
	Details any

	// Capabilities: each is nil unless the family offers it.
	Slots      Slotter     // the meshes depend on a slot pair (MSH)
	Billboards Billboarder // some nodes turn to face the camera (M2)
	Materials  Materials   // the meshes carry materials and textures (M2)

	// StandInSkeleton says that no file of the scene gave a skeleton and the scene
	// is posed on the stand-in one a clip or mesh file offers (Part.StandIn: an SWG
	// .ans or .mgn without its .skt): meshes may tear. Merge also adds a warning.
	StandInSkeleton bool
	// MeshesInBindPose says that the meshes must be drawn (and exported) in their
	// bind pose while the skeleton plays the clip: the scene stands on a stand-in
	// skeleton whose joints are not the ones the meshes were bound in (SWG's flat
	// stand-in of joint names, every joint at the origin), so skinning them by
	// the clip would tear them. Merge sets it and says so in its warning.
	MeshesInBindPose bool

	// checked: Merge (or CheckScene) found the skeleton present and valid.
	checked bool

	// Validate, when set, runs the family's full validation (beyond what decoding
	// already reported) and returns its diagnostics. `validate` calls it.
	Validate func() []Diagnostic
}

// CheckScene reports whether a can be posed as a scene: it has a skeleton, and
// the skeleton is valid. A scene from Open, OpenData or Merge was checked there,
// once, and passes at no cost; an Asset put together otherwise (a test, a custom
// viewer loader) is checked on the first call.
func (a *Asset) CheckScene() error {
	if a.checked {
		return nil
	}
	if a.Skeleton == nil {
		return fmt.Errorf("%s: the scene has no skeleton", strings.Join(a.Files, ", "))
	}
	if err := a.Skeleton.Validate(); err != nil {
		return fmt.Errorf("%s: %w", strings.Join(a.Files, ", "), err)
	}
	a.checked = true
	return nil
}

// Part is what a decoder returns for one file (or archive member): what the file
// gives on its own (Asset, whose Skeleton may be nil) and what binding it into a
// scene needs. Merge turns parts into a scene.
type Part struct {
	Asset
	// ClipBinders and MeshBinders are clips and meshes that need a skeleton from
	// another file of the scene (SWG .ans and .mgn, VoxelCore .vca); Merge binds
	// them to the scene's skeleton by name.
	ClipBinders []ClipBinder
	MeshBinders []MeshBinder
	// StandIn is a skeleton to use when no file of the scene gives one (an SWG .ans
	// alone gets one root joint per animated name).
	StandIn *anim.Skeleton
	// StandInIsBind says that StandIn is the skeleton the part's meshes were
	// bound in (an SWG .mgn whose named .skt was found), so a clip may deform
	// them; otherwise a scene standing on StandIn draws its meshes in bind pose
	// (Asset.MeshesInBindPose).
	StandInIsBind bool
	// Archive is set when the file holds several scenes rather than being one (an
	// NRes archive of models): it names them.
	Archive Archive
}

// Mesh is one drawable part. Vertices are either skinned (Joints and Weights, up to
// four influences per vertex, indices into the skeleton) or rigid (Node >= 0: every
// vertex belongs to that node, in its frame after inverseBind).
type Mesh struct {
	Name      string
	Positions []mgl32.Vec3
	Normals   []mgl32.Vec3 // may be nil
	UVs       []mgl32.Vec2 // may be nil
	Colors    []mgl32.Vec4 // may be nil
	Joints    [][4]uint16  // nil for a rigid mesh
	Weights   [][4]float32 // nil for a rigid mesh
	Indices   []uint32     // triangle list
	Node      int          // rigid: the node every vertex follows; −1 when skinned
	// Joints2 and Weights2, when not nil, hold each vertex's fifth to eighth
	// influences (glTF JOINTS_1/WEIGHTS_1; SWG meshes have up to 6 per vertex).
	// Unused slots have weight 0.
	Joints2  [][4]uint16
	Weights2 [][4]float32
	// Group is a selectable subset id (M2 geoset id, SWG shader index); Hidden says
	// the part is off by default.
	Group  int
	Hidden bool
}

// Slotter rebuilds a scene's meshes for another slot pair (MSH: slot A is the
// level of detail or damage state, slot B the group).
type Slotter interface {
	SlotMeshes(a, b int) []Mesh
}

// Billboarder lists, per skeleton node, how the node turns to face the camera
// after the pose is composed (anim.BillboardNone … anim.BillboardCylindricalZ).
// It is a view-dependent post-step: the viewer and `render` apply it, `sample`,
// `diff` and export have no camera and report the composed pose.
type Billboarder interface {
	BillboardModes() []uint8
}

// Archive is a file that holds several scenes rather than being one (an NRes
// archive of models); Scenes names each as a file name Open accepts
// ("archive.rlb:MEMBER.msh").
type Archive interface {
	Scenes() []string
}

// ClipBinder is a clip that binds to a skeleton by node name.
type ClipBinder interface {
	Name() string
	Bind(s *anim.Skeleton) (anim.Clip, []Diagnostic)
}

// MeshBinder is a mesh that binds to a skeleton by joint name.
type MeshBinder interface {
	Bind(s *anim.Skeleton) ([]Mesh, []Diagnostic)
}

// Severity of a diagnostic.
type Severity int

const (
	Warning Severity = iota
	Error
)

func (s Severity) String() string {
	if s == Error {
		return "error"
	}
	return "warning"
}

// Diagnostic is one finding about a file. Offset is a byte offset (−1 when unknown);
// Line and Col are 1-based positions in a text file (0 when unknown).
type Diagnostic struct {
	Severity Severity
	File     string
	Offset   int64
	Line     int
	Col      int
	Message  string
}

// String formats d as `FILE: offset 0x…: message` (or `FILE:LINE:COL: message`).
func (d Diagnostic) String() string {
	switch {
	case d.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Col, d.Message)
	case d.Offset >= 0:
		return fmt.Sprintf("%s: offset 0x%x: %s", d.File, d.Offset, d.Message)
	default:
		return fmt.Sprintf("%s: %s", d.File, d.Message)
	}
}

// HasErrors reports whether any diagnostic is an error.
func HasErrors(ds []Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// DiagErrorf makes an error diagnostic at a byte offset.
func DiagErrorf(file string, offset int64, format string, args ...any) Diagnostic {
	return Diagnostic{Severity: Error, File: file, Offset: offset, Message: fmt.Sprintf(format, args...)}
}

// DiagWarnf makes a warning diagnostic at a byte offset.
func DiagWarnf(file string, offset int64, format string, args ...any) Diagnostic {
	return Diagnostic{Severity: Warning, File: file, Offset: offset, Message: fmt.Sprintf(format, args...)}
}

// FileError is a decoding failure that stops a file from opening. Its message is
// the contract's `FILE: offset 0x…: what is wrong`.
type FileError struct {
	File   string
	Offset int64 // −1 when unknown
	Line   int   // text files
	Col    int
	Msg    string
}

func (e *FileError) Error() string {
	return Diagnostic{File: e.File, Offset: e.Offset, Line: e.Line, Col: e.Col, Message: e.Msg}.String()
}

// FileErrorf returns a *FileError at a byte offset.
func FileErrorf(file string, offset int64, format string, args ...any) error {
	return &FileError{File: file, Offset: offset, Msg: fmt.Sprintf(format, args...)}
}

// LineErrorf returns a *FileError at a line and column of a text file.
func LineErrorf(file string, line, col int, format string, args ...any) error {
	return &FileError{File: file, Offset: -1, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}
