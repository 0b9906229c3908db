package gui

import (
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"animscope/anim"
	"animscope/formats"
	"animscope/render"
	"animscope/viewer"
	"animscope/viewer/animout"

	"github.com/inkyblackness/imgui-go/v4"
)

// File > Export animation…: the current clip (or a range of it) as an animated
// GIF, a PNG sequence or a video, as `animscope render --out` writes them
// (viewer/animout), through the camera as it is when the export starts, the
// turntable turning it further. GL draws on the GL thread only, so the window
// draws one frame of the export into an off-screen target per UI frame
// (exportAnimStep, from App.frame) and hands it to a goroutine that encodes;
// the window stays responsive, shows the progress and can cancel.

// exportFormats are the dialog's formats, in its order.
var exportFormats = []struct{ label, ext string }{
	{"Animated GIF (.gif)", ".gif"},
	{"PNG sequence (NAME_0000.png …)", "_%04d.png"},
	{"MP4 video (.mp4, through ffmpeg)", ".mp4"},
	{"WebM video (.webm, through ffmpeg)", ".webm"},
}

// exportAnimDialog is the dialog's fields and the export under way.
type exportAnimDialog struct {
	open, popup    bool
	dir, name      string
	format         int32
	from, to, step string // in the clip's unit; step "" samples at fps
	fps            string
	size           string
	background     int // 0 the view's, 1 transparent, 2 colour
	colour         [3]float32
	orbit          float32 // degrees over the range
	err            string
	job            *exportJob
}

// exportJob is an export under way.
type exportJob struct {
	path      string
	plan      animout.Plan
	clip      int
	w, h      int
	clear     [4]float32
	cam       render.Camera // the camera when the first frame was drawn
	camSet    bool
	target    *render.Target
	next      int // the next frame to draw
	frames    chan *image.RGBA
	closed    bool
	done      chan error
	encoded   atomic.Int32
	cancelled atomic.Bool
}

