package main

import (
	"flag"
	"fmt"
	"strings"

	"animscope/formats"
	"animscope/viewer"
)

// motionFlags are --ghosts, --ghost-step and --trail (render and shot): the
// onion skin around --t and the paths of chosen joints over the clip.
type motionFlags struct {
	ghosts    *int
	ghostStep *string
	trails    nodeList
}

// nodeList is --trail, given once per node (a name or a number in the file).
type nodeList []string

func (l *nodeList) String() string     { return strings.Join(*l, " ") }
func (l *nodeList) Set(v string) error { *l = append(*l, v); return nil }

func (m *motionFlags) register(fs *flag.FlagSet) {
	m.ghosts = fs.Int("ghosts", 0, fmt.Sprintf("onion skin: draw N ghost poses before --t (red) and N after it (green), fading with distance (0 to %d)", viewer.MaxGhosts))
	m.ghostStep = fs.String("ghost-step", "", fmt.Sprintf("with --ghosts: the time between ghosts in the clip's unit (default: %d frame steps of the clip)", viewer.DefaultGhostFrames))
	fs.Var(&m.trails, "trail", fmt.Sprintf("draw the path of NODE's joint over the clip, a dot at each of its keys (a name or its number in the file; once per node, at most %d)", viewer.MaxTrails))
}

// check reads the flags' form before any file is opened (usage errors).
func (m *motionFlags) check() error {
	if g := *m.ghosts; g < 0 || g > viewer.MaxGhosts {
		return usagef("--ghosts %d: want 0 to %d", g, viewer.MaxGhosts)
	}
	if *m.ghostStep != "" {
		if *m.ghosts == 0 {
			return usagef("--ghost-step needs --ghosts")
		}
		v, err := parseTime("ghost-step", *m.ghostStep)
		if err != nil {
			return err
		}
		if !(v > 0) {
			return usagef("--ghost-step %s: want a time above 0", *m.ghostStep)
		}
	}
	if len(m.trails) > viewer.MaxTrails {
		return usagef("--trail: %d nodes, at most %d", len(m.trails), viewer.MaxTrails)
	}
	return nil
}

// settings are the flags for the decoded scene (a usage error for a --trail node
// the scene lacks).
func (m *motionFlags) settings(a *formats.Asset) (viewer.MotionSettings, error) {
	ms := viewer.MotionSettings{Ghosts: *m.ghosts}
	if *m.ghostStep != "" {
		ms.GhostStep, _ = parseTime("ghost-step", *m.ghostStep) // check read it
	}
	for _, name := range m.trails {
		i, err := findNode(a, name)
		if err != nil {
			return ms, usagef("--trail: %v", err)
		}
		ms.Trails = append(ms.Trails, i)
	}
	return ms, nil
}
