package viewer

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"animscope/anim"
	"animscope/formats"
)

// diag is one line of the diagnostics panel.
type diag struct {
	Severity formats.Severity
	Text     string
	// Info marks the viewer's own notes (opened, reloaded, saved), not findings.
	Info bool
}

// BlendState is the blend panel: clip B mixed into clip A by Weight; B's time
// follows A's (scaled to B's duration) when Sync, and runs on its own otherwise.
type BlendState struct {
	On     bool
	ClipB  int
	Weight float32
	Sync   bool
	TB     float64
}

// stats is the statistics line.
type stats struct {
	FrameMS  float64 // exponential average of the frame time, swap (vsync) included
	RenderMS float64 // exponential average of the time to build and draw a frame
	SampleUS float64 // exponential average of sample + blend + local-to-model + palette
	Nodes    int
	Keys     int // −1: not counted (no probes were recorded)
}

// Toggles are the view switches.
type Toggles struct {
	Mesh, Bones, Joints, Grid, Axes, Wireframe bool
	// Rest shows the rest pose instead of the clip.
	Rest bool
	// UpOverride replaces the asset's up axis (0: the asset's).
	UpOverride int
	// NoMirror turns off the asset's MirrorX.
	NoMirror bool
	// NoTextures draws meshes flat grey even when they carry materials.
	NoTextures bool
	// RootMotion moves the scene root along the clip's locomotion, for clips that
	// carry one (SWG LOCT/LOCR).
	RootMotion bool
	// Camera is the projection and whether the camera follows the selection.
	Camera cameraView
}

// requests are actions the UI or the keyboard asked of the frame loop.
type requests struct {
	FrameAll, Screenshot, OpenDialog, Quit bool
	// FrameOpen frames a scene just opened at rest (TakeFraming); FrameAll (F)
	// frames the current clip's whole motion.
	FrameOpen bool
	// OpenDialogB opens the file dialog to pick compare mode's scene B.
	OpenDialogB bool
	// FrameSelection (F with a node selected) frames the selection's motion;
	// Preset turns the camera to a front, side or top view (camera.go).
	FrameSelection bool
	Preset         ViewPreset
	// ScreenshotAs is File > Screenshot's save (folder, name, size, transparent
	// background); Screenshot alone (F12) saves the 3D view to the last folder.
	ScreenshotAs *ScreenshotSettings
	// Browse, when not "", asks for the asset browser mounted on that folder (a
	// folder named on the command line or dropped on the window: OpenPaths).
	Browse string
}

// State is everything the viewer shows, in plain Go: no GL, no ImGui. The frame loop
// calls Tick and Evaluate once a frame; the panels and the keyboard change it.
type State struct {
	Load Loader
	Opts formats.Options
	// OptsB is scene B's reading in compare mode (a zero value means A's), so that B
	// can be the same file under another rounding policy or quaternion order.
	OptsB formats.Options

	Scene *Scene
	// SceneB is the second scene of --compare (nil otherwise).
	SceneB *Scene
	Match  *match
	// Map is compare mode's fallback map (fallbackmap_view.go).
	Map mapPanel

	Clip     int
	Tr       transport
	Blend    BlendState
	Selected int
	View     Toggles
	Result   anim.BlendResult
	// Crowd is the crowd view (N instances of the scene).
	Crowd Crowd
	// Motion is the onion skin, the motion trails and the joint overlays (ghosts.go).
	Motion motion

	Diags []diag
	// Banner is what the last load said, until dismissed; Log (stderr in the
	// viewer, nil in tests) gets the same lines.
	Banner banner
	Log    io.Writer
	Stats  stats
	Req    requests
	Recent *recent
	// Watch polls the scene's files and reloads them when they change.
	Watch     bool
	lastPoll  time.Time
	SlotA     int
	SlotB     int
	plot      plot
	evalPanic string
	// validShape is the last two request shapes that passed Pose.Validate (the
	// scene and the compare scene).
	validShape [2]requestShape
	// ShowShortcuts shows the shortcuts window (F1).
	ShowShortcuts bool
	// diagLabel caches DiagTabLabel for its counts.
	diagLabel              string
	diagLabelE, diagLabelW int
	// probes is whether a visible panel displays probes (ShowProbes).
	probes probeNeed
	// Steps is key-to-key stepping (keystep.go).
	Steps keySteps
}

