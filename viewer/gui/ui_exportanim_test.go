package gui

import (
	"bytes"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"animscope/viewer/animout"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// TestExportAnimation runs File > Export animation in the real frame loop: a
// GIF of the demo clip drawn one frame per UI frame while the view keeps its
// own time, and a PNG sequence cancelled half way, which leaves no file.
func TestExportAnimation(t *testing.T) {
	withGL(t, func(h *Headless) {
		defer h.MakeCurrent()
		dir := t.TempDir()
		var plan animout.Plan
		var started, finished, cancelled int
		var viewT []float64
		var diag []string
		cfg := Config{Hidden: true, Frames: 80, Size: [2]int{800, 600}, RecentPath: filepath.Join(dir, "recent.json"),
			Script: func(frame int, a *App) {
				u, d := a.UI, &a.UI.exportAnim
				switch {
				case frame == 1:
					a.S.Tr.Playing, a.S.Tr.T = false, 5
					u.OpenExportAnimDialog()
					d.dir, d.name, d.format, d.size = dir, "demo", 0, "64x48"
					d.from, d.to, d.step, d.fps, d.orbit = "0", "10", "", "10", 90
				case frame == 3: // the dialog drawn twice, then Export
					if !d.open {
						t.Errorf("the dialog closed by itself")
					}
					if err := u.startExportAnim(); err != nil {
						t.Fatalf("start: %v", err)
					}
					d.open = false
					plan, started = d.job.plan, frame
				case frame > 1 && started > 0 && finished == 0 && d.job == nil:
					finished = frame
					u.OpenExportAnimDialog()
					d.dir, d.name, d.format, d.size = dir, "seq", 1, "32x32"
					d.from, d.to, d.step, d.fps = "0", "30", "", "30"
					if err := u.startExportAnim(); err != nil {
						t.Fatalf("start the sequence: %v", err)
					}
					d.open = false
				case finished > 0 && frame == finished+4 && d.job != nil:
					d.job.cancel()
				case finished > 0 && cancelled == 0 && frame > finished+4 && d.job == nil:
					cancelled = frame
				}
				if started > 0 && finished == 0 {
					viewT = append(viewT, a.S.Tr.T)
				}
				if frame == 79 {
					for _, m := range a.S.Diags {
						diag = append(diag, m.Text)
					}
				}
			},
		}
		if err := runWindow(cfg); err != nil {
			t.Fatalf("runWindow: %v", err)
		}
		glfw.DetachCurrentContext()
		if finished == 0 {
			t.Fatalf("the GIF export did not finish in 80 frames (diagnostics %q)", diag)
		}
		// One frame drawn per UI frame: the export spans about as many frames.
		if n := len(plan.Times); finished-started < n {
			t.Errorf("%d frames exported in %d UI frames: more than one a frame", n, finished-started)
		}
		for _, tm := range viewT {
			if tm != 5 {
				t.Errorf("the view's time moved to %v during the export, want 5", tm)
				break
			}
		}
		b, err := os.ReadFile(filepath.Join(dir, "demo.gif"))
		if err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		sum, want := 0, 0
		for _, d := range g.Delay {
			sum += d
		}
		for _, d := range plan.Delays {
			want += d
		}
		if len(g.Image) != len(plan.Times) || sum != want || g.Config.Width != 64 || g.Config.Height != 48 {
			t.Errorf("GIF: %d frames of %dx%d, %d cs; want %d of 64x48, %d cs", len(g.Image), g.Config.Width, g.Config.Height, sum, len(plan.Times), want)
		}
		if cancelled == 0 {
			t.Fatalf("the cancelled export did not end (diagnostics %q)", diag)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "seq_*")); len(left) != 0 {
			t.Errorf("a cancelled sequence left %v", left)
		}
		if !strings.Contains(strings.Join(diag, "\n"), "export cancelled") || !strings.Contains(strings.Join(diag, "\n"), "animation saved to") {
			t.Errorf("diagnostics %q, want the saved and the cancelled export", diag)
		}
	})
}
