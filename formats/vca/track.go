package vca

import (
	"encoding/binary"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"animscope/anim"
	"animscope/formats"
)

// Channel is what a line drives (the directive's tag).
type Channel uint8

// Channels, as in animation.lua.
const (
	ChMove Channel = iota + 1
	ChRotate
	ChScale
	ChZoom
	ChTexture
	ChShow
	ChModel
	ChColor
)

var channelOf = map[string]Channel{
	"move": ChMove, "rotate": ChRotate, "scale": ChScale, "zoom": ChZoom,
	"texture": ChTexture, "show": ChShow, "model": ChModel, "color": ChColor,
}

func (c Channel) transform() bool { return c == ChMove || c == ChRotate || c == ChScale }

// Interp is how a keyframe line reads its keys.
type Interp uint8

// Interpolations. InterpStep covers const, unknown curve words, "simple" string
// keys and boolean show keys: all read the left key.
const (
	InterpStep Interp = iota
	InterpLinear
	InterpBezier
	InterpCustom
)

// Key is one keyframe. Str is the raw value text (texture and model names; the
// string a "simple" key holds); Value its number where it has one.
type Key struct {
	Frame, Value       float64
	Str                string
	LX, LY, RX, RY     float64
	Pos, Line, Col     int
	hasValue, isNumber bool
}

// Line is one scalar channel of one lineset.
type Line struct {
	Tag     string
	Channel Channel
	// Axis is the engine's axis index: 1..3 (x, y, z) or 1..4 (r, g, b, a), 0 when
	// the line has no `by` (evaluated, but feeding no axis).
	Axis    int
	Probe   string // probe channel name, "<tag>.<axis>"
	Lineset int
	Pos     int
	Line    int
	Col     int

	Func *Expr // func (…) lines
	mul  bool  // scale and zoom: (EXPR)·I + (1 − I); others (EXPR)·I
	// probe is Probe as the probes' channel number, looked up once here.
	probe anim.Channel

	Keys []Key
	// frames are the keys' frames side by side, for the per-frame key search:
	// a Key is 96 bytes, so searching Keys touched a cache line per step.
	frames    []float64
	Interp    Interp
	CurveName string
	curve     *Expr // nil: custom curve missing or broken (falls back to linear)
	frame     *Expr // t * <fps> % <period>
	boolKeys  bool  // @show: value "on"
	period    Attr  // the period attribute (Name "" when absent)
	strKeys   bool  // texture and model names

	ignored bool // an error made animscope drop the line
}

// Lineset groups the lines of one target.
type Lineset struct {
	Key   string // the bone name, else the name attribute, else ""
	Type  string // "bone", "camera", "texture" or "" (fixed by the first directive)
	Lines []int
	Pos   int
}

// Track is a parsed .vca file, independent of any skeleton.
type Track struct {
	Name          string
	File          string
	FPS           float64
	Duration      float64 // seconds; +Inf without a duration
	RotationOrder string
	rotAxes       []int // 0..2 for X..Z, from the first three characters
	Lines         []*Line
	Linesets      []*Lineset
	lsIndex       map[string]int
	Curves        map[string]*Expr
	curvePos      map[string]int
	UsesRand      bool
	Diags         []formats.Diagnostic
	src           []byte
}

// DefaultFPS is the engine's fps without @configure fps.
const DefaultFPS = 60

// defaultPeriod is animation.MAX_FRAMES as Lua prints it.
const defaultPeriod = "1000000000"

type trackBuilder struct {
	tr    *Track
	opt   options
	lines *lineIndex
}

func (b *trackBuilder) pos(off int) (int, int) { return b.lines.pos(off) }

func (b *trackBuilder) diag(sev formats.Severity, off int, format string, args ...any) {
	l, c := b.pos(off)
	b.tr.Diags = append(b.tr.Diags, formats.Diagnostic{Severity: sev, File: b.tr.File, Offset: -1, Line: l, Col: c,
		Message: fmt.Sprintf(format, args...)})
}

