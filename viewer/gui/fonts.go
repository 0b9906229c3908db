package gui

import (
	_ "embed"

	"github.com/inkyblackness/imgui-go/v4"
)

// dejaVuSans is DejaVu Sans (Debian's fonts-dejavu-core); its licence, which permits
// redistribution, is fonts/LICENSE-DejaVu.txt.
//
//go:embed fonts/DejaVuSans.ttf
var dejaVuSans []byte

// BaseFontSize is the UI font size in points at content scale 1.
const BaseFontSize = 15

// SetupFonts loads the embedded font at the content scale into the current ImGui
// context's atlas, and scales the style to match.
func SetupFonts(scale float32) {
	if scale <= 0 {
		scale = 1
	}
	io := imgui.CurrentIO()
	fonts := io.Fonts()
	fonts.AddFontFromMemoryTTF(dejaVuSans, BaseFontSize*scale)
	imgui.StyleColorsDark()
	st := imgui.CurrentStyle()
	st.SetWindowRounding(0)
	st.SetFrameRounding(2)
	st.ScaleAllSizes(scale)
}