// NewState makes a state that opens files with load.
func NewState(load Loader, opts formats.Options) *State {
	return &State{
		Load: load, Opts: opts.WithDefaults(), Tr: newTransport(), Selected: -1,
		Blend: BlendState{ClipB: 0, Weight: 0.5, Sync: true},
		View:  Toggles{Mesh: true, Bones: true, Joints: true, Grid: true, Axes: true},
	}
}

// Info is the current clip's description.
func (s *State) Info() anim.ClipInfo {
	if s.Scene == nil {
		return anim.BindPose{}.Info()
	}
	return s.Scene.Infos[s.Clip]
}

// InfoB is blend clip B's description.
func (s *State) InfoB() anim.ClipInfo {
	if s.Scene == nil || s.Blend.ClipB < 0 || s.Blend.ClipB >= len(s.Scene.Infos) {
		return anim.BindPose{}.Info()
	}
	return s.Scene.Infos[s.Blend.ClipB]
}

func (s *State) AddDiag(sev formats.Severity, format string, args ...any) {
	s.pushDiag(diag{Severity: sev, Text: fmt.Sprintf(format, args...)})
}

// AddInfo adds one of the viewer's own notes.
func (s *State) AddInfo(format string, args ...any) {
	s.pushDiag(diag{Severity: formats.Warning, Text: fmt.Sprintf(format, args...), Info: true})
}

func (s *State) pushDiag(d diag) {
	s.Diags = append(s.Diags, d)
	if len(s.Diags) > 500 {
		s.Diags = append(s.Diags[:0], s.Diags[len(s.Diags)-500:]...)
	}
}

// LastError is the newest error line, or "".
func (s *State) LastError() string {
	for i := len(s.Diags) - 1; i >= 0; i-- {
		if s.Diags[i].Severity == formats.Error {
			return s.Diags[i].Text
		}
	}
	return ""
}

// Open opens files as the new scene (no files: the demo). On failure the previous
// scene stays and the error goes to the diagnostics panel. It reports success.
func (s *State) Open(files []string) bool {
	sc, err := safeLoad(s.Load, files, s.Opts)
	if err != nil {
		s.AddDiag(formats.Error, "%v", err)
		s.announce(nameOf(files), true, s.Diags[len(s.Diags)-1:])
		return false
	}
	s.install(sc, false)
	s.announce(sc.Name(), false, sceneDiags(sc))
	if s.Recent != nil && len(files) > 0 {
		s.Recent.Add(files)
	}
	return true
}

// OptionsB is scene B's reading: OptsB where set, A's options otherwise.
func (s *State) OptionsB() formats.Options {
	if s.OptsB.IsZero() {
		return s.Opts
	}
	o := s.OptsB // a reading it leaves empty takes its default (Options.Value)
	o.Root = s.Opts.Root
	return o
}

// OpenCompare opens two scenes side by side (--compare); B is read with OptionsB.
func (s *State) OpenCompare(a, b []string) bool {
	sa, err := safeLoad(s.Load, a, s.Opts)
	if err != nil {
		s.AddDiag(formats.Error, "%v", err)
		s.announce(nameOf(a), true, s.Diags[len(s.Diags)-1:])
		return false
	}
	sb, err := safeLoad(s.Load, b, s.OptionsB())
	if err != nil {
		s.AddDiag(formats.Error, "%v", err)
		s.announce(nameOf(b), true, s.Diags[len(s.Diags)-1:])
		return false
	}
	s.install(sa, false)
	for _, d := range sceneDiags(sb) {
		s.pushDiag(d)
	}
	s.announce(sa.Name()+" | "+sb.Name(), false, sceneDiags(sa, sb))
	s.SceneB = sb
	s.Match = matchNodes(sa, sb)
	s.AddInfo("comparing %s with %s: %d nodes matched by %s, %d only in A, %d only in B",
		sa.Name(), sb.Name(), len(s.Match.Pairs), s.Match.By, len(s.Match.OnlyA), len(s.Match.OnlyB))
	return true
}

// OpenB opens files as compare mode's scene B beside the current scene (File >
// Open as B). On failure both scenes stay as they were.
func (s *State) OpenB(files []string) bool {
	if s.Scene == nil {
		return s.Open(files)
	}
	sb, err := safeLoad(s.Load, files, s.OptionsB())
	if err != nil {
		s.AddDiag(formats.Error, "%v", err)
		s.announce(nameOf(files), true, s.Diags[len(s.Diags)-1:])
		return false
	}
	bd := sceneDiags(sb)
	for _, d := range bd {
		s.pushDiag(d)
	}
	s.announce(sb.Name(), false, bd)
	s.setB(sb)
	return true
}