func (b *trackBuilder) fatal(off int, format string, args ...any) error {
	l, c := b.pos(off)
	return formats.LineErrorf(b.tr.File, l, c, format, args...)
}

// exprErrorAt turns an expression error at offset i of text into a load error or a
// line diagnostic at the right file position. base maps text offsets to the file.
func (b *trackBuilder) exprError(err error, base func(int) int, what string) (fatal error, semantic bool) {
	ee, ok := err.(*ExprError)
	if !ok {
		return b.fatal(base(0), "%s: %v", what, err), false
	}
	if ee.Semantic {
		b.diag(formats.Error, base(ee.Pos), "%s: %s; the line is ignored", what, ee.Msg)
		return nil, true
	}
	return b.fatal(base(ee.Pos), "%s: %s", what, ee.Msg), false
}

// ParseTrack parses a .vca file. A VCM syntax error, an unknown directive, a
// blacklisted or syntactically broken expression fails the load (as in the engine);
// everything else is a diagnostic on the track.
func ParseTrack(file string, src []byte, opt formats.Options) (*Track, error) {
	root, err := ParseVCM(src, "track")
	if err != nil {
		se := err.(*SyntaxError)
		return nil, formats.LineErrorf(file, se.Line, se.Col, "%s", se.Msg)
	}
	name := filepath.Base(file)
	name = strings.TrimSuffix(name, filepath.Ext(name))
	tr := &Track{Name: name, File: file, FPS: DefaultFPS, Duration: math.Inf(1), RotationOrder: "XYZ",
		lsIndex: map[string]int{}, Curves: map[string]*Expr{}, curvePos: map[string]int{}, src: src}
	b := &trackBuilder{tr: tr, opt: parseOptions(opt), lines: newLineIndex(src)}
	var curveNodes []*Node
	fpsSet := false
	for _, n := range root.Children {
		switch n.Tag {
		case "configure":
			if err := b.configure(n, &fpsSet); err != nil {
				return nil, err
			}
			continue
		case "curve":
			nm, ok := n.Get("name")
			if !ok {
				return nil, b.fatal(n.Pos, "@curve without a name (write @curve name NAME func (…))")
			}
			if _, ok := n.Get("func"); !ok {
				return nil, b.fatal(n.Pos, "@curve %q without func", nm)
			}
			curveNodes = append(curveNodes, n)
			continue
		}
		ch, ok := channelOf[n.Tag]
		if !ok {
			return nil, b.fatal(n.Pos, "unknown directive %q", n.Tag)
		}
		if err := b.line(n, ch); err != nil {
			return nil, err
		}
	}
	// Curves are compiled once, whatever their place in the file; a later @curve of
	// the same name replaces an earlier one, as in the engine's table.
	for _, n := range curveNodes {
		nm, _ := n.Get("name")
		fa, _ := n.Attr("func")
		if bad := blacklisted(fa.Value); bad != "" {
			return nil, b.fatal(fa.ValuePos, "invalid syntax %q (contains %q)", fa.Value, bad)
		}
		x, err := CompileExpr(fa.Value, modeCurve)
		if err != nil {
			fatal, _ := b.exprError(err, func(i int) int { return fa.ValuePos + i }, fmt.Sprintf("@curve %s", nm))
			if fatal != nil {
				return nil, fatal
			}
			tr.Curves[nm] = nil
			tr.curvePos[nm] = n.Pos
			continue
		}
		b.engineMissing(x, n.Pos)
		tr.Curves[nm] = x
		tr.curvePos[nm] = n.Pos
		if x.UsesRand {
			tr.UsesRand = true
		}
	}
	// fps is read once, at code generation: compile every keyframe line's frame
	// expression with the final fps, pasted as Lua prints it.
	fpsText := luaNumText(tr.FPS)
	for _, l := range tr.Lines {
		if l.ignored || l.Func != nil {
			continue
		}
		if err := b.frameExpr(l, fpsText); err != nil {
			return nil, err
		}
		if l.Interp == InterpCustom && !l.ignored {
			c, ok := tr.Curves[l.CurveName]
			switch {
			case !ok:
				b.diag(formats.Warning, l.Pos, "curve .%s is not declared: the engine fails between keys (attempt to call nil); animscope interpolates linearly", l.CurveName)
			case c == nil:
				b.diag(formats.Warning, l.Pos, "curve .%s cannot be evaluated: animscope interpolates linearly", l.CurveName)
			default:
				l.curve = c
			}
		}
	}
	tr.rotAxes = rotationAxes(tr.RotationOrder)
	b.checkTargets()
	internFrames(tr)
	return tr, nil
}

