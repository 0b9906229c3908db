// Package viewertest builds scenes for the viewer's tests and benchmarks without
// any file.
package viewertest

import (
	"fmt"
	"math"

	"animscope/anim"
	"animscope/formats"

	"github.com/go-gl/mathgl/mgl32"
)

// SyntheticAsset builds a small scene without any file: a tree of n nodes (a spine
// with side branches), two clips ("wave" and "bend") and a rigid box per node.
// The viewer's tests and benchmarks use it.
func SyntheticAsset(n int) *formats.Asset {
	if n < 1 {
		n = 1
	}
	s := &anim.Skeleton{Names: make([]string, n), Parents: make([]int32, n)}
	for i := 0; i < n; i++ {
		s.Names[i] = fmt.Sprintf("node%02d", i)
		switch {
		case i == 0:
			s.Parents[i] = -1
		case i%4 == 0:
			s.Parents[i] = int32(i / 2) // a side branch
		default:
			s.Parents[i] = int32(i - 1)
		}
	}
	s.Names[0] = "root"
	a := &formats.Asset{
		Files:    []string{"synthetic"},
		Family:   "synthetic",
		Skeleton: s,
		UpAxis:   formats.UpY,
		Clips: []anim.Clip{
			newSynthClip("wave", n, 40, 0.35),
			newSynthClip("bend", n, 20, 0.8),
		},
	}
	for i := 0; i < n; i++ {
		a.Meshes = append(a.Meshes, boxMesh(fmt.Sprintf("box%02d", i), i, 0.12, mgl32.Vec3{0, 0.5, 0}))
	}
	return a
}

// boxMesh is a rigid box of half size h around c in node i's frame.
func boxMesh(name string, node int, h float32, c mgl32.Vec3) formats.Mesh {
	m := formats.Mesh{Name: name, Node: node}
	for k := 0; k < 8; k++ {
		p := mgl32.Vec3{-h, -h * 3, -h}
		if k&1 != 0 {
			p[0] = h
		}
		if k&2 != 0 {
			p[1] = h * 3
		}
		if k&4 != 0 {
			p[2] = h
		}
		m.Positions = append(m.Positions, p.Add(c))
	}
	m.Indices = []uint32{
		0, 2, 1, 1, 2, 3, // -z
		4, 5, 6, 5, 7, 6, // +z
		0, 1, 4, 1, 5, 4, // -y
		2, 6, 3, 3, 6, 7, // +y
		0, 4, 2, 2, 4, 6, // -x
		1, 3, 5, 3, 7, 5, // +x
	}
	return m
}

// synthClip turns every node about Z (and a little about X) with a sine of the
// frame, keyed every 4 frames; t is in frames at 20 per second.
type synthClip struct {
	name   string
	n      int
	frames int
	amp    float32
	// keys[i][k] is node i's rotation at frame 4k; arcs[i][k] the arc to key k+1,
	// computed once as a real decoder would.
	keys [][]mgl32.Quat
	arcs [][]anim.SlerpArc
}

const synthKeyEvery = 4

func newSynthClip(name string, n, frames int, amp float32) *synthClip {
	c := &synthClip{name: name, n: n, frames: frames, amp: amp}
	nk := frames/synthKeyEvery + 2
	c.keys = make([][]mgl32.Quat, n)
	c.arcs = make([][]anim.SlerpArc, n)
	for i := 0; i < n; i++ {
		c.keys[i] = make([]mgl32.Quat, nk)
		c.arcs[i] = make([]anim.SlerpArc, nk)
		for k := range c.keys[i] {
			c.keys[i][k] = c.rot(i, k*synthKeyEvery)
		}
		for k := 0; k+1 < nk; k++ {
			c.arcs[i][k] = anim.NewSlerpArc(c.keys[i][k], c.keys[i][k+1])
		}
	}
	return c
}

func (c *synthClip) Info() anim.ClipInfo {
	return anim.ClipInfo{Name: c.name, Unit: "frame", Duration: float64(c.frames), UnitsPerSecond: 20, Frames: c.frames + 1, Step: 1}
}

func (c *synthClip) angle(i int, key int) float32 {
	ph := 2 * math.Pi * float64(key) / float64(c.frames)
	return c.amp * float32(math.Sin(ph+float64(i)*0.7))
}

func (c *synthClip) rot(i, key int) mgl32.Quat {
	a := c.angle(i, key)
	qz := mgl32.QuatRotate(a, mgl32.Vec3{0, 0, 1})
	qx := mgl32.QuatRotate(a*0.3, mgl32.Vec3{1, 0, 0})
	return qz.Mul(qx)
}

func (c *synthClip) Sample(_ anim.Context, t float64, out []anim.Transform, probes []anim.Probe) (anim.Affine, bool) {
	c.sample(t, out, probes)
	return anim.IdentityAffine, false
}

// NewContext returns nil: sampling keeps no state between calls.
func (c *synthClip) NewContext() anim.Context { return nil }

func (c *synthClip) sample(t float64, out []anim.Transform, probes []anim.Probe) {
	frame := math.Floor(t)
	fallback := t < 0 || t > float64(c.frames) || math.IsNaN(t)
	k0 := int(math.Floor(t / synthKeyEvery))
	alpha := float32(t/synthKeyEvery - float64(k0))
	if fallback {
		k0, alpha = 0, 0
	}
	for i := range out {
		x := anim.IdentityTransform
		x.T = mgl32.Vec3{0, 1, 0}
		if i == 0 {
			x.T = mgl32.Vec3{}
		}
		keys := c.keys[i]
		if alpha == 0 {
			x.Q = keys[k0]
		} else {
			w0, w1 := c.arcs[i][k0].Weights(alpha)
			x.Q = anim.Combine(keys[k0], keys[k0+1], w0, w1)
		}
		out[i] = x
	}
	for i := range probes {
		p := &probes[i]
		p.Reset(int32(frame), fallback)
		if fallback {
			p.Add(anim.KeyUse{Channel: chTRS, K0: 0, K1: -1})
			continue
		}
		k := anim.KeyUse{Channel: chTRS, K0: int32(k0), K1: int32(k0 + 1), Alpha: alpha}
		if alpha == 0 {
			k.K1 = -1
		}
		p.Add(k)
	}
}

func (c *synthClip) KeyTimes(node int, dst []float64) []float64 {
	for f := 0; f <= c.frames; f += synthKeyEvery {
		dst = append(dst, float64(f))
	}
	return dst
}

func (c *synthClip) Markers() []anim.Marker {
	return []anim.Marker{{Name: "step L", Time: float64(c.frames) / 4}, {Name: "step R", Time: float64(c.frames) * 3 / 4}}
}

// chTRS is the synthetic clips' one probe channel.
var chTRS = anim.ChannelOf("trs")
