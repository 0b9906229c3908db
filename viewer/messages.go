package viewer

import (
	"fmt"
	"os"
	"strings"

	"animscope/formats"
)

// banner is what the last load said (its errors and warnings, in full), shown over
// the window when a scene opens or fails to open, until the user dismisses it. The
// diagnostics tab keeps the same lines after the banner is gone.
type banner struct {
	// Title says what happened: "Frog.m2: 2 warnings", "bad.m2 did not open: 1 error".
	Title string
	Lines []diag
	// Shown is Lines folded for the window: lines of one shape (the same text
	// but for its numbers, see diagShape) are one line with a count, so that 43
	// "sequence N keeps its keys in X.anim, which cannot be read" take one line
	// and the 3D view stays in sight. Lines keeps every one.
	Shown []bannerLine
	// Errors and Warnings count Lines by severity.
	Errors, Warnings int
}

// bannerLine is one line of the banner: the first diagnostic of its shape and
// how many more of that shape followed it.
type bannerLine struct {
	diag
	More int
	// MoreText says so under the line ("" when More is 0), written once when
	// the banner is made, so that drawing a frame formats nothing.
	MoreText string
}

// foldDiags groups ds by severity and shape, in the order each shape first
// appears.
func foldDiags(ds []diag) []bannerLine {
	type key struct {
		sev   formats.Severity
		info  bool
		shape string
	}
	at := make(map[key]int, len(ds))
	out := make([]bannerLine, 0, len(ds))
	for _, d := range ds {
		k := key{d.Severity, d.Info, diagShape(d.Text)}
		if i, ok := at[k]; ok {
			out[i].More++
			continue
		}
		at[k] = len(out)
		out = append(out, bannerLine{diag: d})
	}
	for i := range out {
		if out[i].More > 0 {
			out[i].MoreText = fmt.Sprintf("  ... and %d more like it (Diagnostics tab)", out[i].More)
		}
	}
	return out
}

