//go:build cgo

package main

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"animscope/formats/m2/m2test"
	"animscope/formats/samples"
	"animscope/viewer/gui"
)

// writeFrog writes the synthetic frog (m2test.Frog: Walk is 1000 ms) into dir.
func writeFrog(t *testing.T, dir string) string {
	t.Helper()
	m2, _ := m2test.Frog().Encode()
	p := filepath.Join(dir, "Frog.m2")
	if err := os.WriteFile(p, m2, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRenderAnimUsage(t *testing.T) {
	dir := t.TempDir()
	frog := writeFrog(t, dir)
	gifOut := filepath.Join(dir, "walk.gif")
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"a pattern without %d", []string{"--out", filepath.Join(dir, "walk_%s.png")}, "%d"},
		{"a pattern with two %d", []string{"--out", filepath.Join(dir, "w_%d_%04d.png")}, "exactly one %d"},
		{"a pattern for JPEG", []string{"--out", filepath.Join(dir, "w_%04d.jpg")}, ".png"},
		{"--frames with a still", []string{"--frames", "0:100", "--out", filepath.Join(dir, "w.png")}, "animation --out"},
		{"--orbit with a still", []string{"--orbit", "90", "--out", filepath.Join(dir, "w.png")}, "animation --out"},
		{"--t with an animation", []string{"--t", "5", "--out", gifOut}, "--frames"},
		{"bad --frames", []string{"--frames", "100:0", "--out", gifOut}, "TO must be above FROM"},
		{"--frames without TO", []string{"--frames", "100", "--out", gifOut}, "FROM:TO"},
		{"--fps 0", []string{"--fps", "0", "--out", gifOut}, "--fps"},
		{"--orbit NaN", []string{"--orbit", "NaN", "--out", gifOut}, "--orbit"},
		{"a bad --background", []string{"--background", "red", "--out", gifOut}, "#rrggbb"},
		{"a transparent JPEG", []string{"--background", "transparent", "--out", filepath.Join(dir, "w.jpg")}, "alpha"},
		{"a transparent MP4", []string{"--background", "transparent", "--out", filepath.Join(dir, "w.mp4")}, "alpha"},
		{"a GIF over 50 fps", []string{"--fps", "60", "--out", gifOut}, "at most 50"},
		{"a GIF every 10 ms", []string{"--frames", "0:1000:10", "--out", gifOut}, "at most 50"},
		{"too many frames", []string{"--frames", "0:100000000:1", "--out", filepath.Join(dir, "w_%d.png")}, "want 1 to"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"render", "--clip", "Walk"}, tc.args...)
			code, _, stderr := runCLI(append(args, frog)...)
			if code != exitUsage || !strings.Contains(stderr, tc.wantErr) {
				t.Errorf("exit %d, stderr %q; want exit %d mentioning %q", code, stderr, exitUsage, tc.wantErr)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "w*")); len(left) != 0 {
				t.Errorf("a failing render wrote %v", left)
			}
		})
	}
	t.Run("no ffmpeg", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		code, _, stderr := runCLI("render", "--out", filepath.Join(dir, "w.mp4"), frog)
		if code != exitUsage || !strings.Contains(stderr, "ffmpeg is not on PATH") {
			t.Errorf("exit %d, stderr %q; want exit %d naming ffmpeg", code, stderr, exitUsage)
		}
	})
}

func needDisplay(t *testing.T) {
	t.Helper()
	if !gui.HasDisplay() {
		t.Skip("no display (DISPLAY unset): render needs X11; run under xvfb-run")
	}
	runtime.LockOSThread()
	t.Cleanup(runtime.UnlockOSThread)
}

func readGIF(t *testing.T, p string) *gif.GIF {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return g
}

func pixHash(img *image.Paletted) uint64 {
	h := fnv.New64a()
	for _, i := range img.Pix {
		c := img.Palette[i].(color.RGBA)
		h.Write([]byte{c.R, c.G, c.B, c.A})
	}
	return h.Sum64()
}

