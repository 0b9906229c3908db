package msh

import (
	"sync"

	"animscope/anim"

	"github.com/go-gl/mathgl/mgl32"
)

// QuatScale is the divisor of the s16 quaternion components (§10.1): each component
// decodes as the float32 quotient s/32767 (the engine's constant is 32767.0), with no
// normalisation.
const QuatScale = 32767

// DecodeQuat turns the four raw words at +0x10..+0x16 into the engine quaternion
// [w, x, y, z]: w from the last word (order xyzw, the default) or the first (wxyz).
func DecodeQuat(raw [4]int16, wxyz bool) mgl32.Quat {
	c := func(v int16) float32 { return float32(v) / QuatScale }
	if wxyz {
		return mgl32.Quat{W: c(raw[0]), V: mgl32.Vec3{c(raw[1]), c(raw[2]), c(raw[3])}}
	}
	return mgl32.Quat{W: c(raw[3]), V: mgl32.Vec3{c(raw[0]), c(raw[1]), c(raw[2])}}
}

// PlaybackFPS is the playback rate the clip reports (UnitsPerSecond). The format gives
// none; 15 frames per second makes the typical 20–60-frame cycles of the corpus play
// in 1.5–4 s, close to how they look in the game.
const PlaybackFPS = 15

// reachableKeys bounds the keys a sample can read: fb is a u16 and a mapped key k
// reads k + 1 <= fb <= 0xFFFF. Slerp arcs are precomputed for the pairs below it
// (at most 1.3 MB and a few ms for a full pool).
const reachableKeys = 0x10000

// maxRowEntries bounds the frame-major copy of the map (Clip.rows): F × nodes
// words, at most 8 MiB and at most four times the map's own words (plus a
// few). A file can name many nodes and a long timeline in a few bytes (map
// blocks may overlap, static nodes need none); past the bound the clip reads
// the map as the file lays it out.
var maxRowEntries = 1 << 22

// rowEntriesFit reports whether a frame-major copy of frames × nodes words
// fits the bound for a map of mapWords words.
func rowEntriesFit(frames uint32, nodes, mapWords int) bool {
	n := uint64(frames) * uint64(nodes)
	return nodes > 0 && n <= uint64(maxRowEntries) && n <= 4*uint64(mapWords)+4096
}

type clipNode struct {
	mapStart int32 // word index of the node's block; -1 for a static node
	fb       int32
	bad      bool // sampled as identity
}

// ckey is one reachable key, decoded once at load: position, time and the
// conjugate of the engine quaternion (what Transform.Q holds). Conjugation is exact
// and commutes with the engine's weighted sum, so interpolating conjugates gives
// bit for bit the conjugate of the engine's result.
type ckey struct {
	pos  mgl32.Vec3
	time float32
	qc   mgl32.Quat
}

// Clip is an MSH model's one clip (§10.2): its Res19 timeline of F frames, sampled
// exactly as §11 says. It is safe for concurrent use.
type Clip struct {
	info     anim.ClipInfo
	frames   uint32
	rounding Rounding
	mapw     []byte // Res19, whole words (a view into the file)
	nodes    []clipNode
	// rows, when not nil, is the map frame-major: rows[f·len(nodes)+i] is
	// node i's map word at frame f, or its fallback key for a static node
	// (which then falls back as without a map). A frame reads one run of
	// words instead of one word from every node's block (a cache line each).
	rows []uint16
	keys []ckey          // the reachable keys (at most 0x10000)
	arcs []anim.SlerpArc // arcs[k] joins key k and k+1 (bit-identical to anim.SlerpWeights)
	// blockMins[s] is the smallest of the F map words from word s (KeyTimes,
	// built on its first call: blockMin).
	minsOnce  sync.Once
	blockMins []uint16
}

// NewClip builds the clip of f with the given name, rounding rule and quaternion
// order ("xyzw" or "wxyz").
func NewClip(f *File, name string, r Rounding, quatOrder string) *Clip {
	c := &Clip{
		info: anim.ClipInfo{Name: name, Unit: "frame", Duration: float64(f.Frames), UnitsPerSecond: PlaybackFPS,
			Frames: int(f.Frames), Step: 1},
		frames:   f.Frames,
		rounding: r,
		mapw:     f.mapw,
		nodes:    make([]clipNode, len(f.Nodes)),
	}
	for i := range f.Nodes {
		nd := &f.Nodes[i]
		cn := clipNode{mapStart: -1, fb: int32(nd.Fallback), bad: f.bad[i]}
		if nd.MapStart != NoIndex {
			cn.mapStart = int32(nd.MapStart)
		}
		c.nodes[i] = cn
	}
	if n := len(c.nodes); rowEntriesFit(c.frames, n, len(c.mapw)/2) {
		c.rows = make([]uint16, int(c.frames)*n)
		frames := int(c.frames)
		for i, nd := range c.nodes {
			if nd.mapStart < 0 || nd.bad {
				for j := i; j < len(c.rows); j += n {
					c.rows[j] = uint16(nd.fb)
				}
				continue
			}
			// checkNodes made sure the block lies inside the map.
			block := c.mapw[2*int(nd.mapStart):][:2*frames]
			for fr, j := 0, i; fr < frames; fr, j = fr+1, j+n {
				c.rows[j] = le.Uint16(block[2*fr:])
			}
		}
	}
	c.keys = make([]ckey, min(f.KeyCount, reachableKeys))
	if len(c.keys) > 1 {
		c.arcs = make([]anim.SlerpArc, len(c.keys)-1)
	}
	decodeKeys(c.keys, c.arcs, f.keys, quatOrder == "wxyz")
	anim.SolveSlerpArcs(c.arcs) // the arc cosines four at a time
	return c
}