// diagShape is text with every number (a run of decimal digits, or 0x and hex
// digits, as offsets are written) replaced by '#' and every one-word name in
// parentheses ("sequence 62 (EmoteWork)") by "(*)": two findings that differ only
// in a sequence, node, offset or file number, or the name beside it, have one
// shape.
func diagShape(text string) string {
	b := make([]byte, 0, len(text))
	for i := 0; i < len(text); {
		if text[i] == '(' {
			if n := strings.IndexAny(text[i+1:], ") "); n > 0 && text[i+1+n] == ')' {
				b = append(b, "(*)"...)
				i += n + 2
				continue
			}
		}
		if !isDigit(text[i]) {
			b = append(b, text[i])
			i++
			continue
		}
		if text[i] == '0' && i+2 < len(text) && text[i+1] == 'x' && isHex(text[i+2]) {
			i += 2
			for i < len(text) && isHex(text[i]) {
				i++
			}
		} else {
			for i < len(text) && isDigit(text[i]) {
				i++
			}
		}
		b = append(b, '#')
	}
	return string(b)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// Visible reports whether there is anything to show.
func (b *banner) Visible() bool { return len(b.Lines) > 0 }

// DismissBanner hides the banner (its lines stay in the diagnostics tab).
func (s *State) DismissBanner() { s.Banner = banner{} }

// announce makes ds, what loading name said, the banner (none when ds is empty)
// and writes each line to Log, so that a bad file named on the command line is
// seen both in the window and in the terminal.
func (s *State) announce(name string, failed bool, ds []diag) {
	e, w := CountDiags(ds)
	b := banner{Lines: append([]diag(nil), ds...), Errors: e, Warnings: w} // ds may be Diags' own array
	b.Shown = foldDiags(b.Lines)
	trimName(b.Shown, name)
	switch {
	case len(ds) == 0:
		s.Banner = banner{}
		return
	case failed:
		b.Title = name + " did not open: " + counts(e, w)
	default:
		b.Title = name + ": " + counts(e, w)
	}
	s.Banner = b
	if s.Log != nil {
		for _, d := range ds {
			fmt.Fprintf(s.Log, "animscope: %s: %s\n", severityWord(d.Severity), d.Text)
		}
	}
}

// trimName drops "name: " from the front of each shown line: the title already
// names the file, and a long path said again on every line wraps each finding
// over several lines of the 3D view. Lines (and the Diagnostics tab) keep it.
func trimName(shown []bannerLine, name string) {
	if name == "" {
		return
	}
	for i := range shown {
		if rest, ok := strings.CutPrefix(shown[i].Text, name+": "); ok && rest != "" {
			shown[i].Text = rest
		}
	}
}

// noteBanner adds a closing line (the viewer's own) to the banner and to Log.
func (s *State) noteBanner(text string) {
	if !s.Banner.Visible() {
		return
	}
	note := diag{Severity: formats.Warning, Text: text, Info: true}
	s.Banner.Lines = append(s.Banner.Lines[:len(s.Banner.Lines):len(s.Banner.Lines)], note)
	s.Banner.Shown = append(s.Banner.Shown[:len(s.Banner.Shown):len(s.Banner.Shown)], bannerLine{diag: note})
	if s.Log != nil {
		fmt.Fprintf(s.Log, "animscope: %s\n", text)
	}
}

// sceneDiags are a scene's own findings as diagnostics lines.
func sceneDiags(scs ...*Scene) []diag {
	var ds []diag
	for _, sc := range scs {
		if sc == nil {
			continue
		}
		for _, d := range sc.Asset.Diagnostics {
			ds = append(ds, diag{Severity: d.Severity, Text: d.String()})
		}
		for _, w := range formats.SlotWarnings(sc.Asset) { // an empty texture slot
			ds = append(ds, diag{Severity: formats.Warning, Text: w})
		}
	}
	return ds
}

func severityWord(s formats.Severity) string {
	if s == formats.Error {
		return "error"
	}
	return "warning"
}

// CountDiags counts the errors and warnings in ds; the viewer's own notes (Info)
// are neither.
func CountDiags(ds []diag) (errors, warnings int) {
	for _, d := range ds {
		switch {
		case d.Info:
		case d.Severity == formats.Error:
			errors++
		default:
			warnings++
		}
	}
	return errors, warnings
}

// counts is "1 error, 2 warnings", naming only what there is ("3 warnings"), or
// "no messages".
func counts(errors, warnings int) string {
	switch {
	case errors > 0 && warnings > 0:
		return Plural(errors, "error", "errors") + ", " + Plural(warnings, "warning", "warnings")
	case errors > 0:
		return Plural(errors, "error", "errors")
	case warnings > 0:
		return Plural(warnings, "warning", "warnings")
	}
	return "no messages"
}

// DiagTabLabel is the diagnostics tab's ImGui label: "Diagnostics (1 error, 2
// warnings)###diag", or "Diagnostics###diag" when there are none. The string is
// made again only when the counts change, so that drawing the tab allocates
// nothing frame after frame.
func (s *State) DiagTabLabel() string {
	e, w := CountDiags(s.Diags)
	if s.diagLabel == "" || e != s.diagLabelE || w != s.diagLabelW {
		s.diagLabelE, s.diagLabelW = e, w
		if e+w == 0 {
			s.diagLabel = "Diagnostics###diag"
		} else {
			s.diagLabel = "Diagnostics (" + counts(e, w) + ")###diag"
		}
	}
	return s.diagLabel
}

// StandInBadge is the badge of a scene posed on a stand-in skeleton, and
// standInHelp its tooltip, which ends with StandInBindPose when the meshes are
// drawn in bind pose (Scene.MeshesInBindPose) and StandInDeforms when the
// stand-in is the skeleton they were bound in and they follow the clip.
const (
	StandInBadge = "STAND-IN SKELETON"
	standInHelp  = "No file of this scene gives a skeleton (an SWG clip or mesh without its .skt):\n" +
		"it is posed on a stand-in skeleton made from the file's joint names,\n" +
		"so poses are not the model's. Open the .skt (or the .sat) with it."
	StandInBindPose = "\nThe meshes are drawn in bind pose: the stand-in's joints are not\n" +
		"the ones they were bound in, and the clip would tear them."
	StandInDeforms = "\nThe meshes follow the clip: the stand-in is the skeleton they were bound in."
)

// StandInTooltip is the stand-in badge's tooltip for sc (standInHelp and what
// was drawn of its meshes).
func (sc *Scene) StandInTooltip() string {
	switch {
	case sc.MeshesInBindPose():
		return standInHelp + StandInBindPose
	case len(sc.Meshes) > 0:
		return standInHelp + StandInDeforms
	}
	return standInHelp
}

// StandIn reports whether the scene is posed on a stand-in skeleton.
func (sc *Scene) StandIn() bool { return sc != nil && sc.Asset.StandInSkeleton }

// OpenPaths opens what the user named (the command line, a drop on the
// window): one folder asks for the asset browser on it (Req.Browse), since a
// folder is a mount, not a scene; anything else is the files of one scene
// (Open). It reports whether the scene opened or the browser was asked for.
func (s *State) OpenPaths(files []string) bool {
	if isFolder(files) {
		s.Req.Browse = files[0]
		return true
	}
	return s.Open(files)
}

// isFolder says whether files is one folder.
func isFolder(files []string) bool {
	if len(files) != 1 {
		return false
	}
	st, err := os.Stat(files[0])
	return err == nil && st.IsDir()
}

// OpenStartup opens the files named on the command line. When they fail, the
// demo opens in their place, the banner keeps the error (with a note that the
// demo is shown instead) and Log has it too; it reports whether the files opened.
func (s *State) OpenStartup(files []string) bool {
	if isFolder(files) {
		s.OpenPaths(files)
		return s.Open(nil) // the demo under the browser
	}
	if s.Open(files) || len(files) == 0 {
		return s.Scene != nil
	}
	why := s.LastError()
	banner := s.Banner
	if sc, err := safeLoad(s.Load, nil, s.Opts); err == nil {
		s.install(sc, false)
	}
	s.AddDiag(formats.Error, "%s (showing the demo instead)", why)
	s.Banner = banner
	s.noteBanner("showing the demo instead")
	return false
}
