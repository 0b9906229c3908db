package vca

import "math"

// runValues writes a run's values (evaluate): for line j, v = row0[j] moved
// towards row1[j] by u, float64(row0[j]·(1−u)) + float64(row1[j]·u) (interp), or
// row0[j] as it is; v goes to trs[dst[j].off] when |v| ≤ MaxValue, else the
// slot's default when the line is its first writer (runDst.mode), line after
// line (a later line on the same slot wins). dst's offsets lie within trs (the
// clip's, and the context's, linesets; buildPlan). On amd64 with AVX2 four lines
// at a time run in runlerp_amd64.s, with the same operations (no FMA), then the
// rest here.
func runValues(row0, row1 []float64, dst []runDst, u float64, interp bool, trs []float64) {
	n := len(dst)
	row0 = row0[:n]
	j := 0
	if haveAVX2 && n >= 4 {
		var r1 *float64
		if interp {
			row1 = row1[:n]
			r1 = &row1[0]
		}
		runValues4(&row0[0], r1, &dst[0], n&^3, u, &trs[0])
		j = n &^ 3
	}
	if interp {
		row1 = row1[:n]
		for ; j < n; j++ {
			if v := float64(row0[j]*(1.0-u)) + float64(row1[j]*u); math.Abs(v) <= MaxValue {
				trs[dst[j].off] = v
			} else if dst[j].mode != runKeep {
				trs[dst[j].off] = float64(dst[j].mode - runFirst0)
			}
		}
		return
	}
	for ; j < n; j++ {
		if v := row0[j]; math.Abs(v) <= MaxValue {
			trs[dst[j].off] = v
		} else if dst[j].mode != runKeep {
			trs[dst[j].off] = float64(dst[j].mode - runFirst0)
		}
	}
}
