package m2

import (
	"testing"

	"animscope/anim"
	"animscope/formats"
	"animscope/formats/m2/m2test"
)

// parentFlagsModel is a two-bone model on worked numbers: bone 0 (the root,
// pivot (1, 0, 0)) is turned 90° about Z, scaled by 2 and moved by (0, 0, 1)
// by one key each; bone 1 (pivot (2, 0, 0), no tracks) is its child with bone
// flags 0x200 | flags.
func parentFlagsModel(version, flags uint32) *m2test.Model {
	m := m2test.NewModel(version)
	m.Bones = []m2test.Bone{
		{KeyBone: -1, Flags: 0x200, Parent: -1, Pivot: [3]float32{1, 0, 0}},
		{KeyBone: -1, Flags: 0x200 | flags, Parent: 0, Pivot: [3]float32{2, 0, 0}},
	}
	one := func(v []float32) [][]m2test.Key { return [][]m2test.Key{{{T: 0, V: v}}, {{T: 0, V: v}}} }
	m.Bones[0].T = m2test.MakeTrack(m, 1, -1, one(m2test.V3(0, 0, 1)), -1)
	m.Bones[0].R = m2test.MakeTrack(m, 1, -1, one(m2test.QuatZ(90)), -1)
	m.Bones[0].S = m2test.MakeTrack(m, 1, -1, one(m2test.V3(2, 2, 2)), -1)
	for i := range m.Verts {
		m.Verts[i].B = [4]uint8{0, 0, 0, 0}
	}
	return m
}

// TestParentFlagsReading: --parent-flags ignore (the default) composes bone 1
// under bone 0 as FORMAT.md §6.1 writes it, whatever its flags; apply composes
// it by the client's rule, on the worked numbers of anim's TestInheritWorkedNumbers:
// flag 0x4 (no parent rotation) gives the basis diag(2, 2, 2) and the
// translation (−3, 2, 1), 0x2 (no parent scale) the rotation alone and (1, 0, 1),
// 0x1 (no parent translation) the parent's basis at the origin.
func TestParentFlagsReading(t *testing.T) {
	ignored := anim.Affine{0, 2, 0, -2, 0, 0, 0, 0, 2, 1, -2, 1}
	for _, v := range versions {
		for _, c := range []struct {
			flags uint32
			apply anim.Affine
		}{
			{0x4, anim.Affine{2, 0, 0, 0, 2, 0, 0, 0, 2, -3, 2, 1}},
			{0x2, anim.Affine{0, 1, 0, -1, 0, 0, 0, 0, 1, 1, 0, 1}},
			{0x1, anim.Affine{0, 2, 0, -2, 0, 0, 0, 0, 2, 0, 0, 0}},
			{0x0, ignored},
		} {
			data, skin := parentFlagsModel(v, c.flags).Encode()
			for _, reading := range []string{"", parentFlagsIgnore, parentFlagsApply} {
				opts := formats.Options{}
				if reading != "" {
					opts = opts.With("parent-flags", reading)
				}
				a, err := decodeWithOpts("pf.m2", "pf.m2", data, memSkin(skin), opts)
				if err != nil {
					t.Fatalf("version %d flags %#x %s: %v", v, c.flags, reading, err)
				}
				s := a.Skeleton
				if (s.Inherit != nil) != (reading == parentFlagsApply && c.flags != 0) {
					t.Errorf("version %d flags %#x %q: Inherit %v", v, c.flags, reading, s.Inherit)
				}
				n := s.Len()
				local, model := make([]anim.Transform, n), make([]anim.Affine, n)
				a.Clips[0].Sample(nil, 0, local, nil)
				anim.LocalToModel(s, local, nil, model)
				want := ignored
				if reading == parentFlagsApply {
					want = c.apply
				}
				got := model[nodeOfPart(a, 1)]
				for k := range got {
					if d := got[k] - want[k]; d > 2e-4 || d < -2e-4 {
						t.Errorf("version %d flags %#x %q: bone 1 model %v, want %v", v, c.flags, reading, got, want)
						break
					}
				}
			}
		}
	}
}

func memSkin(skin []byte) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		if skin != nil {
			return skin, nil
		}
		return nil, errNoFile
	}
}

func nodeOfPart(a *formats.Part, fileBone int) int {
	for i := 0; i < a.Skeleton.Len(); i++ {
		if a.Skeleton.FileIndexOf(i) == fileBone {
			return i
		}
	}
	return -1
}

var errNoFile = &formats.FileError{File: "pf", Offset: -1, Msg: "no such file"}
