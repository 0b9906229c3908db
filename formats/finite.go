package formats

import "math"

// MaxMagnitude bounds the values a file may give for geometry and keys. A value
// beyond it (or not finite) is an error of the file: no real model comes near it,
// and the bound keeps every product of sampling, skinning and export finite, so
// that no command fails later on a number that validate let through.
const MaxMagnitude = 1e9

// Usable reports whether every value is finite and within ±MaxMagnitude.
func Usable(vs ...float32) bool {
	for _, v := range vs {
		if !(math.Abs(float64(v)) <= MaxMagnitude) { // false for NaN too
			return false
		}
	}
	return true
}
