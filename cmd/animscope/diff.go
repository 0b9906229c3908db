package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"

	"animscope/anim"
	"animscope/formats"
)

// A diff walks the timeline of one clip in two scenes (or one file under two
// readings) and reports, per matched node, the times where the probes differ: the
// frame index, the branch (mapped or fallback) or the keys chosen (k0, k1).

type diffSide struct {
	Files     []string  `json:"files"`
	Format    string    `json:"format"`
	Clip      *jsonClip `json:"clip"`
	Rounding  string    `json:"rounding"`
	QuatOrder string    `json:"quat_order"`
	readings  string    // the text's readings: those of Format only
}

type diffFrame struct {
	T    f64       `json:"t"`
	What []string  `json:"what"`
	A    jsonProbe `json:"a"`
	B    jsonProbe `json:"b"`
}

type diffNode struct {
	Name   string      `json:"name"`
	IndexA int         `json:"index_a"`
	IndexB int         `json:"index_b"`
	Count  int         `json:"count"`
	First  f64         `json:"first"`
	Frames []diffFrame `json:"frames"`
	// Unlisted is how many of Count are not in Frames (maxDiffListed).
	Unlisted int `json:"unlisted,omitempty"`
}

type diffOut struct {
	A              diffSide   `json:"a"`
	B              diffSide   `json:"b"`
	Match          string     `json:"match"`
	Half           bool       `json:"half"`
	Times          int        `json:"times"`
	Identical      bool       `json:"identical"`
	Matched        int        `json:"matched"`
	DifferingNodes int        `json:"differing_nodes"`
	Differences    int        `json:"differences"`
	UnmatchedA     []string   `json:"unmatched_a"`
	UnmatchedB     []string   `json:"unmatched_b"`
	Nodes          []diffNode `json:"nodes"`
	// Unlisted is how many of Differences no node's frames list.
	Unlisted int `json:"unlisted,omitempty"`
}

// maxDiffListed bounds the differences a diff lists, all nodes' together, in
// the order it walks them (time by time, node by node): each holds two
// probes, so two readings of a large scene that differ at every node and
// frame (10,000 nodes × 1,000 frames under two roundings: 5 million
// differences) would hold gigabytes. The counts stay exact; a node's
// "unlisted" says how many of its differences are not listed.
var maxDiffListed = 10_000

// maxDiffWork bounds a diff's walk: times × nodes node samples of each scene,
// ten times the 10,000-node, 1,000-frame scene's (a few seconds). An MSH frame
// count is a 32-bit field that static nodes need no map word for, so a file
// of a few kilobytes can name a million-time walk of thousands of nodes.
var maxDiffWork = 100_000_000

// diffTooLongError is a walk longer than maxDiffWork: an invalid input's
// verdict (exit 1), not a usage error.
type diffTooLongError struct{ msg string }

func (e *diffTooLongError) Error() string { return e.msg }

// diffTimes lists the times to walk: when both families sample at whole frames
// (Traits.WholeFrames: an MSH timeline) every integer frame from 0 to the frame
// count (inclusive: t = F is where its parity shows), and with half the
// half-integers between; for other clips a grid of their frame step up to the
// longer duration.
func diffTimes(a, b *formats.Asset, ca, cb anim.Clip, half bool) []float64 {
	ia, ib := ca.Info(), cb.Info()
	dur := math.Max(finiteOr(ia.Duration, 0), finiteOr(ib.Duration, 0))
	step := 1.0
	if !(formats.TraitsOf(a.Family).WholeFrames && formats.TraitsOf(b.Family).WholeFrames) {
		step = ia.FrameStep()
		if s := ib.FrameStep(); s < step {
			step = s
		}
	}
	var ts []float64
	n := int(math.Floor(dur/step + 1e-9))
	if n > 1_000_000 {
		n = 1_000_000
	}
	for k := 0; k <= n; k++ {
		ts = append(ts, float64(k)*step)
		if half && k < n {
			ts = append(ts, (float64(k)+0.5)*step)
		}
	}
	return ts
}

func finiteOr(v, def float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return def
	}
	return v
}

// diffFlags are diff's flags.
type diffFlags struct {
	opt       optionFlags
	asJSON    *bool
	clip      *string
	half      *bool
	readingsB readingFlagsB
}

func newDiffFlags() (*flag.FlagSet, *diffFlags) {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	f := &diffFlags{}
	f.opt.register(fs)
	f.asJSON = fs.Bool("json", false, "print one JSON object")
	f.clip = fs.String("clip", "", "clip index (0-based) or name, in both files (default: the first clip)")
	f.half = fs.Bool("half", false, "also walk the half-integer times of an MSH timeline")
	f.readingsB = registerReadingsB(fs, "")
	return fs, f
}