// checkWalkGIF: the delays add up to the clip's duration, every frame differs
// from the one before, and the frame is the scene, not a blank.
func checkWalkGIF(t *testing.T, g *gif.GIF, wantFrames, wantCS int) {
	t.Helper()
	if len(g.Image) != wantFrames {
		t.Errorf("%d frames, want %d", len(g.Image), wantFrames)
	}
	cs := 0
	for _, d := range g.Delay {
		cs += d
		if d < 2 {
			t.Errorf("a delay of %d cs (browsers slow delays under 2)", d)
		}
	}
	if cs != wantCS {
		t.Errorf("delays %v add up to %d cs, want the clip's %d", g.Delay, cs, wantCS)
	}
	for k := 1; k < len(g.Image); k++ {
		if pixHash(g.Image[k]) == pixHash(g.Image[k-1]) {
			t.Errorf("frame %d is frame %d again", k, k-1)
		}
	}
	if len(g.Image) > 0 {
		img := g.Image[0]
		bg := img.Pix[0]
		n := 0
		for _, p := range img.Pix {
			if p != bg {
				n++
			}
		}
		if n < len(img.Pix)/50 {
			t.Errorf("frame 0: %d pixels of the model, want at least 2%%", n)
		}
	}
}

func TestRenderAnimGIF(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	frog := writeFrog(t, dir)
	tests := []struct {
		name       string
		args       []string
		wantFrames int
		wantCS     int
	}{
		{"Walk at the clip's rate", nil, 30, 100},
		{"Walk at 24 fps", []string{"--fps", "24"}, 24, 100},
		{"every 100 ms in real time", []string{"--frames", "0:1000:100"}, 10, 100},
		{"every 250 ms at 2 fps", []string{"--frames", "0:1000:250", "--fps", "2"}, 4, 200},
		{"a turntable over a transparent background", []string{"--orbit", "360", "--background", "transparent", "--fps", "10"}, 10, 100},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "walk"+strconv.Itoa(i)+".gif")
			args := append([]string{"render", "--clip", "Walk", "--size", "120x90", "--out", out}, tc.args...)
			if code, _, stderr := runCLI(append(args, frog)...); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			g := readGIF(t, out)
			checkWalkGIF(t, g, tc.wantFrames, tc.wantCS)
			if g.Config.Width != 120 || g.Config.Height != 90 {
				t.Errorf("size %dx%d, want 120x90", g.Config.Width, g.Config.Height)
			}
		})
	}
	t.Run("the turntable's first frame is the still's camera, its others turn", func(t *testing.T) {
		// Walk with and without --orbit 360 over 4 frames (PNGs: exact pixels,
		// where a GIF's palette follows all its frames): the same first frame
		// (0°), another third frame (the camera half way round).
		still, turn := filepath.Join(dir, "still_%d.png"), filepath.Join(dir, "turn_%d.png")
		for _, c := range [][]string{{"--out", still}, {"--out", turn, "--orbit", "360"}} {
			args := append([]string{"render", "--clip", "Walk", "--size", "96x96", "--frames", "0:400:100"}, c...)
			if code, _, stderr := runCLI(append(args, frog)...); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
		}
		same := func(k int) bool {
			a, _ := os.ReadFile(fmt.Sprintf(still, k))
			b, _ := os.ReadFile(fmt.Sprintf(turn, k))
			return len(a) > 0 && bytes.Equal(a, b)
		}
		if !same(0) {
			t.Errorf("frame 0 differs with --orbit (the turn starts at 0°)")
		}
		if same(2) {
			t.Errorf("frame 2 is the same with --orbit 360 (the camera should be half way round)")
		}
	})
}