// CompareReading compares the current scene with itself read under o (another
// rounding policy or quaternion order): scene B is the same files with OptsB = o.
func (s *State) CompareReading(o formats.Options) bool {
	if s.Scene == nil {
		return false
	}
	old := s.OptsB
	s.OptsB = o
	sb, err := safeLoad(s.Load, s.Scene.Files, s.OptionsB())
	if err != nil {
		s.OptsB = old
		s.AddDiag(formats.Error, "%v", err)
		return false
	}
	s.setB(sb)
	return true
}

func (s *State) setB(sb *Scene) {
	s.SceneB = sb
	s.Match = matchNodes(s.Scene, sb)
	ob := s.OptionsB()
	s.AddInfo("comparing %s with %s (B: %s): %d nodes matched by %s, %d only in A, %d only in B",
		s.Scene.Name(), sb.Name(), readingsText(ob, sb.Asset.Family), len(s.Match.Pairs), s.Match.By, len(s.Match.OnlyA), len(s.Match.OnlyB))
}

// ReopenB reads scene B's files again with OptionsB (a new reading for B).
func (s *State) ReopenB() bool {
	if s.SceneB == nil {
		return false
	}
	sb, err := safeLoad(s.Load, s.SceneB.Files, s.OptionsB())
	if err != nil {
		s.AddDiag(formats.Error, "%v (scene B stays as it was)", err)
		return false
	}
	s.setB(sb)
	return true
}

// CloseB leaves compare mode.
func (s *State) CloseB() {
	s.SceneB, s.Match = nil, nil
}

// Reload opens the scene's files again, keeping clip, time, blend and selection;
// on failure the old scene stays.
func (s *State) Reload() bool {
	if s.Scene == nil {
		return s.Open(nil)
	}
	return s.reopen("reloaded")
}

// SetOptions reopens the scene with new readings (rounding, quaternion order, …).
func (s *State) SetOptions(o formats.Options) bool {
	old := s.Opts
	s.Opts = o.WithDefaults()
	if s.Scene == nil {
		return true
	}
	if !s.reopen("reopened with new options") {
		s.Opts = old
		return false
	}
	return true
}

func (s *State) reopen(why string) bool {
	sc, err := safeLoad(s.Load, s.Scene.Files, s.Opts)
	if err != nil {
		s.Scene.mtimes = statFiles(s.Scene.Files) // do not retry until the file changes again
		s.AddDiag(formats.Error, "%v (the previous scene stays on screen)", err)
		s.announce(s.Scene.Name(), true, s.Diags[len(s.Diags)-1:])
		return false
	}
	if s.SceneB != nil {
		sb, err := safeLoad(s.Load, s.SceneB.Files, s.OptionsB())
		if err != nil {
			s.SceneB.mtimes = statFiles(s.SceneB.Files)
			s.AddDiag(formats.Error, "%v (the previous scene stays on screen)", err)
			s.announce(s.SceneB.Name(), true, s.Diags[len(s.Diags)-1:])
			return false
		}
		s.SceneB = sb
		s.Match = matchNodes(sc, sb)
	}
	s.install(sc, true)
	s.AddInfo("%s %s", sc.Name(), why)
	if s.Banner.Errors > 0 {
		s.DismissBanner() // the failure it showed is mended
	}
	return true
}

