package gui

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	_ "animscope/formats/all"
	"animscope/formats/mif"
	"animscope/formats/swg"
	"animscope/formats/swg/swgtest"
	"animscope/render"

	"github.com/go-gl/mathgl/mgl32"
)

// TestWatchMIF is the edit-and-watch loop on a real window: `--watch
// skeleton.mif clip.ans`, where skeleton.mif is the MIF the project writes for an
// encoder-built skeleton. A save with a compile error shows FILE:LINE:COL in the
// diagnostics and leaves the scene, clip, time and selection as they were; a
// good save recompiles and keeps clip, time and selection. With
// ANIMSCOPE_WATCH_SHOT=FILE.png the window showing the error is saved there.
func TestWatchMIF(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		dir := t.TempDir()
		skel := watchSkeleton(t)
		good, err := mif.Write("skeleton.skt", skel)
		if err != nil {
			t.Fatal(err)
		}
		src := filepath.Join(dir, "skeleton.mif")
		clip := filepath.Join(dir, "clip.ans")
		writeAt(t, src, good, time.Now().Add(-time.Minute))
		writeAt(t, clip, watchClip(t), time.Now().Add(-time.Minute))

		// The broken save: a value that does not fit its type, at a known place.
		lines := strings.Split(good, "\n")
		bad, badLine, badCol := "", 0, 0
		for i, l := range lines {
			if strings.Contains(l, "// parent[2]") {
				lines[i] = strings.Replace(l, "int32 1 ", "int32 1 int8 300 ", 1)
				badLine, badCol = i+1, strings.Index(lines[i], "300")+1
				break
			}
		}
		bad = strings.Join(lines, "\n")
		if badLine == 0 {
			t.Fatal("the written MIF has no parent[2] line")
		}
		// The fixed save moves the head: BPTR of joint 2 y from 1 to 2.
		fixed := strings.Replace(good, "float 1.0 // bptr[2].y", "float 2.0 // bptr[2].y", 1)
		if fixed == good {
			t.Fatal("the written MIF has no bptr[2].y line of 1.0")
		}

		want := src + ":" + strconv.Itoa(badLine) + ":" + strconv.Itoa(badCol) + ": value 300 does not fit int8"
		shot := os.Getenv("ANIMSCOPE_WATCH_SHOT")
		step, wait := 0, 0
		var failure string
		fail := func(format string, args ...any) {
			if failure == "" {
				failure = fmt.Sprintf(format, args...)
			}
		}
		cfg := Config{Files: []string{src, clip}, Watch: true, Hidden: true, Frames: 3000, Size: [2]int{1100, 700},
			RecentPath: filepath.Join(dir, "recent.json"),
			Script: func(frame int, a *App) {
				s := a.S
				time.Sleep(5 * time.Millisecond)
				switch step {
				case 0: // opened: pick a joint and a time
					if s.Scene == nil || s.Scene.Skel.Len() != 3 || len(s.Scene.Clips) != 1 {
						fail("the scene did not open as a 3-joint skeleton with one clip: %v", s.LastError())
						s.Req.Quit = true
						return
					}
					s.Select(2)
					s.Tr.Playing, s.Tr.T = false, 4
					writeAt(t, src, bad, time.Now().Add(time.Second))
					step = 1
				case 1: // the compile error arrives; the old scene stays
					if !strings.Contains(s.LastError(), want) {
						if wait++; wait > 1000 {
							fail("no compile error %q in the diagnostics (last error %q)", want, s.LastError())
							s.Req.Quit = true
						}
						return
					}
					if s.Scene.Skel.Len() != 3 || s.Selected != 2 || s.Tr.T != 4 || s.Clip != 0 {
						fail("after the bad save: %d joints, selection %d, time %g, clip %d", s.Scene.Skel.Len(), s.Selected, s.Tr.T, s.Clip)
					}
					step, wait = 2, 0
				case 2: // let the panel draw, then keep the picture
					if wait++; wait < 4 {
						return
					}
					if shot != "" {
						saveWindow(t, a, shot)
					}
					writeAt(t, src, fixed, time.Now().Add(2*time.Second))
					step, wait = 3, 0
				case 3: // the good save recompiles and keeps clip, time and selection
					if s.Scene.Skel.Offset[2][1] != 2 {
						if wait++; wait > 1000 {
							fail("the fixed save was not reloaded (last error %q)", s.LastError())
							s.Req.Quit = true
						}
						return
					}
					if s.Selected != 2 || s.Tr.T != 4 || s.Clip != 0 || len(s.Scene.Clips) != 1 {
						fail("after the good save: selection %d, time %g, clip %d of %d", s.Selected, s.Tr.T, s.Clip, len(s.Scene.Clips))
					}
					s.Req.Quit = true
				}
			},
		}
		if err := runWindow(cfg); err != nil {
			t.Fatalf("runWindow: %v", err)
		}
		if failure != "" {
			t.Fatal(failure)
		}
		if step != 3 {
			t.Fatalf("the watch loop stopped at step %d", step)
		}
	})
}

// writeAt writes a file and sets its modification time (the watch compares times).
func writeAt(t *testing.T, p, content string, mtime time.Time) {
	t.Helper()
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

// saveWindow draws one frame and writes the whole window (3D view and panels).
func saveWindow(t *testing.T, a *App, path string) {
	t.Helper()
	a.frame(0)
	fw, fh := a.win.GetFramebufferSize()
	img := render.ReadPixels(0, 0, fw, fh)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

func watchSkeleton(t *testing.T) []byte {
	t.Helper()
	id := mgl32.QuatIdent()
	data, err := swgtest.EncodeSKTM(&swg.SkeletonTemplate{
		Version: "0002",
		Names:   []string{"root", "spine", "head"},
		Parents: []int32{-1, 0, 1},
		RPRE:    []mgl32.Quat{id, id, id},
		RPST:    []mgl32.Quat{id, id, id},
		BPTR:    []mgl32.Vec3{{0, 0, 0}, {0, 1, 0}, {0, 1, 0}},
		BPRO:    []mgl32.Quat{id, id, id},
		JROR:    []uint32{0, 0, 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func watchClip(t *testing.T) string {
	t.Helper()
	frames := []int32{0, 4, 8}
	a := &swg.Animation{Kind: "KFAT", Version: "0003", FPS: 30, FrameCount: 8,
		Rot:         []swg.QuatChannel{{Frames: frames, Keys: []mgl32.Quat{mgl32.QuatIdent(), swg.AxisAngle(0.3, mgl32.Vec3{0, 0, 1}), swg.AxisAngle(0.6, mgl32.Vec3{0, 0, 1})}}},
		StaticRot:   []mgl32.Quat{mgl32.QuatIdent()},
		StaticTrans: []float32{0},
		Xforms: []swg.XformInfo{
			{Name: "spine", AnimatedRot: true, RotIndex: 0},
			{Name: "head", RotIndex: 0},
		},
	}
	data, err := swgtest.EncodeAnimation(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
