package gui

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/formats/blp"
	"animscope/formats/blp/blptest"
	"animscope/formats/m2"
	"animscope/render"
	"animscope/viewer"
)

// TestCharacterChoiceOnScreen: a Character choice reaches the screen through
// the scene's Gen: the frame after it reads the body slot's new texture (once)
// and the frames after allocate nothing. The Dress here fills the body slot as
// the command line's does (cmd/animscope tests that one on the tables).
func TestCharacterChoiceOnScreen(t *testing.T) {
	withGL(t, func(h *Headless) {
		model := characterModel(t)
		img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
		for i := range img.Pix {
			img.Pix[i] = []uint8{0, 200, 0, 255}[i%4]
		}
		tex, err := blptest.Encode(img, blptest.Format{Version: 2, Encoding: blp.BGRA, AlphaDepth: 8, Mips: true})
		if err != nil {
			t.Fatal(err)
		}
		green := filepath.Join(filepath.Dir(model), "green.blp")
		os.WriteFile(green, tex, 0o644)
		dressed := 0
		old := viewer.FindCharacter
		defer func() { viewer.FindCharacter = old }()
		viewer.FindCharacter = func(a *formats.Asset) *viewer.Character {
			return &viewer.Character{Choices: []formats.CustomChoice{{Key: "hair", Label: "hair style", Values: []int{0, 2}}}, Dress: func(a *formats.Asset, c formats.Customization) []formats.Diagnostic {
				dressed++
				if err := a.Materials.(formats.TextureSlots).FillSlot(m2.TextureBody, green); err != nil {
					t.Error(err)
				}
				return nil
			}}
		}
		s := texturedState(t, []string{model}, "")
		tg, cam, cell := drawTarget(t, s)
		defer tg.Delete()
		defer tg.Unbind()
		vp := [4]int32{0, 0, 320, 240}
		frame := func() {
			s.Tick(1.0 / 60)
			s.Evaluate()
			h.d.drawScenes(s, &cam, vp, cell)
		}
		frame()
		reads := func() (n int) {
			for _, tx := range s.Scene.Textures {
				if tx.Path == green && tx.Image != nil && tx.Image.NRGBAAt(0, 0) == (color.NRGBA{0, 200, 0, 255}) {
					n++
				}
			}
			return n
		}
		if reads() != 0 {
			t.Fatal("the green texture drawn before the choice")
		}
		if _, err := s.Scene.Customize(formats.Customization("hair=2")); err != nil {
			t.Fatal(err)
		}
		frame()
		if reads() != 1 || s.Scene.TexturesGen != s.Scene.Gen {
			t.Errorf("after the choice: green read %d times (want 1), textures of Gen %v, scene Gen %v", reads(), s.Scene.TexturesGen, s.Scene.Gen)
		}
		if n := testing.AllocsPerRun(20, frame); n != 0 {
			t.Errorf("after the choice: allocations per frame = %v, want 0", n)
		}
		if dressed != 1 {
			t.Errorf("dressed %d times, want 1", dressed)
		}
		if err := render.CheckError(); err != nil {
			t.Error(err)
		}
	})
}