// internFrames makes keyframe lines whose keys' frames are equal share one frames
// slice, and lines whose frame expressions have the same text and draw no random
// numbers share one compiled expression. A bone's lines (and usually a whole
// track's) are keyed at the same frames with the same period, so the sampler
// evaluates the frame and searches the keys once for a run of such lines, and
// reads one frames array from the cache instead of one per line.
func internFrames(tr *Track) {
	frames := map[string][]float64{}
	exprs := map[string]*Expr{}
	var kb []byte
	for _, l := range tr.Lines {
		if len(l.frames) > 0 {
			kb = kb[:0]
			for _, f := range l.frames {
				kb = binary.LittleEndian.AppendUint64(kb, math.Float64bits(f))
			}
			if s, ok := frames[string(kb)]; ok {
				l.frames = s
			} else {
				frames[string(kb)] = l.frames
			}
		}
		if l.frame != nil && !l.frame.UsesRand {
			if x, ok := exprs[l.frame.Src]; ok {
				l.frame = x
			} else {
				exprs[l.frame.Src] = l.frame
			}
		}
	}
}

// luaNumText is tostring(x) for a number (LuaJIT's "%.14g").
func luaNumText(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "nan"
	}
	return fmt.Sprintf("%.14g", x)
}

func rotationAxes(order string) []int {
	var axes []int
	for i := 0; i < 3 && i < len(order); i++ {
		switch order[i] {
		case 'X':
			axes = append(axes, 0)
		case 'Y':
			axes = append(axes, 1)
		case 'Z':
			axes = append(axes, 2)
		}
	}
	return axes
}

func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}

func (b *trackBuilder) configure(n *Node, fpsSet *bool) error {
	tr := b.tr
	num := func(a Attr) (float64, bool) {
		v, ok := toNumber(a.Value)
		if !ok {
			b.diag(formats.Error, a.ValuePos, "@configure %s %q is not a number; ignored", a.Name, a.Value)
		}
		return v, ok
	}
	if a, ok := n.Attr("fps"); ok {
		if v, ok := num(a); ok {
			tr.FPS = v
			*fpsSet = true
			if !(v > 0) || math.IsInf(v, 0) {
				b.diag(formats.Warning, a.ValuePos, "@configure fps %s: keys are sampled at frame t·%s", a.Value, luaNumText(v))
			}
		}
	}
	if a, ok := n.Attr("frames"); ok {
		if v, ok := num(a); ok {
			tr.Duration = v / tr.FPS
		}
	} else if a, ok := n.Attr("duration"); ok {
		if v, ok := num(a); ok {
			tr.Duration = v
		}
	}
	if math.IsNaN(tr.Duration) {
		b.diag(formats.Warning, n.Pos, "the duration is not a number (0/0): treated as infinite")
		tr.Duration = math.Inf(1)
	}
	if tr.Duration < 0 {
		b.diag(formats.Warning, n.Pos, "negative duration %g: the engine drops the track at once; animscope uses 0", tr.Duration)
		tr.Duration = 0
	}
	ro := "XYZ"
	if v, ok := n.Get("rotation-order"); ok {
		ro = v
	}
	tr.RotationOrder = asciiUpper(ro)
	return nil
}

func (b *trackBuilder) engineMissing(x *Expr, pos int) {
	for _, m := range x.EngineMissing {
		b.diag(formats.Warning, pos, "%s is unavailable in the engine at the reference commit (a runtime error there); animscope evaluates it as documented", m)
	}
}

