package gui

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"
)

func demoState(t testing.TB) *viewer.State {
	t.Helper()
	s := viewer.NewState(viewer.DefaultLoader, formats.Options{})
	if !s.Open(nil) {
		t.Fatalf("open demo: %s", s.LastError())
	}
	return s
}

// countNonBackground counts pixels that differ from the viewport background.
func countNonBackground(img *image.RGBA) int {
	bg := render.DefaultBackground
	br, bgc, bb := uint8(bg[0]*255+0.5), uint8(bg[1]*255+0.5), uint8(bg[2]*255+0.5)
	n := 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		if absDiff(img.Pix[i], br) > 3 || absDiff(img.Pix[i+1], bgc) > 3 || absDiff(img.Pix[i+2], bb) > 3 {
			n++
		}
	}
	return n
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// compareImages returns how many pixels differ by more than tol in any channel.
func compareImages(a, b *image.RGBA, tol int) (int, error) {
	if a.Rect.Size() != b.Rect.Size() {
		return 0, fmt.Errorf("size %v, want %v", a.Rect.Size(), b.Rect.Size())
	}
	n := 0
	for i := 0; i+3 < len(a.Pix); i += 4 {
		for c := 0; c < 3; c++ {
			if absDiff(a.Pix[i+c], b.Pix[i+c]) > tol {
				n++
				break
			}
		}
	}
	return n, nil
}

func readPNG(path string) (*image.RGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	im, err := png.Decode(f)
	if err != nil {
		return nil, err
	}
	if rgba, ok := im.(*image.RGBA); ok {
		return rgba, nil
	}
	b := im.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			out.Set(x, y, im.At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out, nil
}

func writePNGFile(path string, img *image.RGBA) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// TestGolden renders the demo at three times and with a blend and compares each
// picture with testdata/golden_*.png (go test -update rewrites them). llvmpipe
// without multisampling is deterministic; the tolerance absorbs rasteriser
// differences between Mesa versions.
func TestGolden(t *testing.T) {
	const w, h = 320, 240
	tests := []struct {
		name string
		shot func(s *viewer.State) viewer.Shot
	}{
		{"t0", func(s *viewer.State) viewer.Shot { return viewer.Shot{Clip: 0, T: 0} }},
		{"t_quarter", func(s *viewer.State) viewer.Shot { return viewer.Shot{Clip: 0, T: s.Scene.Infos[0].Duration / 4} }},
		{"t_twothirds", func(s *viewer.State) viewer.Shot { return viewer.Shot{Clip: 0, T: s.Scene.Infos[0].Duration * 2 / 3} }},
		{"blend", func(s *viewer.State) viewer.Shot {
			b := min(1, len(s.Scene.Clips)-1)
			return viewer.Shot{Clip: 0, T: s.Scene.Infos[0].Duration / 2, Blend: true, ClipB: b, TB: s.Scene.Infos[b].Duration / 3, Weight: 0.5}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			withGL(t, func(hd *Headless) {
				s := demoState(t)
				img, err := hd.RenderShot(s, tc.shot(s), w, h)
				if err != nil {
					t.Fatalf("render: %v", err)
				}
				checkGolden(t, img, filepath.Join("testdata", "golden_"+tc.name+".png"))
			})
		})
	}
}

// TestRenderVariants draws the view switches (mirror, wireframe, rest pose, no
// mesh, Z up) without GL errors and never as a blank frame.
func TestRenderVariants(t *testing.T) {
	tests := []struct {
		name string
		set  func(s *viewer.State)
	}{
		{"mirrored", func(s *viewer.State) { s.Scene.Asset.MirrorX = true }},
		{"wireframe", func(s *viewer.State) { s.View.Wireframe = true }},
		{"rest pose", func(s *viewer.State) { s.View.Rest = true }},
		{"skeleton only", func(s *viewer.State) { s.View.Mesh = false }},
		{"mesh only", func(s *viewer.State) { s.View.Bones, s.View.Joints = false, false }},
		{"up Z", func(s *viewer.State) { s.View.UpOverride = formats.UpZ }},
		{"compare split", func(s *viewer.State) { s.OpenCompare([]string{"good"}, []string{"other"}) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			withGL(t, func(hd *Headless) {
				s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
				if !s.Open([]string{"good"}) {
					t.Fatal(s.LastError())
				}
				tc.set(s)
				img, err := hd.RenderShot(s, viewer.Shot{T: 10}, 160, 120)
				if err != nil {
					t.Fatalf("render: %v", err)
				}
				if n := countNonBackground(img); n < 160*120/100 {
					t.Errorf("%d non-background pixels, want a drawn scene", n)
				}
			})
		})
	}
}