func runDiff(args []string, stdout, stderr io.Writer) int {
	fs, f := newDiffFlags()
	opt, asJSON, clip, half, readingsB := &f.opt, f.asJSON, f.clip, f.half, f.readingsB
	files, err := parseInterleaved(fs, args)
	if err == nil && len(files) != 2 {
		err = usagef("diff takes exactly two files, FILE_A and FILE_B (got %d)", len(files))
	}
	var optsA, optsB formats.Options
	if err == nil {
		optsA, err = opt.options()
	}
	if err == nil {
		optsB, err = readingsB.options(optsA)
	}
	if err != nil {
		return exitFor("diff", err, stderr)
	}
	optsA.DeferMeshes, optsB.DeferMeshes = true, true // poses need no vertex data
	a, err := formats.Open(files[:1], optsA)
	if err != nil {
		return exitFor("diff", err, stderr)
	}
	a.Meshes, a.DeferredMeshes = nil, nil // held while B opens, never read
	b, err := formats.Open(files[1:], optsB)
	if err != nil {
		return exitFor("diff", err, stderr)
	}
	b.Meshes, b.DeferredMeshes = nil, nil
	out, err := diffScenes(a, b, *clip, *half)
	if tooLong := (*diffTooLongError)(nil); errors.As(err, &tooLong) {
		return exitFor("diff", err, stderr)
	}
	if err != nil {
		return exitFor("diff", usageError{err.Error()}, stderr)
	}
	// The contract prints MSH's two readings on each side (JSON keys rounding and
	// quat_order), whatever the families.
	out.A.Rounding, out.A.QuatOrder = optsA.Value("rounding"), optsA.Value("quat-order")
	out.B.Rounding, out.B.QuatOrder = optsB.Value("rounding"), optsB.Value("quat-order")
	out.A.readings, out.B.readings = readingsText(out.A.Format, optsA), readingsText(out.B.Format, optsB)
	if *asJSON {
		if code := writeJSON(out, stdout, stderr); code != exitOK {
			return code
		}
	} else {
		printDiff(stdout, out)
	}
	if out.Identical {
		return exitOK
	}
	return exitInvalid
}

// diffScenes walks the selected clip of both scenes.
func diffScenes(a, b *formats.Asset, clipSel string, half bool) (*diffOut, error) {
	ca, ia, err := a.Clip(clipSel)
	if err != nil {
		return nil, fmt.Errorf("A: %v", err)
	}
	cb, ib, err := b.Clip(clipSel)
	if err != nil {
		return nil, fmt.Errorf("B: %v", err)
	}
	m := formats.MatchNodes(a, b)
	names := func(s *anim.Skeleton, idx []int32) []string {
		out := []string{}
		for _, i := range idx {
			out = append(out, s.Names[i])
		}
		return out
	}
	out := &diffOut{
		A:     diffSide{Files: a.Files, Format: a.Family, Clip: clipJSON(ca, ia)},
		B:     diffSide{Files: b.Files, Format: b.Family, Clip: clipJSON(cb, ib)},
		Match: m.By, Half: half, Matched: len(m.Pairs), UnmatchedA: names(a.Skeleton, m.OnlyA),
		UnmatchedB: names(b.Skeleton, m.OnlyB), Nodes: []diffNode{},
	}
	// Probes are all a diff reads, so it runs the sampling stage only.
	w := diffWalk{a: a.Skeleton, b: b.Skeleton, pairs: m.Pairs, nodes: make([]*diffNode, len(m.Pairs))}
	times := diffTimes(a, b, ca, cb, half)
	out.Times = len(times)
	if nodes := max(a.Skeleton.Len(), b.Skeleton.Len()); uint64(len(times))*uint64(nodes) > uint64(maxDiffWork) {
		return nil, &diffTooLongError{fmt.Sprintf("%s and %s: %d times × %d nodes is %d node samples of each scene, more than the %d a diff walks",
			strings.Join(a.Files, " "), strings.Join(b.Files, " "), len(times), nodes, uint64(len(times))*uint64(nodes), maxDiffWork)}
	}
	ba, okA := ca.(nodeBlockClip)
	bb, okB := cb.(nodeBlockClip)
	// Blocks need every node of both scenes to be the clip's own: a node past
	// a clip's nodes keeps, under Pose.Sample, the probe it never got (zero),
	// and a reused block buffer would hold another node's.
	okA = okA && ba.BoundNodes() == a.Skeleton.Len()
	okB = okB && bb.BoundNodes() == b.Skeleton.Len()
	if okA && okB && diffBlock > 0 && pairsInOrder(m.Pairs) {
		// Each time a block of nodes at a time: both sides' probes of a block
		// are compared while they are in the cache (a 10,000-node scene's
		// buffers are larger than it), with what the pose pipeline's sampling
		// stage gives those nodes. Every node is sampled, as Pose.Sample does.
		na, nb := a.Skeleton.Len(), b.Skeleton.Len()
		local, pa, pb := make([]anim.Transform, diffBlock), make([]anim.Probe, diffBlock), make([]anim.Probe, diffBlock)
		for _, t := range times {
			for lo := 0; lo < max(na, nb); lo += diffBlock {
				ba.SampleNodes(t, lo, min(lo+diffBlock, na), local, pa)
				bb.SampleNodes(t, lo, min(lo+diffBlock, nb), local, pb)
				if k := min(lo+diffBlock, len(m.Pairs)) - lo; k > 0 {
					w.compareInOrder(t, lo, pa[:k], pb[:k])
				}
			}
		}
	} else {
		poseA, poseB := probePoses(a.Skeleton.Len(), b.Skeleton.Len())
		reqA, reqB := anim.PoseRequest{A: ca, Probes: true}, anim.PoseRequest{A: cb, Probes: true}
		for _, t := range times {
			reqA.TA, reqB.TA = t, t
			poseA.Sample(a.Skeleton, &reqA)
			poseB.Sample(b.Skeleton, &reqB)
			w.compare(t, 0, len(m.Pairs), poseA.Probes, poseB.Probes, 0)
		}
	}
	nodes := w.nodes
	for _, n := range nodes {
		if n != nil {
			out.Nodes = append(out.Nodes, *n)
			out.DifferingNodes++
			out.Differences += n.Count
			out.Unlisted += n.Unlisted
		}
	}
	out.Identical = out.Differences == 0 && len(m.OnlyA) == 0 && len(m.OnlyB) == 0
	return out, nil
}