var axisNames = map[Channel]string{ChMove: "xyz", ChRotate: "xyz", ChScale: "xyz", ChColor: "rgba"}

func (b *trackBuilder) line(n *Node, ch Channel) error {
	tr := b.tr
	typ := ""
	_, hasBone := n.Get("bone")
	_, hasZoom := n.Get("zoom")
	switch {
	case hasBone:
		typ = "bone"
	case hasZoom:
		typ = "camera"
	case n.Tag == "texture":
		typ = "texture"
	}
	key := ""
	if v, ok := n.Get("bone"); ok {
		key = v
	} else if v, ok := n.Get("name"); ok {
		key = v
	}
	li, ok := tr.lsIndex[key]
	if !ok {
		li = len(tr.Linesets)
		tr.lsIndex[key] = li
		tr.Linesets = append(tr.Linesets, &Lineset{Key: key, Type: typ, Pos: n.Pos})
	}
	l := &Line{Tag: n.Tag, Channel: ch, Lineset: li, Pos: n.Pos}
	l.Line, l.Col = b.pos(n.Pos)
	l.Probe = n.Tag
	if a, ok := n.Attr("by"); ok {
		ax, err := luaFind("xyz", a.Value)
		if err == nil && ax == 0 {
			ax, err = luaFind("rgba", a.Value)
		}
		if err != nil {
			b.diag(formats.Error, a.ValuePos, "by %q: %v (Lua string.find); the line is ignored", a.Value, err)
			l.ignored = true
		}
		l.Axis = ax
		if ax > 0 {
			names := axisNames[ch]
			if names == "" {
				names = "xyza"
			}
			if ax <= len(names) {
				l.Probe = n.Tag + "." + names[ax-1:ax]
			}
		}
		if ax == 4 && ch.transform() {
			b.diag(formats.Warning, a.ValuePos, "by %q is axis 4 (a in rgba): a %s line has no such axis and moves nothing", a.Value, n.Tag)
		}
		if ax == 0 && !l.ignored {
			b.diag(formats.Warning, a.ValuePos, "by %q matches no axis in \"xyz\" or \"rgba\": the line feeds no axis", a.Value)
		}
	} else if ch.transform() || ch == ChColor {
		b.diag(formats.Warning, n.Pos, "@%s without by: the line is evaluated but feeds no axis", n.Tag)
	}
	l.mul = ch == ChScale || ch == ChZoom
	l.probe = anim.ChannelOf(l.Probe)
	if a, ok := n.Attr("period"); ok {
		l.period = a
	}
	tr.Lines = append(tr.Lines, l)
	tr.Linesets[li].Lines = append(tr.Linesets[li].Lines, len(tr.Lines)-1)

	if fa, ok := n.Attr("func"); ok {
		wrapped := "(" + fa.Value + ") * intensity"
		if l.mul {
			wrapped = "(" + fa.Value + ") * intensity + (1.0 - intensity)"
		}
		if bad := blacklisted(wrapped); bad != "" {
			return b.fatal(fa.ValuePos, "invalid syntax %q (contains %q)", fa.Value, bad)
		}
		x, err := CompileExpr(fa.Value, modeLine)
		if err != nil {
			fatal, _ := b.exprError(err, func(i int) int { return fa.ValuePos + i }, "func")
			if fatal != nil {
				return fatal
			}
			l.ignored = true
			return nil
		}
		b.engineMissing(x, fa.ValuePos)
		if x.UsesRand {
			tr.UsesRand = true
		}
		l.Func = x
		if len(n.Children) > 0 {
			b.diag(formats.Warning, n.Children[0].Pos, "keys beside func are ignored (func takes priority)")
		}
		if ch == ChTexture || ch == ChModel {
			b.diag(formats.Warning, n.Pos, "@%s with func gives a number, not a name; the line is ignored", n.Tag)
			l.ignored = true
		}
		return nil
	}
	if cv, ok := n.Get("curve"); ok {
		switch {
		case strings.HasPrefix(cv, "."):
			l.Interp = InterpCustom
			l.CurveName = cv[1:]
		case cv == "const":
			l.Interp = InterpStep
		case cv == "linear":
			l.Interp = InterpLinear
		case cv == "bezier":
			l.Interp = InterpBezier
		default:
			l.Interp = InterpStep
			a, _ := n.Attr("curve")
			b.diag(formats.Warning, a.ValuePos, "unknown curve kind %q: the engine treats it as const", cv)
		}
		if ch == ChTexture || ch == ChModel || ch == ChShow {
			b.diag(formats.Warning, n.Pos, "curve on @%s: keys are read as names/switches with step semantics", n.Tag)
			l.Interp = InterpStep
			l.boolKeys = ch == ChShow
			l.strKeys = ch != ChShow
		}
	} else {
		l.Interp = InterpStep
		l.boolKeys = ch == ChShow
		l.strKeys = ch == ChTexture || ch == ChModel
	}
	b.keys(l, n)
	return nil
}

