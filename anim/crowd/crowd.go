// Package crowd is the parallel pose job of a scene with many characters: each
// character's anim.Pose.Evaluate, spread over a fixed set of goroutines that wait
// between frames, so that a frame allocates nothing. Clips are shared
// (immutable); each character owns its pose and sampling contexts.
package crowd

import (
	"sync"
	"sync/atomic"

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

// chunk is how many characters a worker takes at a time: small enough to
// balance characters of different sizes, large enough that taking one costs
// nothing beside the poses.
const chunk = 4

// Job evaluates many characters' poses (anim.Pose.Evaluate) on several
// goroutines. The workers are started once and wait between frames, so a frame
// allocates nothing. A Job is used by one goroutine at a time; Close stops its
// workers.
type Job struct {
	workers int
	wake    []chan struct{}
	done    chan struct{}
	chars   []Character
	next    atomic.Int64
	once    sync.Once
	// panicked holds the first panic a worker recovered this frame; Evaluate
	// repeats it on the caller's goroutine, where the caller may recover it.
	panicked atomic.Pointer[any]
}

// New returns a crowd job on workers goroutines (the caller's among them);
// workers < 1 is taken as 1, which evaluates on the caller's goroutine alone.
func New(workers int) *Job {
	if workers < 1 {
		workers = 1
	}
	c := &Job{workers: workers, done: make(chan struct{}, workers)}
	for w := 1; w < workers; w++ {
		wake := make(chan struct{}, 1)
		c.wake = append(c.wake, wake)
		go func() {
			for range wake {
				c.safeWork()
				c.done <- struct{}{}
			}
		}()
	}
	return c
}

// Workers is the number of goroutines that evaluate a frame.
func (c *Job) Workers() int { return c.workers }

// Evaluate runs Pose.Evaluate for every character and returns when all are done.
// Every character's result is the one a serial Evaluate gives: characters share
// clips (immutable) but nothing they write.
func (c *Job) Evaluate(chars []Character) {
	c.chars = chars
	c.next.Store(0)
	for _, w := range c.wake {
		w <- struct{}{}
	}
	c.safeWork()
	for range c.wake {
		<-c.done
	}
	c.chars = nil
	if p := c.panicked.Swap(nil); p != nil {
		panic(*p)
	}
}

// safeWork is work that records a panic instead of ending the program: a
// worker's panic could not be recovered by the caller.
func (c *Job) safeWork() {
	defer c.recoverWork()
	c.work()
}

// recoverWork is safeWork's deferred recovery (its own function, so that a frame
// without a panic allocates nothing for it).
func (c *Job) recoverWork() {
	if r := recover(); r != nil {
		c.next.Store(int64(len(c.chars))) // the others stop at their next chunk
		p := new(any)
		*p = r
		c.panicked.CompareAndSwap(nil, p)
	}
}

// work evaluates chunks of characters until none is left.
func (c *Job) work() {
	chars := c.chars
	for {
		i := int(c.next.Add(chunk)) - chunk
		if i >= len(chars) {
			return
		}
		for j := i; j < min(i+chunk, len(chars)); j++ {
			ch := &chars[j]
			ch.Result = ch.Pose.Evaluate(ch.Skel, &ch.Req)
		}
	}
}

// Close stops the workers. The job must not be used afterwards.
func (c *Job) Close() {
	c.once.Do(func() {
		for _, w := range c.wake {
			close(w)
		}
	})
}