// nodeBlockClip is a clip that can sample a block of nodes alone
// (msh.Clip.SampleNodes): each node's pose and probe are what Sample gives it.
type nodeBlockClip interface {
	BoundNodes() int
	SampleNodes(t float64, lo, hi int, out []anim.Transform, probes []anim.Probe)
}

// diffBlock is how many nodes a diff samples and compares at a time when both
// clips sample blocks of nodes: the buffers are a block long, and the two
// sides' probes and the transforms, 42 KiB, stay in the core's first-level
// cache. 0 turns blocks off (the tests compare both ways).
var diffBlock = 256

// pairsInOrder reports whether pairs matches node k of A with node k of B for
// every k (a match by index, or by name of two files in one order).
func pairsInOrder(pairs [][2]int32) bool {
	for k, p := range pairs {
		if p[0] != int32(k) || p[1] != int32(k) {
			return false
		}
	}
	return true
}

// diffWalk collects a diff's differences, node pair by node pair.
type diffWalk struct {
	a, b  *anim.Skeleton
	pairs [][2]int32
	nodes []*diffNode // by pair; nil while the pair agrees
	what  []string
	// listed counts the frames the nodes list, up to maxDiffListed.
	listed int
}

// compare records where the probes of pairs lo to hi−1 differ at time t: the
// probes of nodes base and up are pa's and pb's.
func (w *diffWalk) compare(t float64, lo, hi int, pa, pb []anim.Probe, base int) {
	for k, p := range w.pairs[lo:hi] {
		a, b := &pa[int(p[0])-base], &pb[int(p[1])-base]
		if d := anim.CompareProbes(a, b); d != 0 {
			w.record(t, lo+k, a, b, d)
		}
	}
}

// compareInOrder records where the probes of pairs lo and up, which pair node
// k with node k, differ at time t: pa[i] and pb[i] are pair lo+i's.
func (w *diffWalk) compareInOrder(t float64, lo int, pa, pb []anim.Probe) {
	for i := 0; i < len(pa); i++ {
		if i += anim.AgreeingPrefix(pa[i:], pb[i:]); i == len(pa) {
			return
		}
		w.record(t, lo+i, &pa[i], &pb[i], anim.CompareProbes(&pa[i], &pb[i]))
	}
}

// record adds the difference d of pair k's probes a and b at time t.
func (w *diffWalk) record(t float64, k int, a, b *anim.Probe, d anim.ProbeDiff) {
	n := w.nodes[k]
	if n == nil {
		p := w.pairs[k]
		n = &diffNode{Name: w.a.Names[p[0]], IndexA: w.a.FileIndexOf(int(p[0])), IndexB: w.b.FileIndexOf(int(p[1])), First: f64(t)}
		w.nodes[k] = n
	}
	n.Count++
	if w.listed >= maxDiffListed {
		n.Unlisted++
		return
	}
	w.listed++
	w.what = d.Kinds(w.what[:0])
	n.Frames = append(n.Frames, diffFrame{T: f64(t), What: append([]string(nil), w.what...),
		A: probeJSON(a), B: probeJSON(b)})
}

