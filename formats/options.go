package formats

// Options are the readings a spec leaves open, plus where referenced files live.
// Every command that samples takes them as flags; a field that does not apply to the
// scene's family is ignored.
type Options struct {
	Rounding    string // MSH: "engine" (default), "floor", "half-away"
	QuatOrder   string // MSH: "xyzw" (default), "wxyz"
	Fidelity    string // SWG: "file" (default), "client"
	Handles     string // VCA: "relative" (default), "absolute"
	UnknownBone string // VCA: "warn" (default), "root"
	// LOD is the skeleton level of detail to open (SWG .skt SLOD; 0, the most
	// detailed, by default). The viewer sets it; a LOD past the last one opens the
	// last, with a warning.
	LOD int
	// Root is the asset root for files named inside other files; "" means the
	// nearest folder at or above the opened file (at most 4 levels up) in which the
	// named path exists.
	Root string
}

// Choices lists the accepted values of each option, the first being the default.
var Choices = map[string][]string{
	"rounding":     {"engine", "floor", "half-away"},
	"quat-order":   {"xyzw", "wxyz"},
	"fidelity":     {"file", "client"},
	"handles":      {"relative", "absolute"},
	"unknown-bone": {"warn", "root"},
}

// WithDefaults fills empty fields with their defaults.
func (o Options) WithDefaults() Options {
	def := func(v *string, key string) {
		if *v == "" {
			*v = Choices[key][0]
		}
	}
	def(&o.Rounding, "rounding")
	def(&o.QuatOrder, "quat-order")
	def(&o.Fidelity, "fidelity")
	def(&o.Handles, "handles")
	def(&o.UnknownBone, "unknown-bone")
	return o
}