// OpenExportAnimDialog opens File > Export animation… on the current clip: its
// whole length at its frame rate, the 3D view's size, the folder last used.
func (u *UI) OpenExportAnimDialog() {
	d := &u.exportAnim
	if d.job != nil {
		return // one export at a time: the progress window is showing
	}
	d.open, d.popup, d.err = true, true, ""
	if d.dir == "" {
		d.dir = cmpOr(u.shot.lastDir, viewer.DefaultScreenshotDir())
	}
	d.name = "animscope-" + time.Now().Format("20060102-150405")
	info := u.currentClipInfo()
	d.from, d.to = "0", strconv.FormatFloat(info.Duration, 'g', -1, 64)
	if d.fps == "" {
		d.fps = strconv.FormatFloat(math.Min(info.FrameRate(), animout.GIFMaxFPS), 'g', 4, 64)
	}
	if d.size == "" {
		w, h := int(u.Viewport[2]*u.scale()), int(u.Viewport[3]*u.scale())
		if w < viewer.MinShotSize || h < viewer.MinShotSize {
			w, h = 800, 600 // no 3D view laid out yet (the window's first frame)
		}
		d.size = fmt.Sprintf("%dx%d", w, h)
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// currentClipInfo is the clip the view shows (seconds for a bind pose).
func (u *UI) currentClipInfo() anim.ClipInfo {
	s := u.S
	if s.Scene == nil || s.Clip < 0 || s.Clip >= len(s.Scene.Clips) {
		return anim.ClipInfo{Unit: "s", UnitsPerSecond: 1}
	}
	return s.Scene.Clips[s.Clip].Info()
}

func (u *UI) exportAnimDialog() {
	d := &u.exportAnim
	u.exportAnimProgress()
	if !d.open {
		return
	}
	if d.popup {
		d.popup = false
		imgui.OpenPopup("Export animation")
	}
	sc := u.scale()
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 600 * sc, Y: 0}, imgui.ConditionAppearing)
	if !imgui.BeginPopupModalV("Export animation", nil, imgui.WindowFlagsAlwaysAutoResize) {
		d.open = false
		return
	}
	if imgui.IsKeyPressed(imgui.KeyIndex(imgui.KeyEscape)) {
		d.open = false
	}
	info := u.currentClipInfo()
	labelW := imgui.CalcTextSize("Background ", false, 0).X + 8*sc
	field := func(label string, w float32) {
		imgui.AlignTextToFramePadding()
		imgui.Text(label)
		imgui.SameLineV(labelW, -1)
		imgui.SetNextItemWidth(w * sc)
	}
	field("Folder", 480)
	imgui.InputText("##animdir", &d.dir)
	field("File name", 480)
	imgui.InputText("##animname", &d.name)
	tooltip("Without the extension: the format adds it. An existing file is never overwritten.")
	field("Format", 480)
	if imgui.BeginCombo("##animformat", exportFormats[d.format].label) {
		for i, f := range exportFormats {
			if imgui.SelectableV(f.label, int(d.format) == i, 0, imgui.Vec2{}) {
				d.format = int32(i)
			}
		}
		imgui.EndCombo()
	}
	field("Range", 110)
	imgui.InputText("##animfrom", &d.from)
	imgui.SameLine()
	imgui.Text("to")
	imgui.SameLine()
	imgui.SetNextItemWidth(110 * sc)
	imgui.InputText("##animto", &d.to)
	imgui.SameLine()
	imgui.Text("step")
	imgui.SameLine()
	imgui.SetNextItemWidth(90 * sc)
	imgui.InputText("##animstep", &d.step)
	imgui.SameLine()
	coloured(colDim, info.Unit)
	tooltip(fmt.Sprintf("In the clip's unit (%s), the end left out. Without a step the clip is sampled at the frame rate.", info.Unit))
	field("Frame rate", 110)
	imgui.InputText("##animfps", &d.fps)
	tooltip("Frames per second (a GIF at most 50). With a step: how fast the frames play (empty: real time).")
	field("Size", 130)
	imgui.InputText("##animsize", &d.size)
	tooltip(fmt.Sprintf("Width x height in pixels (%d to %d each), drawn off-screen.", viewer.MinShotSize, viewer.MaxShotSize))
	imgui.AlignTextToFramePadding()
	imgui.Text("Background")
	imgui.SameLineV(labelW, -1)
	imgui.RadioButtonInt("the view's##animbg0", &d.background, 0)
	imgui.SameLine()
	imgui.RadioButtonInt("transparent##animbg1", &d.background, 1)
	imgui.SameLine()
	imgui.RadioButtonInt("colour##animbg2", &d.background, 2)
	if d.background == 2 {
		imgui.SameLine()
		imgui.ColorEdit3V("##animcolour", &d.colour, imgui.ColorEditFlagsNoInputs)
	}
	field("Turntable", 200)
	imgui.SliderFloatV("##animorbit", &d.orbit, -720, 720, "%.0f degrees", 0)
	tooltip("The camera turns this far about the up axis over the range (360: a loop).")
	if d.err != "" {
		coloured(colError, d.err)
	}
	imgui.Separator()
	if imgui.Button("Export") {
		if err := u.startExportAnim(); err != nil {
			d.err = err.Error()
		} else {
			d.open = false
		}
	}
	imgui.SameLine()
	if imgui.Button("Cancel") {
		d.open = false
	}
	if !d.open {
		imgui.CloseCurrentPopup()
	}
	imgui.EndPopup()
}