// install makes sc the scene; keep carries clip, time, blend and selection over by
// name (a reload), otherwise they reset and the camera frames the new scene.
func (s *State) install(sc *Scene, keep bool) {
	old := s.Scene
	if keep && old != nil {
		clipName := old.Infos[s.Clip].Name
		bName := ""
		if s.Blend.ClipB >= 0 && s.Blend.ClipB < len(old.Infos) {
			bName = old.Infos[s.Blend.ClipB].Name
		}
		selName := ""
		if s.Selected >= 0 && s.Selected < old.Skel.Len() {
			selName = old.Skel.Names[s.Selected]
		}
		s.Clip = pickIndex(sc.clipIndex(clipName), s.Clip, len(sc.Clips))
		s.Blend.ClipB = pickIndex(sc.clipIndex(bName), s.Blend.ClipB, len(sc.Clips))
		if s.Selected >= 0 {
			idx := -1
			if selName != "" {
				idx = sc.Skel.Find(selName)
			}
			s.Selected = pickIndex(idx, s.Selected, sc.Skel.Len())
		}
	} else {
		s.Clip = sc.startClip()
		s.Tr = newTransport()
		s.Tr.Playing = true
		s.Selected = -1
		s.Blend = BlendState{ClipB: OtherClip(s.Clip, len(sc.Clips)), Weight: 0.5, Sync: true}
		s.Req.FrameAll = true
		s.Req.FrameOpen = true
		s.SceneB, s.Match = nil, nil
		s.Diags = s.Diags[:0]
		s.SlotA, s.SlotB = 0, 0
	}
	s.Scene = sc
	s.plot = plot{}
	s.evalPanic = ""
	for _, d := range sc.Asset.Diagnostics {
		s.Diags = append(s.Diags, diag{Severity: d.Severity, Text: d.String()})
	}
	for _, w := range formats.SlotWarnings(sc.Asset) { // as the banner says them
		s.Diags = append(s.Diags, diag{Severity: formats.Warning, Text: w})
	}
	if !keep {
		s.AddInfo("opened %s: %s, %s, %s, %s", sc.Name(), sc.Asset.Family,
			Plural(sc.Skel.Len(), "node", "nodes"), Plural(len(sc.Asset.Clips), "clip", "clips"), Plural(len(sc.Meshes), "mesh", "meshes"))
	}
	s.Stats.Nodes = sc.Skel.Len()
	s.clampTime()
}

// OtherClip is blend B's first clip beside clip a of n: the first clip that is
// not a (a itself when it is the only one).
func OtherClip(a, n int) int {
	if a != 0 {
		return 0
	}
	return max(min(1, n-1), 0)
}

// pickIndex returns found when it is valid, else old when it is in range, else 0
// (or −1 with n == 0).
func pickIndex(found, old, n int) int {
	switch {
	case found >= 0 && found < n:
		return found
	case old >= 0 && old < n:
		return old
	case n == 0:
		return -1
	}
	return 0
}

func (s *State) clampTime() {
	info := s.Info()
	if !math.IsInf(info.Duration, 1) && s.Tr.T > info.Duration {
		s.Tr.T = info.Duration
	}
	if s.Tr.T < 0 || math.IsNaN(s.Tr.T) {
		s.Tr.T = 0
	}
}

// SetClip selects clip i (A) and resets the play range.
func (s *State) SetClip(i int) {
	if s.Scene == nil || i < 0 || i >= len(s.Scene.Clips) || i == s.Clip {
		return
	}
	s.Clip = i
	s.Tr.RangeOn = false
	s.clampTime()
	s.plot = plot{}
}

// Select selects node i (−1: none).
func (s *State) Select(i int) {
	if s.Scene == nil || i < -1 || i >= s.Scene.Skel.Len() {
		return
	}
	s.Selected = i
}

// SetSlot shows the meshes of slot pair (a, b).
func (s *State) SetSlot(a, b int) {
	if s.Scene == nil {
		return
	}
	if err := s.Scene.setSlot(a, b); err != nil {
		s.AddDiag(formats.Error, "%v", err)
		return
	}
	s.SlotA, s.SlotB = a, b
}

// HasSlots says whether the scene's meshes depend on a slot pair.
func (s *State) HasSlots() bool {
	if s.Scene == nil {
		return false
	}
	return s.Scene.Asset.Slots != nil
}

// BlendOn says whether the blend is applied this frame.
func (s *State) BlendOn() bool {
	return s.Blend.On && !s.View.Rest && s.Scene != nil && s.Blend.ClipB >= 0 && s.Blend.ClipB < len(s.Scene.Clips)
}

// TimeB is clip B's time: A's time scaled to B's duration when synced (A's time
// itself when either is infinite or empty), otherwise B's own.
func (s *State) TimeB() float64 {
	if !s.Blend.Sync {
		return s.Blend.TB
	}
	a, b := s.Info().Duration, s.InfoB().Duration
	if a > 0 && b > 0 && !math.IsInf(a, 1) && !math.IsInf(b, 1) {
		return s.Tr.T / a * b
	}
	return s.Tr.T
}

// Tick advances the transport (and B's free-running time) by dt seconds.
func (s *State) Tick(dt float64) {
	if s.Scene == nil {
		return
	}
	playing := s.Tr.Playing
	s.Tr.Advance(dt, s.Info())
	if s.Blend.On && !s.Blend.Sync && playing {
		ib := s.InfoB()
		ups := ib.UnitsPerSecond
		if ups <= 0 || math.IsInf(ups, 0) {
			ups = 1
		}
		tb := s.Blend.TB + dt*s.Tr.Speed*ups
		if d := ib.Duration; d > 0 && !math.IsInf(d, 1) {
			tb = math.Mod(tb, d)
			if tb < 0 {
				tb += d
			}
		}
		s.Blend.TB = tb
	}
}

