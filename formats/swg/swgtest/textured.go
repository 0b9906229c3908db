package swgtest

import (
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"

	"animscope/anim"
	"animscope/formats/dds/ddstest"
	"animscope/formats/swg"

	"github.com/go-gl/mathgl/mgl32"
)

// Textured scene layout, as the game's tree lays it out: the mesh names its
// shaders as shader/NAME.sht, the shaders name their textures as
// texture/NAME.dds, all below one root.
const (
	TexturedSkeleton = "appearance/skeleton/box.skt"
	TexturedMesh     = "appearance/mesh/box.mgn"
	CheckerShader    = "shader/box_checker.sht"
	StripesShader    = "shader/box_stripes.sht"
	MissingShader    = "shader/box_missing.sht" // never written
	CheckerTexture   = "texture/box_checker.dds"
	StripesTexture   = "texture/box_stripes.dds"
)

// CheckerImage is 32 x 32: orange and cream squares of 8 texels.
func CheckerImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	for y := 0; y < 32; y++ {
		for x := 0; x < 32; x++ {
			c := color.NRGBA{240, 120, 20, 255}
			if (x/8+y/8)%2 == 1 {
				c = color.NRGBA{250, 235, 200, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// StripesImage is 32 x 32: blue and white vertical stripes of 4 texels.
func StripesImage() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 32, 32))
	for y := 0; y < 32; y++ {
		for x := 0; x < 32; x++ {
			c := color.NRGBA{30, 60, 200, 255}
			if x/4%2 == 1 {
				c = color.NRGBA{245, 245, 245, 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// TexturedBox is a box of side 1 on a one-joint skeleton, turned (80° about Y,
// then its top tipped 20° toward +Z) and lifted above the ground so that three
// faces show to a camera in front and above: its front and back faces name CheckerShader,
// its left and right faces StripesShader, its top and bottom MissingShader (a
// shader that is not there: drawn untextured). Each face maps the whole texture.
func TexturedBox() (*swg.SkeletonTemplate, *swg.MeshGen) {
	sk := &swg.SkeletonTemplate{
		Version: "0002",
		Names:   []string{"root"},
		Parents: []int32{-1},
		RPRE:    []mgl32.Quat{mgl32.QuatIdent()},
		RPST:    []mgl32.Quat{mgl32.QuatIdent()},
		BPTR:    []mgl32.Vec3{{0, 0, 0}},
		BPRO:    []mgl32.Quat{mgl32.QuatIdent()},
		JROR:    []uint32{0},
	}
	m := &swg.MeshGen{Version: "0004", Skeletons: []string{TexturedSkeleton}, XFNM: []string{"root"}}
	// The turn as a matrix through anim's FMA-free helpers (mgl32's Quat.Mul and
	// Rotate fuse on arm64, which would move the fixture's vertices by an ulp
	// from one build target to another).
	var turn anim.Affine
	anim.RotationColumns(&turn, anim.QuatMul(mgl32.QuatRotate(float32(20*math.Pi/180), mgl32.Vec3{1, 0, 0}),
		mgl32.QuatRotate(float32(80*math.Pi/180), mgl32.Vec3{0, 1, 0})), mgl32.Vec3{1, 1, 1})
	lift := mgl32.Vec3{0, 0.9, 0} // above the ground grid
	// Each face: its normal and two edge directions (u, v) spanning it.
	type face struct{ n, u, v mgl32.Vec3 }
	faces := map[string][]face{
		CheckerShader: {{mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 1, 0}}, {mgl32.Vec3{0, 0, -1}, mgl32.Vec3{-1, 0, 0}, mgl32.Vec3{0, 1, 0}}},
		StripesShader: {{mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, -1}, mgl32.Vec3{0, 1, 0}}, {mgl32.Vec3{-1, 0, 0}, mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 1, 0}}},
		MissingShader: {{mgl32.Vec3{0, 1, 0}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, -1}}, {mgl32.Vec3{0, -1, 0}, mgl32.Vec3{1, 0, 0}, mgl32.Vec3{0, 0, 1}}},
	}
	for _, shader := range []string{CheckerShader, StripesShader, MissingShader} {
		ps := swg.PerShader{Shader: shader, UVDims: []int32{2}}
		var uv []float32
		for _, f := range faces[shader] {
			base := len(ps.PIDX)
			for _, c := range [][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				p := f.n.Add(f.u.Mul(c[0])).Add(f.v.Mul(c[1])).Mul(0.5)
				m.Positions = append(m.Positions, turn.TransformPoint(p).Add(lift))
				m.Normals = append(m.Normals, turn.TransformVector(f.n))
				m.WeightHead = append(m.WeightHead, 1)
				m.Weights = append(m.Weights, swg.Weight{Joint: 0, Weight: 1})
				ps.PIDX = append(ps.PIDX, int32(len(m.Positions)-1))
				ps.NIDX = append(ps.NIDX, int32(len(m.Normals)-1))
				uv = append(uv, (c[0]+1)/2, (1-c[1])/2)
			}
			// In file space (b − a) × (c − a) points with the normal (FORMAT.md §7.3).
			b := uint32(base)
			ps.Triangles = append(ps.Triangles, b, b+1, b+2, b, b+2, b+3)
		}
		ps.UVs = [][]float32{uv}
		m.Shaders = append(m.Shaders, ps)
	}
	return sk, m
}

// TexturedShaders are the two shader templates the box names: a static one
// whose MAIN texture (DXT1) repeats, and a customizable one whose MAIN texture
// (DXT5) is clamped; each also names a normal map that is not there and an
// environment placeholder.
func TexturedShaders() map[string]*swg.ShaderTemplate {
	white := [4]float32{1, 1, 1, 1}
	mat := []swg.ShaderMaterial{{Tag: "MAIN", Ambient: white, Diffuse: white, Power: 8}}
	return map[string]*swg.ShaderTemplate{
		CheckerShader: {Form: "SSHT", Version: "0001", Effect: "effect/a_simple.eft", Materials: mat, Textures: []swg.ShaderTexture{
			{Tag: "MAIN", Name: CheckerTexture, AddressU: swg.AddressWrap, AddressV: swg.AddressWrap},
			{Tag: "NRML", Name: "texture/box_checker_n.dds"},
			{Tag: "ENVM", Name: "texture/defaultcubemap.dds"},
		}},
		StripesShader: {Form: "CSHD", Version: "0001", Effect: "effect/a_simple.eft", Materials: mat, Textures: []swg.ShaderTexture{
			{Tag: "MAIN", Name: StripesTexture, AddressU: swg.AddressClamp, AddressV: swg.AddressClamp},
		}},
	}
}

// WriteTexturedScene writes the box's skeleton, mesh, shaders and textures (the
// checker as DXT1 with mips, the stripes as DXT5 with mips) under root and returns
// the mesh's path. MissingShader is not written.
func WriteTexturedScene(root string) (string, error) {
	sk, m := TexturedBox()
	files := map[string][]byte{}
	var err error
	if files[TexturedSkeleton], err = EncodeSKTM(sk); err != nil {
		return "", err
	}
	if files[TexturedMesh], err = EncodeMeshGen(m); err != nil {
		return "", err
	}
	for name, t := range TexturedShaders() {
		if files[name], err = EncodeShaderTemplate(t, "0002"); err != nil {
			return "", err
		}
	}
	checker, stripes := ddstest.DXT1, ddstest.DXT5
	checker.Mips, stripes.Mips = true, true
	if files[CheckerTexture], err = ddstest.Encode(CheckerImage(), checker); err != nil {
		return "", err
	}
	if files[StripesTexture], err = ddstest.Encode(StripesImage(), stripes); err != nil {
		return "", err
	}
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := WriteFileAtomic(p, data); err != nil {
			return "", err
		}
	}
	return filepath.Join(root, filepath.FromSlash(TexturedMesh)), nil
}