// probePoses has the buffers of the pipeline's sampling stage without a blend,
// for a scene of na nodes and one of nb: local transforms and probes (a
// 10,000-node scene would otherwise zero tens of megabytes of matrices and B
// probes it never reads). The diff reads no transform, so both scenes sample
// theirs into one buffer.
func probePoses(na, nb int) (a, b *anim.Pose) {
	local := make([]anim.Transform, max(na, nb))
	a = &anim.Pose{Local: local[:na], Probes: make([]anim.Probe, na)}
	b = &anim.Pose{Local: local[:nb], Probes: make([]anim.Probe, nb)}
	return a, b
}

func printDiff(w io.Writer, out *diffOut) {
	side := func(label string, s diffSide) {
		clip := "bind pose"
		if s.Clip != nil {
			clip = fmt.Sprintf("clip %d %q", s.Clip.Index, s.Clip.Name)
		}
		readings := ""
		if s.readings != "" {
			readings = ", " + s.readings
		}
		fmt.Fprintf(w, "%s: %s (%s, %s%s)\n", label, strings.Join(s.Files, " "), s.Format, clip, readings)
	}
	side("A", out.A)
	side("B", out.B)
	fmt.Fprintf(w, "nodes matched by %s: %d; times walked: %d\n", out.Match, out.Matched, out.Times)
	for _, n := range out.UnmatchedA {
		fmt.Fprintf(w, "only in A: %s\n", n)
	}
	for _, n := range out.UnmatchedB {
		fmt.Fprintf(w, "only in B: %s\n", n)
	}
	if out.Identical {
		fmt.Fprintln(w, "identical: every matched node picks the same frame, branch and keys")
		return
	}
	unit := "frame"
	if out.A.Clip != nil {
		unit = out.A.Clip.Unit
	}
	// Columns as wide as their widest entry: the time, then what differs.
	tw, ww := 0, 0
	for _, n := range out.Nodes {
		for _, f := range n.Frames {
			tw = max(tw, len(fmtTime(float64(f.T), unit)))
			ww = max(ww, len(strings.Join(f.What, ",")))
		}
	}
	fmt.Fprintf(w, "%s differ, %s\n", plural(out.DifferingNodes, "node", "nodes"), plural(out.Differences, "difference", "differences"))
	if out.Unlisted > 0 {
		fmt.Fprintf(w, "(the first %d in the order walked, time by time, are listed; %d are not)\n", out.Differences-out.Unlisted, out.Unlisted)
	}
	for _, n := range out.Nodes {
		fmt.Fprintf(w, "node %d/%d %s: %s, first at t=%s\n", n.IndexA, n.IndexB, n.Name,
			plural(n.Count, "difference", "differences"), fmtTime(float64(n.First), unit))
		for _, f := range n.Frames {
			fmt.Fprintf(w, "  t=%-*s  %-*s  A: %s\n  %*s  B: %s\n", tw, fmtTime(float64(f.T), unit), ww, strings.Join(f.What, ","),
				probeLine(f.A, out.A.Format), 2+tw+2+ww, "", probeLine(f.B, out.B.Format))
		}
		if n.Unlisted > 0 {
			fmt.Fprintf(w, "  … %s not listed\n", plural(n.Unlisted, "more difference", "more differences"))
		}
	}
}

// probeLine is a probe in text: "frame 2 mapped t:2→3@0.25" for MSH, whose
// sampler picks a branch per node and frame (Traits.FallbackBranch), and only
// the frame and keys for the other families; M2's probe frame is the time in
// milliseconds, which the line's t already gives, so an M2 line holds the keys
// alone ("t:0 r:0", or "no keys" for a node that its sequence does not animate).
// The JSON keeps every field whatever the family.
func probeLine(p jsonProbe, format string) string {
	var keys []string
	for _, k := range p.Keys {
		s := fmt.Sprintf("%s:%d", k.Channel, k.K0)
		if k.K1 >= 0 {
			s += fmt.Sprintf("→%d@%s", k.K1, fmtF32(float32(k.Alpha)))
		}
		keys = append(keys, s)
	}
	var words []string
	if format != formats.FamilyM2 {
		words = append(words, fmt.Sprintf("frame %d", p.Frame))
	}
	if formats.TraitsOf(format).FallbackBranch {
		if p.Fallback {
			words = append(words, "fallback")
		} else {
			words = append(words, "mapped")
		}
	}
	if len(keys) == 0 && !formats.TraitsOf(format).FallbackBranch {
		keys = []string{"no keys"}
	}
	return strings.Join(append(words, keys...), " ")
}
