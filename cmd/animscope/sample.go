package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strings"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/printable"
)

// jsonKey is one key record of a probe, as `sample --json` prints it.
type jsonKey struct {
	Channel string `json:"channel"`
	K0      int32  `json:"k0"`
	K1      int32  `json:"k1"`
	Alpha   f32    `json:"alpha"`
	Frame   *f64   `json:"frame,omitempty"`
}

type jsonProbe struct {
	Frame    int32     `json:"frame"`
	Fallback bool      `json:"fallback"`
	Keys     []jsonKey `json:"keys"`
}

func probeJSON(p *anim.Probe) jsonProbe {
	out := jsonProbe{Frame: p.Frame, Fallback: p.Fallback, Keys: []jsonKey{}}
	for i, k := range p.All() {
		jk := jsonKey{Channel: k.Channel.String(), K0: k.K0, K1: k.K1, Alpha: f32(k.Alpha)}
		if k.HasFrame {
			f, _ := p.KeyFrame(i)
			fr := f64(f)
			jk.Frame = &fr
		}
		out.Keys = append(out.Keys, jk)
	}
	return out
}

type jsonLocal struct {
	T [3]f32 `json:"t"`
	R [4]f32 `json:"r"`
	S [3]f32 `json:"s"`
}

type jsonNode struct {
	Index  int        `json:"index"`
	Name   string     `json:"name"`
	Parent int        `json:"parent"`
	Local  jsonLocal  `json:"local"`
	Model  [16]f32    `json:"model"`
	Probe  jsonProbe  `json:"probe"`
	ProbeB *jsonProbe `json:"probe_b,omitempty"`
}

type jsonClip struct {
	Index    int    `json:"index"`
	Name     string `json:"name"`
	Unit     string `json:"unit"`
	Duration *f64   `json:"duration"`
}

type jsonSample struct {
	Files  []string   `json:"files"`
	Format string     `json:"format"`
	Clip   *jsonClip  `json:"clip"`
	T      f64        `json:"t"`
	ClipB  *jsonClip  `json:"clip_b,omitempty"`
	TB     *f64       `json:"t_b,omitempty"`
	Weight *f32       `json:"weight,omitempty"`
	Nodes  []jsonNode `json:"nodes"`
}

func clipJSON(c anim.Clip, index int) *jsonClip {
	if index < 0 {
		return nil // the bind pose of a scene without clips
	}
	info := c.Info()
	jc := &jsonClip{Index: index, Name: info.Name, Unit: info.Unit}
	if !math.IsInf(info.Duration, 0) && !math.IsNaN(info.Duration) {
		d := f64(info.Duration)
		jc.Duration = &d
	}
	return jc
}

// fileRotation returns the quaternion as the file gives it (MSH: undoing the
// formula's conjugation).
func fileRotation(a *formats.Asset, x *anim.Transform) [4]f32 {
	q := x.Q
	if a.ConjugatedRotation {
		q = anim.Conjugate(q)
	}
	return [4]f32{f32(q.W), f32(q.V[0]), f32(q.V[1]), f32(q.V[2])}
}

// sampleRequest is the command line's pose request: an anim.PoseRequest whose
// clips are named (index or name: clip, and clipB when blend is set) until
// samplePose resolves them in the scene.
type sampleRequest struct {
	anim.PoseRequest
	clip, clipB string
	blend       bool
}

// samplePose resolves the request's clips in the scene (req.A, req.B) and runs the
// pose pipeline (anim.Pose.Evaluate) into pose; ia and ib are the clips' indices.
func samplePose(a *formats.Asset, req *sampleRequest, pose *anim.Pose) (ia, ib int, res anim.BlendResult, err error) {
	req.A, ia, err = a.Clip(req.clip)
	if err != nil {
		return
	}
	req.B = nil
	if req.blend {
		req.B, ib, err = a.Clip(req.clipB)
		if err != nil {
			return
		}
	}
	req.Probes = true // the output lists every node's keys
	res = pose.Evaluate(a.Skeleton, &req.PoseRequest)
	return
}

// sampleFlags are sample's flags.
type sampleFlags struct {
	opt         optionFlags
	asJSON      *bool
	clip, clipB *string
	t, tB       *string
	weight      *float64
}

func newSampleFlags() (*flag.FlagSet, *sampleFlags) {
	fs := flag.NewFlagSet("sample", flag.ContinueOnError)
	f := &sampleFlags{}
	f.opt.register(fs)
	f.asJSON = fs.Bool("json", false, "print one JSON object")
	f.clip = fs.String("clip", "", "clip index (0-based) or name (default: the first clip; the bind pose without clips)")
	f.t = fs.String("t", "0", "time in the clip's native unit")
	f.clipB = fs.String("clip-b", "", "second clip to blend with")
	f.tB = fs.String("t-b", "", "time of the second clip (default: --t)")
	f.weight = fs.Float64("weight", 0.5, "blend weight: 0 is clip A, 1 is clip B")
	return fs, f
}