// exportSettings checks the dialog's fields: the output path, the plan, the
// size and the background.
func (u *UI) exportSettings() (string, animout.Plan, int, int, animout.Background, error) {
	d := &u.exportAnim
	fail := func(format string, args ...any) (string, animout.Plan, int, int, animout.Background, error) {
		return "", animout.Plan{}, 0, 0, animout.Background{}, fmt.Errorf(format, args...)
	}
	if st, err := os.Stat(d.dir); err != nil || !st.IsDir() {
		return fail("folder %q: not a folder", d.dir)
	}
	name := strings.TrimSpace(d.name)
	if name == "" || strings.ContainsAny(name, `/\%`) {
		return fail("file name %q: want a name without / \\ or %%", d.name)
	}
	path := filepath.Join(d.dir, name+exportFormats[d.format].ext)
	first := path
	if animout.KindOf(path) == animout.KindPNGSeq {
		first = animout.FrameName(path, 0)
	}
	if _, err := os.Lstat(first); err == nil {
		return fail("%s exists: choose another name", first)
	}
	num := func(label, s string) (float64, error) {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("%s %q: want a number", label, s)
		}
		return v, nil
	}
	req := animout.Request{Info: u.currentClipInfo(), HasRange: true, OrbitDeg: float64(d.orbit)}
	var err error
	if req.Range.From, err = num("from", d.from); err != nil {
		return fail("%v", err)
	}
	if req.Range.To, err = num("to", d.to); err != nil {
		return fail("%v", err)
	}
	if req.Range.To <= req.Range.From {
		return fail("the range's end must be above its start")
	}
	if strings.TrimSpace(d.step) != "" {
		if req.Range.Step, err = num("step", d.step); err != nil || req.Range.Step <= 0 {
			return fail("step %q: want a number above 0", d.step)
		}
	}
	if strings.TrimSpace(d.fps) != "" {
		if req.FPS, err = num("frame rate", d.fps); err != nil || req.FPS <= 0 {
			return fail("frame rate %q: want a number above 0", d.fps)
		}
	}
	if animout.KindOf(path) == animout.KindGIF {
		req.MaxFPS = animout.GIFMaxFPS
	}
	plan, err := animout.NewPlan(req)
	if err != nil {
		return fail("%v", err)
	}
	w, h, err := viewer.ParseShotSize(d.size)
	if err != nil {
		return fail("%v", err)
	}
	var bg animout.Background
	switch d.background {
	case 1:
		bg = animout.Background{Set: true, Transparent: true}
	case 2:
		c := func(v float32) uint8 { return uint8(math.Round(float64(max(0, min(1, v))) * 255)) }
		bg = animout.Background{Set: true, RGB: [3]uint8{c(d.colour[0]), c(d.colour[1]), c(d.colour[2])}}
	}
	if animout.KindOf(path) == animout.KindGIF && animout.GIFBytes(len(plan.Times), w, h) > animout.MaxGIFBytes {
		return fail("%d frames of %dx%d are too many for a GIF: fewer frames, a smaller size, or a PNG sequence or video", len(plan.Times), w, h)
	}
	return path, plan, w, h, bg, nil
}

// startExportAnim starts the export the dialog describes: the writer (ffmpeg
// is started here, so that its absence is said in the dialog), the encoder
// goroutine; App.frame draws the frames.
func (u *UI) startExportAnim() error {
	s := u.S
	if s.Scene == nil {
		return errors.New("no scene")
	}
	path, plan, w, h, bg, err := u.exportSettings()
	if err != nil {
		return err
	}
	wr, err := animout.NewWriter(path, w, h, plan, bg)
	if err != nil {
		return err
	}
	j := &exportJob{path: path, plan: plan, clip: max(s.Clip, 0), w: w, h: h, clear: bg.Clear(render.DefaultBackground),
		frames: make(chan *image.RGBA, 2), done: make(chan error, 1)}
	go j.encode(wr)
	u.exportAnim.job = j
	u.exportAnim.err = ""
	return nil
}

// encode writes the frames as they come (or drops them once cancelled), then
// finishes or removes the output.
func (j *exportJob) encode(wr animout.Writer) {
	var err error
	for img := range j.frames {
		if err != nil || j.cancelled.Load() {
			continue
		}
		if err = wr.Frame(img); err == nil {
			j.encoded.Add(1)
		}
	}
	switch {
	case err != nil:
		wr.Abort()
	case j.cancelled.Load():
		wr.Abort()
		err = errExportCancelled
	default:
		err = wr.Close()
	}
	j.done <- err
}

var errExportCancelled = errors.New("cancelled")

// cancel stops the export: no more frames are drawn, the encoder drops what it
// has and removes the output.
func (j *exportJob) cancel() {
	j.cancelled.Store(true)
	j.closeFrames()
}