func (b *trackBuilder) keys(l *Line, n *Node) {
	if len(n.Children) == 0 {
		b.diag(formats.Warning, n.Pos, "@%s has no keys (an empty key block): the engine fails; animscope keeps the channel's default", n.Tag)
		l.ignored = true
		return
	}
	l.Keys = make([]Key, 0, len(n.Children))
	absolute := 0
	for i, kn := range n.Children {
		k := Key{Pos: kn.Pos}
		k.Line, k.Col = b.pos(kn.Pos)
		if kn.Tag != "key" {
			b.diag(formats.Warning, kn.Pos, "@%s inside @%s is read as a key, as the engine does", kn.Tag, n.Tag)
		}
		fa, ok := kn.Attr("frame")
		f, fok := toNumber(fa.Value)
		if !ok || !fok {
			b.diag(formats.Error, kn.Pos, "key %d: frame %q is not a number; the line is ignored", i+1, fa.Value)
			l.ignored = true
			return
		}
		k.Frame = f
		va, hasV := kn.Attr("value")
		k.Str, k.hasValue = va.Value, hasV
		k.Value, k.isNumber = toNumber(va.Value)
		switch {
		case l.boolKeys:
			k.isNumber = false
		case l.strKeys:
		case !hasV || !k.isNumber:
			b.diag(formats.Error, kn.Pos, "key %d: value %q is not a number; the line is ignored", i+1, va.Value)
			l.ignored = true
			return
		}
		if l.Interp == InterpBezier {
			for _, h := range []struct {
				name string
				dst  *float64
			}{{"lx", &k.LX}, {"ly", &k.LY}, {"rx", &k.RX}, {"ry", &k.RY}} {
				s, ok := kn.Get(h.name)
				v, vok := toNumber(s)
				if !ok || !vok {
					b.diag(formats.Warning, kn.Pos, "key %d: bezier handle %s missing or not a number: the engine fails; animscope uses 0", i+1, h.name)
					v = 0
				}
				*h.dst = v
			}
			if looksAbsolute(k) {
				absolute++
			}
		}
		if i > 0 && k.Frame < l.Keys[i-1].Frame {
			b.diag(formats.Warning, kn.Pos, "key %d: frame %s comes before the previous key's %s: the engine's binary search then picks keys undefined; animscope's result is not guaranteed to match",
				i+1, luaNumText(k.Frame), luaNumText(l.Keys[i-1].Frame))
		}
		l.Keys = append(l.Keys, k)
	}
	l.frames = make([]float64, len(l.Keys))
	for i := range l.Keys {
		l.frames[i] = l.Keys[i].Frame
	}
	if absolute > 0 && !b.opt.absoluteHandles {
		b.diag(formats.Warning, n.Pos, "%d of %d bezier keys have handles that look absolute (|lx| or |rx| comparable to the key's frame): read relative (reference commit); try --handles absolute", absolute, len(l.Keys))
	}
	first := l.Keys[0].Frame
	if first > 0 && (l.Interp == InterpStep) {
		what := "const"
		switch {
		case l.boolKeys:
			what = "show"
		case l.Channel == ChTexture:
			what = "texture"
		case l.Channel == ChModel:
			what = "model"
		case l.Channel == ChColor:
			what = "colour"
		}
		b.diag(formats.Warning, n.Pos, "first %s key at frame %s: sampling before it fails in the engine; animscope holds the first value", what, luaNumText(first))
	}
}

