package animout

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestCheckPattern(t *testing.T) {
	for _, p := range []string{"walk_%04d.png", "%d.png", "a%%b_%-3d.PNG", "dir/x%05d.png"} {
		if err := CheckPattern(p); err != nil {
			t.Errorf("CheckPattern(%q): %v", p, err)
		}
	}
	for _, p := range []string{"walk.png", "walk_%04d_%d.png", "walk_%s.png", "walk_%.2d.png", "walk_%04d.jpg", "walk_%", "w%x.png", "w%%.png"} {
		if err := CheckPattern(p); err == nil {
			t.Errorf("CheckPattern(%q): no error", p)
		}
	}
	if got := FrameName("a%%b_%04d.png", 7); got != "a%b_0007.png" {
		t.Errorf("FrameName = %q", got)
	}
}

func TestParseBackground(t *testing.T) {
	def := [4]float32{0.1, 0.2, 0.3, 1}
	tests := []struct {
		in   string
		want [4]float32
	}{
		{"", def},
		{"transparent", [4]float32{0.1, 0.2, 0.3, 0}},
		{"#ff0000", [4]float32{1, 0, 0, 1}},
		{"#FFFFFF", [4]float32{1, 1, 1, 1}},
	}
	for _, tc := range tests {
		b, err := ParseBackground(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if got := b.Clear(def); got != tc.want {
			t.Errorf("%q: clear %v, want %v", tc.in, got, tc.want)
		}
	}
	for _, s := range []string{"red", "#fff", "#gg0000", "ff0000"} {
		if _, err := ParseBackground(s); err == nil {
			t.Errorf("ParseBackground(%q): no error", s)
		}
	}
}

// frame is a w×h picture: background bg with a square of colour c at x.
func frame(w, h, x int, bg, c color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for i := 0; i < w; i++ {
			col := bg
			if i >= x && i < x+4 && y >= 2 && y < 6 {
				col = c
			}
			img.SetRGBA(i, y, col)
		}
	}
	return img
}

func TestGIF(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "a.gif")
	bg, red := color.RGBA{38, 38, 43, 255}, color.RGBA{200, 30, 20, 255}
	delays := []int{3, 4, 0, 3}
	g := NewGIF(out, 16, 8, delays, false)
	for k := range delays {
		if err := g.Frame(frame(16, 8, 2*k, bg, red)); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	a, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{3, 4, 3}; len(a.Delay) != 3 || a.Delay[0] != 3 || a.Delay[1] != 4 || a.Delay[2] != 3 {
		t.Errorf("delays %v, want %v (the frame of delay 0 left out)", a.Delay, want)
	}
	if a.LoopCount != 0 {
		t.Errorf("loop count %d, want 0 (for ever)", a.LoopCount)
	}
	// Two colours in, two colours out, exactly.
	for k, img := range a.Image {
		if got := color.RGBAModel.Convert(img.At(0, 0)); got != bg {
			t.Errorf("frame %d background %v, want %v", k, got, bg)
		}
	}
	if got := color.RGBAModel.Convert(a.Image[2].At(7, 3)); got != red {
		t.Errorf("frame 2 (the 4th drawn) square %v, want %v", got, red)
	}
}

func TestGIFTransparent(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t.gif")
	g := NewGIF(out, 8, 8, []int{5, 5}, true)
	for k := 0; k < 2; k++ {
		if err := g.Frame(frame(8, 8, 2*k, color.RGBA{}, color.RGBA{0, 255, 0, 255})); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	a, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for k, img := range a.Image {
		if _, _, _, al := img.At(0, 0).RGBA(); al != 0 {
			t.Errorf("frame %d: background alpha %d, want 0", k, al)
		}
		if _, _, _, al := img.At(2*k+1, 3).RGBA(); al != 0xffff {
			t.Errorf("frame %d: square alpha %d, want opaque", k, al)
		}
		if a.Disposal[k] != gif.DisposalBackground {
			t.Errorf("frame %d disposal %d, want to the background", k, a.Disposal[k])
		}
	}
}

// TestMedianCutGradient: a ramp of 4096 colours becomes at most 256, each
// pixel within a box's width of its colour.
func TestMedianCutGradient(t *testing.T) {
	h := new(histogram)
	var px [][3]uint8
	for i := 0; i < 4096; i++ {
		c := [3]uint8{uint8(i), uint8(i >> 4), uint8(255 - i>>4)}
		px = append(px, c)
		h.add(binOf(c[0], c[1], c[2]), c[0], c[1], c[2])
	}
	pal, index := medianCut(h, 256)
	if len(pal) > 256 || len(pal) < 200 {
		t.Fatalf("%d colours, want up to 256 (and most of them used)", len(pal))
	}
	worst := 0
	for _, c := range px {
		p := pal[index[binOf(c[0], c[1], c[2])]].(color.RGBA)
		for ch, v := range []uint8{p.R, p.G, p.B} {
			worst = max(worst, abs(int(v)-int(c[ch])))
		}
	}
	if worst > 24 {
		t.Errorf("a pixel is %d off its palette colour, want at most 24", worst)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestPNGSeq(t *testing.T) {
	dir := t.TempDir()
	pat := filepath.Join(dir, "f_%02d.png")
	s := NewPNGSeq(pat, true)
	for k := 0; k < 3; k++ {
		if err := s.Frame(frame(8, 8, k, color.RGBA{}, color.RGBA{255, 255, 255, 255})); err != nil {
			t.Fatal(err)
		}
	}
	for k := 0; k < 3; k++ {
		f, err := os.Open(filepath.Join(dir, "f_0"+strconv.Itoa(k)+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, a := img.At(7, 7).RGBA(); a != 0 {
			t.Errorf("frame %d: background alpha %d, want 0", k, a)
		}
	}
	s.Abort()
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("Abort left %v", left)
	}
}

// ffprobeFrames counts a video's frames with ffprobe.
func ffprobeFrames(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
		"-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("ffprobe %s: %q", path, out)
	}
	return n
}

func TestVideo(t *testing.T) {
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (CI installs ffmpeg): %v", tool, err)
		}
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name        string
		w, h        int
		transparent bool
	}{{"v.mp4", 33, 17, false}, {"v.webm", 32, 16, false}, {"t.webm", 32, 16, true}} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name)
			v, err := NewVideo(out, tc.w, tc.h, 30, tc.transparent)
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k < 12; k++ {
				if err := v.Frame(frame(tc.w, tc.h, k, color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255})); err != nil {
					t.Fatal(err)
				}
			}
			if err := v.Close(); err != nil {
				t.Fatal(err)
			}
			if n := ffprobeFrames(t, out); n != 12 {
				t.Errorf("ffprobe counts %d frames, want 12", n)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) != 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

func TestVideoWithoutFFmpeg(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := NewVideo(filepath.Join(t.TempDir(), "v.mp4"), 8, 8, 30, false)
	if err == nil || !strings.Contains(err.Error(), "ffmpeg") {
		t.Errorf("error %v, want one naming ffmpeg", err)
	}
}