func (j *exportJob) closeFrames() {
	if !j.closed {
		j.closed = true
		close(j.frames)
	}
}

// exportAnimProgress is the window of an export under way: a progress bar
// and Cancel; when the export ends it says where the file went (or why not)
// in the status line and the diagnostics.
func (u *UI) exportAnimProgress() {
	j := u.exportAnim.job
	if j == nil {
		return
	}
	select {
	case err := <-j.done:
		u.exportAnim.job = nil
		if j.target != nil { // on the GL thread, as the UI is built
			j.target.Delete()
			j.target = nil
		}
		switch {
		case errors.Is(err, errExportCancelled):
			u.S.AddInfo("export cancelled: nothing written to %s", j.path)
		case err != nil:
			u.S.AddDiag(formats.Error, "export animation: %v", err)
		default:
			u.S.AddInfo("animation saved to %s (%d frames)", j.path, len(j.plan.Times))
		}
		return
	default:
	}
	sc := u.scale()
	imgui.SetNextWindowPosV(imgui.Vec2{X: u.Viewport[0] + u.Viewport[2]/2, Y: u.Viewport[1] + 40*sc}, imgui.ConditionAlways, imgui.Vec2{X: 0.5})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: 420 * sc, Y: 0}, imgui.ConditionAlways)
	if imgui.BeginV("Exporting animation", nil, imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoSavedSettings|imgui.WindowFlagsNoResize|imgui.WindowFlagsAlwaysAutoResize) {
		n := len(j.plan.Times)
		done := int(j.encoded.Load())
		imgui.Text(filepath.Base(j.path))
		label := fmt.Sprintf("%d of %d frames", done, n)
		if done == n {
			label = "finishing the file…"
		}
		imgui.ProgressBarV(float32(done)/float32(max(n, 1)), imgui.Vec2{X: -1, Y: 0}, label)
		if j.cancelled.Load() {
			coloured(colDim, "cancelling…")
		} else if imgui.Button("Cancel##exportanim") {
			j.cancel()
		}
	}
	imgui.End()
}

// exportAnimStep draws the export's next frame off-screen, if one is due and
// the encoder has room for it (so a slow encoder slows the export, never the
// window), at the frame's clip time through the export's camera; the view's
// own time, clip and pose are put back after it.
func (a *App) exportAnimStep() {
	j := a.UI.exportAnim.job
	if j == nil || j.closed {
		return
	}
	if j.next >= len(j.plan.Times) {
		j.closeFrames()
		a.releaseExportTarget()
		return
	}
	if len(j.frames) == cap(j.frames) {
		return // the encoder is behind: try next frame
	}
	if j.target == nil {
		t, err := render.NewTarget(j.w, j.h)
		if err != nil {
			a.S.AddDiag(formats.Error, "export animation: %v", err)
			j.cancel()
			return
		}
		j.target = t
	}
	if !j.camSet {
		j.cam, j.camSet = a.Cam, true
	}
	s := a.S
	clip, tm := s.Clip, s.Tr.T
	s.Clip, s.Tr.T = j.clip, j.plan.Times[j.next]
	s.Evaluate()
	cam := j.cam
	cam.Yaw += j.plan.Turns[j.next]
	j.target.Bind()
	a.d.clear = &j.clear
	a.d.drawScenes(s, &cam, [4]int32{0, 0, int32(j.w), int32(j.h)}, a.cell)
	a.d.clear = nil
	img := render.ReadPixels(0, 0, j.w, j.h)
	if a.target != nil {
		a.target.Bind() // a window shot's framebuffer stays the one drawn into
	} else {
		j.target.Unbind()
	}
	s.Clip, s.Tr.T = clip, tm
	s.Evaluate()
	j.frames <- img
	j.next++
}

// releaseExportTarget frees the off-screen target once every frame is drawn.
func (a *App) releaseExportTarget() {
	if j := a.UI.exportAnim.job; j != nil && j.target != nil {
		j.target.Delete()
		j.target = nil
	}
}