// Evaluate poses the scene (and the compare scene) for the current time: sampling,
// blending, local-to-model and palette, allocation-free. A clip that panics is
// reported once and the scene shows its rest pose.
func (s *State) Evaluate() {
	if s.Scene == nil {
		return
	}
	start := time.Now()
	s.evaluate(s.Scene)
	if s.SceneB != nil {
		s.evaluate(s.SceneB)
	}
	us := float64(time.Since(start).Nanoseconds()) / 1e3
	if s.Stats.SampleUS == 0 {
		s.Stats.SampleUS = us
	} else {
		s.Stats.SampleUS += (us - s.Stats.SampleUS) * 0.05
	}
	s.Stats.Nodes = s.Scene.Skel.Len()
	s.Stats.Keys = -1 // unknown: no probes this frame
	if s.WantsProbes() {
		s.Stats.Keys = keyCount(s.Scene.Pose.Probes)
		if s.BlendOn() {
			s.Stats.Keys += keyCount(s.Scene.Pose.ProbesB)
		}
	}
}

// evaluate poses sc for this frame's request: the viewer's one guard where it
// evaluates. A request that does not fit the scene (anim.Pose.Validate, checked
// when the request's shape changes) or a sampler that panics is reported once and
// the scene shows its rest pose.
func (s *State) evaluate(sc *Scene) {
	req := s.Request(sc)
	if err := s.validate(sc, &req); err != nil {
		s.evalFailed(sc, err)
		return
	}
	var res anim.BlendResult
	if p := guarded(func() { res = sc.Evaluate(&req) }); p != nil {
		s.evalFailed(sc, p)
		return
	}
	if sc == s.Scene || req.Rest {
		s.Result = res
	}
}

// validate checks req against sc's pose and skeleton when the request's shape
// (scene, clips, probes, rest) differs from the last one that fitted.
func (s *State) validate(sc *Scene, req *anim.PoseRequest) error {
	k := requestShape{sc: sc, gen: sc.Gen, a: req.A, b: req.B, probes: req.Probes, rest: req.Rest}
	if s.validShape[0] == k || s.validShape[1] == k {
		return nil
	}
	if err := sc.Pose.Validate(sc.Skel, req); err != nil {
		return err
	}
	s.validShape[1], s.validShape[0] = s.validShape[0], k
	return nil
}

// requestShape is what Pose.Validate's verdict on a request depends on.
type requestShape struct {
	sc     *Scene
	gen    Revision
	a, b   anim.Clip
	probes bool
	rest   bool
}

// evalFailed reports why sc could not be posed (once until the next load) and
// shows the rest pose instead, when that fits.
func (s *State) evalFailed(sc *Scene, err error) {
	if s.evalPanic == "" {
		s.evalPanic = err.Error()
		s.AddDiag(formats.Error, "%s: sampling failed: %v (showing the rest pose)", sc.Name(), err)
	}
	s.View.Rest = true
	rest := anim.PoseRequest{A: sc.Clips[0], Rest: true, Probes: true}
	if sc.Pose.Validate(sc.Skel, &rest) == nil {
		sc.evaluateRest(0)
	}
}

// Request is the pose the state asks of scene sc (the scene or the compare scene)
// this frame: the current clip at the transport's time, blended with clip B when
// the blend is on, under the clip's root placement (and its locomotion when the
// view's root-motion toggle is on), or the rest pose.
func (s *State) Request(sc *Scene) anim.PoseRequest {
	clip := s.Clip
	if clip >= len(sc.Clips) {
		clip = 0
	}
	req := anim.PoseRequest{A: sc.Clips[clip], TA: s.Tr.T, Rest: s.View.Rest, Probes: s.WantsProbes()} // only when a visible panel shows them
	if s.BlendOn() && s.Blend.ClipB < len(sc.Clips) {
		req.B, req.TB, req.Weight = sc.Clips[s.Blend.ClipB], s.TimeB(), s.Blend.Weight
	}
	if s.View.RootMotion {
		req.Root = anim.RootLocomotion
	}
	return req
}

