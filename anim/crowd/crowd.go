// Package crowd is the parallel pose job of a scene with many characters: each
// character's anim.Pose.Evaluate, spread over a fixed set of goroutines that wait
// between frames, so that a frame allocates nothing. Clips are shared
// (immutable); each character owns its pose and sampling contexts.
package crowd

import (
	"sync"
	"sync/atomic"
	"time"

	"animscope/anim"
)

// Character is one posed instance of a crowd: its skeleton, its pose (buffers and
// sampling contexts: a Pose belongs to one character) and the request it is
// evaluated with this frame.
type Character struct {
	Skel *anim.Skeleton
	Pose *anim.Pose
	Req  anim.PoseRequest
	// Result is what the last Evaluate's blend used (anim.BlendResult).
	Result anim.BlendResult
}

// chunk is how many characters a worker takes at a time at most: small enough
// to balance characters of different sizes, large enough that taking one costs
// nothing beside the poses. Near the end of a part a worker takes fewer
// (takeSize), so that the workers finish the frame together.
const chunk = 4

// Job evaluates many characters' poses (anim.Pose.Evaluate) on several
// goroutines. The workers are started once and wait between frames, so a frame
// allocates nothing. A Job is used by one goroutine at a time; Close stops its
// workers.
//
// Each worker owns a contiguous part of the characters, the same part every
// frame while their number stays the same, so that a character's pose buffers
// stay in the cache of the core that last wrote them (a few hundred 64-joint
// characters fill a core's L2); a worker that finishes its part takes chunks
// from the others' parts.
type Job struct {
	workers int
	// frame counts Evaluate's frames; a worker that has done frame f waits for
	// frame f+1, first spinning for up to spinWait (the next frame of a busy
	// loop starts without waking a thread, which costs tens of microseconds),
	// then asleep on its wake channel, announced by its asleep flag.
	frame  atomic.Uint64
	asleep []atomic.Bool // per worker 1..workers-1 (index w-1)
	wake   []chan struct{}
	closed atomic.Bool
	// pending counts the other workers still on the frame; Evaluate polls it
	// and, when it has slept (callerAsleep), the last of them wakes it on done.
	pending      atomic.Int64
	callerAsleep atomic.Bool
	done         chan struct{}
	chars        []Character
	parts        []part
	// scratch is each worker's buffer for side B of a blend
	// (anim.Pose.EvaluateWith), grown to the largest pose it met: one buffer
	// per worker instead of one per character keeps 2.5 KiB per 64 joints
	// of every character out of the cache between its frames.
	scratch [][]anim.Transform
	// sizedFor is the crowd (its first character's address and its length)
	// whose largest pose the scratch buffers were last grown to on the
	// caller's goroutine (sizeScratch), so that a worker that took no
	// character in the first frame does not allocate in a later one. A crowd
	// whose poses change keeps working: a worker grows its own buffer.
	sizedFor struct {
		first *Character
		n     int
	}
	once sync.Once
	// panicked holds the first panic a worker recovered this frame; Evaluate
	// repeats it on the caller's goroutine, where the caller may recover it.
	panicked atomic.Pointer[any]
}

// spinWait is how long a worker polls for the next frame before it sleeps.
const spinWait = 100 * time.Microsecond

// part is one worker's share of a frame's characters: chunks are taken from
// next up to end. Padded to its own cache line, as the workers take from
// their own parts at once.
type part struct {
	next atomic.Int64
	end  int64
	_    [48]byte
}

// New returns a crowd job on workers goroutines (the caller's among them);
// workers < 1 is taken as 1, which evaluates on the caller's goroutine alone.
func New(workers int) *Job {
	if workers < 1 {
		workers = 1
	}
	c := &Job{workers: workers, done: make(chan struct{}, workers), parts: make([]part, workers),
		scratch: make([][]anim.Transform, workers),
		asleep:  make([]atomic.Bool, workers-1), wake: make([]chan struct{}, workers-1)}
	for w := range c.wake {
		c.wake[w] = make(chan struct{}, 1)
	}
	for w := 1; w < workers; w++ {
		go c.worker(w)
	}
	return c
}

// worker is goroutine w's loop: wait for the next frame, evaluate its share.
func (c *Job) worker(w int) {
	for seen := uint64(0); ; seen++ {
		c.waitFrame(w, seen)
		if c.closed.Load() {
			return
		}
		c.safeWork(w)
		// The last worker to finish wakes Evaluate if it went to sleep (the
		// flags' Dekker pattern again, with pending).
		if c.pending.Add(-1) == 0 && c.callerAsleep.Swap(false) {
			c.done <- struct{}{}
		}
	}
}

// waitFrame returns when Evaluate has started the frame after seen (or Close
// was called).
func (c *Job) waitFrame(w int, seen uint64) {
	sleepUntil(func() bool { return c.frame.Load() != seen }, &c.asleep[w-1], c.wake[w-1])
}

