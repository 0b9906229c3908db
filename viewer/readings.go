package viewer

import (
	"fmt"
	"strings"

	"animscope/formats"
)

// SceneReadings lists the readings that apply to the open scene (none without a
// scene): the options panel offers these and no others.
func (s *State) SceneReadings() []formats.Reading {
	if s.Scene == nil {
		return nil
	}
	return formats.ReadingsFor(s.Scene.Asset.Family)
}

// HasSkeletonLOD says whether the open scene's family has skeleton levels of
// detail (Traits.SkeletonLOD), which the options panel then offers.
func (s *State) HasSkeletonLOD() bool {
	return s.Scene != nil && formats.TraitsOf(s.Scene.Asset.Family).SkeletonLOD
}

// CompareReadings lists the readings scene B may read differently from A (the
// declared Compare readings that apply to B's scene, or to A's before B is open).
func (s *State) CompareReadings() []formats.Reading {
	sc := s.SceneB
	if sc == nil {
		sc = s.Scene
	}
	if sc == nil {
		return nil
	}
	var out []formats.Reading
	for _, r := range formats.ReadingsFor(sc.Asset.Family) {
		if r.Compare {
			out = append(out, r)
		}
	}
	return out
}

// AnotherReading is the first comparable reading of the scene switched to its
// next choice (MSH: engine rounding becomes floor, the comparison users ask for
// first); ok is false when the scene has no comparable reading.
func (s *State) AnotherReading() (o formats.Options, ok bool) {
	rs := s.CompareReadings()
	if len(rs) == 0 {
		return formats.Options{}, false
	}
	r := rs[0]
	cur := s.Opts.Value(r.Name)
	next := r.Choices[0]
	for i, c := range r.Choices {
		if c == cur {
			next = r.Choices[(i+1)%len(r.Choices)]
		}
	}
	return s.Opts.With(r.Name, next), true
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
