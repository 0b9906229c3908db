// Package vfstest writes mounts for tests: a game data folder of a base archive
// and two patches that each hold a version of one model.
package vfstest

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"animscope/formats/m2/m2test"
	"animscope/formats/mpq"
	"animscope/formats/mpq/mpqtest"
)

// FrogMember is the model every archive of FrogPatches holds.
const FrogMember = "Creature/Frog/Frog.m2"

// FrogArchives are FrogPatches' archives, in load order.
var FrogArchives = []string{"common.MPQ", "patch.MPQ", "patch-2.MPQ"}

// FrogJawStep is how far apart version n (0 in the base archive, 1 and 2 in the
// patches) keys the frog's jaw (bone 3), in milliseconds: the versions' jaw keys
// differ, every other bone's are m2test.Frog's.
func FrogJawStep(n int) uint32 { return 100 * uint32(n+1) }

// FrogVersion is version n of the frog: m2test.Frog with the jaw keyed every
// FrogJawStep(n) ms, swinging (n+1) times as far.
func FrogVersion(n int) (m2, skin []byte) {
	m := m2test.Frog()
	step := FrogJawStep(n)
	var perSeq [][]m2test.Key
	for _, s := range m.Seqs {
		var keys []m2test.Key
		d := s.End - s.Start
		for t := uint32(0); t <= d; t += step {
			deg := -14 * float64(n+1) * math.Sin(2*math.Pi*(float64(t)/float64(d)+0.5))
			keys = append(keys, m2test.Key{T: t, V: quatY(deg)})
		}
		perSeq = append(perSeq, keys)
	}
	m.Bones[3].R = m2test.MakeTrack(m, 1, -1, perSeq, -1) // linear
	return m.Encode()
}

// quatY is (x, y, z, w) of a rotation of deg degrees about y (the jaw's hinge).
func quatY(deg float64) []float32 {
	h := deg * math.Pi / 360
	return []float32{0, float32(math.Sin(h)), 0, float32(math.Cos(h))}
}

// FrogPatches writes a game data folder into dir: common.MPQ holding version 0
// of FrogMember (with its .skin) and a ReadMe.txt, patch.MPQ version 1 and
// patch-2.MPQ version 2 (each with its own .skin). The folder mounts in that
// order, so patch-2.MPQ's version wins.
func FrogPatches(dir string) error {
	for n, name := range FrogArchives {
		m2, skin := FrogVersion(n)
		files := []mpqtest.File{
			{Name: `Creature\Frog\Frog.m2`, Data: m2, Comp: mpq.CompZlib},
			{Name: `Creature\Frog\Frog00.skin`, Data: skin},
		}
		if n == 0 {
			files = append(files, mpqtest.File{Name: "ReadMe.txt", Data: []byte("the base archive\n")})
		}
		data, err := mpqtest.Build(files, mpqtest.Options{Listfile: true})
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