// waitWorkers returns when every other worker has done the frame (the last one
// to finish wakes the caller if it sleeps). Polling first matters here too: a
// caller woken through a channel could wait for a thread while the worker that
// woke it polls for the next frame on the other core.
func (c *Job) waitWorkers() {
	sleepUntil(func() bool { return c.pending.Load() == 0 }, &c.callerAsleep, c.done)
}

// sleepUntil returns when ready() holds: it polls for up to spinWait (the next
// frame of a busy loop then needs no thread woken, which costs tens of
// microseconds), then announces itself asleep and waits on wake. The side that
// makes ready() true sets its state first and then swaps asleep to false,
// sending a wake when it was true; here asleep is set first and ready()
// checked after (Dekker's pattern; Go's atomics are sequentially consistent):
// either this side sees ready(), or the other sees it asleep and sends a wake,
// which this side then takes.
func sleepUntil(ready func() bool, asleep *atomic.Bool, wake <-chan struct{}) {
	var deadline time.Time
	for i := 0; !ready(); i++ {
		if i&255 != 0 {
			continue
		}
		now := time.Now()
		if deadline.IsZero() {
			deadline = now.Add(spinWait)
			continue
		}
		if now.After(deadline) {
			asleep.Store(true)
			if ready() && asleep.Swap(false) {
				return // the other side had not seen the flag: no wake comes
			}
			<-wake
			return
		}
	}
}

// Workers is the number of goroutines that evaluate a frame.
func (c *Job) Workers() int { return c.workers }

// Evaluate runs Pose.Evaluate for every character and returns when all are done.
// Every character's result is the one a serial Evaluate gives: characters share
// clips (immutable) but nothing they write.
func (c *Job) Evaluate(chars []Character) {
	c.sizeScratch(chars)
	c.chars = chars
	n := int64(len(chars))
	for w := range c.parts {
		p := &c.parts[w]
		p.next.Store(n * int64(w) / int64(c.workers))
		p.end = n * int64(w+1) / int64(c.workers)
	}
	c.pending.Store(int64(len(c.wake)))
	c.frame.Add(1)
	for w := range c.asleep {
		if c.asleep[w].Swap(false) {
			c.wake[w] <- struct{}{}
		}
	}
	c.safeWork(0)
	c.waitWorkers()
	c.chars = nil
	if p := c.panicked.Swap(nil); p != nil {
		panic(*p)
	}
}

// sizeScratch grows every worker's scratch to the largest pose of chars when
// chars is not the crowd of the last call.
func (c *Job) sizeScratch(chars []Character) {
	if len(chars) == 0 {
		return
	}
	first := &chars[0]
	if c.sizedFor.first == first && c.sizedFor.n == len(chars) {
		return
	}
	c.sizedFor.first, c.sizedFor.n = first, len(chars)
	n := 0
	for i := range chars {
		if p := chars[i].Pose; p != nil {
			n = max(n, len(p.Local))
		}
	}
	for w, s := range c.scratch {
		if cap(s) < n {
			c.scratch[w] = make([]anim.Transform, n)
		}
	}
}

// safeWork is work that records a panic instead of ending the program: a
// worker's panic could not be recovered by the caller.
func (c *Job) safeWork(w int) {
	defer c.recoverWork()
	c.work(w)
}

// recoverWork is safeWork's deferred recovery (its own function, so that a frame
// without a panic allocates nothing for it).
func (c *Job) recoverWork() {
	if r := recover(); r != nil {
		for i := range c.parts { // the others stop at their next chunk
			c.parts[i].next.Store(c.parts[i].end)
		}
		p := new(any)
		*p = r
		c.panicked.CompareAndSwap(nil, p)
	}
}

// work evaluates worker w's part chunk by chunk, then takes chunks from the
// other parts until none is left.
func (c *Job) work(w int) {
	chars := c.chars
	scratch := c.scratch[w]
	for k := range c.parts {
		p := &c.parts[(w+k)%len(c.parts)]
		for {
			size := c.takeSize(p)
			i := p.next.Add(size) - size
			if i >= p.end {
				break
			}
			for j := i; j < min(i+size, p.end); j++ {
				ch := &chars[j]
				if n := len(ch.Pose.Local); cap(scratch) < n {
					scratch = make([]anim.Transform, n)
					c.scratch[w] = scratch
				}
				ch.Result = ch.Pose.EvaluateWith(ch.Skel, &ch.Req, scratch)
			}
		}
	}
}

// takeSize is how many characters to take from part p next: chunk while
// plenty are left, then a share of what is left for each worker, down to one
// (guided scheduling), so that the last characters of a frame are spread over
// the workers instead of one worker finishing a whole chunk while the others
// wait. The count read may be stale: it only sizes the take, which the atomic
// add makes exclusive.
func (c *Job) takeSize(p *part) int64 {
	left := p.end - p.next.Load()
	return max(1, min(chunk, left/int64(2*c.workers)))
}

// Close stops the workers. The job must not be used afterwards.
func (c *Job) Close() {
	c.once.Do(func() {
		c.closed.Store(true)
		c.frame.Add(1)
		for _, w := range c.wake {
			close(w)
		}
	})
}
