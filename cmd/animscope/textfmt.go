package main

import (
	"fmt"
	"strconv"
	"strings"

	"animscope/formats"
)

// Text output (not JSON) shares these: counts with their noun in the right
// number, and times in the clip's unit at a precision that unit needs.

// plural is "1 warning", "2 warnings", "0 warnings"; many is the plural form
// ("meshes", "vertices").
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// unitDecimals is the precision of times in unit: frames to 3 decimals, ms to 3
// (a microsecond), seconds to 6 (a microsecond too).
func unitDecimals(unit string) int {
	if unit == "s" {
		return 6
	}
	return 3
}

// fmtTime is a time t in unit for a column: a fixed number of decimals for ms and
// s (166.667, 0.500000); frames, mostly whole, with up to 3 decimals (12, 12.5).
func fmtTime(t float64, unit string) string {
	s := strconv.FormatFloat(t, 'f', unitDecimals(unit), 64)
	if unit == "ms" || unit == "s" {
		return s
	}
	return trimZeros(s)
}

// fmtDuration is a duration in unit with the unit's precision, without trailing
// zeros (2000 ms, 1666.667 ms, 1.5 s).
func fmtDuration(d float64, unit string) string {
	return trimZeros(strconv.FormatFloat(d, 'f', unitDecimals(unit), 64))
}

func trimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}

// readingsText is the readings that apply to family with their chosen values
// ("rounding engine, quat-order xyzw"), "" for a family without readings.
func readingsText(family string, opts formats.Options) string {
	var parts []string
	for _, r := range formats.ReadingsFor(family) {
		parts = append(parts, fmt.Sprintf("%s %s", r.Name, opts.Value(r.Name)))
	}
	return strings.Join(parts, ", ")
}