func runSample(args []string, stdout, stderr io.Writer) int {
	fs, f := newSampleFlags()
	opt, asJSON, clip, tStr, clipB, tBStr, weight := &f.opt, f.asJSON, f.clip, f.t, f.clipB, f.tB, f.weight
	files, err := parseInterleaved(fs, args)
	if err == nil && len(files) == 0 {
		err = usagef("no FILE given")
	}
	var req sampleRequest
	if err == nil {
		req.clip, req.clipB = *clip, *clipB
		req.TA, err = parseTime("t", *tStr)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	req.blend = set["clip-b"]
	if err == nil && !req.blend && (set["t-b"] || set["weight"]) {
		err = usagef("--t-b and --weight need --clip-b")
	}
	if err == nil && req.blend {
		req.TB = req.TA
		if *tBStr != "" {
			req.TB, err = parseTime("t-b", *tBStr)
		}
		if err == nil && (math.IsNaN(*weight) || *weight < 0 || *weight > 1) {
			err = usagef("--weight %v: want a number from 0 to 1", *weight)
		}
		req.Weight = float32(*weight)
	}
	var opts formats.Options
	if err == nil {
		opts, err = opt.options()
	}
	if err != nil {
		return exitFor("sample", err, stderr)
	}
	opts.DeferMeshes = true // the pose needs no vertex data
	a, err := formats.Open(files, opts)
	if err != nil {
		return exitFor("sample", err, stderr)
	}
	a.Meshes, a.DeferredMeshes = nil, nil // never read: let them go
	warnStandIn(a, stderr)
	pose := anim.NewPose(a.Skeleton.Len())
	ia, ib, res, err := samplePose(a, &req, pose)
	clipA, clipBv := req.A, req.B
	if err != nil {
		return exitFor("sample", usageError{err.Error()}, stderr)
	}
	if res.Neither {
		fmt.Fprintf(stderr, "warning: neither side of the blend is valid (weight %v, t %v, t-b %v): sampled clip A at max(t, 0)\n", req.Weight, req.TA, req.TB)
	}
	if *asJSON {
		out := jsonSample{Files: a.Files, Format: a.Family, Clip: clipJSON(clipA, ia), T: f64(req.TA), Nodes: []jsonNode{}}
		if req.blend {
			out.ClipB = clipJSON(clipBv, ib)
			tb, w := f64(req.TB), f32(req.Weight)
			out.TB, out.Weight = &tb, &w
		}
		for _, i := range a.Skeleton.FileOrder() {
			x := &pose.Local[i]
			m := pose.Model[i].Mat4()
			n := jsonNode{
				Index:  a.Skeleton.FileIndexOf(i),
				Name:   a.Skeleton.Names[i],
				Parent: a.Skeleton.FileParentOf(i),
				Local: jsonLocal{
					T: [3]f32{f32(x.T[0]), f32(x.T[1]), f32(x.T[2])},
					R: fileRotation(a, x),
					S: [3]f32{f32(x.S[0]), f32(x.S[1]), f32(x.S[2])},
				},
				Probe: probeJSON(&pose.Probes[i]),
			}
			for k := range m {
				n.Model[k] = f32(m[k])
			}
			if req.blend {
				pb := probeJSON(&pose.ProbesB[i])
				n.ProbeB = &pb
			}
			out.Nodes = append(out.Nodes, n)
		}
		return writeJSON(out, stdout, stderr)
	}
	printSampleText(stdout, a, clipA, ia, clipBv, ib, req, pose)
	return exitOK
}

func clipLabel(c anim.Clip, i int) string {
	if i < 0 {
		return "bind pose (the scene has no clip)"
	}
	info := c.Info()
	dur := "infinite"
	if !math.IsInf(info.Duration, 0) {
		dur = fmt.Sprintf("%g %s", info.Duration, info.Unit)
	}
	return fmt.Sprintf("%d %q (%s)", i, info.Name, dur)
}

func printSampleText(w io.Writer, a *formats.Asset, clipA anim.Clip, ia int, clipB anim.Clip, ib int, req sampleRequest, pose *anim.Pose) {
	fmt.Fprintf(w, "files:  %s\nformat: %s\nclip:   %s at t=%s\n", strings.Join(a.Files, " "), a.Family, clipLabel(clipA, ia), fmtTime(req.TA, clipA.Info().Unit))
	if req.blend {
		fmt.Fprintf(w, "blend:  %s at t=%s, weight %g\n", clipLabel(clipB, ib), fmtTime(req.TB, clipB.Info().Unit), req.Weight)
	}
	for _, i := range a.Skeleton.FileOrder() {
		x := &pose.Local[i]
		r := fileRotation(a, x)
		m := &pose.Model[i]
		fmt.Fprintf(w, "%4d %-24s parent %4d  t (%s %s %s)  r [%s %s %s %s]  s (%s %s %s)  at (%s %s %s)  %s\n",
			a.Skeleton.FileIndexOf(i), printable.Name(a.Skeleton.Names[i]), a.Skeleton.FileParentOf(i),
			fmtF32(x.T[0]), fmtF32(x.T[1]), fmtF32(x.T[2]),
			fmtF32(float32(r[0])), fmtF32(float32(r[1])), fmtF32(float32(r[2])), fmtF32(float32(r[3])),
			fmtF32(x.S[0]), fmtF32(x.S[1]), fmtF32(x.S[2]),
			fmtF32(m[9]), fmtF32(m[10]), fmtF32(m[11]),
			probeLine(probeJSON(&pose.Probes[i]), a.Family))
		if req.blend {
			fmt.Fprintf(w, "     %-24s B: %s\n", "", probeLine(probeJSON(&pose.ProbesB[i]), a.Family))
		}
	}
}