// FrameTime records one frame's wall time for the statistics line.
func (s *State) FrameTime(d time.Duration) {
	ms := float64(d.Nanoseconds()) / 1e6
	if s.Stats.FrameMS == 0 {
		s.Stats.FrameMS = ms
	} else {
		s.Stats.FrameMS += (ms - s.Stats.FrameMS) * 0.05
	}
}

// PollWatch reloads the scene when --watch is on and a file changed; it checks at
// most twice a second.
func (s *State) PollWatch(now time.Time) bool {
	if !s.Watch || s.Scene == nil || len(s.Scene.Files) == 0 || now.Sub(s.lastPoll) < 500*time.Millisecond {
		return false
	}
	s.lastPoll = now
	if s.Scene.Changed() || (s.SceneB != nil && s.SceneB.Changed()) {
		return s.reopen("reloaded (file changed)")
	}
	return false
}

// StatsLine formats the statistics line.
func (s *State) StatsLine() string {
	line := Plural(s.Stats.Nodes, "node", "nodes")
	if s.Stats.Keys >= 0 { // else no panel showing keys is open: no probes, no count
		line += "  " + Plural(s.Stats.Keys, "key", "keys")
	}
	if s.Stats.RenderMS == 0 && s.Stats.SampleUS == 0 { // not measured (a shot)
		return line
	}
	return fmt.Sprintf("render %.1f ms  sampling %.1f µs  %s", s.Stats.RenderMS, s.Stats.SampleUS, line)
}

// RenderTime records the time one frame took to build and draw (the frame loop's
// work, without the wait for the swap) for the statistics line.
func (s *State) RenderTime(d time.Duration) {
	ms := float64(d.Nanoseconds()) / 1e6
	if s.Stats.RenderMS == 0 {
		s.Stats.RenderMS = ms
	} else {
		s.Stats.RenderMS += (ms - s.Stats.RenderMS) * 0.05
	}
}

// Title is the window title: "animscope — Frog.m2", the files' base names
// ("body.sat + walk.ans"), "A.m2 | B.m2" when comparing, "animscope — demo".
func (s *State) Title() string {
	if s.Scene == nil {
		return "animscope"
	}
	t := "animscope — " + s.Scene.ShortName()
	if s.SceneB != nil {
		t += " | " + s.SceneB.ShortName()
	}
	return t
}

// FormatTime formats t in the clip's unit and in seconds.
func FormatTime(t float64, info anim.ClipInfo) string {
	unit := info.Unit
	if unit == "" {
		unit = "frame"
	}
	sec := t
	if info.UnitsPerSecond > 0 {
		sec = t / info.UnitsPerSecond
	}
	switch unit {
	case "s":
		return fmt.Sprintf("%.3f s", t)
	case "ms":
		return fmt.Sprintf("%.0f ms (%.3f s)", t, sec)
	}
	return fmt.Sprintf("%.2f %s (%.3f s)", t, unit, sec)
}

// formatDuration formats a clip's duration in its unit and seconds.
func formatDuration(info anim.ClipInfo) string {
	if math.IsInf(info.Duration, 1) {
		return "infinite"
	}
	return FormatTime(info.Duration, info)
}

// ClipRow is one row of the clip list, short enough for the narrow scene
// panel: "0  demo  40 frames", "1  Stand  1333 ms", "2  wave  2.5 s" (the
// duration in the clip's own unit); ClipLabel, with the duration in seconds
// and the frame count too, is its tooltip.
func ClipRow(i int, info anim.ClipInfo) string {
	name := strings.TrimSpace(info.Name)
	if name == "" {
		name = "(bind pose)"
	}
	var d string
	switch {
	case math.IsInf(info.Duration, 1):
		d = "infinite"
	case info.Unit == "frame" || info.Unit == "":
		d = strconv.FormatFloat(info.Duration, 'f', -1, 64) + " frames"
		if info.Duration == 1 {
			d = "1 frame"
		}
	default:
		d = strconv.FormatFloat(info.Duration, 'f', -1, 64) + " " + info.Unit
	}
	return strconv.Itoa(i) + "  " + name + "  " + d
}

// ClipLabel is the full description of a clip of the list.
func ClipLabel(i int, info anim.ClipInfo) string {
	name := info.Name
	if name == "" {
		name = "(bind pose)"
	}
	frames := ""
	if info.Frames > 0 {
		frames = ", " + Plural(info.Frames, "frame", "frames")
	}
	return fmt.Sprintf("%d  %s  [%s%s]", i, strings.TrimSpace(name), formatDuration(info), frames)
}