// looksAbsolute: a handle offset comparable to the key's own frame (the docs'
// Blender-style export writes lx ≈ frame − a little).
func looksAbsolute(k Key) bool {
	f := math.Abs(k.Frame)
	if f < 4 {
		return false
	}
	near := func(h float64) bool { return math.Abs(math.Abs(h)-f) <= 0.25*f }
	return near(k.LX) || near(k.RX)
}

func (b *trackBuilder) frameExpr(l *Line, fpsText string) error {
	period, pa := defaultPeriod, l.period
	hasPeriod := pa.Name != ""
	if hasPeriod {
		period = pa.Value
	}
	prefix := "t * " + fpsText + " % "
	src := prefix + period
	base := func(i int) int {
		if hasPeriod && i >= len(prefix) {
			return pa.ValuePos + i - len(prefix)
		}
		return l.Pos
	}
	x, err := CompileExpr(src, modeFrame)
	if err != nil {
		fatal, _ := b.exprError(err, base, fmt.Sprintf("frame expression %q", src))
		if fatal != nil {
			return fatal
		}
		l.ignored = true
		return nil
	}
	if x.UsesRand {
		b.tr.UsesRand = true
	}
	l.frame = x
	return nil
}

// target is what a line drives once the track is bound.
type target uint8

const (
	tgtNone     target = iota
	tgtBone            // a bone-typed lineset: transform, show, model, colour of the bone
	tgtObject          // the object lineset "": the entity root transform
	tgtSkeleton        // show and colour of the whole skeleton (object lineset)
	tgtZoom            // any @zoom line (documented effect)
	tgtTexture         // a texture slot named by the lineset key (documented effect)
)

// lineTarget decides what a line drives from its lineset's type and key, following
// the engine's rig, object and camera blocks, with the documented effect of
// @texture and @zoom.
func lineTarget(ls *Lineset, l *Line) target {
	switch l.Channel {
	case ChZoom:
		return tgtZoom
	case ChTexture:
		return tgtTexture
	}
	switch {
	case ls.Type == "bone":
		return tgtBone
	case ls.Type == "" && ls.Key == "":
		switch l.Channel {
		case ChShow, ChColor:
			return tgtSkeleton
		case ChModel:
			return tgtNone
		}
		return tgtObject
	}
	return tgtNone
}

// checkTargets reports lines that drive nothing, and lines whose effect differs in
// the engine at the reference commit.
func (b *trackBuilder) checkTargets() {
	for _, ls := range b.tr.Linesets {
		for _, li := range ls.Lines {
			l := b.tr.Lines[li]
			if l.ignored {
				continue
			}
			switch lineTarget(ls, l) {
			case tgtNone:
				if l.Channel == ChModel && ls.Key == "" {
					b.diag(formats.Warning, l.Pos, "@model without bone drives nothing")
				} else {
					b.diag(formats.Warning, l.Pos, "@%s joins lineset %q of type %s, which the engine does not animate: the line drives nothing",
						l.Tag, ls.Key, typeLabel(ls.Type))
				}
			case tgtZoom, tgtTexture:
				b.diag(formats.Warning, l.Pos, "@%s has no effect in the engine at the reference commit; animscope applies its documented effect", l.Tag)
			}
			if l.Channel == ChColor {
				b.diag(formats.Warning, l.Pos, "@color: the engine at the reference commit tints the whole skeleton with RGB only; animscope applies its documented effect (per bone, with alpha)")
			}
		}
	}
}

func typeLabel(t string) string {
	if t == "" {
		return "object"
	}
	return strconvQuote(t)
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }
