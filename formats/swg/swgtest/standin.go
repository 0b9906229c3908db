package swgtest

import (
	"os"
	"path/filepath"

	"animscope/formats/swg"

	"github.com/go-gl/mathgl/mgl32"
)

// Paths of the stand-in scene (WriteStandInScene), relative to its root.
const (
	StandInAppearance = "appearance/standin.sat"
	StandInMesh       = "appearance/mesh/standin_l0.mgn"
	StandInSkeleton   = "appearance/skeleton/standin.skt" // named, written only on request
	StandInClip       = "appearance/animation/standin_wave.ans"
	// StandInFrames is the clip's last frame (frame 0 to 40 at 30 frames a second).
	StandInFrames = 40
)

// StandInParts are the stand-in scene's skeleton (two joints, "root" at the
// origin and "arm" one unit up), its mesh (a quad skinned to both joints, in the
// skeleton's bind pose) and a clip that turns and lifts both joints over its 40
// frames, so that a mesh skinned by the clip moves at every frame but 0.
func StandInParts() (*swg.SkeletonTemplate, *swg.MeshGen, *swg.Animation) {
	id := mgl32.QuatIdent()
	sk := &swg.SkeletonTemplate{
		Version: "0002",
		Names:   []string{"root", "arm"},
		Parents: []int32{-1, 0},
		RPRE:    []mgl32.Quat{id, id},
		RPST:    []mgl32.Quat{id, id},
		BPTR:    []mgl32.Vec3{{0, 0, 0}, {0, 1, 0}},
		BPRO:    []mgl32.Quat{id, id},
		JROR:    []uint32{0, 0},
	}
	m := &swg.MeshGen{Version: "0004", Skeletons: []string{StandInSkeleton}, XFNM: []string{"root", "arm"},
		Positions:  []mgl32.Vec3{{-0.5, 0, 0}, {0.5, 0, 0}, {0.5, 2, 0}, {-0.5, 2, 0}},
		Normals:    []mgl32.Vec3{{0, 0, 1}},
		WeightHead: []int32{1, 1, 1, 2},
		Weights: []swg.Weight{{Joint: 0, Weight: 1}, {Joint: 0, Weight: 1}, {Joint: 1, Weight: 1},
			{Joint: 0, Weight: 0.5}, {Joint: 1, Weight: 0.5}},
		Shaders: []swg.PerShader{{Shader: "shader/standin.sht", PIDX: []int32{0, 1, 2, 3}, NIDX: []int32{0, 0, 0, 0},
			Triangles: []uint32{0, 1, 2, 0, 2, 3}}},
	}
	frames := []int32{0, 20, StandInFrames}
	a := &swg.Animation{Kind: "KFAT", Version: "0003", FPS: 30, FrameCount: StandInFrames,
		Rot: []swg.QuatChannel{
			{Frames: frames, Keys: []mgl32.Quat{id, swg.AxisAngle(0.8, mgl32.Vec3{0, 0, 1}), swg.AxisAngle(1.2, mgl32.Vec3{0, 0, 1})}},
			{Frames: frames, Keys: []mgl32.Quat{id, swg.AxisAngle(-0.6, mgl32.Vec3{1, 0, 0}), swg.AxisAngle(0.4, mgl32.Vec3{1, 0, 0})}},
		},
		Trans:       []swg.ScalarChannel{{Frames: frames, Values: []float32{0, 0.5, 1}}},
		StaticTrans: []float32{0, 0, 0, 0, 0},
		Xforms: []swg.XformInfo{
			{Name: "root", AnimatedRot: true, RotIndex: 0, TransMask: swg.MaskTransY, TransIdx: [3]int32{0, 0, 1}},
			{Name: "arm", AnimatedRot: true, RotIndex: 1, TransIdx: [3]int32{2, 3, 4}},
		},
	}
	return sk, m, a
}

// WriteStandInScene writes under root the stand-in scene: a .sat naming the
// mesh and a skeleton, the mesh (which names the same skeleton) and the clip;
// the skeleton itself only when withSkeleton. Without it, the .sat and the clip
// open on SWG's flat stand-in skeleton of joint names.
func WriteStandInScene(root string, withSkeleton bool) error {
	sk, m, a := StandInParts()
	files := map[string][]byte{
		StandInAppearance: EncodeAppearance(&swg.Appearance{Version: "0003", Meshes: []string{StandInMesh},
			Skeletons: []swg.SkeletonRef{{Path: StandInSkeleton}}}),
	}
	var err error
	if files[StandInMesh], err = EncodeMeshGen(m); err != nil {
		return err
	}
	if files[StandInClip], err = EncodeAnimation(a); err != nil {
		return err
	}
	if withSkeleton {
		if files[StandInSkeleton], err = EncodeSKTM(sk); err != nil {
			return err
		}
	}
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := WriteFileAtomic(p, data); err != nil {
			return err
		}
	}
	return nil
}
