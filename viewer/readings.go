package viewer

import (
	"fmt"
	"strings"

	"animscope/formats"
)

// sceneReadings are the readings that apply to one scene's family and their
// panel labels, worked out once when the scene opens so that drawing the panels
// allocates nothing.
type sceneReadings struct {
	all, compare   []formats.Reading // compare: those with Reading.Compare
	Labels         []string          // per all: "quat order (MSH)"
	LabelsB        []string          // per compare: "B quat order (MSH)"
	anotherReading formats.Options   // see State.AnotherReading; valid when compare is not empty
}

func newSceneReadings(family string, opts formats.Options) sceneReadings {
	var r sceneReadings
	for _, rd := range formats.ReadingsFor(family) {
		r.all = append(r.all, rd)
		r.Labels = append(r.Labels, readingLabel("", rd))
		if rd.Compare {
			r.compare = append(r.compare, rd)
			r.LabelsB = append(r.LabelsB, readingLabel("B ", rd))
		}
	}
	if len(r.compare) > 0 {
		// The first comparable reading switched to its next choice (MSH: engine
		// rounding becomes floor, the comparison users ask for first).
		first := r.compare[0]
		cur, next := opts.Value(first.Name), first.Choices[0]
		for i, c := range first.Choices {
			if c == cur {
				next = first.Choices[(i+1)%len(first.Choices)]
			}
		}
		r.anotherReading = opts.With(first.Name, next)
	}
	return r
}

// SceneReadings lists the readings that apply to the open scene (none without a
// scene): the options panel offers these and no others.
func (s *State) SceneReadings() []formats.Reading {
	if s.Scene == nil {
		return nil
	}
	return s.Scene.Readings.all
}

// CompareReadings lists the readings scene B may read differently from A (the
// declared Compare readings that apply to B's scene, or to A's before B is open).
func (s *State) CompareReadings() []formats.Reading {
	if sc := s.CompareScene(); sc != nil {
		return sc.Readings.compare
	}
	return nil
}

func (s *State) CompareScene() *Scene {
	if s.SceneB != nil {
		return s.SceneB
	}
	return s.Scene
}

// AnotherReading is the options of the scene with its first comparable reading
// switched to its next choice (MSH: engine rounding becomes floor); ok is false
// when the scene has no comparable reading.
func (s *State) AnotherReading() (o formats.Options, ok bool) {
	if s.Scene == nil || len(s.Scene.Readings.compare) == 0 {
		return formats.Options{}, false
	}
	return s.Scene.Readings.anotherReading, true
}

// readingLabel is a reading's label in the options panel: "quat order (MSH)".
func readingLabel(prefix string, r formats.Reading) string {
	return fmt.Sprintf("%s%s (%s)", prefix, strings.ReplaceAll(r.Name, "-", " "), r.FamilyLabel())
}

// readingsText says which comparable readings o chooses for B's family:
// "rounding floor, quat-order xyzw".
func readingsText(o formats.Options, family string) string {
	var parts []string
	for _, r := range formats.ReadingsFor(family) {
		if r.Compare {
			parts = append(parts, r.Name+" "+o.Value(r.Name))
		}
	}
	if len(parts) == 0 {
		return "same reading"
	}
	return strings.Join(parts, ", ")
}

// HasSkeletonLOD says whether the open scene's family has skeleton levels of
// detail (Traits.SkeletonLOD), which the options panel then offers.
func (s *State) HasSkeletonLOD() bool {
	return s.Scene != nil && formats.TraitsOf(s.Scene.Asset.Family).SkeletonLOD
}