// TestRenderAnimSampleFrog renders the real Frog.m2's Walk (1000 ms) as a GIF.
func TestRenderAnimSampleFrog(t *testing.T) {
	frog := samples.Path("m2/Frog.m2")
	if _, err := os.Stat(frog); err != nil {
		t.Skipf("no sample Frog.m2: %v", err)
	}
	needDisplay(t)
	out := filepath.Join(t.TempDir(), "walk.gif")
	if code, _, stderr := runCLI("render", "--clip", "Walk", "--size", "120x90", "--out", out, frog); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	checkWalkGIF(t, readGIF(t, out), 30, 100)
}

func TestRenderAnimPNGSequence(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	frog := writeFrog(t, dir)
	for _, tc := range []struct {
		name   string
		bg     string
		corner color.NRGBA
	}{
		{"transparent", "transparent", color.NRGBA{}},
		{"red", "#ff0000", color.NRGBA{255, 0, 0, 255}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sub := filepath.Join(dir, tc.name)
			os.Mkdir(sub, 0o755)
			pat := filepath.Join(sub, "walk_%04d.png")
			if code, _, stderr := runCLI("render", "--clip", "Walk", "--frames", "0:1000:250", "--background", tc.bg,
				"--size", "100x80", "--out", pat, frog); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			names, _ := filepath.Glob(filepath.Join(sub, "*"))
			if len(names) != 4 || filepath.Base(names[0]) != "walk_0000.png" || filepath.Base(names[3]) != "walk_0003.png" {
				t.Fatalf("files %v, want walk_0000.png … walk_0003.png", names)
			}
			var prev []byte
			for _, n := range names {
				f, err := os.Open(n)
				if err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(f)
				f.Close()
				if err != nil {
					t.Fatal(err)
				}
				if b := img.Bounds(); b.Dx() != 100 || b.Dy() != 80 {
					t.Errorf("%s is %v, want 100x80", n, b)
				}
				if got := color.NRGBAModel.Convert(img.At(0, 0)).(color.NRGBA); got.A != tc.corner.A || got.A != 0 && got != tc.corner {
					t.Errorf("%s: corner %v, want %v", n, got, tc.corner)
				}
				cur, _ := os.ReadFile(n)
				if bytes.Equal(cur, prev) {
					t.Errorf("%s is the frame before it again", n)
				}
				prev = cur
			}
		})
	}
	t.Run("a still over a transparent background", func(t *testing.T) {
		out := filepath.Join(dir, "still.png")
		if code, _, stderr := runCLI("render", "--clip", "Walk", "--t", "300", "--background", "transparent", "--size", "64x64", "--out", out, frog); code != exitOK {
			t.Fatalf("exit %d, stderr %q", code, stderr)
		}
		f, _ := os.Open(out)
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("corner alpha %d, want 0", a)
		}
	})
}

// TestRenderAnimVideo writes Walk as MP4 and WebM and counts the frames with
// ffprobe.
func TestRenderAnimVideo(t *testing.T) {
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (CI installs ffmpeg): %v", tool, err)
		}
	}
	needDisplay(t)
	dir := t.TempDir()
	frog := writeFrog(t, dir)
	for _, tc := range []struct {
		name string
		args []string
		want int
	}{
		{"walk.mp4", []string{"--size", "121x91"}, 30}, // an odd size: padded to even for H.264
		{"walk.webm", []string{"--size", "120x90", "--background", "transparent", "--orbit", "90"}, 30},
		{"walk-step.mp4", []string{"--size", "120x90", "--frames", "0:1000:125"}, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name)
			args := append([]string{"render", "--clip", "Walk", "--out", out}, tc.args...)
			if code, _, stderr := runCLI(append(args, frog)...); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			probe, err := exec.Command("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
				"-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", out).Output()
			if err != nil {
				t.Fatalf("ffprobe: %v", err)
			}
			if n, _ := strconv.Atoi(strings.TrimSpace(string(probe))); n != tc.want {
				t.Errorf("ffprobe counts %q frames, want %d", probe, tc.want)
			}
		})
	}
}
