package anim

import (
	"sync"
	"sync/atomic"
)

// Channel names a channel in a probe's key record ("t", "r", "trs", a VCA
// line's "<tag>.<axis>") by a small number instead of a string: the samplers
// write one to three records per node every frame, and a string header is 16
// bytes holding a pointer (a write barrier while the collector runs, a Probe
// the collector must scan). The number is an index into one process-wide table
// of names, filled when a clip is decoded (ChannelOf), never while sampling.
// The zero Channel is the empty name.
type Channel uint16

// The channels of the translation, rotation and scale tracks that most families
// name so, and MSH's one channel for all three: numbered in advance so that a
// sampler writes a constant.
const (
	ChannelT Channel = 1 + iota
	ChannelR
	ChannelS
	ChannelTRS
)

// fixedChannels are the names of the Channel constants, by number.
var fixedChannels = []string{"", "t", "r", "s", "trs"}

func init() {
	t := &channelTable
	names := fixedChannels[:len(fixedChannels):len(fixedChannels)]
	t.ids = make(map[string]Channel, len(names))
	for i, n := range names {
		t.ids[n] = Channel(i)
	}
	t.names.Store(&names)
}

// channelTable is the table of names: an append-only slice published through
// an atomic pointer so that String, called by every display of a probe, reads
// it without a lock; ChannelOf, called when a file is decoded, takes the lock.
var channelTable struct {
	mu    sync.Mutex
	names atomic.Pointer[[]string]
	ids   map[string]Channel
}

// maxChannels is how many distinct channel names the table holds; names past
// it share the last entry's number and read as "?" (a probe record then still
// says which keys were used, only not by which channel's name). A channel name
// comes from a format's fixed set or a VCA file's tag, so a real process holds
// a few dozen.
const maxChannels = 1 << 16

// overflowName is what String returns for names past maxChannels.
const overflowName = "?"

// ChannelOf returns the number of name, adding it to the table the first time.
// Safe for concurrent use; call it when a clip is built, not per frame.
func ChannelOf(name string) Channel {
	if name == "" {
		return 0
	}
	t := &channelTable
	t.mu.Lock()
	defer t.mu.Unlock()
	if c, ok := t.ids[name]; ok {
		return c
	}
	names := *t.names.Load()
	if len(names) >= maxChannels-1 {
		if len(names) == maxChannels-1 {
			names = append(names[:len(names):len(names)], overflowName)
			t.names.Store(&names)
		}
		return maxChannels - 1
	}
	c := Channel(len(names))
	// A new backing array when full and the old one stays valid for readers
	// holding it: appends past len never touch what they see.
	names = append(names, name)
	t.names.Store(&names)
	t.ids[name] = c
	return c
}

// String returns the channel's name.
func (c Channel) String() string {
	p := channelTable.names.Load()
	if p == nil || int(c) >= len(*p) {
		return ""
	}
	return (*p)[c]
}
