package formats

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// Reading is one way of reading files that a format's spec leaves open (MSH's
// frame-index rounding, VCA's bezier handles, …). A decoder declares its readings
// in its Decoder entry; the command-line flags (and their -b variants), the help
// text, the viewer's option combos and docs/commands.md's table are all built from these
// declarations, so adding a reading touches only the format's own package.
type Reading struct {
	// Name is the flag name (`--NAME`) and the key in Options.Readings.
	Name string
	// Choices are the accepted values; Default is one of them (the spec's decision).
	Choices []string
	Default string
	// Help is one line saying what the reading selects ("frame-index rounding").
	Help string
	// Compare offers the reading for scene B in `diff` (--NAME-b), `--compare`
	// (--NAME-b) and the viewer's compare mode: two readings of one file.
	Compare bool
	// Families lists the families the reading applies to; Register fills it with
	// the declaring decoder's name (a reading several decoders declare alike
	// applies to all of them).
	Families []string
}

// AppliesTo reports whether the reading applies to scenes of family.
func (r Reading) AppliesTo(family string) bool { return slices.Contains(r.Families, family) }

// FamilyLabel is the families the reading applies to, upper case ("MSH", "SWG,
// VCA"), as the help text and the viewer label it.
func (r Reading) FamilyLabel() string { return strings.ToUpper(strings.Join(r.Families, ", ")) }

// Check reports whether v is one of the reading's choices; the error says which
// ones are accepted.
func (r Reading) Check(v string) error {
	if slices.Contains(r.Choices, v) {
		return nil
	}
	return fmt.Errorf("%q: want one of %s", v, strings.Join(r.Choices, ", "))
}

var readings []Reading // every declared reading, in declaration order

// declareReadings adds a decoder's readings to the list (under registryMu).
func declareReadings(family string, rs []Reading) {
	for _, r := range rs {
		if r.Name == "" || !slices.Contains(r.Choices, r.Default) {
			panic(fmt.Sprintf("formats: %s declares reading %q with default %q outside its choices %v", family, r.Name, r.Default, r.Choices))
		}
		i := slices.IndexFunc(readings, func(o Reading) bool { return o.Name == r.Name })
		if i < 0 {
			r.Families = []string{family}
			r.Choices = slices.Clone(r.Choices)
			readings = append(readings, r)
			continue
		}
		o := &readings[i]
		if !slices.Equal(o.Choices, r.Choices) || o.Default != r.Default {
			panic(fmt.Sprintf("formats: %s declares reading %q unlike %s does", family, r.Name, o.FamilyLabel()))
		}
		if !o.AppliesTo(family) {
			o.Families = append(slices.Clone(o.Families), family)
		}
	}
}

// Readings lists every declared reading, sorted by the first family it applies to
// and then in declaration order (so that a family's readings stay together, in the
// order its package gives them).
func Readings() []Reading {
	registryMu.RLock()
	out := slices.Clone(readings)
	registryMu.RUnlock()
	sort.SliceStable(out, func(i, j int) bool { return out[i].Families[0] < out[j].Families[0] })
	return out
}

// ReadingsFor lists the readings that apply to family, in Readings' order.
func ReadingsFor(family string) []Reading {
	var out []Reading
	for _, r := range Readings() {
		if r.AppliesTo(family) {
			out = append(out, r)
		}
	}
	return out
}

// LookupReading returns the declared reading called name. It allocates nothing
// (Options.Value calls it for every reading an Options leaves empty).
func LookupReading(name string) (Reading, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	for _, r := range readings {
		if r.Name == name {
			return r, true
		}
	}
	return Reading{}, false
}

// Options are the readings chosen for a scene, plus where referenced files live
// and which skeleton level of detail to open. Every command that samples takes
// them as flags; a reading that does not apply to the scene's family is ignored.
type Options struct {
	// Readings maps a declared reading's name to its chosen value; a reading not
	// in the map takes its default. Set (never an assignment into the map)
	// changes one, so that copies of an Options never share a change.
	Readings map[string]string
	// LOD is the skeleton level of detail to open (SWG .skt SLOD; 0, the most
	// detailed, by default). The viewer sets it; a LOD past the last one opens the
	// last, with a warning.
	LOD int
	// Root is the asset root for files named inside other files; "" means the
	// nearest folder at or above the opened file (at most 4 levels up) in which the
	// named path exists.
	Root string
	// DeferMeshes leaves meshes a decoder deferred unbuilt (Asset.DeferredMeshes):
	// for commands that never read vertex data (validate, sample, diff, inspect).
	DeferMeshes bool
	// Attach hangs item models at attachment points of the scene (--attach;
	// attach.go): Open applies them to the scene it opens, in order.
	Attach []AttachSpec
}

// Value is the chosen value of reading name, or its declared default.
func (o Options) Value(name string) string {
	if v, ok := o.Readings[name]; ok && v != "" {
		return v
	}
	if r, ok := LookupReading(name); ok {
		return r.Default
	}
	return ""
}

// Set chooses value for reading name (on a fresh copy of the map).
func (o *Options) Set(name, value string) {
	m := maps.Clone(o.Readings)
	if m == nil {
		m = map[string]string{}
	}
	m[name] = value
	o.Readings = m
}

// With returns a copy of o with reading name set to value.
func (o Options) With(name, value string) Options {
	o.Set(name, value)
	return o
}

// WithDefaults returns o with every declared reading set (its default where o
// leaves it empty).
func (o Options) WithDefaults() Options {
	m := make(map[string]string, len(o.Readings))
	for _, r := range Readings() {
		m[r.Name] = o.Value(r.Name)
	}
	for k, v := range o.Readings {
		if _, ok := m[k]; !ok {
			m[k] = v // an undeclared name: kept, so that Check reports it
		}
	}
	o.Readings = m
	return o
}

// Check reports the first reading whose value is not one of its choices, or a
// name no decoder declares. The error names the flag: `--rounding "up": want one
// of engine, floor, half-away`.
func (o Options) Check() error {
	for _, k := range slices.Sorted(maps.Keys(o.Readings)) {
		v := o.Readings[k]
		r, ok := LookupReading(k)
		if !ok {
			return fmt.Errorf("--%s: no format has this reading", k)
		}
		if v == "" {
			continue
		}
		if err := r.Check(v); err != nil {
			return fmt.Errorf("--%s %v", k, err)
		}
	}
	return nil
}

// Equal reports whether o and p choose the same readings (defaults filled in),
// LOD and root.
func (o Options) Equal(p Options) bool {
	return o.LOD == p.LOD && o.Root == p.Root && maps.Equal(o.WithDefaults().Readings, p.WithDefaults().Readings)
}

// IsZero reports whether o is the zero Options (nothing chosen).
func (o Options) IsZero() bool { return len(o.Readings) == 0 && o.LOD == 0 && o.Root == "" }

// Key is a short text of the chosen readings ("quat-order=xyzw rounding=floor …"),
// for caches keyed by reading.
func (o Options) Key() string {
	d := o.WithDefaults().Readings
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(d)) {
		fmt.Fprintf(&b, "%s=%s ", k, d[k])
	}
	return b.String()
}
