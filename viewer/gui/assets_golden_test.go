package gui

import (
	"path/filepath"
	"testing"

	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/viewertest"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/inkyblackness/imgui-go/v4"
)

// TestAssetBrowserImageGolden draws the asset browser window alone, on a
// synthetic archive with a search typed and a model selected, through the UI
// renderer into an off-screen target, and compares the picture with
// testdata/golden_assets.png (-update rewrites it).
func TestAssetBrowserImageGolden(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer newUIContext(t)()
		const w, hgt = 720, 520
		imgui.CurrentIO().SetDisplaySize(imgui.Vec2{X: w, Y: hgt})
		ur, err := render.NewUIRenderer()
		if err != nil {
			t.Fatal(err)
		}
		defer ur.Delete()
		s := viewer.NewState(viewertest.FakeLoader, formats.Options{})
		u := &UI{S: s, Scale: 1, assets: viewer.NewAssetBrowser("", formats.Options{}), showAssets: true}
		arc := syntheticArchive(t)
		if err := u.assets.Open(arc); err != nil {
			t.Fatal(err)
		}
		defer u.assets.Close()
		u.assetsPath = "assets.mpq" // the temporary folder's name would change the picture
		u.assets.SetQuery("chain")
		u.assets.Select(u.assets.Rows[0])
		var data imgui.DrawData
		for i := 0; i < 3; i++ { // a new window is laid out on its first frame
			imgui.NewFrame()
			imgui.SetNextWindowPos(imgui.Vec2{})
			u.assetsWindow()
			imgui.Render()
			data = imgui.RenderedDrawData()
		}
		tg, err := render.NewTarget(w, hgt)
		if err != nil {
			t.Fatal(err)
		}
		defer tg.Delete()
		tg.Bind()
		gl.ClearColor(0, 0, 0, 1)
		gl.Clear(gl.COLOR_BUFFER_BIT)
		ur.Render(w, hgt, w, hgt, data)
		img := render.ReadPixels(0, 0, w, hgt)
		tg.Unbind()
		if err := render.CheckError(); err != nil {
			t.Fatal(err)
		}
		if n := countNonBackground(img); n < w*hgt/20 {
			t.Fatalf("%d drawn pixels: the window is not drawn", n)
		}
		checkGolden(t, img, filepath.Join("testdata", "golden_assets.png"))
	})
}
