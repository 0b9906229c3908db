// Package ozzlike holds the cross-family sampling benchmark modelled on
// ozz-animation's own: a ternary-tree skeleton (the parent of joint i is
// (i−1)/3) of 64 and of 1,000 joints, every joint with translation, rotation and
// scale tracks of 31 keys 33 ms apart in a 1 s clip, played at 60 Hz (successive
// times), and a blend of two such clips at weight 0.5. Each family builds the
// workload with its own writer (m2test, msh.Model, swgtest, VoxelCore text), as
// far as it can express it: MSH and SWG have no scale track; VoxelCore keys one
// axis per line (move x and y, rotate z, scale y). The package has no code of its
// own; its benchmarks report ns/joint, so that the families and ozz compare.
// BenchmarkOzzProbeCost reports what recording probes adds to the blend, probes
// on against off in alternating blocks of frames, as "probes-%".
//
//	go test ./formats/ozzlike/ -run '^$' -bench . -benchmem
package ozzlike
